import { randomUUID } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import type { BankCredit, BankDetails, Deposit, DepositAddress, DepositHistory } from '@bank/contract/deposit';
import type { Transaction, TransactionDetails } from '@bank/contract/transaction';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit-table.ts';
import { call, createRunningTestApp, type RunningTestApp } from '../../platform/test-support.ts';
import { isBankRailScheduled, simulateBankCreditsSchedule } from './module.ts';
import { bankCredits } from './tables.ts';
import { approvedCompany, type ClientOfCompany, depositOperator } from './test-support.ts';

let test: RunningTestApp;
let operator: SignedIn;

beforeAll(async () => {
  test = await createRunningTestApp();
  operator = await depositOperator(test);
});
afterAll(async () => {
  await test?.close();
});

const today = () => test.clock.now().toISOString().slice(0, 10);
const idempotent = () => ({ 'idempotency-key': `history-test-${randomUUID()}` });

async function referenceOf(client: ClientOfCompany): Promise<string> {
  return (await call<BankDetails>(test, '/api/v1/deposit/bankDetails', { currency: 'USD' }, client)).data.reference;
}

function notice(client: ClientOfCompany, amount: string) {
  return call<{ transaction_id: string }>(
    test,
    '/api/v1/deposit/submit',
    { currency: 'USD', target: 'USDC', amount, expected_date: today() },
    { session: client.session, headers: idempotent() },
  );
}

const bankTransfer = (amount: string, reference: string) =>
  call<BankCredit>(
    test,
    '/api/v1/admin/simulator/bankCredit',
    { currency: 'USD', amount, reference, sender: 'HISTORY TRADING LTD' },
    { session: operator },
  );

const history = (id: string, session: SignedIn = operator) =>
  call<DepositHistory>(test, '/api/v1/admin/deposits/history', { id }, { session });

async function sendCoins(client: ClientOfCompany, amount: string): Promise<Deposit> {
  const address = await call<DepositAddress>(
    test,
    '/api/v1/deposit/details',
    { asset: 'USDT', network: 'TRC20' },
    { session: client.session },
  );
  const sent = await call<Deposit>(
    test,
    '/api/v1/admin/simulator/incomingDeposit',
    { address: address.data.address, asset: 'USDT', network: 'TRC20', amount },
    { session: operator },
  );
  expect(sent.code).toBe(200);
  return sent.data;
}

async function lineOf(client: ClientOfCompany, text: string): Promise<Transaction | undefined> {
  const page = await call<{ items: Transaction[] }>(
    test,
    '/api/v1/transaction/record',
    { text },
    { session: client.session },
  );
  return page.data.items[0];
}

