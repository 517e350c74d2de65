/**
 * Showing a stored document in the page: images inline, PDFs in a frame, from the short-lived link
 * the server gives (contract `documentUrl`). A document the server serves as an attachment (anything
 * but an image or a PDF) gets a download link instead. Used by the KYC steps, the back office and,
 * later, the card documents.
 */
import type { DocumentRef } from '@bank/contract/documents';
import { documentUrl } from '@bank/contract/documents';
import { Anchor, Box, Button, Center, Group, Image, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink, IconFileAlert } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { loadScreenData, queryKeyOf } from '../lib/screen-query.ts';
import { useOverlayMount } from './use-overlay-mount.ts';

/** The link lives for minutes on the server; it is asked for again after this. */
const linkReuseMs = 60_000;

export function useDocumentLink(documentId: string | null | undefined) {
  const body = { document_id: documentId ?? '' };
  return useQuery({
    queryKey: queryKeyOf(documentUrl, body),
    queryFn: ({ signal }) => loadScreenData(documentUrl, body, signal),
    enabled: Boolean(documentId),
    staleTime: linkReuseMs,
    gcTime: linkReuseMs,
  });
}

export type DocumentPreviewProps = {
  document: Pick<DocumentRef, 'document_id' | 'file_name' | 'mime_type'>;
  /** Height of a PDF's frame; an image keeps its proportions within it. */
  height?: number | string;
};

export function DocumentPreview({ document, height = 560 }: DocumentPreviewProps) {
  const { t } = useTranslation();
  const link = useDocumentLink(document.document_id);
  if (link.isPending)
    return (
      <Center h={120} aria-busy="true">
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t('documents.preview.loading')}
          </Text>
        </Group>
      </Center>
    );
  if (link.isError)
    return (
      <Group gap="xs" c="red.8" role="alert">
        <IconFileAlert size={18} aria-hidden />
        <Text size="sm">{t('documents.preview.failed')}</Text>
        <Button variant="subtle" size="compact-sm" onClick={() => void link.refetch()}>
          {t('shell.buttons.retry')}
        </Button>
      </Group>
    );
  const { url, disposition } = link.data;
  const openLink = (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
      <Group gap={4} component="span">
        <IconExternalLink size={14} aria-hidden />
        {disposition === 'inline' ? t('documents.preview.open_new_tab') : t('documents.preview.download')}
      </Group>
    </Anchor>
  );
  if (disposition !== 'inline') return openLink;
  return (
    <Stack gap="xs">
      {document.mime_type === 'application/pdf' ? (
        <Box
          component="iframe"
          src={url}
          title={document.file_name}
          w="100%"
          h={height}
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}
        />
      ) : (
        <Image
          src={url}
          alt={document.file_name}
          fit="contain"
          mah={height}
          w="auto"
          maw="100%"
          radius="sm"
          style={{ border: '1px solid var(--mantine-color-gray-3)', background: 'white' }}
        />
      )}
      <Group justify="flex-end">{openLink}</Group>
    </Stack>
  );
}

/** A document in a large dialog (full screen on a phone). */
export function DocumentPreviewDialog({
  document,
  onClose,
}: {
  document: DocumentPreviewProps['document'] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const title = document?.file_name ?? t('documents.preview.title');
  const overlay = useOverlayMount(document !== null);
  if (!overlay.isMounted) return null;
  return (
    <Modal.Root opened={overlay.isOpened} onClose={onClose} size={960} fullScreen={isPhone} centered>
      <Modal.Overlay backgroundOpacity={0.45} blur={2} />
      <Modal.Content aria-label={title} radius={isPhone ? 0 : 'md'}>
        <Modal.Body p="lg">
          <Group justify="space-between" wrap="nowrap" mb="sm" gap="sm">
            <Title order={2} fz="lg" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            <Modal.CloseButton aria-label={t('documents.preview.close')} />
          </Group>
          {document ? <DocumentPreview document={document} height={isPhone ? '70dvh' : '72vh'} /> : null}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
