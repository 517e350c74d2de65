/**
 * /admin/deposits, "Bank transfers to match": the transfers no one has decided on yet, each credited
 * (converted at the current rate less the fee) or returned to its sender.
 */
import { type BankCredit, creditBankTransfer, fiatDepositTargets, returnBankTransfer } from '@bank/contract/deposit';
import { Alert, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconInbox, IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallForm } from '../../../lib/call-form.tsx';
import { showSuccess } from '../../../lib/notify.ts';
import { Amount, useAmountText } from '../../../ui/amount.tsx';
import { DateTime } from '../../../ui/date-time.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { LabelledValue } from '../../../ui/labelled-value.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { LoadMore } from '../../../ui/load-more.tsx';
import { QueueSearchInput, useQueueSearch } from '../../../ui/queue-search.tsx';
import { readableErrorColour } from '../../../ui/readable-colour.ts';
import { submitRequiringReason } from '../../../ui/review-decision.tsx';
import { TableSkeleton } from '../../../ui/skeletons.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { listedStatus } from './deposit-operations-page-data.ts';
import {
  CompanyName,
  FirstDepositBadges,
  HistoryButton,
  NoticeText,
  refreshBackOffice,
  useBankCredits,
  useCreditWhat,
} from './deposit-operations-parts.tsx';

type Target = (typeof fiatDepositTargets)[number];

