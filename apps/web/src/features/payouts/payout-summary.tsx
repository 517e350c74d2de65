/**
 * A payout as its readers see it, for the client's details page and the back office's review alike:
 * the facts (amounts, what arrives, destination, purpose, hash and confirmations, why it failed or
 * was rejected) and the timeline of who did what and when. Presentational: the pages load it.
 */
import { localeOfLanguage } from '@bank/contract/constants';
import { rateOfPayout } from '@bank/contract/money-text';
import type { Payout, PayoutStep, StaffPayoutStep } from '@bank/contract/payouts';
import type { TransactionStatus } from '@bank/contract/states';
import { Stack, Text, Timeline } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n.ts';
import { Amount } from '../../ui/amount.tsx';
import { CopyableText } from '../../ui/copy-value-button.tsx';
import { countryName } from '../../ui/country-names.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { ExplorerLink, Fact, FactGrid, FactList } from '../../ui/facts.tsx';
import { formatDateTime } from '../../ui/format-date.ts';
import { RateText } from '../../ui/rate-text.tsx';
import { StepBullet, stepColourOf, stepOutcomeOf, useNamed } from '../../ui/steps-timeline.tsx';
import { groupedAccountNumber } from './payout-format.ts';

/** A long identifier (an address, a hash) with its copy button, named by the fact it is. */
function CopyableDetail({ value, field }: { value: string; field: string }) {
  const { t } = useTranslation();
  return (
    <CopyableText
      value={value}
      label={t('payouts.detail.copy', { field })}
      copiedLabel={t('payouts.detail.copied', { field })}
    />
  );
}

/** "1 USDT = 7.8012 HKD": the rate a fiat payout was converted at, its asset first. */
export function PayoutRateText({ rate, currency, asset }: { rate: string; currency: string; asset: string }) {
  return <RateText pair={rateOfPayout({ asset, currency, rate })} />;
}

/** Where the money goes: a bank account (fiat) or an address on a network (crypto). */
export function DestinationFields({ payout }: { payout: Pick<Payout, 'destination' | 'network' | 'kind'> }) {
  const { t } = useTranslation();
  const locale = localeOfLanguage[useLanguage()];
  const { destination } = payout;
  return (
    <>
      <Fact label={t('payouts.detail.destination')}>{destination.name}</Fact>
      {payout.kind === 'crypto' ? (
        <>
          <Fact label={t('payouts.detail.network')}>{payout.network ?? '—'}</Fact>
          {destination.address ? (
            <Fact label={t('payouts.detail.address')}>
              <CopyableDetail value={destination.address} field={t('payouts.detail.address')} />
            </Fact>
          ) : null}
        </>
      ) : (
        <>
          {destination.account_number ? (
            <Fact label={t('payouts.detail.account_number')}>
              <Text component="span" size="sm" ff="monospace">
                {groupedAccountNumber(destination.account_number)}
              </Text>
            </Fact>
          ) : null}
          <Fact label={t('payouts.detail.bank')}>
            {[destination.bank_name, destination.bank_country ? countryName(destination.bank_country, locale) : null]
              .filter(Boolean)
              .join(' · ')}
          </Fact>
          {destination.swift_code ? (
            <Fact label={t('payouts.detail.swift_code')}>
              <Text component="span" size="sm" ff="monospace">
                {destination.swift_code}
              </Text>
            </Fact>
          ) : null}
          {destination.local_bank_code ? (
            <Fact label={t('payouts.detail.local_bank_code')}>
              <Text component="span" size="sm" ff="monospace">
                {destination.local_bank_code}
              </Text>
            </Fact>
          ) : null}
          {destination.beneficiary_address ? (
            <Fact label={t('payouts.detail.beneficiary_address')}>{destination.beneficiary_address}</Fact>
          ) : null}
        </>
      )}
    </>
  );
}

