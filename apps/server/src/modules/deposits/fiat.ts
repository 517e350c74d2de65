/**
 * Fiat deposits (DECISIONS.md "Money"). A company tells the bank a transfer is on its way (a
 * notice: a line of its history, in process); the bank rail reports the transfer with the
 * company's reference (a bank credit: matched to the company and to its open notice of the same
 * currency and amount, then waiting for staff); staff credit it, converted at the rate of that
 * moment less the conversion fee, or return it to the sender.
 *
 * Crediting is one ledger batch: the fiat from the rail's clearing account into the bank's
 * conversion account of the currency, the converted amount from the conversion account of the
 * asset to the company, and the fee from the company to the fee account; all or nothing, and once
 * per credit (the keys name it). A rate older than rateStaleAfterMinutes converts nothing.
 */
import {
  type BankCredit,
  type DepositNotice,
  type DepositNoticeRequest,
  type FiatDepositQuote,
  minimumFirstDepositUsd,
  noticeMaxDaysAhead,
} from '@bank/contract/deposit';
import type { FiatCurrency } from '@bank/contract/money';
import { and, asc, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { recordEvent } from '../../platform/events.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { formatAmountForWire, Money, type MoneyValue, parseAmount } from '../../platform/money.ts';
import { searchCondition } from '../../platform/search.ts';
import { lockCompany, lockCompanyOfRow } from '../../platform/tenant.ts';
import { companies, users } from '../account/index.ts';
import { accountIdOf, conversionRates, convert, latestRates, ledger } from '../ledger/index.ts';
import {
  advanceTransaction,
  openTransaction,
  type TransactionSource,
  transactionIdOfSource,
} from '../transactions/index.ts';
import { referenceOf } from './bank-details.ts';
import { checkProofForNotice, proofOf } from './proofs.ts';
import { type CreditRow, isFirstDeposit } from './queries.ts';
import { bankCredits, depositNotices, depositReferences } from './tables.ts';

export type FiatTarget = 'USDC' | 'USDT';

/** The conversion fee: 0.5% of the converted amount, rounded up to the asset's scale (in the bank's favour). */
const fiatConversionFeeRate = '0.005';

export const noticeSourceType = 'deposit_notice';
export const creditSourceType = 'bank_credit';

/** The minimum first deposit in the currency at its current rate, rounded up to the cent. */
function minimumIn(usdPerUnit: MoneyValue): MoneyValue {
  return new Money(minimumFirstDepositUsd).dividedBy(usdPerUnit).toDecimalPlaces(2, Money.ROUND_UP);
}

export async function quoteFiatDeposit(
  handle: DbHandle,
  companyId: string,
  request: { currency: FiatCurrency; amount: string; target: FiatTarget },
  now: Date,
): Promise<FiatDepositQuote> {
  const rates = await conversionRates(handle, request.currency, request.target, now);
  const conversion = convert(parseAmount(request.amount), request.target, rates, fiatConversionFeeRate);
  return {
    currency: request.currency,
    amount: formatAmountForWire(parseAmount(request.amount), request.currency),
    target: request.target,
    rate: conversion.rate.toFixed(),
    rate_at: conversion.rateAt.toISOString(),
    gross: conversion.gross.toFixed(),
    fee: conversion.fee.toFixed(),
    fee_rate: fiatConversionFeeRate,
    net: conversion.net.toFixed(),
    is_first_deposit: await isFirstDeposit(handle, companyId),
    minimum_amount: minimumIn(rates.usdPerUnit).toFixed(2),
    are_rates_stale: rates.isStale,
  };
}

const dayMs = 86_400_000;
const utcDay = (time: Date) => time.toISOString().slice(0, 10);

/** The notice: refused below the minimum first deposit, or for a day in the past or too far ahead. */
export async function submitNotice(
  tx: DbHandle,
  caller: { companyId: string; userId: string },
  request: DepositNoticeRequest,
  now: Date,
): Promise<{ transaction_id: string; notice_id: string }> {
  const today = utcDay(now);
  const lastDay = utcDay(new Date(now.getTime() + noticeMaxDaysAhead * dayMs));
  if (request.expected_date < today || request.expected_date > lastDay)
    throw new AppError('validation', {
      fields: { expected_date: { key: 'validation.expected_date_range', params: { days: noticeMaxDaysAhead } } },
    });
  const rates = await conversionRates(tx, request.currency, request.target, now);
  const amount = parseAmount(request.amount);
  const minimum = minimumIn(rates.usdPerUnit);
  if (amount.lessThan(minimum) && (await isFirstDeposit(tx, caller.companyId)))
    throw new AppError('validation', {
      fields: {
        amount: {
          key: 'validation.minimum_first_deposit',
          params: { amount: minimum.toFixed(2), currency: request.currency },
        },
      },
    });
  if (request.proof_document_id) await checkProofForNotice(tx, caller, request.proof_document_id);
  const conversion = convert(amount, request.target, rates, fiatConversionFeeRate);
  const reference = await referenceOf(tx, caller.companyId, now);
  const id = newId(now.getTime());
  await tx.insert(depositNotices).values({
    id,
    company_id: caller.companyId,
    currency: request.currency,
    amount: amount.toFixed(),
    target_asset: request.target,
    reference,
    expected_date: request.expected_date,
    status: 'open',
    proof_document_id: request.proof_document_id ?? null,
    created_by: caller.userId,
    created_at: now,
  });
  const transactionId = await openTransaction(
    tx,
    {
      companyId: caller.companyId,
      type: 'fiat_deposit',
      direction: 'credit',
      asset: request.target,
      amount: conversion.net.toFixed(),
      fee: conversion.fee.toFixed(),
      status: 'in_process',
      fiat: { currency: request.currency, amount: amount.toFixed(), reference },
      source: { type: noticeSourceType, id },
      step: 'notice_submitted',
    },
    now,
  );
  return { transaction_id: transactionId, notice_id: id };
}

type NoticeRow = typeof depositNotices.$inferSelect;

/** A notice as the contract shows it, with its proof of transfer. */
export async function noticeOf(handle: DbHandle, row: NoticeRow): Promise<DepositNotice> {
  const currency = row.currency as FiatCurrency;
  return {
    notice_id: row.id,
    currency,
    amount: formatAmountForWire(parseAmount(row.amount), currency),
    target: row.target_asset as FiatTarget,
    reference: row.reference,
    expected_date: row.expected_date,
    status: row.status,
    submitted_at: row.created_at.toISOString(),
    proof: await proofOf(handle, row),
  };
}

/** The notice a history line tells (its source), or null for a line that is not a notice's. */
export async function noticeOfSource(
  handle: DbHandle,
  source: { type: string; id: string },
): Promise<NoticeRow | null> {
  if (source.type !== noticeSourceType || !isUuid(source.id)) return null;
  const [row] = await handle.select().from(depositNotices).where(eq(depositNotices.id, source.id));
  return row ?? null;
}

/** A reference as a transfer may carry it (lower case, spaced, among other words): the company's, if any. */
const referencePattern = /CB[0-9A-HJKMNP-TV-Z]{8}/;

export type IncomingBankTransfer = { currency: FiatCurrency; amount: string; reference: string; sender: string };

/** The bank rail reports a transfer: matched to a company and its notice, then waiting for staff. */
export async function receiveBankCredit(tx: DbHandle, incoming: IncomingBankTransfer, now: Date): Promise<string> {
  const { candidate, owner, notice, amount } = await matchTransfer(tx, incoming);
  const id = newId(now.getTime());
  const source: TransactionSource | null = notice
    ? { type: noticeSourceType, id: notice.id }
    : owner
      ? { type: creditSourceType, id }
      : null;
  await tx.insert(bankCredits).values({
    id,
    currency: incoming.currency,
    amount: amount.toFixed(),
    reference: incoming.reference,
    sender: incoming.sender,
    received_at: now,
    status: 'unmatched',
    company_id: owner?.companyId ?? null,
    notice_id: notice?.id ?? null,
    source_type: source?.type ?? null,
    source_id: source?.id ?? null,
  });
  if (notice) {
    await advanceTransaction(
      tx,
      { type: noticeSourceType, id: notice.id },
      { status: 'admin_review', counterparty: incoming.sender, step: 'funds_received' },
      now,
    );
  } else if (owner) {
    await openTransaction(
      tx,
      {
        companyId: owner.companyId,
        type: 'fiat_deposit',
        direction: 'credit',
        asset: 'USDC',
        amount: '0',
        status: 'admin_review',
        counterparty: incoming.sender,
        fiat: { currency: incoming.currency, amount: amount.toFixed(), reference: candidate ?? incoming.reference },
        source: { type: creditSourceType, id },
        step: 'funds_received',
      },
      now,
    );
  }
  return id;
}

/** The company whose reference the transfer carries, if any, and its open notice of that currency and amount, if any. */
async function matchTransfer(tx: DbHandle, incoming: IncomingBankTransfer) {
  const compact = incoming.reference.toUpperCase().replace(/[\s-]/g, '');
  const candidate = referencePattern.exec(compact)?.[0];
  const [owner] = candidate
    ? await tx
        .select({ companyId: depositReferences.company_id })
        .from(depositReferences)
        .where(eq(depositReferences.reference, candidate))
    : [];
  // The company's lock first: two transfers of one amount arriving at once must not both take the
  // same open notice (each sees the other's credit only once it has committed).
  if (owner) await lockCompany(tx, owner.companyId);
  const amount = parseAmount(incoming.amount);
  const [notice] = owner
    ? await tx
        .select()
        .from(depositNotices)
        .where(
          and(
            eq(depositNotices.company_id, owner.companyId),
            eq(depositNotices.currency, incoming.currency),
            eq(depositNotices.amount, amount.toFixed()),
            eq(depositNotices.status, 'open'),
            sql`not exists (select 1 from ${bankCredits} where ${bankCredits.notice_id} = ${depositNotices.id} and ${bankCredits.status} = 'unmatched')`,
          ),
        )
        .orderBy(asc(depositNotices.id))
        .limit(1)
    : [];
  return { candidate, owner, notice, amount };
}

async function lockedUnmatchedCredit(tx: DbHandle, creditId: string): Promise<CreditRow> {
  await lockCompanyOfRow(tx, bankCredits, creditId);
  const [row] = isUuid(creditId)
    ? await tx.select().from(bankCredits).where(eq(bankCredits.id, creditId)).for('update')
    : [];
  if (!row) throw new AppError('not_found', { detail: `no bank credit ${creditId}` });
  if (row.status !== 'unmatched')
    throw new AppError('illegal_state', { detail: `bank credit ${creditId} is ${row.status}` });
  return row;
}

type CreditDecision = {
  creditId: string;
  staffUserId: string;
  target?: FiatTarget | undefined;
  reason?: string | undefined;
};

/** Staff credit a transfer to the company its reference named, at the current rate less the fee. */
export async function creditBankTransfer(tx: DbHandle, decision: CreditDecision, now: Date): Promise<CreditRow> {
  const terms = await creditTermsOf(tx, decision, now);
  const { row, notice, target, conversion, reference } = terms;
  await postBankCredit(tx, terms, now);
  const [credited] = await tx
    .update(bankCredits)
    .set({
      status: 'credited',
      credited_asset: target,
      rate: conversion.rate.toFixed(),
      rate_at: conversion.rateAt,
      fee: conversion.fee.toFixed(),
      net: conversion.net.toFixed(),
      decided_by: decision.staffUserId,
      decided_at: now,
      reason: decision.reason ?? null,
    })
    .where(eq(bankCredits.id, row.id))
    .returning();
  if (notice) await tx.update(depositNotices).set({ status: 'credited' }).where(eq(depositNotices.id, notice.id));
  await advanceTransaction(
    tx,
    reference,
    {
      status: 'success',
      asset: target,
      amount: conversion.net.toFixed(),
      fee: conversion.fee.toFixed(),
      fiatRate: { rate: conversion.rate.toFixed(), at: conversion.rateAt },
      step: 'credited',
    },
    now,
  );
  await announceBankCredit(tx, terms, now);
  if (!credited) throw new Error('bank credit not updated');
  return credited;
}

/**
 * What a credit will be: the locked transfer, its notice, the asset (the notice's, else staff's,
 * else USDC) and the conversion at the current rates. A first deposit below the minimum needs
 * staff's reason.
 */
async function creditTermsOf(tx: DbHandle, decision: CreditDecision, now: Date) {
  const row = await lockedUnmatchedCredit(tx, decision.creditId);
  const companyId = row.company_id;
  if (!companyId || !row.source_type || !row.source_id)
    throw new AppError('illegal_state', { detail: `bank credit ${row.id} names no company: return it` });
  const [notice] = row.notice_id
    ? await tx.select().from(depositNotices).where(eq(depositNotices.id, row.notice_id))
    : [];
  const target = (notice?.target_asset as FiatTarget | undefined) ?? decision.target ?? 'USDC';
  const currency = row.currency as FiatCurrency;
  const rates = await conversionRates(tx, currency, target, now);
  if (rates.isStale) throw new AppError('rates_stale', { detail: `rates of ${currency}/${target} are stale` });
  const amount = parseAmount(row.amount);
  const isBelowMinimum = amount.lessThan(minimumIn(rates.usdPerUnit)) && (await isFirstDeposit(tx, companyId));
  if (isBelowMinimum && !decision.reason)
    throw new AppError('validation', { fields: { reason: { key: 'validation.required' } } });
  const conversion = convert(amount, target, rates, fiatConversionFeeRate);
  const reference = { type: row.source_type, id: row.source_id };
  return { row, companyId, notice, target, currency, amount, conversion, reference };
}

type CreditTerms = Awaited<ReturnType<typeof creditTermsOf>>;

/**
 * One ledger batch: the fiat from the rail's clearing account into the currency's conversion
 * account, the converted amount from the asset's conversion account to the company, and the fee.
 */
async function postBankCredit(tx: DbHandle, terms: CreditTerms, now: Date): Promise<void> {
  const { row, companyId, target, currency, amount, conversion, reference } = terms;
  const customer = await accountIdOf(tx, { kind: 'customer', companyId, asset: target }, now);
  await ledger.transfer(
    tx,
    [
      {
        idempotencyKey: `bank-credit-${row.id}-receipt`,
        kind: 'fiat_receipt',
        asset: currency,
        debitAccountId: await accountIdOf(tx, { kind: 'clearing', asset: currency, rail: `bank_${currency}` }, now),
        creditAccountId: await accountIdOf(tx, { kind: 'conversion', asset: currency }, now),
        amount: amount.toFixed(),
        reference,
      },
      {
        idempotencyKey: `bank-credit-${row.id}-conversion`,
        kind: 'fiat_deposit',
        asset: target,
        debitAccountId: await accountIdOf(tx, { kind: 'conversion', asset: target }, now),
        creditAccountId: customer,
        amount: conversion.gross.toFixed(),
        reference,
      },
      ...(conversion.fee.greaterThan(0)
        ? [
            {
              idempotencyKey: `bank-credit-${row.id}-fee`,
              kind: 'fee',
              asset: target,
              debitAccountId: customer,
              creditAccountId: await accountIdOf(tx, { kind: 'fee', asset: target }, now),
              amount: conversion.fee.toFixed(),
              reference,
            },
          ]
        : []),
    ],
    now,
  );
}

/** The conversion made and the deposit credited, as events for the company's notices and webhooks. */
async function announceBankCredit(tx: DbHandle, terms: CreditTerms, now: Date): Promise<void> {
  const { companyId, target, currency, amount, conversion, reference } = terms;
  await recordEvent(
    tx,
    'conversion.made',
    {
      company_id: companyId,
      from_currency: currency,
      from_amount: amount.toFixed(),
      to_asset: target,
      to_amount: conversion.gross.toFixed(),
      fee: conversion.fee.toFixed(),
      rate: conversion.rate.toFixed(),
      rate_at: conversion.rateAt.toISOString(),
      at: now.toISOString(),
    },
    { companyId },
  );
  await recordEvent(
    tx,
    'deposit.credited',
    {
      company_id: companyId,
      deposit_id: reference.id,
      asset: target,
      network: null,
      amount: conversion.net.toFixed(),
      transaction_id: await transactionIdOfSource(tx, reference),
      at: now.toISOString(),
    },
    { companyId },
  );
}

/** Staff return a transfer to its sender: nothing is credited; the company's line says so. */
export async function returnBankTransfer(
  tx: DbHandle,
  decision: { creditId: string; staffUserId: string; reason: string },
  now: Date,
): Promise<CreditRow> {
  const row = await lockedUnmatchedCredit(tx, decision.creditId);
  const [returned] = await tx
    .update(bankCredits)
    .set({ status: 'returned', decided_by: decision.staffUserId, decided_at: now, reason: decision.reason })
    .where(eq(bankCredits.id, row.id))
    .returning();
  if (row.notice_id)
    await tx.update(depositNotices).set({ status: 'returned' }).where(eq(depositNotices.id, row.notice_id));
  if (row.source_type && row.source_id)
    await advanceTransaction(
      tx,
      { type: row.source_type, id: row.source_id },
      { status: 'rejected', step: 'returned' },
      now,
    );
  if (!returned) throw new Error('bank credit not updated');
  return returned;
}

/** Bank credits as staff see them, newest first, a page at a time. */
export async function bankCreditPage(
  handle: DbHandle,
  request: {
    status?: CreditRow['status'] | undefined;
    search?: string | undefined;
    cursor?: string | undefined;
    page_size: number;
  },
): Promise<{ items: BankCredit[]; next_cursor: string | null }> {
  const conditions: SQL[] = [];
  if (request.status) conditions.push(eq(bankCredits.status, request.status));
  // The search box: the transfer's reference, sender, currency and amount, the matched company.
  const searched = searchCondition(request.search, [
    bankCredits.reference,
    bankCredits.sender,
    bankCredits.currency,
    bankCredits.amount,
    sql`(select ${companies.name} from ${companies} where ${companies.id} = ${bankCredits.company_id})`,
    bankCredits.id,
  ]);
  if (searched) conditions.push(searched);
  if (request.cursor !== undefined) {
    if (!isUuid(request.cursor))
      throw new AppError('validation', { fields: { cursor: { key: 'validation.invalid' } } });
    conditions.push(lt(bankCredits.id, request.cursor));
  }
  const rows = await handle
    .select()
    .from(bankCredits)
    .where(and(...conditions))
    .orderBy(desc(bankCredits.id))
    .limit(request.page_size + 1);
  const shown = rows.slice(0, request.page_size);
  const items = await Promise.all(shown.map((row) => bankCreditOf(handle, row)));
  return { items, next_cursor: rows.length > request.page_size ? (shown.at(-1)?.id ?? null) : null };
}

export async function bankCreditOf(handle: DbHandle, row: CreditRow): Promise<BankCredit> {
  const companyIds = row.company_id ? [row.company_id] : [];
  const [company] = companyIds.length
    ? await handle
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(inArray(companies.id, companyIds))
    : [];
  const [notice] = row.notice_id
    ? await handle.select().from(depositNotices).where(eq(depositNotices.id, row.notice_id))
    : [];
  const noticeLineId = notice ? await transactionIdOfSource(handle, { type: noticeSourceType, id: notice.id }) : null;
  const [decider] = row.decided_by
    ? await handle.select({ email: users.email }).from(users).where(eq(users.id, row.decided_by))
    : [];
  const currency = row.currency as FiatCurrency;
  const rates = await latestRates(handle);
  const usdPerUnit = rates.get(currency)?.usdRate;
  const amount = parseAmount(row.amount);
  const isFirst = row.company_id ? await isFirstDeposit(handle, row.company_id) : false;
  const isBelowMinimum = usdPerUnit ? amount.lessThan(minimumIn(parseAmount(usdPerUnit))) : false;
  return {
    credit_id: row.id,
    currency,
    amount: formatAmountForWire(amount, currency),
    reference: row.reference,
    sender: row.sender,
    received_at: row.received_at.toISOString(),
    status: row.status,
    company: company ? { company_id: company.id, name: company.name ?? '' } : null,
    notice:
      notice && noticeLineId
        ? {
            transaction_id: noticeLineId,
            amount: formatAmountForWire(parseAmount(notice.amount), currency),
            target: notice.target_asset as FiatTarget,
            expected_date: notice.expected_date,
          }
        : null,
    is_first_deposit: row.status === 'unmatched' ? isFirst : false,
    is_below_minimum: row.status === 'unmatched' && isFirst && isBelowMinimum,
    credited:
      row.status === 'credited' && row.credited_asset && row.rate && row.rate_at && row.fee && row.net
        ? {
            asset: row.credited_asset as FiatTarget,
            rate: parseAmount(row.rate).toFixed(),
            rate_at: row.rate_at.toISOString(),
            fee: parseAmount(row.fee).toFixed(),
            net: parseAmount(row.net).toFixed(),
          }
        : null,
    decided_at: row.decided_at?.toISOString() ?? null,
    decided_by: decider?.email ?? null,
    reason: row.reason,
  };
}
