/**
 * The card fee schedule (DECISIONS.md "Cards": per level, every fee of SPEC.md section 9, kept by
 * staff) and the charging of a card fee to the company: a USD amount taken from the company's USDC
 * or USDT at its USD rate, rounded up (the bank's favour), as one ledger transfer to the fee
 * account, a hold when the charge waits for a decision.
 */
import {
  type CardFee,
  type CardFeeKind,
  type CardFundingAsset,
  type CardLevel,
  cardFeeKinds,
  type FeeQuote,
} from '@bank/contract/cards';
import { and, eq } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { parseAmount, roundToAsset } from '../../platform/money.ts';
import { accountIdOf, conversionRates, ledger, rateOf } from '../ledger/index.ts';
import { advanceTransaction, openTransaction } from '../transactions/index.ts';
import { cardFeeSchedule } from './tables.ts';

/** The demo schedule the bank starts with (SPEC.md gives the kinds, not the amounts). */
export const defaultFeeSchedule: Readonly<
  Record<CardLevel, Readonly<Record<CardFeeKind, { amount: string; rate: string | null }>>>
> = {
  premier: {
    card_cost: { amount: '50.00', rate: null },
    annual: { amount: '100.00', rate: null },
    activation: { amount: '0.00', rate: null },
    replacement: { amount: '25.00', rate: null },
    load: { amount: '1.00', rate: '0.01' },
    inactivity: { amount: '2.00', rate: null },
    pos: { amount: '0.00', rate: null },
    atm_withdrawal: { amount: '2.50', rate: null },
    atm_balance: { amount: '0.50', rate: null },
    monthly_service: { amount: '3.00', rate: null },
    membership: { amount: '60.00', rate: null },
  },
  prestige: {
    card_cost: { amount: '150.00', rate: null },
    annual: { amount: '300.00', rate: null },
    activation: { amount: '0.00', rate: null },
    replacement: { amount: '50.00', rate: null },
    load: { amount: '1.00', rate: '0.005' },
    inactivity: { amount: '0.00', rate: null },
    pos: { amount: '0.00', rate: null },
    atm_withdrawal: { amount: '1.50', rate: null },
    atm_balance: { amount: '0.00', rate: null },
    monthly_service: { amount: '0.00', rate: null },
    membership: { amount: '180.00', rate: null },
  },
};

const asFee = (row: { kind: CardFeeKind; amount: string; rate: string | null }): CardFee => ({
  kind: row.kind,
  amount: parseAmount(row.amount).toFixed(2),
  rate: row.rate === null ? null : parseAmount(row.rate).toString(),
});

/** The level's fees, in the contract's order. */
export async function feeScheduleOf(handle: DbHandle, level: CardLevel): Promise<CardFee[]> {
  const rows = await handle.select().from(cardFeeSchedule).where(eq(cardFeeSchedule.level, level));
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  return cardFeeKinds.map((kind) => asFee(byKind.get(kind) ?? { kind, ...defaultFeeSchedule[level][kind] }));
}

export async function feeOf(handle: DbHandle, level: CardLevel, kind: CardFeeKind): Promise<CardFee> {
  const [row] = await handle
    .select()
    .from(cardFeeSchedule)
    .where(and(eq(cardFeeSchedule.level, level), eq(cardFeeSchedule.kind, kind)));
  return asFee(row ?? { kind, ...defaultFeeSchedule[level][kind] });
}

/**
 * The fee an action carried back from the screen that showed it, against the fee it would charge
 * now (USD): `fee_changed` when they differ, or when a fee is due and none was shown. A fee of
 * nothing needs no quote. Nothing is charged before this passes.
 */
export function assertFeeQuote(quote: FeeQuote | undefined, usdAmount: string, what: string): void {
  const fee = parseAmount(usdAmount);
  if (quote === undefined && fee.isZero()) return;
  if (quote !== undefined && parseAmount(quote.amount).equals(fee)) return;
  throw new AppError('fee_changed', {
    detail: `${what}: the fee shown was ${quote?.amount ?? 'none'} USD, it is ${fee.toFixed(2)} USD now`,
  });
}

