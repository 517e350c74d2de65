/**
 * The reviewer's decision on a submission under review: approve, reject (a reason is required and
 * shown to the client) or return for resubmission (likewise). Checked with the contract's decideKyc
 * schema ('Please fill in the reason'), confirmed in a dialog, then recorded; the server audits it
 * with the staff member and the time and emails the client.
 */
import { decideKyc, kycReviewDecisions } from '@bank/contract/kyc';
import { pathOf } from '@bank/contract/routes';
import { Alert, Button, Group, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, callApi } from '../../lib/api-client.ts';
import { errorKeyOf, type FieldErrors, messageOfError, useErrorText, validate } from '../../lib/form-errors.ts';
import { showSuccess } from '../../lib/notify.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';

type Decision = (typeof kycReviewDecisions)[number];

export function DecisionPanel({ companyId, companyName }: { companyId: string; companyName: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isSending, setIsSending] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const decisionRef = useRef<HTMLDivElement>(null);

  const request = () => ({
    company_id: companyId,
    decision: decision ?? 'approve',
    ...(decision !== 'approve' && reason.trim() ? { reason: reason.trim() } : {}),
  });

  const review = () => {
    setProblem(null);
    if (!decision) {
      setErrors({ decision: { key: 'validation.invalid_choice' } });
      decisionRef.current?.querySelector('input')?.focus();
      return;
    }
    const checked = validate(decideKyc.request, request());
    if (!checked.isValid) {
      setErrors(checked.errors);
      reasonRef.current?.focus();
      return;
    }
    setErrors({});
    setIsConfirming(true);
  };

  const send = async () => {
    setIsSending(true);
    try {
      await callApi(decideKyc, request());
      showSuccess(t(`kyc.review.decided.${decision ?? 'approve'}`, { company: companyName }));
      await queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/v1/admin/kyc/'),
      });
      await navigate(pathOf('admin_kyc'));
    } catch (error) {
      setIsConfirming(false);
      if (error instanceof ApiError && errorKeyOf(error) === 'validation') setErrors(error.fieldErrors);
      setProblem(messageOfError(error));
    } finally {
      setIsSending(false);
    }
  };

  const needsReason = decision === 'reject' || decision === 'return';

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="kyc-decision-title" style={readableErrorColour}>
      <Title order={2} fz="h4" id="kyc-decision-title" mb="sm">
        {t('kyc.review.decision_title')}
      </Title>
      <Stack gap="md">
        {problem ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
            {problem}
          </Alert>
        ) : null}
        <Radio.Group
          ref={decisionRef}
          label={t('kyc.review.decision_label')}
          value={decision}
          onChange={(value) => {
            setDecision(value as Decision);
            setErrors({});
          }}
          error={errorText(errors.decision)}
        >
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
            ref={reasonRef}
            label={t('kyc.review.reason_label')}
            description={t('kyc.review.reason_hint')}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setErrors({});
            }}
            error={errorText(errors.reason)}
            autosize
            minRows={3}
            maxLength={1000}
            required
          />
        ) : null}
        <Button onClick={review} fullWidth color={decision === 'reject' ? 'red' : undefined}>
          {decision ? t(`kyc.review.decision_buttons.${decision}`) : t('kyc.review.decision_buttons.none')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('kyc.review.decision_note')}
        </Text>
      </Stack>
      <Dialog
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        title={t('kyc.review.confirm_title')}
        isBlocking={isSending}
      >
        <Stack gap="md">
          <Text>{t(`kyc.review.confirm.${decision ?? 'approve'}`, { company: companyName })}</Text>
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
            <Button variant="default" onClick={() => setIsConfirming(false)} disabled={isSending}>
              {t('kyc.review.confirm_cancel')}
            </Button>
            <Button
              onClick={() => void send()}
              loading={isSending}
              color={decision === 'reject' ? 'red' : undefined}
              data-autofocus
            >
              {decision ? t(`kyc.review.decision_buttons.${decision}`) : ''}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Paper>
  );
}
