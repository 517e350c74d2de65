import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, executeRows } from '../../platform/db.ts';
import { isAppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { createTestDatabase } from '../../platform/test-database.ts';
import { checkLedgerInvariants } from './invariants.ts';
import { LedgerBugError, ledger, type TransferRequest } from './ledger.ts';
import { accountBalance, accountIdOf, companyBalances } from './queries.ts';
import { clearingAccountOf, fundedAccount, insertCompanies } from './test-support.ts';

let database: Database;
const now = new Date('2026-11-25T10:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** Two funded companies' USDC accounts: a pays b. */
async function twoAccounts(balanceOfA: string) {
  const db = database.db;
  const [a = '', b = ''] = await insertCompanies(db, 2, now);
  return {
    a: await fundedAccount(db, a, 'USDC', balanceOfA, now),
    b: await fundedAccount(db, b, 'USDC', '0', now),
  };
}

function payment(from: string, to: string, amount: string, key = newId()): TransferRequest {
  return {
    idempotencyKey: key,
    kind: 'payment',
    asset: 'USDC',
    debitAccountId: from,
    creditAccountId: to,
    amount,
    reference: { type: 'test', id: key },
  };
}

async function refusalOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return isAppError(error) ? error.key : String(error);
  }
  return 'accepted';
}

