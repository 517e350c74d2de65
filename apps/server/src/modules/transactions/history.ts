/**
 * Writing the history: the module that owns a business action opens its transaction when the
 * action starts (a deposit seen on chain, a deposit notice submitted) and advances it as the
 * action moves (confirmed, credited, returned), inside the action's own database transaction, so
 * that the history never says what did not happen. A row is found again by its source.
 */
import type { Asset, Network } from '@bank/contract/money';
import type { TransactionStatus } from '@bank/contract/states';
import type { TransactionDirection, TransactionStepName, TransactionType } from '@bank/contract/transaction';
import { and, eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { transactions } from './tables.ts';

export type TransactionSource = { type: string; id: string };

type FiatLegInput = {
  currency: string;
  amount: string;
  reference: string;
  rate?: string | null;
  rateAt?: Date | null;
};

export type OpenTransaction = {
  companyId: string;
  type: TransactionType;
  direction: TransactionDirection;
  asset: Asset;
  network?: Network | null;
  amount: string;
  fee?: string;
  status: TransactionStatus;
  txHash?: string | null;
  counterparty?: string | null;
  fiat?: FiatLegInput | null;
  /** Coins on a network: the confirmations so far and those required before they are credited. */
  confirmations?: { count: number; required: number } | null;
  source: TransactionSource;
  /** The first step of its timeline (seen, submitted...). */
  step: TransactionStepName;
};

/** Opens the history line of a business action; answers its id. */
export async function openTransaction(handle: DbHandle, line: OpenTransaction, now: Date): Promise<string> {
  const id = newId(now.getTime());
  await handle.insert(transactions).values({
    id,
    company_id: line.companyId,
    type: line.type,
    direction: line.direction,
    asset: line.asset,
    network: line.network ?? null,
    amount: line.amount,
    fee: line.fee ?? '0',
    status: line.status,
    tx_hash: line.txHash ?? null,
    counterparty: line.counterparty ?? null,
    fiat_currency: line.fiat?.currency ?? null,
    fiat_amount: line.fiat?.amount ?? null,
    fiat_rate: line.fiat?.rate ?? null,
    fiat_rate_at: line.fiat?.rateAt ?? null,
    fiat_reference: line.fiat?.reference ?? null,
    confirmations: line.confirmations?.count ?? null,
    confirmations_required: line.confirmations?.required ?? null,
    source_type: line.source.type,
    source_id: line.source.id,
    steps: [{ step: line.step, at: now.toISOString() }],
    created_at: now,
    updated_at: now,
  });
  return id;
}

export type TransactionChange = {
  status?: TransactionStatus;
  asset?: Asset;
  amount?: string;
  fee?: string;
  counterparty?: string | null;
  /** The transaction's hash once coins leave or arrive on chain. */
  txHash?: string | null;
  fiatRate?: { rate: string; at: Date };
  /** The confirmations the coins have now (a block arrived). */
  confirmations?: number;
  /** The step this change adds to the timeline; none for a change within a step (another confirmation). */
  step?: TransactionStepName;
};

/** Moves the history line of a business action on; answers false when the source has none. */
export async function advanceTransaction(
  handle: DbHandle,
  source: TransactionSource,
  change: TransactionChange,
  now: Date,
): Promise<boolean> {
  const step = change.step ? JSON.stringify([{ step: change.step, at: now.toISOString() }]) : null;
  const changed = await handle
    .update(transactions)
    .set({
      ...(change.status ? { status: change.status } : {}),
      ...(change.asset ? { asset: change.asset } : {}),
      ...(change.amount !== undefined ? { amount: change.amount } : {}),
      ...(change.fee !== undefined ? { fee: change.fee } : {}),
      ...(change.counterparty !== undefined ? { counterparty: change.counterparty } : {}),
      ...(change.txHash !== undefined ? { tx_hash: change.txHash } : {}),
      ...(change.fiatRate ? { fiat_rate: change.fiatRate.rate, fiat_rate_at: change.fiatRate.at } : {}),
      ...(change.confirmations !== undefined ? { confirmations: change.confirmations } : {}),
      ...(step ? { steps: sql`${transactions.steps} || ${step}::jsonb` } : {}),
      updated_at: now,
    })
    .where(and(eq(transactions.source_type, source.type), eq(transactions.source_id, source.id)))
    .returning({ id: transactions.id });
  return changed.length > 0;
}

/** The id of a business action's history line, or null when it has none. */
export async function transactionIdOfSource(handle: DbHandle, source: TransactionSource): Promise<string | null> {
  const [row] = await handle
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.source_type, source.type), eq(transactions.source_id, source.id)));
  return row?.id ?? null;
}