/** Whether the quote carried is the fee now (assertFeeQuote's rule, answered rather than thrown). */
export function isFeeQuoteCurrent(quote: FeeQuote | undefined, usdAmount: string): boolean {
  try {
    assertFeeQuote(quote, usdAmount, 'fee');
    return true;
  } catch {
    return false;
  }
}

/** A share-based fee of `amount` (USD): the rate of it rounded up to the cent, at least the fee's amount. */
export function shareFee(fee: CardFee, amount: string): string {
  const flat = parseAmount(fee.amount);
  if (fee.rate === null) return flat.toFixed(2);
  const share = roundToAsset(parseAmount(amount).times(fee.rate), 'USD', 'fee');
  return (share.greaterThan(flat) ? share : flat).toFixed(2);
}

export type CompanyFeeCharge = {
  companyId: string;
  asset: CardFundingAsset;
  /** USD, 2 decimals. */
  usdAmount: string;
  kind: CardFeeKind;
  idempotencyKey: string;
  reference: { type: string; id: string };
  /** Hold the fee until it is settled (settleCompanyFee: posted or voided). */
  hold?: boolean;
  /** What the company's history names as the fee's counterparty (the card, the cardholder). */
  counterparty?: string;
};

export type CompanyFeeCharged = { transferId: string; debitAmount: string; rate: string };

/** USD in the stable coin at its USD rate (rounded up): what a USD fee costs the company. */
export async function stablecoinCostOf(handle: DbHandle, asset: CardFundingAsset, usdAmount: string, now: Date) {
  const rates = await conversionRates(handle, 'USD', asset, now);
  if (rates.isStale) throw new AppError('rates_stale', { detail: `the ${asset} rate is stale` });
  const rate = rateOf(rates);
  return { rate, amount: roundToAsset(parseAmount(usdAmount).times(rate), asset, 'fee') };
}

/** Takes a USD fee from the company's stable coin; null when the fee is nothing. `insufficient_balance` refuses. */
export async function chargeCompanyFee(
  handle: DbHandle,
  charge: CompanyFeeCharge,
  now: Date,
): Promise<CompanyFeeCharged | null> {
  if (parseAmount(charge.usdAmount).isZero()) return null;
  const { rate, amount } = await stablecoinCostOf(handle, charge.asset, charge.usdAmount, now);
  const [transfer] = await ledger.transfer(
    handle,
    [
      {
        idempotencyKey: charge.idempotencyKey,
        kind: `card_fee_${charge.kind}`,
        asset: charge.asset,
        debitAccountId: await accountIdOf(
          handle,
          { kind: 'customer', companyId: charge.companyId, asset: charge.asset },
          now,
        ),
        creditAccountId: await accountIdOf(handle, { kind: 'fee', asset: charge.asset }, now),
        amount: amount.toFixed(),
        reference: charge.reference,
        isPending: charge.hold ?? false,
      },
    ],
    now,
  );
  if (!transfer) throw new Error('ledger answered no transfer for a card fee');
  const isHeld = charge.hold ?? false;
  // A replayed charge (same key) already has its history line.
  if (!transfer.isReplay)
    await openTransaction(
      handle,
      {
        companyId: charge.companyId,
        type: 'card_fee',
        direction: 'debit',
        asset: charge.asset,
        amount: amount.toFixed(),
        status: isHeld ? 'in_process' : 'success',
        counterparty: charge.counterparty ?? null,
        source: feeSourceOf(transfer.id),
        step: isHeld ? 'fee_held' : 'fee_charged',
      },
      now,
    );
  return { transferId: transfer.id, debitAmount: amount.toFixed(), rate: rate.toString() };
}

/** The history line of a fee names its ledger transfer. */
const feeSourceOf = (transferId: string) => ({ type: 'card_fee', id: transferId });

/** Posts a held fee (the decision it waited for went through) or voids it, and moves its history line. */
export async function settleCompanyFee(
  handle: DbHandle,
  transferId: string,
  outcome: 'post' | 'void',
  now: Date,
): Promise<void> {
  const isPosted = outcome === 'post';
  if (isPosted) await ledger.post(handle, transferId, now);
  else await ledger.void(handle, transferId, now);
  await advanceTransaction(
    handle,
    feeSourceOf(transferId),
    { status: isPosted ? 'success' : 'failed', step: isPosted ? 'fee_charged' : 'fee_released' },
    now,
  );
}