describe('a deposit’s full history (back office)', () => {
  it('gathers a credited fiat deposit from any of its ids: notice, transfer, decision, ledger and audit', async () => {
    const client = await approvedCompany(test, 'History Fiat Co');
    const submitted = await notice(client, '5000');
    const arrived = await bankTransfer('5000', `INV 77 ${await referenceOf(client)}`);
    const credited = await call<BankCredit>(
      test,
      '/api/v1/admin/deposits/credit',
      { credit_id: arrived.data.credit_id, reason: 'Matched by reference' },
      { session: operator, headers: idempotent() },
    );
    expect(credited.code).toBe(200);

    const fromLine = await history(submitted.data.transaction_id);
    expect(fromLine.code).toBe(200);
    const data = fromLine.data;
    expect(data.kind).toBe('fiat');
    expect(data.company).toEqual({ company_id: client.companyId, name: 'History Fiat Co' });
    expect(data.notice).toMatchObject({ amount: '5000', currency: 'USD', status: 'credited', proof: null });
    expect(data.notice?.submitted_by).toMatch(/@/);
    expect(data.bank_credit).toMatchObject({
      credit_id: arrived.data.credit_id,
      status: 'credited',
      sender: 'HISTORY TRADING LTD',
      reason: 'Matched by reference',
      company: { company_id: client.companyId },
    });
    expect(data.bank_credit?.decided_by).toMatch(/^ops/);
    expect(data.transaction).toMatchObject({ transaction_id: submitted.data.transaction_id, status: 'success' });
    expect(data.steps.map((step) => step.step)).toEqual(['notice_submitted', 'funds_received', 'credited']);
    expect(data.movements.map((movement) => movement.kind)).toEqual(['fiat_deposit', 'fee']);
    expect(data.audit.map((entry) => entry.action)).toEqual([
      'deposit.notice_submitted',
      'simulator.bank_credit_sent',
      'deposit.bank_transfer_credited',
    ]);
    expect(data.audit.at(-1)?.detail).toMatchObject({ reason: 'Matched by reference' });

    // The same history whichever record it is opened from.
    const noticeId = data.notice?.notice_id ?? '';
    for (const id of [arrived.data.credit_id, noticeId]) expect((await history(id)).data).toEqual(data);
  });

  it('shows a returned transfer with who returned it and why, and one that named no company', async () => {
    const client = await approvedCompany(test);
    await notice(client, '2500');
    const arrived = await bankTransfer('2500', await referenceOf(client));
    await call(
      test,
      '/api/v1/admin/deposits/return',
      { credit_id: arrived.data.credit_id, reason: 'Sender is not the company' },
      { session: operator },
    );
    const returned = (await history(arrived.data.credit_id)).data;
    expect(returned.bank_credit).toMatchObject({ status: 'returned', reason: 'Sender is not the company' });
    expect(returned.notice?.status).toBe('returned');
    expect(returned.transaction?.status).toBe('rejected');
    expect(returned.movements).toEqual([]);

    const stray = await bankTransfer('40', 'NO REFERENCE AT ALL');
    const strayHistory = await history(stray.data.credit_id);
    expect(strayHistory.data).toMatchObject({
      kind: 'fiat',
      company: null,
      transaction: null,
      notice: null,
      movements: [],
    });
    expect(strayHistory.data.audit.map((entry) => entry.action)).toEqual(['simulator.bank_credit_sent']);
  });

  it('shows coins with their confirmations, by id, hash or history line, and the line counts them as blocks arrive', async () => {
    const client = await approvedCompany(test);
    const coins = await sendCoins(client, '1321.5');
    const line = await lineOf(client, coins.tx_hash);
    expect(line).toMatchObject({ status: 'in_process', confirmations: { count: 0, required: 19 } });

    await call(test, '/api/v1/admin/simulator/blocks', { blocks: 7 }, { session: operator });
    const confirming = await call<TransactionDetails>(
      test,
      '/api/v1/transaction/details',
      { transaction_id: line?.transaction_id ?? '' },
      { session: client.session },
    );
    expect(confirming.data.transaction).toMatchObject({
      status: 'in_process',
      confirmations: { count: 7, required: 19 },
    });
    // A confirmation is not a step of its own.
    expect(confirming.data.steps.map((step) => step.step)).toEqual(['seen_on_chain']);
    const byHash = await history(coins.tx_hash);
    expect(byHash.data).toMatchObject({
      kind: 'crypto',
      crypto: { deposit_id: coins.deposit_id, confirmations: 7, confirmations_required: 19, status: 'in_process' },
      notice: null,
      bank_credit: null,
    });
    expect(byHash.data.crypto?.address).toMatch(/^T/);

    await call(test, '/api/v1/admin/simulator/blocks', { blocks: 12 }, { session: operator });
    const done = (await history(coins.deposit_id)).data;
    expect(done.crypto).toMatchObject({ confirmations: 19, status: 'success' });
    expect(done.transaction).toMatchObject({ status: 'success', confirmations: { count: 19, required: 19 } });
    expect(done.steps.map((step) => step.step)).toEqual(['seen_on_chain', 'credited']);
    expect(done.movements).toMatchObject([{ kind: 'deposit', direction: 'credit', amount: '1321.5' }]);
    expect(done.audit.map((entry) => entry.action)).toEqual(['simulator.deposit_sent']);
    expect((await history(line?.transaction_id ?? '')).data).toEqual(done);
  });

  it('answers not found for an unknown id, and only to staff with deposit operations', async () => {
    expect((await history(randomUUID())).code).toBe(9404);
    expect((await history('0xnot-a-known-hash')).code).toBe(9404);
    expect((await history('')).code).toBe(9422);
    const client = await approvedCompany(test);
    const submitted = await notice(client, '5000');
    // A client may not read the back office's history, not even of its own deposit.
    expect((await history(submitted.data.transaction_id, client.session)).code).toBe(9403);
  });
});

describe('the scheduled bank rail (demo)', () => {
  it('is declared with the simulated networks wherever the rail is the simulator, and never beside a real rail', () => {
    expect(test.app.jobs.scheduleNames()).toContain(simulateBankCreditsSchedule);
    const simulatedRail = { simulators: { bankRail: true } };
    expect(isBankRailScheduled({ simulateNetworkBlocks: true }, simulatedRail)).toBe(true);
    expect(isBankRailScheduled({ simulateNetworkBlocks: false }, simulatedRail)).toBe(false);
    expect(isBankRailScheduled({ simulateNetworkBlocks: true }, { simulators: { bankRail: false } })).toBe(false);
  });

  it('sends each open notice’s transfer once it is a minute old, once however often it runs', async () => {
    const client = await approvedCompany(test, 'Scheduled Rail Co');
    const submitted = await notice(client, '3100');
    const noticeId = (await history(submitted.data.transaction_id)).data.notice?.notice_id ?? '';
    const creditsOfNotice = () =>
      test.database.db.select().from(bankCredits).where(eq(bankCredits.notice_id, noticeId));

    await test.app.jobs.runSchedule(simulateBankCreditsSchedule);
    expect(await creditsOfNotice()).toHaveLength(0);

    test.clock.advance(61);
    await Promise.all([
      test.app.jobs.runSchedule(simulateBankCreditsSchedule),
      test.app.jobs.runSchedule(simulateBankCreditsSchedule),
    ]);
    await test.app.jobs.runSchedule(simulateBankCreditsSchedule);
    const credits = await creditsOfNotice();
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({
      status: 'unmatched',
      company_id: client.companyId,
      sender: 'SCHEDULED RAIL CO',
    });

    // Through the simulator's own path: matched, the line waits for staff, and audited as the schedule's.
    const after = await history(submitted.data.transaction_id);
    expect(after.data.transaction?.status).toBe('admin_review');
    expect(after.data.bank_credit?.amount).toBe('3100');
    const [entry] = await test.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'simulator.bank_credit_sent'))
      .then((rows) => rows.filter((row) => (row.detail as { credit_id?: string }).credit_id === credits[0]?.id));
    expect(entry).toMatchObject({ actor_user_id: null, detail: { scheduled: true } });
  });
});