describe('ledger transfers', () => {
  it('moves money between two accounts with an entry on each and the balance after it', async () => {
    const { a, b } = await twoAccounts('100');
    const [outcome] = await ledger.transfer(database.db, [payment(a, b, '40.5')], now);
    expect(outcome?.isReplay).toBe(false);
    expect(await accountBalance(database.db, a)).toMatchObject({ available: '59.500000000000000000', version: 2 });
    expect(await accountBalance(database.db, b)).toMatchObject({ balance: '40.500000000000000000', version: 1 });
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
  });

  it('stamps an account’s entries in the order they were posted, even when an earlier time locks it later', async () => {
    const { a, b } = await twoAccounts('100');
    const earlier = new Date(now.getTime() - 1_000);
    await ledger.transfer(database.db, [payment(a, b, '10')], now);
    // Asked at `earlier` but posted after the first: its entries take the accounts' last time.
    await ledger.transfer(database.db, [payment(a, b, '5')], earlier);
    const ofA = await executeRows<{ at: string; balance_after: string }>(
      database.db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
            trim_scale(balance_after)::text as balance_after
          from ledger_entries where account_id = ${a} order by created_at`,
    );
    // Read by time, each balance after follows the one before it.
    expect(ofA.map((row) => row.balance_after)).toEqual(['100', '90', '85']);
    expect(ofA.at(-1)?.at).toBe(now.toISOString());
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
  });

  it('refuses a transfer that would take a customer account below zero, and changes nothing', async () => {
    const { a, b } = await twoAccounts('10');
    const before = await accountBalance(database.db, a);
    expect(await refusalOf(ledger.transfer(database.db, [payment(a, b, '10.000001')], now))).toBe(
      'insufficient_balance',
    );
    expect(await accountBalance(database.db, a)).toEqual(before);
    expect(await accountBalance(database.db, b)).toMatchObject({ balance: '0.000000000000000000', version: 0 });
    // Exactly the balance is allowed: zero is not below zero.
    await ledger.transfer(database.db, [payment(a, b, '10')], now);
    expect(await accountBalance(database.db, a)).toMatchObject({ balance: '0.000000000000000000' });
  });

  it('commits a batch together or not at all', async () => {
    const { a, b } = await twoAccounts('50');
    const batch = [payment(a, b, '30'), payment(a, b, '30')];
    expect(await refusalOf(ledger.transfer(database.db, batch, now))).toBe('insufficient_balance');
    expect(await accountBalance(database.db, a)).toMatchObject({ balance: '50.000000000000000000' });
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
  });

  it('answers a repeated key with the first transfer, and refuses the key for another transfer', async () => {
    const { a, b } = await twoAccounts('100');
    const first = await ledger.transfer(database.db, [payment(a, b, '10', 'key-repeat')], now);
    const again = await ledger.transfer(database.db, [payment(a, b, '10', 'key-repeat')], now);
    expect(again).toEqual([{ id: first[0]?.id, isReplay: true }]);
    expect(await refusalOf(ledger.transfer(database.db, [payment(a, b, '11', 'key-repeat')], now))).toBe(
      'idempotency_conflict',
    );
    expect(await accountBalance(database.db, b)).toMatchObject({ balance: '10.000000000000000000' });
  });

  it('makes one transfer of 100 concurrent asks with one key', async () => {
    const { a, b } = await twoAccounts('100');
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, () => ledger.transfer(database.db, [payment(a, b, '1', 'key-concurrent')], now)),
    );
    const ids = new Set(outcomes.map((outcome) => outcome[0]?.id));
    expect(ids.size).toBe(1);
    expect(outcomes.filter((outcome) => outcome[0]?.isReplay === false)).toHaveLength(1);
    expect(await accountBalance(database.db, b)).toMatchObject({ balance: '1.000000000000000000' });
  });

  it('makes one transfer of one key asked at once for other accounts, and refuses the others as a conflict', async () => {
    // Asks for different accounts take different locks: only the unique key stands between them.
    const pairs = await Promise.all(Array.from({ length: 8 }, () => twoAccounts('100')));
    const outcomes = await Promise.allSettled(
      pairs.map(({ a, b }) => ledger.transfer(database.db, [payment(a, b, '1', 'key-raced')], now)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected')
        expect(await refusalOf(Promise.reject(outcome.reason))).toBe('idempotency_conflict');
    const credited = await Promise.all(pairs.map(({ b }) => accountBalance(database.db, b)));
    expect(credited.filter((account) => account?.balance === '1.000000000000000000')).toHaveLength(1);
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
  });

  it('answers each of many calls made at once on its own, though they share commits', async () => {
    // 20 asks of 5 from an account of 60 (group-commit.ts): 12 are made, 8 refused, whatever groups they met.
    const { a, b } = await twoAccounts('60');
    const others = await twoAccounts('100');
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 20 }, () => ledger.transfer(database.db, [payment(a, b, '5')], now)),
      ...Array.from({ length: 10 }, () => ledger.transfer(database.db, [payment(others.a, others.b, '1')], now)),
    ]);
    const refusals = await Promise.all(
      outcomes.map((outcome) => (outcome.status === 'rejected' ? refusalOf(Promise.reject(outcome.reason)) : 'made')),
    );
    expect(refusals.slice(0, 20).filter((refusal) => refusal === 'made')).toHaveLength(12);
    expect(refusals.slice(0, 20).filter((refusal) => refusal === 'insufficient_balance')).toHaveLength(8);
    expect(refusals.slice(20)).toEqual(Array.from({ length: 10 }, () => 'made'));
    const ids = outcomes.flatMap((outcome) =>
      outcome.status === 'fulfilled' ? outcome.value.map((made) => made.id) : [],
    );
    expect(new Set(ids).size).toBe(22);
    expect(await accountBalance(database.db, a)).toMatchObject({ balance: '0.000000000000000000', version: 13 });
    expect(await accountBalance(database.db, others.b)).toMatchObject({ balance: '10.000000000000000000' });
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
  });

  it('refuses what no correct caller asks: zero, a negative amount, too many decimals, one account twice, another asset', async () => {
    const { a, b } = await twoAccounts('100');
    for (const amount of ['0', '-1', '0.0000001'])
      await expect(ledger.transfer(database.db, [payment(a, b, amount)], now)).rejects.toBeInstanceOf(LedgerBugError);
    await expect(ledger.transfer(database.db, [payment(a, a, '1')], now)).rejects.toBeInstanceOf(LedgerBugError);
    const [company = ''] = await insertCompanies(database.db, 1, now);
    const btc = await accountIdOf(database.db, { kind: 'customer', companyId: company, asset: 'BTC' }, now);
    await expect(ledger.transfer(database.db, [payment(a, btc, '1')], now)).rejects.toBeInstanceOf(LedgerBugError);
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
  });
});

describe('ledger holds', () => {
  it('holds money apart from the available balance, then posts it', async () => {
    const { a, b } = await twoAccounts('100');
    const [hold] = await ledger.transfer(database.db, [{ ...payment(a, b, '70'), isPending: true }], now);
    expect(await accountBalance(database.db, a)).toMatchObject({
      balance: '100.000000000000000000',
      held: '70.000000000000000000',
      available: '30.000000000000000000',
    });
    // Held money is spent: only the available 30 can move.
    expect(await refusalOf(ledger.transfer(database.db, [payment(a, b, '31')], now))).toBe('insufficient_balance');
    expect(await ledger.post(database.db, hold?.id ?? '', now)).toBe(true);
    expect(await ledger.post(database.db, hold?.id ?? '', now)).toBe(false);
    expect(await refusalOf(ledger.void(database.db, hold?.id ?? '', now))).toBe('illegal_state');
    expect(await accountBalance(database.db, a)).toMatchObject({
      balance: '30.000000000000000000',
      held: '0.000000000000000000',
    });
    expect(await accountBalance(database.db, b)).toMatchObject({ balance: '70.000000000000000000' });
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
  });

  it('voids a hold, which gives the money back and cannot then be posted', async () => {
    const { a, b } = await twoAccounts('100');
    const [hold] = await ledger.transfer(database.db, [{ ...payment(a, b, '100'), isPending: true }], now);
    expect(await ledger.void(database.db, hold?.id ?? '', now)).toBe(true);
    expect(await refusalOf(ledger.post(database.db, hold?.id ?? '', now))).toBe('illegal_state');
    expect(await accountBalance(database.db, a)).toMatchObject({ available: '100.000000000000000000' });
    expect(await refusalOf(ledger.post(database.db, newId(), now))).toBe('not_found');
    expect(await checkLedgerInvariants(database.db)).toEqual([]);
  });
});

describe('ledger accounts', () => {
  it('opens one account per company and asset however often it is asked, concurrently', async () => {
    const [company = ''] = await insertCompanies(database.db, 1, now);
    const ids = await Promise.all(
      Array.from({ length: 20 }, () =>
        accountIdOf(database.db, { kind: 'customer', companyId: company, asset: 'ETH' }, now),
      ),
    );
    expect(new Set(ids).size).toBe(1);
    const clearing = await Promise.all([
      clearingAccountOf(database.db, 'ETH', now),
      clearingAccountOf(database.db, 'ETH', now),
    ]);
    expect(clearing[0]).toBe(clearing[1]);
    expect(await companyBalances(database.db, company)).toEqual([
      expect.objectContaining({ asset: 'ETH', balance: '0.000000000000000000' }),
    ]);
  });
});