/** Every fact of a payout as a definition list. */
export function PayoutFacts({ payout }: { payout: Payout }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const purposeName = useNamed('payouts.purposes');
  const causeName = useNamed('payouts.failure_causes');
  return (
    <Stack gap="lg">
      <FactGrid>
        <Fact label={t('payouts.detail.amount')}>
          <Amount value={payout.amount} currency={payout.asset} />
        </Fact>
        <Fact label={t('payouts.detail.fee')}>
          <Amount value={payout.fee} currency={payout.asset} />
        </Fact>
        <Fact label={t('payouts.detail.total')}>
          <Amount value={payout.total} currency={payout.asset} fw={600} />
        </Fact>
        {payout.fiat ? (
          <>
            <Fact label={t('payouts.detail.receive_amount')}>
              <Amount value={payout.fiat.amount} currency={payout.fiat.currency} fw={600} />
            </Fact>
            <Fact label={t('payouts.detail.rate')}>
              <Stack gap={2} component="span">
                <PayoutRateText rate={payout.fiat.rate} currency={payout.fiat.currency} asset={payout.asset} />
                <Text component="span" size="xs" c="dimmed">
                  {t('payouts.rate_at', { time: formatDateTime(payout.fiat.rate_at, language) })}
                </Text>
              </Stack>
            </Fact>
          </>
        ) : null}
        <Fact label={t('payouts.detail.created_at')}>
          <DateTime value={payout.created_at} />
        </Fact>
      </FactGrid>
      <FactGrid>
        <DestinationFields payout={payout} />
      </FactGrid>
      <FactGrid>
        <Fact label={t('payouts.detail.purpose')}>{purposeName(payout.purpose)}</Fact>
        <Fact label={t('payouts.detail.sender_account_name')}>{payout.sender_account_name}</Fact>
        <Fact label={t('payouts.detail.remarks')}>{payout.remarks || '—'}</Fact>
        <Fact label={t('payouts.detail.created_by')}>{payout.created_by.name}</Fact>
        {payout.bank_reference ? (
          <Fact label={t('payouts.detail.bank_reference')}>
            <CopyableDetail value={payout.bank_reference} field={t('payouts.detail.bank_reference')} />
          </Fact>
        ) : null}
      </FactGrid>
      {payout.tx_hash ? (
        <FactList>
          <Fact label={t('payouts.detail.tx_hash')}>
            <Stack gap={6} component="span">
              <CopyableDetail value={payout.tx_hash} field={t('payouts.detail.tx_hash')} />
              {payout.explorer_url ? (
                <ExplorerLink
                  href={payout.explorer_url}
                  label={t('payouts.detail.explorer')}
                  newTabLabel={t('payouts.detail.new_tab')}
                />
              ) : null}
              {payout.confirmations ? (
                <Text component="span" size="xs" c="dimmed" className="tabular-figures">
                  {t('payouts.detail.confirmations', {
                    count: payout.confirmations.count,
                    required: payout.confirmations.required,
                  })}
                </Text>
              ) : null}
            </Stack>
          </Fact>
        </FactList>
      ) : null}
      {payout.failure_cause || payout.rejection_reason ? (
        <FactList>
          {payout.failure_cause ? (
            <Fact label={t('payouts.detail.failure_cause')}>{causeName(payout.failure_cause)}</Fact>
          ) : null}
          {payout.rejection_reason ? (
            <Fact label={t('payouts.detail.rejection_reason')}>{payout.rejection_reason}</Fact>
          ) : null}
        </FactList>
      ) : null}
    </Stack>
  );
}

/** What a payout still on its way waits for, drawn open at the end of its timeline (never as done). */
const waitingOf: Partial<Record<TransactionStatus, 'pending_approval' | 'admin_review' | 'in_process'>> = {
  pending_approval: 'pending_approval',
  admin_review: 'admin_review',
  in_process: 'in_process',
};

/**
 * Who did what and when: each step with its actor (a named colleague, "the bank", the payment
 * network) and the reason given to the client; a failure or refusal drawn as one. With the payout's
 * status, the step it waits for comes last, open, naming whom it waits for.
 */
export function PayoutTimeline({
  steps,
  status,
}: {
  /** The client's steps, or the back office's (StaffPayoutStep) with the staff's internal notes. */
  steps: readonly (PayoutStep | StaffPayoutStep)[];
  status?: TransactionStatus;
}) {
  const { t } = useTranslation();
  const stepName = useNamed('payouts.steps');
  // A failure's reason is the contract's cause (a value to translate); a rejection's, someone's words.
  const causeName = useNamed('payouts.failure_causes');
  const reasonOf = (step: PayoutStep) => (step.step === 'failed' && step.reason ? causeName(step.reason) : step.reason);
  const actorName = (actor: PayoutStep['actor']) =>
    actor.kind === 'company_user'
      ? (actor.name ?? '—')
      : actor.name
        ? t('payouts.detail.actor_named', { actor: t(`payouts.actors.${actor.kind}`), name: actor.name })
        : t(`payouts.actors.${actor.kind}`);
  const waiting = status ? waitingOf[status] : undefined;
  if (steps.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('payouts.detail.steps_empty')}
      </Text>
    );
  return (
    <Timeline
      active={steps.length - 1}
      bulletSize={22}
      lineWidth={2}
      color="bank"
      component="ol"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {steps.map((step) => {
        const outcome = stepOutcomeOf(step.step);
        return (
          <Timeline.Item
            key={`${step.step}-${step.at}`}
            component="li"
            color={stepColourOf(outcome)}
            bullet={<StepBullet outcome={outcome} size={14} />}
            data-outcome={outcome}
            title={
              <Text component="span" size="sm" fw={600} c={outcome === 'failed' ? 'red.8' : undefined}>
                {stepName(step.step)}
              </Text>
            }
          >
            <Text size="sm">{actorName(step.actor)}</Text>
            {step.reason ? (
              <Text size="sm" c="dark.6" style={{ overflowWrap: 'anywhere' }}>
                {t('payouts.detail.step_reason', { reason: reasonOf(step) ?? '' })}
              </Text>
            ) : null}
            {'note' in step && step.note ? (
              <Text size="sm" c="dark.6" fs="italic" style={{ overflowWrap: 'anywhere' }}>
                {t('payouts.review.step_note', { note: step.note })}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              <DateTime value={step.at} />
            </Text>
          </Timeline.Item>
        );
      })}
      {waiting ? (
        <Timeline.Item
          component="li"
          lineVariant="dashed"
          bullet={<IconHourglassHigh size={14} aria-hidden />}
          data-outcome="waiting"
          data-testid="payout-waiting-step"
          title={
            <Text component="span" size="sm" fw={600} c="dimmed">
              {t(`payouts.waiting.${waiting}`)}
            </Text>
          }
        />
      ) : null}
    </Timeline>
  );
}
