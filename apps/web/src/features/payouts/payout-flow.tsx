/**
 * The two steps of a payout, shared by fiat and crypto: "Continue" quotes it (calc) and checks it as
 * the submission would (check), then the confirmation page shows the quote with a live countdown to
 * its expiry ("Recalculate" once it has run out), the destination, and whether a second user must
 * approve it; "Confirm payout" submits it with an Idempotency-Key and, when the server asks, the
 * step-up dialog, and opens the payout's details.
 */

import type { UserInfo } from '@bank/contract/account';
import { workingDays } from '@bank/contract/constants';
import {
  calcCryptoPayout,
  calcFiatPayout,
  checkCryptoPayout,
  checkFiatPayout,
  type PayoutCheck,
  type PayoutKind,
  payoutQuoteValiditySeconds,
  submitCryptoPayout,
  submitFiatPayout,
} from '@bank/contract/payouts';
import { pathOf } from '@bank/contract/routes';
import { Alert, Anchor, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconClockHour4,
  IconRefresh,
  IconSend,
  IconUsers,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useHoldsPermission, useUserInfo } from '../../api/user-info.ts';
import { callApi } from '../../lib/api-client.ts';
import { schemaErrors, useCallForm } from '../../lib/call-form.tsx';
import { errorKeyOf, messageOfError } from '../../lib/form-errors.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { showSuccess } from '../../lib/notify.ts';
import { Amount } from '../../ui/amount.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Fact, FactGrid } from '../../ui/facts.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { formatDateTime } from '../../ui/format-date.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { readableAlertStyles } from '../../ui/readable-colour.ts';
import { useNamed } from '../../ui/steps-timeline.tsx';
import { useStepUpForm } from '../../widgets/step-up-dialog.tsx';
import {
  type CryptoDraftValues,
  clearDraft,
  compareDecimals,
  detailPathOfPayout,
  type FiatDraftValues,
  type PayoutDraft,
  readDraft,
  refreshPayoutData,
  writeDraft,
} from './payout-format.ts';
import { DestinationFields, PayoutRateText } from './payout-summary.tsx';

type Values<Kind extends PayoutKind> = PayoutDraft<Kind>['values'];

/** The instructions both kinds carry, as check and the submission take them. */
function instructionsOf(values: FiatDraftValues | CryptoDraftValues) {
  return {
    purpose: values.purpose as Exclude<typeof values.purpose, ''>,
    sender_account_name: values.sender_account_name,
    remarks: values.remarks,
  };
}

/**
 * The validity of a quote by this browser's clock: the bank's validity counted from its arrival,
 * or less when the quote says so (a server clock behind the browser's). A server clock ahead of the
 * browser's (the journeys' test clock) does not make a fresh quote look expired.
 */
function expiryOf(check: PayoutCheck): number {
  return Math.min(Date.now() + payoutQuoteValiditySeconds * 1000, Date.parse(check.quote.expires_at));
}

/** The quote call of a fiat payout: the side the user fixed, the other is the answer's. */
export function fiatQuoteRequest(
  values: Pick<FiatDraftValues, 'asset' | 'payee_id' | 'fixed_side' | 'amount' | 'receive_amount'>,
) {
  const base = { asset: values.asset, payee_id: values.payee_id };
  return values.fixed_side === 'receive'
    ? { ...base, receive_amount: values.receive_amount.trim() }
    : { ...base, amount: values.amount.trim() };
}

/** Quotes and checks a payout: the draft the confirmation page shows. Throws what the server refused. */
async function quoteAndCheck<Kind extends PayoutKind>(kind: Kind, values: Values<Kind>): Promise<PayoutDraft<Kind>> {
  let check: PayoutCheck;
  if (kind === 'fiat') {
    const fiat = values as FiatDraftValues;
    const quote = await callApi(calcFiatPayout, fiatQuoteRequest(fiat));
    check = await callApi(checkFiatPayout, {
      quote_id: quote.quote_id,
      payee_id: fiat.payee_id,
      ...instructionsOf(fiat),
    });
  } else {
    const crypto = values as CryptoDraftValues;
    const quote = await callApi(calcCryptoPayout, {
      asset: crypto.asset,
      network: crypto.network,
      amount: crypto.amount,
    });
    check = await callApi(checkCryptoPayout, {
      quote_id: quote.quote_id,
      address_id: crypto.address_id,
      ...instructionsOf(crypto),
    });
  }
  return { values, check, expiresAt: expiryOf(check) };
}

