/**
 * The ledger (DECISIONS.md "Money"): the one writer of balances. Every movement of money is one or
 * more transfers, each of one asset from a debit account to a credit account, posted at once or
 * held first (TigerBeetle's two-phase model: `hold`, then `post` or `void`).
 *
 * - `transfer(handle, items)`: a batch of transfers that commit together or not at all (a
 *   conversion with its fee). Inside the database (`ledger_transfer_group`, migration 0031, the
 *   one writer of transfers) every account of the batch is locked in id order, a customer account
 *   that would go below zero refuses the batch (`insufficient_balance`), and each transfer's idempotency key
 *   answers its first transfer again when the same transfer is asked twice, concurrently or not.
 *   A posted transfer's row carries both of its sides (each account's time and balance after).
 * - `post(handle, id)` / `void(handle, id)`: a pending transfer's outcome, idempotent.
 *
 * After each `transfer`, the balance crossing detector (thresholds.ts) records the thresholds its
 * debits took a company's balance below.
 *
 * Pass an open transaction to join the business change that caused the transfers; passed the
 * database itself, a call commits on its own, in one commit with the other calls made at that
 * moment when the database is busy (group commit, group-commit.ts and migration 0031).
 */
import { createHash } from 'node:crypto';
import type { Asset } from '@bank/contract/money';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import {
  type AppDatabase,
  type DbHandle,
  executeRows,
  postgresErrorCode,
  postgresErrorDetail,
  violatedConstraint,
} from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { parseAmount, roundToAsset } from '../../platform/money.ts';
import { type GroupCommitter, groupCommitter } from './group-commit.ts';
import { detectCrossings } from './thresholds.ts';

export type TransferRequest = {
  /** Unique per intended transfer: asking again with the same key and the same transfer is answered, not repeated. */
  idempotencyKey: string;
  /** What kind of movement this is (deposit, conversion, fee, payout...): the history's type. */
  kind: string;
  asset: Asset;
  debitAccountId: string;
  creditAccountId: string;
  /** A decimal string > 0 within the asset's scale. */
  amount: string;
  /** The business record that caused it. */
  reference: { type: string; id: string };
  /** A hold: reserves the amount on the debit account until `post` or `void`. */
  isPending?: boolean;
};

type TransferOutcome = { id: string; isReplay: boolean };

/** Why the ledger refused: each maps to a catalogue error for the caller and a detail for the log. */
const refusals: Record<string, (detail: string) => Error> = {
  LD001: (account) => new AppError('insufficient_balance', { detail: `account ${account} would go below zero` }),
  LD002: (key) => new AppError('idempotency_conflict', { detail: `ledger key ${key} was used for another transfer` }),
  LD003: (account) => new LedgerBugError(`account ${account} is unknown or holds another asset`),
  LD004: (id) => new AppError('not_found', { detail: `no ledger transfer ${id}` }),
  LD005: (id) => new AppError('illegal_state', { detail: `ledger transfer ${id} is no longer pending` }),
};

/** A caller asked for something no correct caller asks for (an account of another asset): a bug, not a refusal. */
export class LedgerBugError extends Error {
  override name = 'LedgerBugError';
}

function refusalOf(error: unknown): unknown {
  const code = postgresErrorCode(error);
  // The same key asked at once for transfers of other accounts: the second meets the unique key.
  const isKeyRace = code === '23505' && violatedConstraint(error) === 'ledger_transfers_idempotency_key';
  const refuse = refusals[isKeyRace ? 'LD002' : (code ?? '')];
  return refuse ? refuse(postgresErrorDetail(error) ?? '') : error;
}

/** The amount as the ledger stores it; refuses zero, a negative amount or one beyond the asset's scale. */
function checkedAmount(request: TransferRequest): string {
  const amount = parseAmount(request.amount);
  if (!amount.isFinite() || amount.lte(0) || !roundToAsset(amount, request.asset).eq(amount))
    throw new LedgerBugError(`transfer amount ${request.amount} is not a positive ${request.asset} amount`);
  return amount.toFixed();
}

/** What makes two asks of one key the same transfer. */
function requestHashOf(request: TransferRequest, amount: string): string {
  return createHash('sha256')
    .update(
      [
        request.kind,
        request.asset,
        request.debitAccountId,
        request.creditAccountId,
        amount,
        request.reference.type,
        request.reference.id,
        request.isPending ? 'pending' : 'posted',
      ].join('\n'),
    )
    .digest('hex');
}

async function runLedger<Row>(statement: Promise<Row>): Promise<Row> {
  try {
    return await statement;
  } catch (error) {
    throw refusalOf(error);
  }
}

const param = (name: string) => sql.placeholder(name);

export type Ledger = {
  transfer(handle: DbHandle, requests: readonly TransferRequest[], now: Date): Promise<TransferOutcome[]>;
  post(handle: DbHandle, transferId: string, now: Date): Promise<boolean>;
  void(handle: DbHandle, transferId: string, now: Date): Promise<boolean>;
};

