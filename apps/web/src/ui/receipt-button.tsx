/**
 * "Download receipt": one file call (a payout's or a transaction's receipt, a PDF in the reader's
 * language) handed to the browser's download, with its progress on the button and its failure in
 * a notice.
 */
import type { CallDefinition, RequestOf } from '@bank/contract/calls';
import { Button } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFile } from '../lib/api-client.ts';
import { messageOfError } from '../lib/form-errors.ts';
import { showError, showSuccess } from '../lib/notify.ts';

export function ReceiptButton<Call extends CallDefinition>({
  call,
  request,
  label,
  doneMessage,
}: {
  call: Call;
  request: RequestOf<Call>;
  label: string;
  doneMessage: string;
}) {
  const [isDownloading, setIsDownloading] = useState(false);
  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadFile(call, request);
      showSuccess(doneMessage);
    } catch (error) {
      showError(label, messageOfError(error) ?? undefined);
    } finally {
      setIsDownloading(false);
    }
  };
  return (
    <Button
      variant="light"
      size="sm"
      loading={isDownloading}
      leftSection={<IconFileDownload size={16} aria-hidden />}
      onClick={() => void download()}
    >
      {label}
    </Button>
  );
}
