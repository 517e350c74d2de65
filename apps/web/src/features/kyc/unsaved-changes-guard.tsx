/**
 * Warns before a KYC step with unsaved changes is left: a dialog for a move inside the app (a step
 * of the stepper, the sidebar, Back), the browser's own question for a reload or a closed tab. A
 * session that has just ended (logout, inactivity) is never held back.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { type RefObject, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockerFunction, useBlocker } from 'react-router';
import { isSignedIn } from '../../lib/session-storage.ts';
import { Dialog } from '../../ui/dialog.tsx';

export function UnsavedChangesGuard({ isDirtyRef, isDirty }: { isDirtyRef: RefObject<boolean>; isDirty: boolean }) {
  const { t } = useTranslation();
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      isDirtyRef.current && isSignedIn() && currentLocation.pathname !== nextLocation.pathname,
    [isDirtyRef],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a value to show their question.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const stay = () => blocker.reset?.();
  return (
    <Dialog isOpen={blocker.state === 'blocked'} onClose={stay} title={t('kyc.unsaved.title')}>
      <Stack gap="md">
        <Text>{t('kyc.unsaved.description')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" color="red" onClick={() => blocker.proceed?.()}>
            {t('kyc.unsaved.leave')}
          </Button>
          <Button onClick={stay} data-autofocus>
            {t('kyc.unsaved.stay')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
