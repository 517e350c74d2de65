/**
 * The terms of business, shown only while the user has not accepted the current ones
 * (getUserInfo `has_accepted_terms`); accepting records it (modifyProtocolStatus).
 */

import { modifyProtocolStatus } from '@bank/contract/account';
import { Button, Checkbox, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userInfoQueryKey } from '../../api/user-info.ts';
import { useCallForm } from '../../lib/call-form.tsx';
import { showSuccess } from '../../lib/notify.ts';
import { FormAlert } from '../../ui/form-alert.tsx';
import { AccountSection } from './account-section.tsx';

export function TermsCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: modifyProtocolStatus,
    initialValues: { accept_terms: false },
    onSuccess: async () => {
      showSuccess(t('account.terms.accepted'));
      await queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
    },
  });

  return (
    <AccountSection id="terms" title={t('account.terms.title')} description={t('account.terms.pending')}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm" align="flex-start">
          <FormAlert message={formError} />
          <Checkbox
            {...form.getInputProps('accept_terms', { type: 'checkbox' })}
            label={t('account.terms.accept_label')}
          />
          <Button type="submit" disabled={!form.getValues().accept_terms} loading={isSubmitting}>
            {t('account.terms.accept')}
          </Button>
        </Stack>
      </form>
    </AccountSection>
  );
}
