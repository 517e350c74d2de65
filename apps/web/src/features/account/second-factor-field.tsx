/**
 * The second factor a sensitive change asks for: the authenticator's code when one is paired,
 * otherwise a code emailed on request (sendEmail, purpose step_up, to the user's own address).
 */
import type { UserInfo } from '@bank/contract/account';
import { Box, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSendEmailCode } from '../../api/send-email-code.ts';
import { fieldProps } from '../../lib/form-errors.ts';
import { CodeInput } from '../../ui/code-input.tsx';
import { SendCodeButton, SendCodeStatus } from '../../ui/send-code-button.tsx';

export type SecondFactorFieldProps = {
  id: string;
  user: UserInfo;
  value: string;
  onChange: (code: string) => void;
  error: string | undefined;
};

export function SecondFactorField({ id, user, value, onChange, error }: SecondFactorFieldProps) {
  const { t } = useTranslation();
  const sendCode = useSendEmailCode('step_up');
  if (user.is_authenticator_paired) {
    return (
      <CodeInput
        id={id}
        {...fieldProps('code')}
        label={t('account.password.code_authenticator')}
        value={value}
        onChange={onChange}
        error={error}
        required
        maw={260}
      />
    );
  }
  return (
    <Box>
      <CodeInput
        id={id}
        {...fieldProps('code')}
        label={t('account.password.code_email')}
        description={t('account.password.code_email_to', { email: user.email })}
        value={value}
        onChange={onChange}
        error={error}
        required
        inputContainer={(input) => (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Box style={{ flex: 1, minWidth: 0 }} maw={220}>
              {input}
            </Box>
            <SendCodeButton
              miw={124}
              secondsLeft={sendCode.secondsLeft}
              hasSent={sendCode.hasSent}
              isSending={sendCode.isSending}
              onSend={() => void sendCode.send(user.email)}
            />
          </Group>
        )}
      />
      <SendCodeStatus notice={sendCode.notice} error={sendCode.error} />
    </Box>
  );
}
