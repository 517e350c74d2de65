/**
 * Incoming coins. The custody provider reports a transfer to one of the bank's deposit addresses
 * (`receive`); it is in process while its network confirms it; once the network's confirmations
 * are reached (`confirm`) the company's account is credited from the network's clearing account
 * through the ledger, in the same transaction as the deposit's success and the `deposit.credited`
 * event. Crediting is idempotent per deposit (the ledger key names the deposit). A company's first
 * deposit worth less than the minimum is not credited but held for the back office
 * (first-deposit.ts), which credits it with a reason or returns it.
 */

import { confirmationsOfNetwork, type Deposit } from '@bank/contract/deposit';
import type { DigitalAsset, Network } from '@bank/contract/money';
import { and, asc, eq } from 'drizzle-orm';
import { simulatedTxHash } from '../../adapters/custody/custody.ts';
import type { AppDatabase, DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { recordEvent } from '../../platform/events.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { formatAmountForWire, parseAmount } from '../../platform/money.ts';
import { lockCompanyOfRow } from '../../platform/tenant.ts';
import { accountIdOf, ledger } from '../ledger/index.ts';
import { advanceTransaction, openTransaction, transactionIdOfSource } from '../transactions/index.ts';
import { isCoinAmountBelowMinimum } from './first-deposit.ts';
import { type DepositRow, depositOf, isFirstDeposit } from './queries.ts';
import { depositAddresses, deposits } from './tables.ts';

/** What a crypto deposit's ledger transfer and history line name as their business record. */
export const depositReferenceType = 'deposit';

export type IncomingTransfer = { address: string; asset: DigitalAsset; network: Network; amount: string };

/** Coins seen at a deposit address: a deposit in process for the address's company. */
export async function receive(handle: DbHandle, incoming: IncomingTransfer, now: Date): Promise<Deposit> {
  const [owner] = await handle
    .select({ companyId: depositAddresses.company_id })
    .from(depositAddresses)
    .where(and(eq(depositAddresses.network, incoming.network), eq(depositAddresses.address, incoming.address)));
  if (!owner)
    throw new AppError('not_found', { detail: `no deposit address ${incoming.address} on ${incoming.network}` });
  const [row] = await handle
    .insert(deposits)
    .values({
      id: newId(now.getTime()),
      company_id: owner.companyId,
      asset: incoming.asset,
      network: incoming.network,
      address: incoming.address,
      amount: incoming.amount,
      tx_hash: simulatedTxHash(incoming.network),
      status: 'in_process',
      confirmations: 0,
      confirmations_required: confirmationsOfNetwork[incoming.network],
      seen_at: now,
    })
    .returning();
  if (!row) throw new Error('deposit not written');
  await openTransaction(
    handle,
    {
      companyId: owner.companyId,
      type: 'crypto_deposit',
      direction: 'credit',
      asset: incoming.asset,
      network: incoming.network,
      amount: incoming.amount,
      status: 'in_process',
      txHash: row.tx_hash,
      confirmations: { count: row.confirmations, required: row.confirmations_required },
      source: { type: depositReferenceType, id: row.id },
      step: 'seen_on_chain',
    },
    now,
  );
  return depositOf(row);
}

/** Credits a confirmed deposit: the ledger transfer, its success and the event, in `tx`. */
async function credit(tx: DbHandle, row: DepositRow, now: Date): Promise<void> {
  const asset = row.asset as DigitalAsset;
  const [transfer] = await ledger.transfer(
    tx,
    [
      {
        idempotencyKey: `deposit-credit-${row.id}`,
        kind: 'deposit',
        asset,
        debitAccountId: await accountIdOf(tx, { kind: 'clearing', asset, rail: row.network }, now),
        creditAccountId: await accountIdOf(tx, { kind: 'customer', companyId: row.company_id, asset }, now),
        amount: formatAmountForWire(parseAmount(row.amount), asset),
        reference: { type: depositReferenceType, id: row.id },
      },
    ],
    now,
  );
  await tx
    .update(deposits)
    .set({ status: 'success', credited_at: now, transfer_id: transfer?.id ?? null })
    .where(eq(deposits.id, row.id));
  await advanceTransaction(
    tx,
    { type: depositReferenceType, id: row.id },
    { status: 'success', confirmations: row.confirmations, step: 'credited' },
    now,
  );
  await recordEvent(
    tx,
    'deposit.credited',
    {
      company_id: row.company_id,
      deposit_id: row.id,
      asset,
      network: row.network,
      amount: formatAmountForWire(parseAmount(row.amount), asset),
      transaction_id: await transactionIdOfSource(tx, { type: depositReferenceType, id: row.id }),
      at: now.toISOString(),
    },
    { companyId: row.company_id },
  );
}

/** A first deposit below the minimum waits for the back office (DECISIONS.md: it returns or credits it). */
async function mustWaitForBackOffice(tx: DbHandle, row: DepositRow): Promise<boolean> {
  return (
    (await isFirstDeposit(tx, row.company_id)) &&
    (await isCoinAmountBelowMinimum(tx, row.asset as DigitalAsset, parseAmount(row.amount)))
  );
}

async function holdForBackOffice(tx: DbHandle, row: DepositRow, now: Date): Promise<void> {
  await tx
    .update(deposits)
    .set({ status: 'admin_review', confirmations: row.confirmations })
    .where(eq(deposits.id, row.id));
  await advanceTransaction(
    tx,
    { type: depositReferenceType, id: row.id },
    { status: 'admin_review', confirmations: row.confirmations, step: 'held_below_minimum' },
    now,
  );
}

/** A confirmed deposit held for the back office, locked for its decision; `illegal_state` when it is not held. */
async function lockedHeldDeposit(tx: DbHandle, depositId: string): Promise<DepositRow> {
  if (!isUuid(depositId)) throw new AppError('not_found', { detail: `no deposit ${depositId}` });
  await lockCompanyOfRow(tx, deposits, depositId);
  const [row] = await tx.select().from(deposits).where(eq(deposits.id, depositId)).for('update');
  if (!row) throw new AppError('not_found', { detail: `no deposit ${depositId}` });
  if (row.status !== 'admin_review')
    throw new AppError('illegal_state', { detail: `deposit ${depositId} is ${row.status}, not held for review` });
  return row;
}

export type HeldDepositDecided = { deposit: Deposit; companyId: string };

/** Staff credit a held first deposit below the minimum (their reason is audited by the route). */
export async function creditHeldDeposit(tx: DbHandle, depositId: string, now: Date): Promise<HeldDepositDecided> {
  const row = await lockedHeldDeposit(tx, depositId);
  await credit(tx, row, now);
  const [done] = await tx.select().from(deposits).where(eq(deposits.id, depositId));
  if (!done) throw new Error('deposit vanished while credited');
  return { deposit: depositOf(done), companyId: done.company_id };
}

/**
 * Staff return a held deposit: nothing was credited, so nothing moves in the ledger; the custody
 * desk sends the coins back to where they came from, and the company's line says rejected.
 */
export async function returnHeldDeposit(tx: DbHandle, depositId: string, now: Date): Promise<HeldDepositDecided> {
  const row = await lockedHeldDeposit(tx, depositId);
  const [done] = await tx.update(deposits).set({ status: 'rejected' }).where(eq(deposits.id, row.id)).returning();
  if (!done) throw new Error('deposit vanished while returned');
  await advanceTransaction(
    tx,
    { type: depositReferenceType, id: row.id },
    { status: 'rejected', step: 'returned' },
    now,
  );
  return { deposit: depositOf(done), companyId: done.company_id };
}

/**
 * The networks add blocks: every deposit in process gains `blocksOf(network)` confirmations (its
 * history line shows them), and those that reach their network's count are credited. Each deposit in its own transaction, taken
 * with SKIP LOCKED so that two runners never confirm one deposit twice. Answers how many were credited.
 */
export async function confirm(db: AppDatabase, blocksOf: (network: Network) => number, now: Date): Promise<number> {
  // Oldest first: a company's first deposit is the first to arrive, whatever the networks' counts.
  const waiting = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(eq(deposits.status, 'in_process'))
    .orderBy(asc(deposits.id));
  let credited = 0;
  for (const { id } of waiting) {
    const isCredited = await db.transaction(async (tx) => {
      // The company's lock first: crediting money, and deciding whether this is its first deposit.
      await lockCompanyOfRow(tx, deposits, id);
      const [row] = await tx
        .select()
        .from(deposits)
        .where(and(eq(deposits.id, id), eq(deposits.status, 'in_process')))
        .for('update', { skipLocked: true });
      if (!row) return false;
      const confirmations = Math.min(row.confirmations_required, row.confirmations + blocksOf(row.network as Network));
      await tx.update(deposits).set({ confirmations }).where(eq(deposits.id, id));
      if (confirmations < row.confirmations_required) {
        // The company's history line counts the confirmations with the deposit, in the same transaction.
        if (confirmations !== row.confirmations)
          await advanceTransaction(tx, { type: depositReferenceType, id }, { confirmations }, now);
        return false;
      }
      const confirmed = { ...row, confirmations };
      if (await mustWaitForBackOffice(tx, confirmed)) {
        await holdForBackOffice(tx, confirmed, now);
        return false;
      }
      await credit(tx, confirmed, now);
      return true;
    });
    if (isCredited) credited += 1;
  }
  return credited;
}