const instructionFields = ['purpose', 'sender_account_name', 'remarks'] as const;

/**
 * The errors of the instructions (purpose, sender, remarks) as check will judge them, shown with the
 * quote's own on "Continue", before either call is made.
 */
export function instructionErrors(values: FiatDraftValues | CryptoDraftValues): FormErrors {
  const errors = schemaErrors(checkFiatPayout, {
    quote_id: 'pending',
    payee_id: 'pending',
    purpose: values.purpose,
    sender_account_name: values.sender_account_name,
    remarks: values.remarks,
  });
  return Object.fromEntries(
    instructionFields.filter((field) => field in errors).map((field) => [field, errors[field]]),
  );
}

/** The amount's limits, said before the server has to: "at least 100 USDT", "at most 1,000,000 USDT". */
export function limitErrors(
  amount: string,
  limits: { min: string; max: string } | undefined,
  asset: string,
  t: (
    key: 'payouts.validation.amount_below_minimum' | 'payouts.validation.amount_above_maximum',
    params: Record<string, string>,
  ) => string,
): FormErrors {
  const value = amount.trim();
  if (!limits || !/^\d+(\.\d+)?$/.test(value)) return {};
  if (compareDecimals(value, limits.min) < 0)
    return { amount: t('payouts.validation.amount_below_minimum', { minimum: limits.min, asset }) };
  if (compareDecimals(value, limits.max) > 0)
    return { amount: t('payouts.validation.amount_above_maximum', { maximum: limits.max, asset }) };
  return {};
}

/** After "Continue": the draft is kept for the confirmation page (and for the form, should the user come back). */
export function useContinueToConfirmation<Kind extends PayoutKind>(kind: Kind) {
  const navigate = useNavigate();
  return async (values: Values<Kind>) => {
    const draft = await quoteAndCheck(kind, values);
    writeDraft(kind, draft);
    await navigate(pathOf(kind === 'fiat' ? 'new_fiat_transfer_confirm' : 'new_crypto_transfer_confirm'));
  };
}

