/**
 * The reviewer's decision on a submission under review: approve, reject (a reason is required and
 * shown to the client), return for resubmission (likewise), or refuse finally (likewise; the
 * company can never submit again, and the dialog says so). Checked with the contract's decideKyc
 * schema ('Please fill in the reason'), confirmed in a dialog, then recorded; the server audits it
 * with the staff member and the time and emails the client.
 */
import { type KycSection, kycSections } from '@bank/contract/documents';
import { decideKyc, kycReviewDecisions } from '@bank/contract/kyc';
import { pathOf } from '@bank/contract/routes';
import { Button, Checkbox, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCallForm } from '../../../lib/call-form.tsx';
import { showSuccess } from '../../../lib/notify.ts';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { readableErrorColour } from '../../../ui/readable-colour.ts';
import { Textarea } from '../../../ui/textarea.tsx';

type Decision = (typeof kycReviewDecisions)[number];

/** The decisions the client reads a reason for, and those that ask for sections to be corrected. */
const decisionsWithReason: ReadonlySet<Decision | ''> = new Set(['reject', 'return', 'refuse']);
const decisionsWithCorrections: ReadonlySet<Decision | ''> = new Set(['reject', 'return']);
const refusingDecisions: ReadonlySet<Decision | ''> = new Set(['reject', 'refuse']);

export function DecisionPanel({ companyId, companyName }: { companyId: string; companyName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { form, submit, formError, isSubmitting, confirmation } = useCallForm({
    call: decideKyc,
    initialValues: { decision: '' as Decision | '', reason: '', sections_to_fix: [] as KycSection[] },
    toRequest: (values) => ({
      company_id: companyId,
      decision: values.decision,
      ...(decisionsWithReason.has(values.decision) && values.reason.trim() ? { reason: values.reason.trim() } : {}),
      ...(decisionsWithCorrections.has(values.decision) && values.sections_to_fix.length > 0
        ? { sections_to_fix: values.sections_to_fix }
        : {}),
    }),
    isConfirmed: true,
    onSuccess: async (_answer, body) => {
      showSuccess(t(`kyc.review.decided.${body.decision}`, { company: companyName }));
      await queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/v1/admin/kyc/'),
      });
      await navigate(pathOf('admin_kyc'));
    },
  });
  const { decision, reason } = form.getValues();

  const needsReason = decisionsWithReason.has(decision);
  const asksForCorrections = decisionsWithCorrections.has(decision);
  const buttonColour = refusingDecisions.has(decision) ? 'red' : undefined;
  const isFinal = decision === 'refuse';

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="kyc-decision-title" style={readableErrorColour}>
      <Title order={2} fz="h4" id="kyc-decision-title" mb="sm">
        {t('kyc.review.decision_title')}
      </Title>
      <form noValidate onSubmit={submit} aria-labelledby="kyc-decision-title">
        <Stack gap="md">
          <FormAlert message={formError} />
          <Radio.Group {...form.getInputProps('decision')} label={t('kyc.review.decision_label')}>
            <Stack gap="sm" mt="xs">
              {kycReviewDecisions.map((option) => (
                <Radio
                  key={option}
                  value={option}
                  label={t(`kyc.review.decisions.${option}`)}
                  description={t(`kyc.review.decision_hints.${option}`)}
                />
              ))}
            </Stack>
          </Radio.Group>
          {needsReason ? (
            <Textarea
              {...form.getInputProps('reason')}
              label={t('kyc.review.reason_label')}
              description={t('kyc.review.reason_hint')}
              autosize
              minRows={3}
              required
            />
          ) : null}
          {asksForCorrections ? (
            <Checkbox.Group
              {...form.getInputProps('sections_to_fix')}
              label={t('kyc.review.sections_to_fix_label')}
              description={t('kyc.review.sections_to_fix_hint')}
            >
              <Stack gap={6} mt="xs">
                {kycSections.map((section) => (
                  <Checkbox key={section} value={section} label={t(`kyc.sections.${section}`)} />
                ))}
              </Stack>
            </Checkbox.Group>
          ) : null}
          <Button type="submit" fullWidth color={buttonColour}>
            {decision ? t(`kyc.review.decision_buttons.${decision}`) : t('kyc.review.decision_buttons.none')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('kyc.review.decision_note')}
          </Text>
        </Stack>
      </form>
      <Dialog
        isOpen={confirmation.isOpen}
        onClose={confirmation.cancel}
        title={t('kyc.review.confirm_title')}
        isBlocking={isSubmitting}
      >
        <Stack gap="md">
          <Text>{t(`kyc.review.confirm.${decision || 'approve'}`, { company: companyName })}</Text>
          {needsReason ? (
            <Paper withBorder p="sm" bg="gray.0">
              <Text size="xs" c="dimmed" mb={4}>
                {t('kyc.review.reason_label')}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {reason.trim()}
              </Text>
            </Paper>
          ) : null}
          <Group justify="flex-end" gap="sm">
            {/* A final refusal cannot be undone: the focus starts on Cancel, not on the refusal. */}
            <Button
              variant="default"
              onClick={confirmation.cancel}
              disabled={isSubmitting}
              data-autofocus={isFinal || undefined}
            >
              {t('kyc.review.confirm_cancel')}
            </Button>
            <Button
              onClick={confirmation.confirm}
              loading={isSubmitting}
              color={buttonColour}
              data-autofocus={!isFinal || undefined}
            >
              {decision ? t(`kyc.review.decision_buttons.${decision}`) : ''}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Paper>
  );
}
