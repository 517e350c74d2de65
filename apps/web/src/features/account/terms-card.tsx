/**
 * The terms of business, shown only while the user has not accepted the current ones
 * (getUserInfo `has_accepted_terms`); accepting records it (modifyProtocolStatus).
 */

import { modifyProtocolStatus } from '@bank/contract/account';
import { Button, Checkbox, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userInfoQueryKey } from '../../api/user-info.ts';
import { callApi } from '../../lib/api-client.ts';
import { messageOfError } from '../../lib/form-errors.ts';
import { showSuccess } from '../../lib/notify.ts';
import { FormAlert } from '../../ui/form-alert.tsx';
import { AccountSection } from './account-section.tsx';

export function TermsCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isAccepted, setIsAccepted] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const accept = async () => {
    setIsSaving(true);
    setError(null);
    try {
      await callApi(modifyProtocolStatus, { accept_terms: true });
      showSuccess(t('account.terms.accepted'));
      await queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
    } catch (caught) {
      setError(messageOfError(caught));
    }
    setIsSaving(false);
  };

  return (
    <AccountSection id="terms" title={t('account.terms.title')} description={t('account.terms.pending')}>
      <Stack gap="sm" align="flex-start">
        <FormAlert message={error} />
        <Checkbox
          label={t('account.terms.accept_label')}
          checked={isAccepted}
          onChange={(event) => setIsAccepted(event.currentTarget.checked)}
        />
        <Button disabled={!isAccepted} loading={isSaving} onClick={() => void accept()}>
          {t('account.terms.accept')}
        </Button>
      </Stack>
    </AccountSection>
  );
}
