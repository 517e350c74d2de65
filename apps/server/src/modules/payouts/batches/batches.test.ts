import { randomUUID } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import { errorCatalogue } from '@bank/contract/errors';
import type { InboxMessage } from '@bank/contract/inbox';
import type { PayoutBatch } from '@bank/contract/payout-batches';
import type { Payout } from '@bank/contract/payouts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../platform/audit-table.ts';
import { call, createRunningTestApp, type RunningTestApp, settleEmails } from '../../../platform/test-support.ts';
import { checkLedgerInvariants, ensureRates } from '../../ledger/index.ts';
import { payoutAddresses, payouts } from '../tables.ts';
import {
  addAddress,
  addPayee,
  availableBalance,
  colleague,
  fundedCompany,
  idempotent,
  trc20Address,
} from '../test-support.ts';

let test: RunningTestApp;
beforeAll(async () => {
  test = await createRunningTestApp();
  await ensureRates(test.database.db, test.clock.now());
});
afterAll(async () => {
  await test?.close();
});

const codes = {
  ok: 200,
  validation: errorCatalogue.validation.code,
  forbidden: errorCatalogue.forbidden.code,
  notFound: errorCatalogue.not_found.code,
  illegal: errorCatalogue.illegal_state.code,
};

const header = 'payee,amount,currency,purpose,remarks';

function csvOf(rows: string[]): string {
  return [header, ...rows].join('\n');
}

async function upload(session: SignedIn, csv: string, language?: string) {
  return call<PayoutBatch>(
    test,
    '/api/v1/withdraw/batch/upload',
    { file_name: 'suppliers.csv', csv, fiat_asset: 'USDT', sender_account_name: 'Batch Test Treasury' },
    { session, ...(language ? { headers: { language } } : {}) },
  );
}

async function submit(session: SignedIn, batchId: string, key = randomUUID()) {
  return call<PayoutBatch>(
    test,
    '/api/v1/withdraw/batch/submit',
    { batch_id: batchId },
    { session, headers: idempotent(key) },
  );
}

async function companyPayoutCount(companyId: string): Promise<number> {
  const rows = await test.database.db.select({ id: payouts.id }).from(payouts).where(eq(payouts.company_id, companyId));
  return rows.length;
}

/** A company whose policy asks a colleague to approve every payout, with its approver and an address. */
async function companyWithApprover(funds: string) {
  const client = await fundedCompany(test, { funds: { USDT: funds } });
  const policy = await call(
    test,
    '/api/v1/withdraw/policy/set',
    { approve_all: true, thresholds: [] },
    { session: client.session },
  );
  expect(policy.code, policy.msg).toBe(codes.ok);
  const approver = await colleague(test, client.companyId, ['approve_payouts']);
  const address = await addAddress(test, client.session, { name: 'Supplier wallet', address: trc20Address(9) });
  return { ...client, approver, address };
}

