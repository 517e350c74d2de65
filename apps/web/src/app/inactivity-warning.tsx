/**
 * The inactivity warning (inactivity-dialog.tsx keeps its time): the seconds left before the session
 * ends, "Log out now" and "Stay logged in". Loaded when it first opens.
 */
import { session } from '@bank/contract/constants';
import { Button, Group, RingProgress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/dialog.tsx';

type InactivityWarningProps = {
  isOpen: boolean;
  remainingSeconds: number;
  onStay: () => void;
  onLogOut: () => void;
};

export default function InactivityWarning({ isOpen, remainingSeconds, onStay, onLogOut }: InactivityWarningProps) {
  const { t } = useTranslation();
  const remainingShare = (remainingSeconds / session.idleCountdownSeconds) * 100;
  return (
    <Dialog isOpen={isOpen} onClose={onStay} title={t('shell.inactivity.title')}>
      <Stack gap="lg">
        <Group wrap="nowrap" gap="lg" align="center">
          <RingProgress
            size={84}
            thickness={6}
            roundCaps
            sections={[{ value: remainingShare, color: remainingSeconds <= 10 ? 'red' : 'bank' }]}
            label={
              <Text ta="center" fw={700} fz="xl" className="tabular-figures" aria-hidden>
                {remainingSeconds}
              </Text>
            }
          />
          <Stack gap={4}>
            <Text>{t('shell.inactivity.description')}</Text>
            <Text fw={600} className="tabular-figures" role="timer" aria-live="off">
              {t('shell.inactivity.countdown', { seconds: remainingSeconds })}
            </Text>
          </Stack>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onLogOut}>
            {t('shell.buttons.log_out_now')}
          </Button>
          <Button onClick={onStay} data-autofocus>
            {t('shell.buttons.stay_logged_in')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
