/**
 * The six steps of the card application (card-application-page.tsx holds the form and the order):
 * each renders its fields from the one form, so that going back and forth keeps every answer.
 */
import { cardholderTitles, effectiveIdDates, genders, getCardApplyConfig } from '@bank/contract/card-applications';
import { cardFundingAssets, cardNetworks } from '@bank/contract/cards';
import { applicantTypes, cardLevels } from '@bank/contract/constants';
import {
  Alert,
  Anchor,
  Checkbox,
  Grid,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { Amount, useAmountText } from '../../ui/amount.tsx';
import { DateField } from '../../ui/date-field.tsx';
import { formatDate, todayIso } from '../../ui/format-date.ts';
import { LabelledValue } from '../../ui/labelled-value.tsx';
import { PhoneField } from '../../ui/phone-field.tsx';
import {
  AddressFields,
  IdFields,
  ProofFields,
  UsernameField,
  useOptions,
  type useUsernameCheck,
  VerifiedEmailField,
} from './application-fields.tsx';
import type { ApplicationValues } from './application-values.ts';

type StepProps = { form: UseFormReturnType<ApplicationValues>; idPrefix: string };

/** A select of the form, emptied to "" rather than null. */
function choice(form: StepProps['form'], name: keyof ApplicationValues) {
  return {
    ...form.getInputProps(name),
    onChange: (value: string | null) => form.setFieldValue(name, (value ?? '') as never),
  };
}

function StepTitle({ children, hint }: { children: ReactNode; hint?: string }) {
  return (
    <Stack gap={4}>
      <Title order={2} fz="lg">
        {children}
      </Title>
      {hint ? (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A staff member's sponsor: one of the company's directors and partners (its team page sets who they are). */
function SponsorSelect({ form, idPrefix }: StepProps) {
  const { t } = useTranslation();
  const config = useScreenQuery(getCardApplyConfig, {});
  const sponsors = config.data?.sponsors ?? [];
  return (
    <Select
      id={`${idPrefix}-sponsor`}
      label={t('cards.applications.fields.sponsor_name')}
      description={
        config.data && sponsors.length === 0
          ? t('cards.applications.help.no_sponsor')
          : t('cards.applications.help.sponsor')
      }
      data={sponsors.map((sponsor) => ({
        value: sponsor.user_id,
        label: `${sponsor.name} (${t(`team.company_roles.${sponsor.company_role}`)})`,
      }))}
      required
      allowDeselect={false}
      {...choice(form, 'sponsor_user_id')}
    />
  );
}

export function CardholderStep({
  form,
  idPrefix,
  usernameCheck,
}: StepProps & { usernameCheck: ReturnType<typeof useUsernameCheck> }) {
  const { t } = useTranslation();
  const values = form.getValues();
  const titles = useOptions(cardholderTitles, 'titles');
  const genderOptions = useOptions(genders, 'genders');
  const applicantOptions = useOptions(applicantTypes, 'applicant_types');
  return (
    <Stack gap="md">
      <StepTitle hint={t('cards.applications.apply.who_may_apply')}>
        {t('cards.applications.apply.steps.cardholder')}
      </StepTitle>
      <Select
        id={`${idPrefix}-applicant-type`}
        label={t('cards.applications.fields.applicant_type')}
        data={applicantOptions}
        required
        allowDeselect={false}
        {...choice(form, 'applicant_type')}
      />
      {values.applicant_type === 'staff' ? <SponsorSelect form={form} idPrefix={idPrefix} /> : null}
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Select
            id={`${idPrefix}-title`}
            label={t('cards.applications.fields.title')}
            data={titles}
            required
            {...choice(form, 'title')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4.5 }}>
          <TextInput
            id={`${idPrefix}-first-name`}
            label={t('cards.applications.fields.first_name')}
            required
            autoComplete="off"
            maxLength={50}
            {...form.getInputProps('first_name')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4.5 }}>
          <TextInput
            id={`${idPrefix}-last-name`}
            label={t('cards.applications.fields.last_name')}
            required
            autoComplete="off"
            maxLength={50}
            {...form.getInputProps('last_name')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            id={`${idPrefix}-gender`}
            label={t('cards.applications.fields.gender')}
            data={genderOptions}
            required
            {...choice(form, 'gender')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <DateField
            id={`${idPrefix}-birth`}
            label={t('cards.applications.fields.date_of_birth')}
            required
            max={todayIso()}
            value={form.getValues().date_of_birth}
            error={form.errors.date_of_birth}
            onChange={(value) => form.setFieldValue('date_of_birth', value)}
          />
        </Grid.Col>
      </Grid>
      <UsernameField
        idPrefix={idPrefix}
        value={values.username}
        onChange={(value) => form.setFieldValue('username', value)}
        fieldError={form.errors.username}
        usernameCheck={usernameCheck}
      />
      <VerifiedEmailField
        idPrefix={idPrefix}
        email={values.email}
        onEmailChange={(value) => {
          form.setFieldValue('email', value);
          // A new address needs its own proof.
          if (values.email_proof) form.setFieldValue('email_proof', '');
        }}
        proof={values.email_proof ? { email: values.email.trim().toLowerCase() } : null}
        onProven={(proof) => {
          form.setFieldValue('email_proof', proof.email_proof);
          form.clearFieldError('email');
        }}
        fieldError={form.errors.email ?? form.errors.email_proof}
      />
      <PhoneField form={form as never} idPrefix={`${idPrefix}-mobile`} />
    </Stack>
  );
}

export function AddressStep({ form, idPrefix }: StepProps) {
  const { t } = useTranslation();
  const values = form.getValues();
  return (
    <Stack gap="md">
      <StepTitle>{t('cards.applications.apply.residence_title')}</StepTitle>
      <AddressFields form={form as never} path="residence_address" idPrefix={`${idPrefix}-residence`} />
      <Checkbox
        id={`${idPrefix}-mailing-same`}
        label={t('cards.applications.apply.mailing_same')}
        {...form.getInputProps('mailing_same_as_residence', { type: 'checkbox' })}
      />
      {values.mailing_same_as_residence ? null : (
        <Stack gap="sm">
          <Title order={3} fz="md">
            {t('cards.applications.apply.mailing_title')}
          </Title>
          <AddressFields form={form as never} path="mailing_address" idPrefix={`${idPrefix}-mailing`} />
        </Stack>
      )}
    </Stack>
  );
}

export function IdStep({
  form,
  idPrefix,
  defaults,
}: StepProps & { defaults: { issue_date: string; expiry_date: string } | null }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <StepTitle hint={t('cards.applications.apply.english_hint')}>{t('cards.applications.apply.steps.id')}</StepTitle>
      <IdFields form={form as never} idPrefix={idPrefix} defaults={defaults} />
    </Stack>
  );
}

export function ProofStep({ form, idPrefix }: StepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <StepTitle hint={t('cards.applications.apply.proof_hint')}>{t('cards.applications.apply.steps.proof')}</StepTitle>
      <ProofFields form={form as never} idPrefix={idPrefix} />
    </Stack>
  );
}

export function CardStep({ form, idPrefix }: StepProps) {
  const { t } = useTranslation();
  const levelOptions = useOptions(cardLevels, 'levels');
  const networkOptions = useOptions(cardNetworks, 'networks');
  return (
    <Stack gap="md">
      <StepTitle>{t('cards.applications.apply.steps.card')}</StepTitle>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            id={`${idPrefix}-level`}
            label={t('cards.applications.fields.level')}
            data={levelOptions}
            required
            allowDeselect={false}
            {...choice(form, 'level')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            id={`${idPrefix}-network`}
            label={t('cards.applications.fields.network')}
            data={networkOptions}
            required
            allowDeselect={false}
            {...choice(form, 'network')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            id={`${idPrefix}-name-on-card`}
            label={t('cards.applications.fields.name_on_card')}
            description={t('cards.applications.help.name_on_card')}
            required
            maxLength={26}
            autoComplete="off"
            styles={{ input: { textTransform: 'uppercase' } }}
            {...form.getInputProps('name_on_card')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            id={`${idPrefix}-funding`}
            label={t('cards.applications.fields.funding_asset')}
            data={cardFundingAssets.map((asset) => ({ value: asset, label: asset }))}
            required
            allowDeselect={false}
            {...choice(form, 'funding_asset')}
          />
        </Grid.Col>
      </Grid>
      <Checkbox
        id={`${idPrefix}-programme-enrolment`}
        label={t('cards.applications.fields.is_programme_enrolment')}
        description={t('cards.applications.help.is_programme_enrolment')}
        {...form.getInputProps('is_programme_enrolment', { type: 'checkbox' })}
      />
      <Textarea
        id={`${idPrefix}-notes`}
        label={t('cards.applications.fields.notes')}
        description={t('cards.applications.help.optional')}
        // A fixed height: an autosized box on a page as tall as the window can flip the scrollbar, and
        // so its own width, back and forth.
        rows={3}
        maxLength={1000}
        {...form.getInputProps('notes')}
      />
      <Checkbox
        id={`${idPrefix}-terms`}
        label={t('cards.applications.fields.accept_terms')}
        {...form.getInputProps('accept_terms', { type: 'checkbox' })}
      />
      <Checkbox
        id={`${idPrefix}-source-of-funds`}
        label={t('cards.applications.fields.declare_source_of_funds')}
        {...form.getInputProps('declare_source_of_funds', { type: 'checkbox' })}
      />
    </Stack>
  );
}

/** The level's fees, the card cost first: what the company pays, shown before it submits. */
function FeesTable({ level, asset }: { level: string; asset: string }) {
  const amountText = useAmountText();
  const { t } = useTranslation();
  const config = useScreenQuery(getCardApplyConfig, {});
  if (config.isPending)
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('shell.loading')}>
        <Skeleton h={18} />
        <Skeleton h={18} />
        <Skeleton h={18} />
      </Stack>
    );
  if (config.isError) return null;
  const levelFees = config.data.levels.find((entry) => entry.level === level);
  const balance = config.data.balances.find((entry) => entry.asset === asset);
  const isShort =
    balance !== undefined && levelFees !== undefined && Number(balance.available) < Number(levelFees.card_cost);
  return (
    <Stack gap="sm" data-testid="application-fees">
      <Title order={3} fz="md">
        {t('cards.applications.apply.fees_title', { level: t(`cards.applications.levels.${level}` as never) })}
      </Title>
      {!levelFees || levelFees.fees.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('cards.applications.apply.no_fees')}
        </Text>
      ) : (
        <Table verticalSpacing={6} withRowBorders={false}>
          <Table.Tbody>
            {levelFees.fees.map((fee) => (
              <Table.Tr key={fee.kind}>
                <Table.Td>
                  <Text size="sm" fw={fee.kind === 'card_cost' ? 600 : 400}>
                    {fee.kind === 'card_cost'
                      ? t('cards.applications.apply.card_cost_line')
                      : t(`cards.applications.fee_kinds.${fee.kind}` as never)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  {fee.rate ? (
                    <Text size="sm" className="tabular-figures">
                      {t('cards.applications.apply.fee_rate', {
                        rate: `${(Number(fee.rate) * 100).toFixed(2)}%`,
                        amount: amountText(fee.amount, 'USD'),
                      })}
                    </Text>
                  ) : (
                    <Amount value={fee.amount} currency="USD" size="sm" fw={fee.kind === 'card_cost' ? 600 : 400} />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Alert color={isShort ? 'red' : 'bank'} variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
        <Stack gap={4}>
          <Text size="sm" c="var(--mantine-color-text)">
            {t('cards.applications.apply.card_cost_note', { asset })}
          </Text>
          {balance ? (
            <Text size="sm" c="var(--mantine-color-text)" className="tabular-figures">
              {t('cards.applications.apply.balance', { asset, amount: amountText(balance.available, asset) })}
            </Text>
          ) : null}
          {isShort ? (
            <Text size="sm" c="var(--mantine-color-text)" fw={600} role="alert">
              {t('cards.applications.apply.insufficient', { asset })}
            </Text>
          ) : null}
        </Stack>
      </Alert>
    </Stack>
  );
}

export function ReviewStep({
  values,
  onEdit,
}: {
  values: ApplicationValues;
  onEdit: (step: 'cardholder' | 'address' | 'id' | 'proof' | 'card') => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const residence = values.residence_address;
  // The ID's dates as typed; one left out reads as the date SPEC.md takes instead (applied at submission).
  const idDefaults = values.date_of_birth ? effectiveIdDates(values.date_of_birth, null, null) : null;
  const idDate = (typed: string, instead: string | undefined) =>
    typed
      ? formatDate(typed, language)
      : instead
        ? t('cards.applications.apply.default_date', { date: formatDate(instead, language) })
        : '';
  const section = (title: string, step: Parameters<typeof onEdit>[0], children: ReactNode) => (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} fz="md">
          {title}
        </Title>
        <Anchor component="button" type="button" size="sm" onClick={() => onEdit(step)}>
          {t('cards.applications.apply.edit')}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {children}
      </SimpleGrid>
    </Stack>
  );
  return (
    <Stack gap="lg">
      <StepTitle>{t('cards.applications.apply.steps.review')}</StepTitle>
      {section(
        t('cards.applications.apply.review_cardholder'),
        'cardholder',
        <>
          <LabelledValue label={t('cards.applications.fields.first_name')}>
            {[t(`cards.applications.titles.${values.title}` as never), values.first_name, values.last_name].join(' ')}
          </LabelledValue>
          <LabelledValue label={t('cards.applications.fields.applicant_type')}>
            {t(`cards.applications.applicant_types.${values.applicant_type}` as never)}
          </LabelledValue>
          <LabelledValue label={t('cards.applications.fields.date_of_birth')}>
            {values.date_of_birth ? formatDate(values.date_of_birth, language) : ''}
          </LabelledValue>
          <LabelledValue label={t('cards.applications.fields.username')}>{values.username}</LabelledValue>
          <LabelledValue label={t('cards.applications.fields.email')}>{values.email}</LabelledValue>
          <LabelledValue label={t('cards.applications.apply.residence_title')}>
            {[
              residence.line1,
              residence.line2,
              residence.city,
              residence.state,
              residence.postal_code,
              residence.country,
            ]
              .filter(Boolean)
              .join(', ')}
          </LabelledValue>
        </>,
      )}
      {section(
        t('cards.applications.apply.review_documents'),
        'id',
        <>
          <LabelledValue label={t('cards.applications.fields.id_type')}>
            {`${t(`cards.applications.id_types.${values.id_type}` as never)} · ${values.id_number}`}
          </LabelledValue>
          <LabelledValue label={t('cards.applications.fields.id_issue_date')}>
            {idDate(values.id_issue_date, idDefaults?.issue_date)}
          </LabelledValue>
          <LabelledValue label={t('cards.applications.fields.id_expiry_date')}>
            {idDate(values.id_expiry_date, idDefaults?.expiry_date)}
          </LabelledValue>
          <LabelledValue label={t('cards.applications.fields.proof_of_address_type')}>
            {values.proof_of_address_type
              ? t(`cards.applications.proof_types.${values.proof_of_address_type}` as never)
              : ''}
          </LabelledValue>
          <LabelledValue label={t('cards.applications.fields.id_front')}>
            {values.id_front?.file_name ?? ''}
          </LabelledValue>
          <LabelledValue label={t('cards.applications.fields.proof_front')}>
            {values.proof_front?.file_name ?? ''}
          </LabelledValue>
        </>,
      )}
      {section(
        t('cards.applications.apply.review_card'),
        'card',
        <>
          <LabelledValue label={t('cards.applications.fields.level')}>
            {`${t(`cards.applications.levels.${values.level}` as never)} · ${t(`cards.applications.networks.${values.network}` as never)}`}
          </LabelledValue>
          <LabelledValue label={t('cards.applications.fields.name_on_card')}>
            {values.name_on_card.toUpperCase()}
          </LabelledValue>
        </>,
      )}
      <FeesTable level={values.level} asset={values.funding_asset} />
    </Stack>
  );
}