describe('batch payouts', () => {
  it('reports exactly the 3 bad rows of 500, in the reader’s language, and submits nothing until they are fixed', async () => {
    const { session, companyId, address } = await companyWithApprover('100000');
    const rows = Array.from(
      { length: 500 },
      (_, index) => `${address.address},${10 + (index % 7)},USDT,Supplier payment,Invoice ${index}`,
    );
    rows[49] = 'Nobody we know,20,USDT,supplier_payment,';
    rows[199] = `${address.address},5,USDT,supplier_payment,too small`;
    rows[399] = 'Supplier wallet,25,USDT,gift,';
    const uploaded = await upload(session, csvOf(rows));
    expect(uploaded.code, uploaded.msg).toBe(codes.ok);
    const batch = uploaded.data;
    expect(batch.row_count).toBe(500);
    expect(batch.invalid_count).toBe(3);
    const bad = batch.rows.filter((row) => row.state === 'invalid');
    expect(bad.map((row) => [row.line, row.errors.map((error) => error.field)])).toEqual([
      [51, ['payee']],
      [201, ['amount']],
      [401, ['purpose']],
    ]);
    expect(bad[1]?.errors[0]?.message).toMatch(/10/);
    const chinese = await call<PayoutBatch>(
      test,
      '/api/v1/withdraw/batch/get',
      { batch_id: batch.batch_id },
      { session, headers: { language: 'ch' } },
    );
    expect(chinese.data.rows[49]?.errors[0]?.message).toMatch(/收款人/);

    const refused = await submit(session, batch.batch_id);
    expect(refused.code).toBe(codes.illegal);
    expect(refused.msg).toMatch(/3 rows/);
    expect(await companyPayoutCount(companyId)).toBe(0);

    const fixed = { payee: address.address, amount: '20', currency: 'USDT', purpose: 'supplier_payment', remarks: '' };
    for (const line of [51, 201]) {
      const edited = await call<PayoutBatch>(
        test,
        '/api/v1/withdraw/batch/row/edit',
        { batch_id: batch.batch_id, line, fields: fixed },
        { session },
      );
      expect(edited.code, edited.msg).toBe(codes.ok);
    }
    const removed = await call<PayoutBatch>(
      test,
      '/api/v1/withdraw/batch/row/remove',
      { batch_id: batch.batch_id, line: 401 },
      { session },
    );
    expect(removed.data.invalid_count).toBe(0);
    expect(removed.data.row_count).toBe(499);
    const submitted = await submit(session, batch.batch_id);
    expect(submitted.code, submitted.msg).toBe(codes.ok);
    expect(submitted.data.status).toBe('pending_approval');
    expect(submitted.data.totals).toHaveLength(1);
    expect(await companyPayoutCount(companyId)).toBe(0);
    await checkLedgerInvariants(test.database.db);
  }, 300_000);

  it('makes one batch of two submissions with one Idempotency-Key, and one payout per row on approval', async () => {
    const { session, companyId, approver, address } = await companyWithApprover('10000');
    const payee = await addPayee(test, session);
    const uploaded = await upload(
      session,
      csvOf([
        `${address.address},100,USDT,supplier_payment,A`,
        `Supplier wallet,50.5,USDT,services_payment,B`,
        `${payee.account_number},250,GBP,supplier_payment,C`,
      ]),
    );
    expect(uploaded.data.invalid_count, JSON.stringify(uploaded.data.rows.map((row) => row.errors))).toBe(0);
    const key = randomUUID();
    const [first, second] = await Promise.all([
      submit(session, uploaded.data.batch_id, key),
      submit(session, uploaded.data.batch_id, key),
    ]);
    expect(first.code, first.msg).toBe(codes.ok);
    expect(second.code, second.msg).toBe(codes.ok);
    expect(second.data.batch_id).toBe(first.data.batch_id);
    const audits = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.company_id, companyId), eq(auditLog.action, 'payout_batch.submitted')));
    expect(audits).toHaveLength(1);

    const own = await call(
      test,
      '/api/v1/withdraw/batch/approval/decide',
      { batch_id: first.data.batch_id, decision: 'approve' },
      { session },
    );
    expect(own.code).toBe(codes.forbidden);
    const listed = await call<{ items: { batch_id: string }[] }>(
      test,
      '/api/v1/withdraw/batch/approval/list',
      {},
      { session: approver },
    );
    expect(listed.data.items.map((item) => item.batch_id)).toEqual([first.data.batch_id]);
    const approved = await call<PayoutBatch>(
      test,
      '/api/v1/withdraw/batch/approval/decide',
      { batch_id: first.data.batch_id, decision: 'approve' },
      { session: approver },
    );
    expect(approved.code, approved.msg).toBe(codes.ok);
    expect(approved.data.status).toBe('approved');
    expect(approved.data.rows.map((row) => [row.state, row.payout?.status])).toEqual([
      ['paid', 'admin_review'],
      ['paid', 'admin_review'],
      ['paid', 'admin_review'],
    ]);
    expect(await companyPayoutCount(companyId)).toBe(3);
    const again = await call(
      test,
      '/api/v1/withdraw/batch/approval/decide',
      { batch_id: first.data.batch_id, decision: 'approve' },
      { session: approver },
    );
    expect(again.code).toBe(codes.illegal);
    expect(await companyPayoutCount(companyId)).toBe(3);
    await checkLedgerInvariants(test.database.db);
  }, 120_000);

  it('lets its maker cancel a batch waiting for approval, not another preparer: nothing is paid and the hold returns', async () => {
    const { session, companyId, approver, address } = await companyWithApprover('1000');
    const preparer = await colleague(test, companyId, ['prepare_payouts']);
    const uploaded = await upload(session, csvOf([`${address.address},100,USDT,supplier_payment,A`]));
    const submitted = await submit(session, uploaded.data.batch_id);
    expect(submitted.data).toMatchObject({ status: 'pending_approval', may_cancel: true });
    expect(Number(await availableBalance(test, companyId))).toBeLessThan(1000);
    const cancel = (caller: SignedIn) =>
      call<PayoutBatch>(
        test,
        '/api/v1/withdraw/batch/cancel',
        { batch_id: uploaded.data.batch_id },
        { session: caller },
      );

    const seenByOther = await call<PayoutBatch>(
      test,
      '/api/v1/withdraw/batch/get',
      { batch_id: uploaded.data.batch_id },
      { session: preparer },
    );
    expect(seenByOther.data.may_cancel).toBe(false);
    expect((await cancel(preparer)).code).toBe(codes.forbidden);
    expect((await cancel(approver)).code).toBe(codes.forbidden);

    const cancelled = await cancel(session);
    expect(cancelled.code, cancelled.msg).toBe(codes.ok);
    expect(cancelled.data).toMatchObject({ status: 'cancelled', may_cancel: false, may_approve: false });
    expect(await availableBalance(test, companyId)).toBe('1000');
    expect((await cancel(session)).code).toBe(codes.illegal);
    const approveCancelled = await call(
      test,
      '/api/v1/withdraw/batch/approval/decide',
      { batch_id: uploaded.data.batch_id, decision: 'approve' },
      { session: approver },
    );
    expect(approveCancelled.code).toBe(codes.illegal);
    expect(await companyPayoutCount(companyId)).toBe(0);
    const audits = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.company_id, companyId), eq(auditLog.action, 'payout_batch.cancelled')));
    expect(audits).toHaveLength(1);
    await checkLedgerInvariants(test.database.db);
  }, 120_000);

  it('asks the approvers through their inbox, not its maker, and tells the maker of a rejection', async () => {
    const { session, companyId, approver, address } = await companyWithApprover('1000');
    const uploaded = await upload(
      session,
      csvOf([`${address.address},100,USDT,supplier_payment,A`, `Supplier wallet,20,USDT,services_payment,B`]),
    );
    await submit(session, uploaded.data.batch_id);
    const inboxOf = async (reader: SignedIn) => {
      await settleEmails(test);
      const listed = await call<{ items: InboxMessage[] }>(test, '/api/v1/msg/list', {}, { session: reader });
      return listed.data.items.filter((message) => message.kind.startsWith('payout_batch'));
    };
    const link = { page: 'payout_batches', id: uploaded.data.batch_id };
    expect(await inboxOf(approver)).toMatchObject([
      { kind: 'payout_batch_approval_requested', params: { file_name: 'suppliers.csv', rows: '2' }, link },
    ]);
    expect(await inboxOf(session)).toEqual([]);

    const rejected = await call<PayoutBatch>(
      test,
      '/api/v1/withdraw/batch/approval/decide',
      { batch_id: uploaded.data.batch_id, decision: 'reject', reason: 'Invoice B is not due yet' },
      { session: approver },
    );
    expect(rejected.data.status, rejected.msg).toBe('rejected');
    expect(await inboxOf(session)).toMatchObject([
      { kind: 'payout_batch_rejected', params: { rows: '2', reason: 'Invoice B is not due yet' }, link },
    ]);
    expect(await inboxOf(approver)).toHaveLength(1);
    expect(await availableBalance(test, companyId)).toBe('1000');
  }, 120_000);

  it('lists a row that could not be paid, and a retry pays it once', async () => {
    const { session, companyId, approver, address } = await companyWithApprover('10000');
    const other = await addAddress(test, session, { name: 'Second wallet', address: trc20Address(11) });
    const uploaded = await upload(
      session,
      csvOf([`Supplier wallet,100,USDT,supplier_payment,`, `Second wallet,40,USDT,supplier_payment,`]),
    );
    const submitted = await submit(session, uploaded.data.batch_id);
    expect(submitted.code, submitted.msg).toBe(codes.ok);
    // The second address is deleted while the batch waits: its row cannot become a payout.
    await test.database.db
      .update(payoutAddresses)
      .set({ deleted_at: test.clock.now() })
      .where(eq(payoutAddresses.id, other.address_id));
    const approved = await call<PayoutBatch>(
      test,
      '/api/v1/withdraw/batch/approval/decide',
      { batch_id: submitted.data.batch_id, decision: 'approve' },
      { session: approver },
    );
    expect(approved.data.rows.map((row) => row.state)).toEqual(['paid', 'failed']);
    expect(approved.data.failed_count).toBe(1);
    expect(approved.data.rows[1]?.is_retryable).toBe(true);
    expect(approved.data.rows[1]?.errors[0]?.message).toMatch(/deleted after the batch was submitted/);
    expect(await companyPayoutCount(companyId)).toBe(1);

    await test.database.db
      .update(payoutAddresses)
      .set({ deleted_at: null })
      .where(eq(payoutAddresses.id, other.address_id));
    const key = randomUUID();
    const retried = await call<PayoutBatch>(
      test,
      '/api/v1/withdraw/batch/retry',
      { batch_id: submitted.data.batch_id, lines: [3] },
      { session, headers: idempotent(key) },
    );
    expect(retried.code, retried.msg).toBe(codes.ok);
    expect(retried.data.rows[1]?.payout?.status).toBe('pending_approval');
    const replayed = await call<PayoutBatch>(
      test,
      '/api/v1/withdraw/batch/retry',
      { batch_id: submitted.data.batch_id, lines: [3] },
      { session, headers: idempotent(key) },
    );
    expect(replayed.data.rows[1]?.payout?.payout_id).toBe(retried.data.rows[1]?.payout?.payout_id);
    const twice = await call(
      test,
      '/api/v1/withdraw/batch/retry',
      { batch_id: submitted.data.batch_id, lines: [3] },
      { session, headers: idempotent() },
    );
    expect(twice.code).toBe(codes.illegal);
    const paidRow = await call(
      test,
      '/api/v1/withdraw/batch/retry',
      { batch_id: submitted.data.batch_id, lines: [2] },
      { session, headers: idempotent() },
    );
    expect(paidRow.code).toBe(codes.illegal);
    expect(await companyPayoutCount(companyId)).toBe(2);
    const payout = await call<Payout>(
      test,
      '/api/v1/withdraw/crypto/get',
      { payout_id: retried.data.rows[1]?.payout?.payout_id },
      { session },
    );
    expect(payout.data.amount).toBe('40');
    expect(address.address).not.toBe(other.address);
    await checkLedgerInvariants(test.database.db);
  }, 120_000);

  it('answers not found for another company’s batch, and refuses a file without the columns', async () => {
    const { session, address } = await companyWithApprover('1000');
    const uploaded = await upload(session, csvOf([`${address.address},20,USDT,other,`]));
    const stranger = await fundedCompany(test);
    for (const path of [
      '/api/v1/withdraw/batch/get',
      '/api/v1/withdraw/batch/quote',
      '/api/v1/withdraw/batch/approval/get',
    ]) {
      const answer = await call(test, path, { batch_id: uploaded.data.batch_id }, { session: stranger.session });
      expect(answer.code, path).toBe(codes.notFound);
    }
    const foreign = await submit(stranger.session, uploaded.data.batch_id);
    expect(foreign.code).toBe(codes.notFound);
    const noColumns = await upload(session, 'name,value\nx,1');
    expect(noColumns.code).toBe(codes.validation);
    expect(JSON.stringify(noColumns.data)).toMatch(/payee, amount, currency, purpose, remarks/);
  }, 120_000);
});
