/**
 * The rules the history screens follow, apart from how they draw: the address's filters as the
 * contract's request, the sign of an amount, whether an amount is final, and the statement's
 * default period.
 */
import { defaultPageSize } from '@bank/contract/constants';
import { pathOf } from '@bank/contract/routes';
import type { TransactionStatus } from '@bank/contract/states';
import { type Transaction, type TransactionDirection, TransactionRecordRequest } from '@bank/contract/transaction';
import type { z } from 'zod';
import { readerTimeZone } from '../../ui/format-date.ts';

/** The history's filters, in the order of the filter bar; each is a search parameter of the address. */
export const historyFilterKeys = ['text', 'from', 'to', 'type', 'asset', 'status'] as const;
export type HistoryFilterKey = (typeof historyFilterKeys)[number];

export type HistoryRequest = z.input<typeof TransactionRecordRequest>;

/**
 * The request the address's filters make. An address can be typed or shared, so a value the
 * contract refuses (an unknown type, a period that ends before it starts) is left out rather than
 * sent: the list still loads, with the filters that make sense.
 */
export function historyRequestOf(values: Partial<Record<HistoryFilterKey, string | null>>): HistoryRequest {
  const request: Record<string, string | number> = { page_size: defaultPageSize };
  for (const key of historyFilterKeys) {
    const value = values[key]?.trim();
    if (value) request[key] = value;
  }
  // zod reports a field's own failures before the refinement across fields, so a few rounds may be needed.
  for (let round = 0; round <= historyFilterKeys.length; round += 1) {
    const checked = TransactionRecordRequest.safeParse(request);
    if (checked.success) return withDaysZone(request as HistoryRequest);
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field in request && field !== 'page_size') delete request[field];
    }
  }
  return { page_size: defaultPageSize };
}

/** A period's days are the reader's, as the history shows its times: the request names their zone. */
function withDaysZone(request: HistoryRequest): HistoryRequest {
  return request.from || request.to ? { ...request, time_zone: readerTimeZone() } : request;
}

/** Whether any filter is set: an empty list then says "no match" instead of "no transactions yet". */
export function hasHistoryFilters(request: HistoryRequest): boolean {
  return historyFilterKeys.some((key) => request[key] !== undefined);
}

/** + for money in, − (the minus sign, not a hyphen) for money out. */
export function signOf(direction: TransactionDirection): string {
  return direction === 'credit' ? '+' : '\u2212';
}

function isZero(amount: string): boolean {
  return /^[+-]?[0.]*$/.test(amount.trim());
}

const endedStatuses: ReadonlySet<TransactionStatus> = new Set(['rejected', 'failed', 'cancelled']);
const movingStatuses: ReadonlySet<TransactionStatus> = new Set(['admin_review', 'pending_approval', 'in_process']);

/**
 * What the amount of a transaction is worth at this moment:
 * - final: posted (or an exact on-chain amount that only waits for confirmations);
 * - indicative: a fiat deposit before it is credited, converted at a rate that will change;
 * - pending: not known yet (a bank transfer that matched no notice shows '0' until staff credit it);
 * - void: rejected, failed or cancelled, so it never reached the balance.
 */
export type AmountState = 'final' | 'indicative' | 'pending' | 'void';

export function amountStateOf(transaction: Pick<Transaction, 'type' | 'status' | 'amount'>): AmountState {
  if (endedStatuses.has(transaction.status)) return 'void';
  if (transaction.status === 'success') return 'final';
  if (isZero(transaction.amount)) return 'pending';
  return transaction.type === 'fiat_deposit' ? 'indicative' : 'final';
}

/** Whether the transaction may still change, so that an open screen asks again. */
export function isMoving(transaction: Pick<Transaction, 'status'>): boolean {
  return movingStatuses.has(transaction.status);
}

/** Whether a fee was charged ('0', '0.00' and an empty fee are none). */
export function hasFee(transaction: Pick<Transaction, 'fee'>): boolean {
  return !isZero(transaction.fee);
}

/** The details page of a transaction. */
export function detailPathOf(transactionId: string): string {
  return `${pathOf('transaction_detail')}?${new URLSearchParams({ id: transactionId }).toString()}`;
}

/** A calendar day as the contract's ISO date, in the reader's own time zone. */
function _isoDayOf(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}
