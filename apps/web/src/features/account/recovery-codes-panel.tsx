/**
 * Recovery codes, shown once, so that no one who later reaches the account reads them: right after pairing an authenticator, and after making
 * a new set. The user copies them or downloads them as a text file, then confirms they are saved;
 * the server never shows them again. RecoveryCodesSection, in the two-factor card, counts what is
 * left and makes a new set.
 */
import { getRecoveryCodeStatus, regenerateRecoveryCodes, type UserInfo } from '@bank/contract/account';
import { recoveryCodeRules } from '@bank/contract/constants';
import { Alert, Button, CopyButton, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallForm } from '../../lib/call-form.tsx';
import { queryKeyOf, useScreenQuery } from '../../lib/screen-query.ts';
import { FormAlert } from '../../ui/form-alert.tsx';
import { useStepUpForm } from '../../widgets/step-up-dialog.tsx';

/** The text both the copy and the download carry: a title line, then one code a line. */
function recoveryCodesText(title: string, codes: readonly string[]): string {
  return `${title}\n\n${codes.join('\n')}\n`;
}

function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

export function RecoveryCodesPanel({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = recoveryCodesText(t('account.recovery_codes.file_title'), codes);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} bg="gray.0" data-testid="recovery-codes">
      <Stack gap="md">
        <Text fw={600} id="recovery-codes-title">
          {t('account.recovery_codes.title')}
        </Text>
        <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t('account.recovery_codes.shown_once')}
        </Alert>
        <List
          aria-labelledby="recovery-codes-title"
          listStyleType="none"
          className="tabular-figures"
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(9.5rem, 1fr))',
            gap: '0.25rem 1rem',
          }}
          ff="monospace"
          fz="md"
        >
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
        <Group gap="sm">
          <CopyButton value={text} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                onClick={copy}
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              >
                {copied ? t('account.recovery_codes.copied') : t('account.recovery_codes.copy')}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => download('bank-recovery-codes.txt', text)}
          >
            {t('account.recovery_codes.download')}
          </Button>
        </Group>
        <Group>
          <Button onClick={onDone}>{t('account.recovery_codes.saved')}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

const recoveryCodeStatusKey = queryKeyOf(getRecoveryCodeStatus, {});

/**
 * For a user with an authenticator: how many recovery codes are left, a warning when none (paired
 * before codes existed) or few are, and making a new set, which needs a fresh second factor (the
 * step-up dialog) and ends the old set.
 */
export function RecoveryCodesSection({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useScreenQuery(getRecoveryCodeStatus, {});
  const [codes, setCodes] = useState<string[] | null>(null);
  const { stepUpOptions, stepUpDialog } = useStepUpForm('security');
  // A form without fields: making a new set, after a step-up when the second factor is not fresh.
  const newCodes = useCallForm({
    call: regenerateRecoveryCodes,
    initialValues: {},
    ...stepUpOptions,
    onSuccess: async (answer) => {
      setCodes(answer.recovery_codes);
      await queryClient.invalidateQueries({ queryKey: recoveryCodeStatusKey });
    },
  });

  if (codes) return <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />;
  const left = status.data?.codes_left;
  let notice = null;
  if (left === 0) {
    notice = (
      <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="recovery-codes-missing">
        {t('account.recovery_codes.none')}
      </Alert>
    );
  } else if (left !== undefined && left <= recoveryCodeRules.fewLeft) {
    notice = (
      <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />}>
        {t('account.recovery_codes.few', { left })}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      {notice}
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text size="sm" c="dark.6">
          {left === undefined ? null : t('account.recovery_codes.left', { left })}
        </Text>
        <Button variant="default" loading={newCodes.isSubmitting} onClick={() => newCodes.submit()}>
          {left === 0 ? t('account.recovery_codes.create') : t('account.recovery_codes.regenerate')}
        </Button>
      </Group>
      <FormAlert message={newCodes.formError} />
      {stepUpDialog(user, () => newCodes.submit())}
    </Stack>
  );
}
