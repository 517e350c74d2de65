/**
 * Paying one annual fee term (dashboard/renew): the fee, the stable coin it is paid from with what it
 * costs in each now (dashboard/getAnnualConfig), the period it buys, and a confirmation.
 */
import { type FeeTerm, getAnnualConfig, renewCard } from '@bank/contract/card-management';
import { Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCallForm } from '../../lib/call-form.tsx';
import { useLanguage } from '../../lib/i18n.ts';
import { showSuccess } from '../../lib/notify.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { Amount, useAmountText } from '../../ui/amount.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { formatDate } from '../../ui/format-date.ts';
import { LabelledValue } from '../../ui/labelled-value.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { FeeAssetPicker, refreshCardData } from './card-parts.tsx';

function RenewForm({ term, onDone }: { term: FeeTerm; onDone: () => void }) {
  const amountText = useAmountText();
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const config = useScreenQuery(getAnnualConfig, { card_id: term.card_id });
  const period = { from: formatDate(term.starts_on, language), to: formatDate(term.ends_on, language) };
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: renewCard,
    initialValues: { asset: config.data?.auto_renewal_asset ?? 'USDC' },
    // The term's amount as this dialog shows it: the server charges it or refuses.
    toRequest: (values) => ({
      term_id: term.term_id,
      ...values,
      fee_quote: { amount: term.amount, asset: 'USD' as const },
    }),
    onSuccess: async () => {
      showSuccess(t('cards.renewals.dialog.done', { last4: term.last4, to: period.to }));
      onDone();
      await refreshCardData(queryClient);
    },
  });
  return (
    <form noValidate onSubmit={submit} style={readableErrorColour}>
      <Stack gap="md">
        <Text size="sm">{t('cards.renewals.dialog.description', { sequence: term.sequence, ...period })}</Text>
        <FormAlert message={formError} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <LabelledValue label={t('cards.renewals.dialog.fee')}>
            <Amount value={term.amount} currency="USD" fw={600} />
          </LabelledValue>
          <LabelledValue label={t('cards.renewals.due')}>{formatDate(term.due_on, language)}</LabelledValue>
        </SimpleGrid>
        {config.isPending ? (
          <Skeleton height={72} radius="sm" />
        ) : config.isError ? (
          <LoadError error={config.error} onRetry={() => void config.refetch()} />
        ) : (
          <FeeAssetPicker
            id="renewal-asset"
            label={t('cards.renewals.dialog.asset')}
            costs={config.data.costs}
            {...form.getInputProps('asset')}
          />
        )}
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            {t('cards.renewals.dialog.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={!config.data}>
            {t('cards.renewals.dialog.submit', { amount: amountText(term.amount, 'USD') })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The renewal dialog of `term`; closed while it is null. */
export function RenewalDialog({ term, onClose }: { term: FeeTerm | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={term !== null}
      onClose={onClose}
      title={term ? t('cards.renewals.dialog.title', { last4: term.last4 }) : ''}
    >
      {term ? <RenewForm term={term} onDone={onClose} /> : null}
    </Dialog>
  );
}
