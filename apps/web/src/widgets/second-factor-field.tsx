/**
 * The second factor a sensitive change asks for: the authenticator's code when one is paired,
 * otherwise a code emailed on request (sendEmail, purpose step_up, to the user's own address).
 */
import type { StepUpAction, UserInfo } from '@bank/contract/account';
import { Box, Group } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useSendEmailCode } from '../api/send-email-code.ts';
import { CodeInput } from '../ui/code-input.tsx';
import { SendCodeButton, SendCodeStatus } from '../ui/send-code-button.tsx';

/**
 * The id, the user, what the code confirms (named in the emailed code's message), and the form's
 * wiring of the code field: `{...form.getInputProps('code')}`.
 */
export type SecondFactorFieldProps = GetInputPropsReturnType & {
  id: string;
  user: UserInfo;
  action?: StepUpAction | undefined;
};

export function SecondFactorField({ id, user, action, ...input }: SecondFactorFieldProps) {
  const { t } = useTranslation();
  const sendCode = useSendEmailCode('step_up', action);
  if (user.is_authenticator_paired) {
    return <CodeInput id={id} label={t('account.password.code_authenticator')} {...input} required maw={260} />;
  }
  return (
    <Box>
      <CodeInput
        id={id}
        label={t('account.password.code_email')}
        description={t('account.password.code_email_to', { email: user.email })}
        {...input}
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