/** One transfer waiting for a decision: what arrived, whose it seems to be, and the two decisions. */
function CreditToMatch({
  credit,
  onDecide,
}: {
  credit: BankCredit;
  onDecide: (decision: 'credit' | 'return', credit: BankCredit) => void;
}) {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const creditWhat = useCreditWhat();
  const labelValues = { amount: amountText(credit.amount, credit.currency), currency: credit.currency };
  const titleId = `credit-${credit.credit_id}`;
  return (
    <Paper withBorder p="md" component="li" aria-labelledby={titleId} data-testid="bank-credit">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={6}>
            <Title order={3} fz="lg" id={titleId}>
              <Amount value={credit.amount} currency={credit.currency} inherit />
            </Title>
            <FirstDepositBadges credit={credit} />
          </Stack>
          <Group gap="xs">
            <HistoryButton id={credit.credit_id} what={creditWhat(credit)} />
            {credit.company ? (
              <Button
                leftSection={<IconCheck size={16} aria-hidden />}
                onClick={() => onDecide('credit', credit)}
                aria-label={t('deposits.staff.credit_label', { ...labelValues, sender: credit.sender })}
              >
                {t('deposits.staff.credit')}
              </Button>
            ) : null}
            <Button
              variant="default"
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
              onClick={() => onDecide('return', credit)}
              aria-label={t('deposits.staff.return_label', { ...labelValues, sender: credit.sender })}
            >
              {t('deposits.staff.return')}
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md" verticalSpacing="sm">
          <LabelledValue label={t('deposits.staff.fields.reference')}>
            <Text inherit ff="monospace">
              {credit.reference}
            </Text>
          </LabelledValue>
          <LabelledValue label={t('deposits.staff.fields.sender')}>{credit.sender}</LabelledValue>
          <LabelledValue label={t('deposits.staff.fields.received_at')}>
            <DateTime value={credit.received_at} />
          </LabelledValue>
          <LabelledValue label={t('deposits.staff.fields.company')}>
            <CompanyName credit={credit} />
          </LabelledValue>
          <LabelledValue label={t('deposits.staff.fields.notice')}>
            <NoticeText credit={credit} />
          </LabelledValue>
        </SimpleGrid>
        {credit.company ? null : (
          <Text size="sm" c="dimmed">
            {t('deposits.staff.only_return')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** What the dialogs show first: the transfer they decide on. */
function CreditSummary({ credit }: { credit: BankCredit }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" bg="gray.0">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Amount value={credit.amount} currency={credit.currency} fw={600} size="lg" />
          <FirstDepositBadges credit={credit} />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
          <LabelledValue label={t('deposits.staff.fields.sender')}>{credit.sender}</LabelledValue>
          <LabelledValue label={t('deposits.staff.fields.reference')}>
            <Text inherit ff="monospace">
              {credit.reference}
            </Text>
          </LabelledValue>
          <LabelledValue label={t('deposits.staff.fields.company')}>
            <CompanyName credit={credit} />
          </LabelledValue>
          <LabelledValue label={t('deposits.staff.fields.notice')}>
            <NoticeText credit={credit} />
          </LabelledValue>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function CreditForm({ credit, onClose }: { credit: BankCredit; onClose: () => void }) {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const queryClient = useQueryClient();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: creditBankTransfer,
    initialValues: { target: (credit.notice?.target ?? 'USDC') as Target, reason: '' },
    toRequest: (values) => ({
      credit_id: credit.credit_id,
      // A notice names the asset itself; the server takes the notice's.
      ...(credit.notice ? {} : { target: values.target }),
      ...(values.reason.trim() ? { reason: values.reason.trim() } : {}),
    }),
    onSuccess: async (answer) => {
      const credited = answer.credited;
      showSuccess(
        t('deposits.staff.credit_dialog.done', {
          net: credited ? amountText(credited.net, credited.asset) : '',
          asset: credited?.asset ?? '',
          company: answer.company?.name ?? '',
        }),
      );
      onClose();
      await refreshBackOffice(queryClient);
    },
  });
  const values = form.getValues();
  const target = credit.notice?.target ?? values.target;

  // The contract leaves the reason optional; the server requires it below the minimum first
  // deposit, and the form says so before the call rather than after.
  const onSubmit = submitRequiringReason({ form, submit }, credit.is_below_minimum);

  return (
    <form noValidate onSubmit={onSubmit} style={readableErrorColour}>
      <Stack gap="md">
        <CreditSummary credit={credit} />
        <FormAlert message={formError} />
        {credit.notice ? (
          <Text size="sm">
            {t('deposits.staff.credit_dialog.target_from_notice', { target: credit.notice.target })}
          </Text>
        ) : (
          <Radio.Group label={t('deposits.staff.credit_dialog.target')} withAsterisk {...form.getInputProps('target')}>
            <Group gap="lg" mt={6}>
              {fiatDepositTargets.map((asset) => (
                <Radio key={asset} value={asset} label={asset} />
              ))}
            </Group>
          </Radio.Group>
        )}
        <Alert color="bank" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          <Text size="sm" c="var(--mantine-color-text)">
            {t('deposits.staff.credit_dialog.what_happens', { target, company: credit.company?.name ?? '' })}
          </Text>
        </Alert>
        <Textarea
          label={t('deposits.staff.credit_dialog.reason')}
          description={t(
            credit.is_below_minimum
              ? 'deposits.staff.credit_dialog.reason_required_hint'
              : 'deposits.staff.credit_dialog.reason_optional_hint',
          )}
          required={credit.is_below_minimum}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            {t('deposits.staff.credit_dialog.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting} leftSection={<IconCheck size={16} aria-hidden />}>
            {t('deposits.staff.credit_dialog.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReturnForm({ credit, onClose }: { credit: BankCredit; onClose: () => void }) {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const queryClient = useQueryClient();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: returnBankTransfer,
    initialValues: { reason: '' },
    toRequest: (values) => ({ credit_id: credit.credit_id, reason: values.reason }),
    onSuccess: async () => {
      showSuccess(
        t('deposits.staff.return_dialog.done', {
          amount: amountText(credit.amount, credit.currency),
          currency: credit.currency,
          sender: credit.sender,
        }),
      );
      onClose();
      await refreshBackOffice(queryClient);
    },
  });
  // An empty reason reads "Please fill in the reason" rather than the schema's "at least 3 characters".
  const onSubmit = submitRequiringReason({ form, submit });
  return (
    <form noValidate onSubmit={onSubmit} style={readableErrorColour}>
      <Stack gap="md">
        <CreditSummary credit={credit} />
        <FormAlert message={formError} />
        <Text size="sm">{t('deposits.staff.return_dialog.what_happens')}</Text>
        <Textarea
          label={t('deposits.staff.return_dialog.reason')}
          description={t('deposits.staff.return_dialog.reason_hint')}
          required
          autosize
          minRows={2}
          maxRows={6}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            {t('deposits.staff.return_dialog.cancel')}
          </Button>
          <Button
            type="submit"
            color="red"
            loading={isSubmitting}
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
          >
            {t('deposits.staff.return_dialog.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type Decision = { kind: 'credit' | 'return'; credit: BankCredit };

/** The bank transfers to match, under the queue's search box (which stays while the list reloads). */
export function ToMatchPanel() {
  const { text, setText, search } = useQueueSearch();
  return (
    <Stack gap="md">
      <QueueSearchInput text={text} onChange={setText} />
      <ToMatchList search={search} />
    </Stack>
  );
}

function ToMatchList({ search }: { search: string }) {
  const { t } = useTranslation();
  const credits = useBankCredits(listedStatus, search);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const items = credits.data?.pages.flatMap((page) => page.items) ?? [];
  const close = () => setIsDialogOpen(false);

  if (credits.isPending) return <TableSkeleton rows={4} columns={5} />;
  if (credits.isError) return <LoadError error={credits.error} onRetry={() => void credits.refetch()} />;
  return (
    <Stack gap="md">
      {items.length === 0 && search ? (
        <EmptyState
          icon={<IconSearch size={26} stroke={1.6} />}
          title={t('admin.queue_search.none_title')}
          description={t('admin.queue_search.none_description')}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<IconInbox size={26} stroke={1.6} />}
          title={t('deposits.staff.to_match_empty_title')}
          description={t('deposits.staff.to_match_empty')}
        />
      ) : (
        <>
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((credit) => (
              <CreditToMatch
                key={credit.credit_id}
                credit={credit}
                onDecide={(kind, chosen) => {
                  setDecision({ kind, credit: chosen });
                  setIsDialogOpen(true);
                }}
              />
            ))}
          </Stack>
          <LoadMore
            loadMoreLabel={t('deposits.staff.load_more')}
            query={credits}
            allLoaded={t('deposits.staff.all_loaded')}
          />
        </>
      )}
      <Dialog
        isOpen={isDialogOpen}
        onClose={close}
        title={t(
          decision?.kind === 'return' ? 'deposits.staff.return_dialog.title' : 'deposits.staff.credit_dialog.title',
        )}
        size="lg"
      >
        {decision?.kind === 'credit' ? (
          <CreditForm key={decision.credit.credit_id} credit={decision.credit} onClose={close} />
        ) : decision?.kind === 'return' ? (
          <ReturnForm key={decision.credit.credit_id} credit={decision.credit} onClose={close} />
        ) : null}
      </Dialog>
    </Stack>
  );
}
