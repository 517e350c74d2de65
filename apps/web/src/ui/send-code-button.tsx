/**
 * "Send code" beside a code field: while a new code may not be asked for yet (60 s after the last),
 * it counts down ("Resend in 42 s") and is disabled. The countdown itself is not announced every
 * second; the form announces that the code was sent.
 */
import { Button, type ButtonProps, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type SendCodeButtonProps = Omit<ButtonProps, 'children' | 'onClick'> & {
  secondsLeft: number;
  hasSent: boolean;
  isSending: boolean;
  onSend: () => void;
};

export function SendCodeButton({ secondsLeft, hasSent, isSending, onSend, ...buttonProps }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const label =
    secondsLeft > 0
      ? t('auth.code.resend_in', { seconds: secondsLeft })
      : hasSent
        ? t('auth.code.resend')
        : t('auth.code.send');
  return (
    <Button
      type="button"
      variant="default"
      loading={isSending}
      disabled={secondsLeft > 0}
      onClick={onSend}
      className="tabular-figures"
      {...buttonProps}
    >
      {label}
    </Button>
  );
}

/**
 * What became of "Send code", under the code field: why it could not be sent, announced at once
 * (role="alert"), or that it was sent, announced politely (role="status"). The status region is
 * always present so that screen readers hear its first message.
 */
export function SendCodeStatus({ notice, error }: { notice: string | null; error: string | null }) {
  return (
    <>
      {error ? (
        <Text size="xs" mt={6} c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
      <Text size="xs" mt={notice && !error ? 6 : 0} c="teal.9" role="status">
        {error ? null : notice}
      </Text>
    </>
  );
}