/** Seconds left until `expiresAt`, ticking every second; 0 once it has passed. */
function useSecondsLeft(expiresAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (expiresAt === null) return 0;
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

function Countdown({ secondsLeft }: { secondsLeft: number }) {
  const { t } = useTranslation();
  const minutes = Math.floor(secondsLeft / 60);
  const seconds = String(secondsLeft % 60).padStart(2, '0');
  if (secondsLeft === 0)
    return (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
        <Text size="sm" c="var(--mantine-color-text)">
          {t('payouts.confirm.expired')}
        </Text>
      </Alert>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <IconClockHour4 size={16} aria-hidden />
      <Text size="sm" c="dimmed">
        {t('payouts.confirm.valid_for')}{' '}
        <Text component="span" fw={600} c="var(--mantine-color-text)" className="tabular-figures" role="timer">
          {minutes}:{seconds}
        </Text>
      </Text>
    </Group>
  );
}

function ConfirmSummary({ kind, check }: { kind: PayoutKind; check: PayoutCheck }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const purposeName = useNamed('payouts.purposes');
  const { quote } = check;
  const isShort = compareDecimals(quote.total, quote.available) > 0;
  return (
    <Card component="section" aria-labelledby="confirm-summary">
      <Stack gap="lg">
        <Stack gap={4}>
          <Text component="h2" id="confirm-summary" fw={600} fz="lg" m={0}>
            {t('payouts.confirm.receives', { name: check.destination.name })}
          </Text>
          <Amount value={quote.receive_amount} currency={quote.receive_currency} fz={28} fw={700} />
        </Stack>
        <Divider />
        <FactGrid>
          <Fact label={t('payouts.detail.amount')}>
            <Amount value={quote.amount} currency={quote.asset} />
          </Fact>
          <Fact label={t('payouts.detail.fee')}>
            <Amount value={quote.fee} currency={quote.asset} />
          </Fact>
          <Fact label={t('payouts.confirm.total')}>
            <Amount value={quote.total} currency={quote.asset} fw={700} />
          </Fact>
          {quote.rate ? (
            <Fact label={t('payouts.detail.rate')}>
              <Stack gap={2} component="span">
                <PayoutRateText rate={quote.rate} currency={quote.receive_currency} asset={quote.asset} />
                {quote.rate_at ? (
                  <Text component="span" size="xs" c="dimmed">
                    {t('payouts.rate_at', { time: formatDateTime(quote.rate_at, language) })}
                  </Text>
                ) : null}
              </Stack>
            </Fact>
          ) : null}
          <Fact label={t('payouts.detail.receive_amount')}>
            <Amount value={quote.receive_amount} currency={quote.receive_currency} fw={600} />
          </Fact>
          <Fact label={t('payouts.confirm.available')}>
            <Amount value={quote.available} currency={quote.asset} c={isShort ? 'red.8' : undefined} />
          </Fact>
        </FactGrid>
        <Divider />
        <FactGrid>
          <DestinationFields
            payout={{
              kind,
              network: quote.network,
              destination: check.destination,
            }}
          />
        </FactGrid>
        <Divider />
        <FactGrid>
          <Fact label={t('payouts.detail.purpose')}>{purposeName(check.purpose)}</Fact>
          <Fact label={t('payouts.detail.sender_account_name')}>{check.sender_account_name}</Fact>
          <Fact label={t('payouts.detail.remarks')}>{check.remarks || '—'}</Fact>
        </FactGrid>
      </Stack>
    </Card>
  );
}

function SubmitButton<Kind extends PayoutKind>({
  kind,
  draft,
  user,
  isExpired,
  onQuoteRefused,
}: {
  kind: Kind;
  draft: PayoutDraft<Kind> & { check: PayoutCheck };
  user: UserInfo;
  isExpired: boolean;
  /** The bank refused the quote (run out or used by its clock): a new one is fetched and shown. */
  onQuoteRefused: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { stepUpOptions, stepUpDialog } = useStepUpForm('payout');
  const instructions = { quote_id: draft.check.quote.quote_id, ...instructionsOf(draft.values) };
  const onSuccess = async (payout: { payout_id: string; status: string }) => {
    clearDraft(kind);
    showSuccess(
      t(payout.status === 'pending_approval' ? 'payouts.confirm.submitted_for_approval' : 'payouts.confirm.submitted'),
    );
    await refreshPayoutData(queryClient);
    await navigate(detailPathOfPayout(kind, payout.payout_id), { replace: true });
  };
  const fiatForm = useCallForm({
    call: submitFiatPayout,
    initialValues: {},
    toRequest: () => ({ ...instructions, payee_id: (draft.values as FiatDraftValues).payee_id }),
    ...stepUpOptions,
    onSuccess,
    onFailure: (error) => {
      const key = errorKeyOf(error);
      if (key === 'fresh_second_factor_required') stepUpOptions.onFailure();
      else if (key === 'illegal_state') onQuoteRefused();
    },
  });
  const cryptoForm = useCallForm({
    call: submitCryptoPayout,
    initialValues: {},
    toRequest: () => ({ ...instructions, address_id: (draft.values as CryptoDraftValues).address_id }),
    ...stepUpOptions,
    onSuccess,
  });
  const { submit, formError, isSubmitting } = kind === 'fiat' ? fiatForm : cryptoForm;
  return (
    <>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <FormAlert message={formError} />
          <Group justify="flex-end">
            <Button
              type="submit"
              size="md"
              loading={isSubmitting}
              disabled={isExpired}
              leftSection={<IconSend size={18} aria-hidden />}
            >
              {t('payouts.confirm.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {stepUpDialog(user, submit)}
    </>
  );
}

/** /blockchain_w/new_fiat2 and /new_digital_asset2: the checked payout, its countdown and "Confirm payout". */

/**
 * Said before submitting: the company's policy asks another user to approve this payout, and no
 * other user may (none holds the approve permission). The team page is where one is given it; the
 * maker may still submit, and cancel it later.
 */
function NobodyToApprove() {
  const { t } = useTranslation();
  const mayManageTeam = useHoldsPermission('team');
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      styles={readableAlertStyles('orange')}
      data-testid="no-other-approver"
    >
      <Title order={3} fz="sm" fw={600} mb={4}>
        {t('payouts.confirm.no_approver_title')}
      </Title>
      <Stack gap="xs">
        <Text size="sm" c="var(--mantine-color-text)">
          {t('payouts.confirm.no_approver')}
        </Text>
        {mayManageTeam ? (
          <Anchor component={Link} to={pathOf('team')} size="sm" fw={500}>
            {t('payouts.confirm.no_approver_team')}
          </Anchor>
        ) : (
          <Text size="sm" c="var(--mantine-color-text)">
            {t('payouts.confirm.no_approver_ask')}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

export function ConfirmPayoutPage<Kind extends PayoutKind>({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const user = useUserInfo().data;
  const [draft, setDraft] = useState(() => readDraft(kind));
  const [isRecalculating, setIsRecalculating] = useState(false);
  const [recalculateError, setRecalculateError] = useState<string | null>(null);
  // A recalculated quote at another rate says so: the client pays what it saw, or is told it changed.
  const [isRateChanged, setIsRateChanged] = useState(false);
  const secondsLeft = useSecondsLeft(draft?.expiresAt ?? null);
  const formPath = pathOf(kind === 'fiat' ? 'new_fiat_transfer' : 'new_crypto_transfer');
  const page = kind === 'fiat' ? 'new_fiat_transfer_confirm' : 'new_crypto_transfer_confirm';

  const recalculate = async () => {
    if (!draft) return;
    setIsRecalculating(true);
    setRecalculateError(null);
    try {
      const next = await quoteAndCheck(kind, draft.values);
      writeDraft(kind, next);
      setIsRateChanged(next.check?.quote.rate !== draft.check?.quote.rate);
      setDraft(next);
    } catch (error) {
      setRecalculateError(messageOfError(error));
    } finally {
      setIsRecalculating(false);
    }
  };

  const back: ReactNode = (
    <Button component={Link} to={formPath} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
      {t('payouts.confirm.back')}
    </Button>
  );

  if (!draft?.check)
    return (
      <PageFrame title={t(`pages.${page}.title`)} description={t(`pages.${page}.purpose`)}>
        <EmptyState
          icon={<IconSend size={26} stroke={1.6} />}
          title={t('payouts.confirm.nothing_title')}
          description={t('payouts.confirm.nothing_description')}
          actions={
            <Button component={Link} to={formPath} variant="light">
              {t('payouts.confirm.start')}
            </Button>
          }
        />
      </PageFrame>
    );

  const check = draft.check;
  const isExpired = secondsLeft === 0;
  return (
    <PageFrame title={t(`pages.${page}.title`)} description={t(`pages.${page}.purpose`)}>
      <Stack gap="lg" maw={880}>
        <ConfirmSummary kind={kind} check={check} />
        {check.needs_approval && !check.has_other_approver ? (
          <NobodyToApprove />
        ) : check.needs_approval ? (
          <Alert color="bank" variant="light" icon={<IconUsers size={18} aria-hidden />}>
            <Title order={3} fz="sm" fw={600} mb={4}>
              {t('payouts.confirm.needs_approval_title')}
            </Title>
            <Text size="sm" c="var(--mantine-color-text)">
              {t('payouts.confirm.needs_approval')}
            </Text>
          </Alert>
        ) : null}
        <Text size="sm" c="dimmed">
          {t(kind === 'fiat' ? 'payouts.confirm.what_happens_fiat' : 'payouts.confirm.what_happens_crypto', {
            days: workingDays.fiatWithdrawal,
          })}
        </Text>
        <Card>
          <Stack gap="md">
            <Countdown secondsLeft={secondsLeft} />
            {isRateChanged && !isExpired ? (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="status">
                <Text size="sm" c="var(--mantine-color-text)">
                  {t('payouts.confirm.rate_changed')}
                </Text>
              </Alert>
            ) : null}
            <FormAlert message={recalculateError} />
            <Group justify="space-between" wrap="wrap" gap="sm">
              {back}
              <Group gap="sm" wrap="wrap" justify="flex-end">
                {isExpired ? (
                  <Button
                    variant="light"
                    loading={isRecalculating}
                    leftSection={<IconRefresh size={16} aria-hidden />}
                    onClick={() => void recalculate()}
                  >
                    {t('payouts.confirm.recalculate')}
                  </Button>
                ) : null}
                {user ? (
                  <SubmitButton
                    kind={kind}
                    draft={{ ...draft, check }}
                    user={user}
                    isExpired={isExpired}
                    onQuoteRefused={() => void recalculate()}
                  />
                ) : null}
              </Group>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </PageFrame>
  );
}