type Item = {
  id: string;
  key: string;
  hash: string;
  kind: string;
  asset: Asset;
  debit: string;
  credit: string;
  amount: string;
  ref_type: string;
  ref_id: string;
  pending: boolean;
  at: string;
};

function itemOf(request: TransferRequest, now: Date): Item {
  if (request.debitAccountId === request.creditAccountId)
    throw new LedgerBugError('a transfer needs two different accounts');
  const amount = checkedAmount(request);
  return {
    id: newId(now.getTime()),
    key: request.idempotencyKey,
    hash: requestHashOf(request, amount),
    kind: request.kind,
    asset: request.asset,
    debit: request.debitAccountId,
    credit: request.creditAccountId,
    amount,
    ref_type: request.reference.type,
    ref_id: request.reference.id,
    pending: request.isPending === true,
    at: now.toISOString(),
  };
}

const transferColumns = [
  ['ids', 'id', 'uuid'],
  ['keys', 'key', 'text'],
  ['hashes', 'hash', 'text'],
  ['kinds', 'kind', 'text'],
  ['assets', 'asset', 'text'],
  ['debits', 'debit', 'uuid'],
  ['credits', 'credit', 'uuid'],
  ['amounts', 'amount', 'numeric'],
  ['ref_types', 'ref_type', 'text'],
  ['ref_ids', 'ref_id', 'text'],
  ['pendings', 'pending', 'boolean'],
  ['nows', 'at', 'timestamptz'],
] as const satisfies readonly (readonly [string, keyof Item, string])[];

/**
 * Transfers as one named statement of parallel arrays (`ledger_transfer_group`, migration 0031):
 * built once per handle (the database, or a transaction making several calls), parsed and planned
 * once per connection. Building the query again for every call was most of the ledger's own time
 * in the benchmark's client profile.
 */
function transferStatement(handle: DbHandle) {
  const columns = sql.join(
    transferColumns.map(([name, , type]) => sql`${param(name)}::${sql.raw(type)}[]`),
    sql`, `,
  );
  return handle
    .select({ ids: sql<string[]>`transfer_ids`, replays: sql<boolean[]>`replays` })
    .from(sql`ledger_transfer_group(${columns})`)
    .prepare('ledger_transfer_group');
}

const transferStatements = new WeakMap<DbHandle, ReturnType<typeof transferStatement>>();

/** Transfers that commit together or not at all, on the handle given (with it, or on their own). */
async function commitTogether(handle: DbHandle, items: readonly Item[]): Promise<TransferOutcome[]> {
  let statement = transferStatements.get(handle);
  if (!statement) {
    statement = transferStatement(handle);
    transferStatements.set(handle, statement);
  }
  const values = Object.fromEntries(transferColumns.map(([name, field]) => [name, items.map((item) => item[field])]));
  const [row] = await runLedger(statement.execute(values));
  return (row?.ids ?? []).map((id, index) => ({ id, isReplay: row?.replays[index] === true }));
}

/** How many groups one database has at work at once, and how large they grow (bench/ledger.bench.mjs). */
const groupsInFlight = 2;
const maxGroupItems = 64;

const groupCommitters = new WeakMap<AppDatabase, GroupCommitter<Item, TransferOutcome>>();

function groupCommitterOf(database: AppDatabase): GroupCommitter<Item, TransferOutcome> {
  let committer = groupCommitters.get(database);
  if (!committer) {
    committer = groupCommitter<Item, TransferOutcome>({
      commit: (items) => commitTogether(database, items),
      groupsInFlight,
      maxItems: maxGroupItems,
    });
    groupCommitters.set(database, committer);
  }
  return committer;
}

export const ledger: Ledger = {
  async transfer(handle, requests, now) {
    if (requests.length === 0) return [];
    const items = requests.map((request) => itemOf(request, now));
    // Inside a business transaction the transfers join it; on their own they may share a commit.
    const outcomes =
      handle instanceof PgTransaction
        ? await commitTogether(handle, items)
        : await groupCommitterOf(handle).submit(items);
    // Thresholds the transfers took a balance below (a replayed transfer took nothing again). Within
    // the business transaction the event commits with them; on their own, just after their commit.
    const debits = items
      .filter((_, index) => outcomes[index]?.isReplay === false)
      .map((item) => ({ accountId: item.debit, amount: item.amount }));
    await detectCrossings(handle, debits, now);
    return outcomes;
  },

  async post(handle, transferId, now) {
    return resolve(handle, transferId, true, now);
  },

  async void(handle, transferId, now) {
    return resolve(handle, transferId, false, now);
  },
};

async function resolve(handle: DbHandle, transferId: string, isPost: boolean, now: Date): Promise<boolean> {
  const [row] = await runLedger(
    executeRows<{ changed: boolean }>(
      handle,
      sql`select ledger_resolve(${transferId}::uuid, ${isPost}, ${now.toISOString()}::timestamptz) as changed`,
    ),
  );
  return row?.changed === true;
}
