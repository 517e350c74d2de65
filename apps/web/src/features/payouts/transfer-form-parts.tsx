/**
 * The parts the new crypto and new fiat transfer forms share: a titled section, a labelled choice
 * of segments, the notice when there is no one to pay yet, the instruction fields (purpose, sender,
 * remarks) and "Continue".
 */

import { localeOfLanguage } from '@bank/contract/constants';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  type SelectProps,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconArrowRight, IconInfoCircle } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../lib/i18n.ts';
import { formatMoney } from '../../ui/format-amount.ts';
import { PurposeSelect } from './payout-parts.tsx';

export function TransferSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Text component="h2" id={id} fw={600} fz="md" m={0}>
          {title}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

/** A choice of segments named by the text above it; `children` follow it in the same stack. */
export function LabelledSegments({
  id,
  label,
  data,
  value,
  onChange,
  isFullWidth = false,
  children,
}: {
  id: string;
  label: string;
  data: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  isFullWidth?: boolean;
  children?: ReactNode;
}) {
  const style: CSSProperties | undefined = isFullWidth ? undefined : { alignSelf: 'flex-start' };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        data={data}
        value={value}
        onChange={onChange}
        {...(isFullWidth ? { fullWidth: true } : { style })}
      />
      {children}
    </Stack>
  );
}

/** Nobody to pay yet: says so and, for who may, links to where they are added. */
function NoRecipientsAlert({
  message,
  addLabel,
  to,
  canManage,
}: {
  message: string;
  addLabel: string;
  to: string;
  canManage: boolean;
}) {
  return (
    <Alert color="bank" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
      <Stack gap={6}>
        <Text size="sm" c="var(--mantine-color-text)">
          {message}
        </Text>
        {canManage ? (
          <Anchor component={Link} to={to} size="sm" fw={600}>
            {addLabel}
          </Anchor>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** The limits of an amount, as the amount field's description says them. */
export function useAmountLimitsText() {
  const { t } = useTranslation();
  const locale = localeOfLanguage[useLanguage()];
  return (limits: { min: string; max: string } | undefined, asset: string) =>
    limits
      ? t('payouts.form.amount_limits', {
          min: formatMoney(limits.min, asset, locale),
          max: formatMoney(limits.max, asset, locale),
        })
      : undefined;
}

type InstructionField = 'purpose' | 'sender_account_name' | 'remarks';

/** The purpose, the sender's account name and the remarks, each with the id its journeys find it by. */
export function InstructionFields({
  idPrefix,
  inputProps,
}: {
  idPrefix: string;
  inputProps: (field: InstructionField) => GetInputPropsReturnType;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PurposeSelect id={`${idPrefix}-purpose`} {...inputProps('purpose')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          id={`${idPrefix}-sender`}
          label={t('payouts.form.sender_account_name')}
          description={t('payouts.form.sender_account_name_hint')}
          required
          {...inputProps('sender_account_name')}
        />
        <TextInput
          id={`${idPrefix}-remarks`}
          label={t('payouts.form.remarks')}
          description={t('payouts.form.remarks_hint')}
          maxLength={200}
          {...inputProps('remarks')}
        />
      </SimpleGrid>
    </>
  );
}

export function ContinueButton({ isSubmitting, isDisabled = false }: { isSubmitting: boolean; isDisabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button
        type="submit"
        size="md"
        loading={isSubmitting}
        disabled={isDisabled}
        rightSection={<IconArrowRight size={18} aria-hidden />}
      >
        {t('payouts.form.continue')}
      </Button>
    </Group>
  );
}

/**
 * Whom the payout goes to: the saved payees or addresses to choose from, what is known of the one
 * chosen, and for who may, a link to manage them; with none saved, the notice instead.
 */
export function RecipientChoice({
  section,
  isLoading = false,
  isEmpty,
  emptyMessage,
  addLabel,
  manage,
  select,
  chosen,
}: {
  section: { id: string; title: string };
  /** The recipients are still loading: the choice's place is held (the form is drawn before them). */
  isLoading?: boolean;
  isEmpty: boolean;
  emptyMessage: string;
  addLabel: string;
  manage: { to: string; label: string; canManage: boolean };
  select: SelectProps & { id: string };
  chosen: ReactNode;
}) {
  return (
    <TransferSection id={section.id} title={section.title}>
      {isLoading ? (
        <Skeleton height={60} radius="sm" aria-hidden />
      ) : isEmpty ? (
        <NoRecipientsAlert message={emptyMessage} addLabel={addLabel} to={manage.to} canManage={manage.canManage} />
      ) : (
        <>
          <Select searchable required {...select} />
          {chosen}
          {manage.canManage ? (
            <Anchor component={Link} to={manage.to} size="sm">
              {manage.label}
            </Anchor>
          ) : null}
        </>
      )}
    </TransferSection>
  );
}
