import { randomUUID } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import { errorCatalogue } from '@bank/contract/errors';
import type { InboxMessage } from '@bank/contract/inbox';
import {
  getCryptoPayout,
  getPayoutForApproval,
  type Payout,
  type PayoutCheck,
  type PayoutDetails,
  type PayoutQuote,
  type StaffPayout,
} from '@bank/contract/payouts';
import type { Transaction } from '@bank/contract/transaction';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit-table.ts';
import {
  call,
  createRunningTestApp,
  fieldsOutsideContract,
  type RunningTestApp,
  settleEmails,
} from '../../platform/test-support.ts';
import { depositOperator } from '../deposits/test-support.ts';
import { checkLedgerInvariants, ensureRates } from '../ledger/index.ts';
import { deleteExpiredQuotesSchedule, settleSimulatedPayoutsSchedule } from './module.ts';
import { payoutQuotes, payouts } from './tables.ts';
import {
  addAddress,
  addPayee,
  availableBalance,
  colleague,
  cryptoQuote,
  fundedCompany,
  idempotent,
  instructions,
  payeeFields,
  submitCrypto,
  trc20Address,
} from './test-support.ts';

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
  fresh: errorCatalogue.fresh_second_factor_required.code,
  insufficient: errorCatalogue.insufficient_balance.code,
};

const available = (companyId: string, asset: 'USDT' | 'USDC' = 'USDT') => availableBalance(test, companyId, asset);

/** Every rate quoted now (other tests move the clock past the rates' freshness). */
async function freshRates() {
  const answer = await call(test, '/api/v1/admin/simulator/rates', {}, { session: await depositOperator(test) });
  expect(answer.code, answer.msg).toBe(codes.ok);
}

async function review(payoutId: string, decision: 'approve' | 'reject', reason = '', note = '') {
  const staff = await depositOperator(test);
  return call<StaffPayout>(
    test,
    '/api/v1/admin/payouts/decide',
    { payout_id: payoutId, decision, reason, note },
    { session: staff },
  );
}

describe('payees and the address book', () => {
  it('checks IBAN, SWIFT/BIC, the intermediary bank and the email, each on its field', async () => {
    const { session } = await fundedCompany(test);
    const answer = await call(
      test,
      '/api/v1/withdraw/payee/add',
      {
        ...payeeFields,
        swift_code: 'NOTASWIFT',
        email: 'not-an-email',
        intermediary: { bank_name: 'Correspondent', country: 'US', swift_code: '', bank_address: '' },
      },
      { session, headers: idempotent() },
    );
    expect(answer.code).toBe(codes.validation);
    const fields = (answer.data as { fields: Record<string, string> }).fields;
    expect(Object.keys(fields).sort()).toEqual(
      ['email', 'intermediary.bank_address', 'intermediary.swift_code', 'swift_code'].sort(),
    );
    const iban = await call(
      test,
      '/api/v1/withdraw/payee/add',
      { ...payeeFields, account_number: 'GB00BUKB20201555555555' },
      { session, headers: idempotent() },
    );
    expect((iban.data as { fields: Record<string, string> }).fields.account_number).toMatch(/IBAN/);
    // A country without IBANs takes a plain account number, and its routing number.
    const american = await addPayee(test, session, {
      bank_country: 'US',
      account_number: '000123456789',
      local_bank_code: '021000021',
      currency: 'USD',
    });
    expect(american.account_number).toBe('000123456789');
    expect(american.local_bank_code).toBe('021000021');
  });

  it("checks the bank's local code by its country: an ABA routing number's checksum, a sort code inside the IBAN, none in Germany", async () => {
    const { session } = await fundedCompany(test);
    const attempts: Record<string, string>[] = [
      { bank_country: 'US', account_number: '000123456789', local_bank_code: '021000022', currency: 'USD' },
      { bank_country: 'US', account_number: '000123456789', local_bank_code: '', currency: 'USD' },
      { local_bank_code: '40-47-84' },
      {
        bank_country: 'DE',
        account_number: 'DE89370400440532013000',
        swift_code: 'COBADEFFXXX',
        local_bank_code: '37040044',
        currency: 'EUR',
      },
      { beneficiary_address: '  ' },
    ];
    const fieldsOf = async (change: Record<string, string>) => {
      const answer = await call(
        test,
        '/api/v1/withdraw/payee/add',
        { ...payeeFields, ...change },
        { session, headers: idempotent() },
      );
      expect(answer.code).toBe(codes.validation);
      return (answer.data as { fields: Record<string, string> }).fields;
    };
    const [routing, missing, sortCode, german, address] = await Promise.all(attempts.map(fieldsOf));
    expect(routing).toEqual({ local_bank_code: 'Enter a valid ABA routing number: 9 digits (for example 021000021)' });
    expect(missing).toEqual({ local_bank_code: expect.any(String) });
    expect(sortCode).toEqual({ local_bank_code: 'The sort code must be the one inside the IBAN' });
    expect(Object.keys(german ?? {})).toEqual(['local_bank_code']);
    expect(Object.keys(address ?? {})).toEqual(['beneficiary_address']);
    // The same rule in Japanese.
    const japanese = await call(
      test,
      '/api/v1/withdraw/payee/add',
      { ...payeeFields, local_bank_code: '2020' },
      { session, headers: idempotent(), language: 'jp' },
    );
    expect((japanese.data as { fields: Record<string, string> }).fields.local_bank_code).toBe(
      'ソートコードを入力してください: 6 桁の数字（例: 20-20-15）',
    );
    // A sort code written with hyphens is the IBAN's.
    const british = await addPayee(test, session, { local_bank_code: '20-20-15' });
    expect(british.local_bank_code).toBe('202015');
  });

  it('refuses an address whose checksum is wrong for its network, and one of another network', async () => {
    const { session } = await fundedCompany(test);
    const good = trc20Address();
    const broken = `${good.slice(0, -1)}${good.endsWith('a') ? 'b' : 'a'}`;
    for (const address of [broken, '0x52908400098527886E0F7030069857D2E4169EE7'.toLowerCase().replace('52', '53')]) {
      const answer = await call(
        test,
        '/api/v1/withdraw/address/add',
        { name: 'Wallet', asset: 'USDT', network: 'TRC20', address },
        { session, headers: idempotent() },
      );
      expect(answer.code).toBe(codes.validation);
      expect((answer.data as { fields: Record<string, string> }).fields.address).toMatch(/not a valid address/);
    }
  });

  it('needs a fresh second factor to add, change or delete', async () => {
    const { session } = await fundedCompany(test);
    const entry = await addAddress(test, session);
    test.clock.advance(6 * 60);
    const added = await call(test, '/api/v1/withdraw/payee/add', payeeFields, { session, headers: idempotent() });
    expect(added.code).toBe(codes.fresh);
    const removed = await call(test, '/api/v1/withdraw/address/del', { address_id: entry.address_id }, { session });
    expect(removed.code).toBe(codes.fresh);
  });
});

describe('crypto payouts', () => {
  it('holds the amount and fee at once, then staff approve, custody sends with a hash and the payout completes', async () => {
    const { session, companyId } = await fundedCompany(test, { funds: { USDT: '1000' } });
    const entry = await addAddress(test, session);
    const quote = await cryptoQuote(test, session, '250');
    expect(quote).toMatchObject({ amount: '250', fee: '1.5', total: '251.5', receive_amount: '250' });
    const checked = await call<PayoutCheck>(
      test,
      '/api/v1/withdraw/crypto/check',
      { quote_id: quote.quote_id, address_id: entry.address_id, ...instructions },
      { session },
    );
    expect(checked.code, checked.msg).toBe(codes.ok);
    expect(checked.data.needs_approval).toBe(false);
    const submitted = await call<Payout>(
      test,
      '/api/v1/withdraw/crypto/withdraw',
      { quote_id: quote.quote_id, address_id: entry.address_id, ...instructions },
      { session, headers: idempotent() },
    );
    expect(submitted.code, submitted.msg).toBe(codes.ok);
    expect(submitted.data.status).toBe('admin_review');
    expect(await available(companyId)).toBe('748.5');

    const approved = await review(submitted.data.payout_id, 'approve');
    expect(approved.code, approved.msg).toBe(codes.ok);
    expect(approved.data.status).toBe('in_process');
    expect(approved.data.tx_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(approved.data.confirmations).toEqual({ count: 0, required: 19 });

    const staff = await depositOperator(test);
    const done = await call<StaffPayout>(
      test,
      '/api/v1/admin/simulator/payoutOutcome',
      { payout_id: submitted.data.payout_id, outcome: 'complete' },
      { session: staff },
    );
    expect(done.data.status).toBe('success');
    expect(await available(companyId)).toBe('748.5');
    const details = await call<PayoutDetails>(
      test,
      '/api/v1/withdraw/crypto/get',
      { payout_id: submitted.data.payout_id },
      { session },
    );
    expect(details.data.timeline.map((step) => step.step)).toEqual([
      'submitted',
      'review_approved',
      'sent',
      'completed',
    ]);
    expect(details.data.timeline[1]?.actor).toEqual({ kind: 'bank', name: null });
    const line = await call<Transaction>(
      test,
      '/api/v1/transaction/get',
      { transaction_id: details.data.transaction_id },
      { session },
    );
    expect(line.data).toMatchObject({
      type: 'crypto_payout',
      direction: 'debit',
      status: 'success',
      tx_hash: approved.data.tx_hash,
      payout_id: submitted.data.payout_id,
    });
    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);

    await settleEmails(test);
    const inbox = await call<{ items: InboxMessage[] }>(test, '/api/v1/msg/list', { page_size: 20 }, { session });
    expect(inbox.data.items.map((message) => message.kind)).toEqual(
      expect.arrayContaining(['payout_in_review', 'payout_sent', 'payout_completed']),
    );
  });

  it('a rejection by staff needs a reason and gives the money back', async () => {
    const { session, companyId } = await fundedCompany(test, { funds: { USDT: '1000' } });
    const entry = await addAddress(test, session);
    const submitted = await submitCrypto(test, session, entry.address_id, '100');
    expect(await available(companyId)).toBe('898.5');
    expect((await review(submitted.data.payout_id, 'reject')).code).toBe(codes.validation);
    const rejected = await review(submitted.data.payout_id, 'reject', 'Beneficiary on a sanctions list');
    expect(rejected.data).toMatchObject({ status: 'rejected', rejection_reason: 'Beneficiary on a sanctions list' });
    expect(await available(companyId)).toBe('1000');
    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
  });

  it('a failure at custody voids the hold with its cause', async () => {
    const { session, companyId } = await fundedCompany(test, { funds: { USDT: '500' } });
    const entry = await addAddress(test, session);
    const submitted = await submitCrypto(test, session, entry.address_id, '100');
    await review(submitted.data.payout_id, 'approve');
    const staff = await depositOperator(test);
    const failed = await call<StaffPayout>(
      test,
      '/api/v1/admin/simulator/payoutOutcome',
      { payout_id: submitted.data.payout_id, outcome: 'fail', cause: 'chain_rejected' },
      { session: staff },
    );
    expect(failed.data).toMatchObject({ status: 'failed', failure_cause: 'chain_rejected' });
    expect(await available(companyId)).toBe('500');
  });

  it("the simulated rails confirm coins at their network's pace and settle fiat after two minutes", async () => {
    await freshRates();
    const { session } = await fundedCompany(test, { funds: { USDT: '1000', USDC: '1000' } });
    const entry = await addAddress(test, session);
    const coins = await submitCrypto(test, session, entry.address_id, '100');
    const payee = await addPayee(test, session);
    const calc = await call<PayoutQuote>(
      test,
      '/api/v1/withdraw/fiat/calc',
      { asset: 'USDC', payee_id: payee.payee_id, amount: '200' },
      { session },
    );
    const fiat = await call<Payout>(
      test,
      '/api/v1/withdraw/fiat/withdraw',
      { quote_id: calc.data.quote_id, payee_id: payee.payee_id, ...instructions },
      { session, headers: idempotent() },
    );
    await review(coins.data.payout_id, 'approve');
    await review(fiat.data.payout_id, 'approve');
    const statusOf = async (payoutId: string) => {
      const staff = await depositOperator(test);
      const answer = await call<StaffPayout>(
        test,
        '/api/v1/admin/payouts/get',
        { payout_id: payoutId },
        { session: staff },
      );
      return answer.data;
    };
    test.clock.advance(60);
    await test.app.jobs.runSchedule(settleSimulatedPayoutsSchedule);
    // TRC20 adds 20 blocks a minute: 19 confirm the coins within the first minute.
    expect((await statusOf(coins.data.payout_id)).status).toBe('success');
    expect((await statusOf(fiat.data.payout_id)).status).toBe('in_process');
    test.clock.advance(60);
    await test.app.jobs.runSchedule(settleSimulatedPayoutsSchedule);
    expect((await statusOf(fiat.data.payout_id)).status).toBe('success');
    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
  });

  it('forgets quotes a day after they expired, unless a payout used them', async () => {
    const { session } = await fundedCompany(test, { funds: { USDT: '1000' } });
    const entry = await addAddress(test, session);
    const unused = await cryptoQuote(test, session, '20');
    const used = await submitCrypto(test, session, entry.address_id, '30');
    test.clock.advance(25 * 3600);
    await test.app.jobs.runSchedule(deleteExpiredQuotesSchedule);
    const kept = async (quoteId: string) =>
      (await test.database.db.select().from(payoutQuotes).where(eq(payoutQuotes.id, quoteId))).length;
    expect(used.code).toBe(codes.ok);
    const [made] = await test.database.db
      .select({ quoteId: payouts.quote_id })
      .from(payouts)
      .where(eq(payouts.id, used.data.payout_id));
    expect(await kept(unused.quote_id)).toBe(0);
    expect(await kept(made?.quoteId ?? '')).toBe(1);
  });

  it('a replayed submission makes one payout; a second key on the same quote is refused', async () => {
    const { session, companyId } = await fundedCompany(test, { funds: { USDT: '1000' } });
    const entry = await addAddress(test, session);
    const quote = await cryptoQuote(test, session, '100');
    const body = { quote_id: quote.quote_id, address_id: entry.address_id, ...instructions };
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call<Payout>(test, '/api/v1/withdraw/crypto/withdraw', body, { session, headers: idempotent(key) }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.data.payout_id)).size).toBe(1);
    const again = await call(test, '/api/v1/withdraw/crypto/withdraw', body, { session, headers: idempotent() });
    expect(again.code).toBe(codes.illegal);
    expect(again.msg).toMatch(/already been used/);
    expect(await available(companyId)).toBe('898.5');
  });

  it('64 concurrent payouts against one balance never overdraw, and the invariants hold', async () => {
    const { session, companyId } = await fundedCompany(test, { funds: { USDT: '1000' } });
    const entry = await addAddress(test, session);
    const quotes: PayoutQuote[] = [];
    for (let index = 0; index < 64; index += 1) quotes.push(await cryptoQuote(test, session, '50'));
    const answers = await Promise.all(
      quotes.map((quote) =>
        call<Payout>(
          test,
          '/api/v1/withdraw/crypto/withdraw',
          { quote_id: quote.quote_id, address_id: entry.address_id, ...instructions },
          { session, headers: idempotent() },
        ),
      ),
    );
    const made = answers.filter((answer) => answer.code === codes.ok);
    expect(made).toHaveLength(19); // 19 × 51.5 = 978.5 ≤ 1000 < 20 × 51.5
    expect(answers.filter((answer) => answer.code === codes.insufficient)).toHaveLength(45);
    expect(await available(companyId)).toBe('21.5');
    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
  });

  it('refuses without a fresh second factor, an expired quote and an amount outside the limits', async () => {
    const { session } = await fundedCompany(test, { funds: { USDT: '1000' } });
    const entry = await addAddress(test, session);
    const low = await call(
      test,
      '/api/v1/withdraw/crypto/calc',
      { asset: 'USDT', network: 'TRC20', amount: '5' },
      { session },
    );
    expect(low.code).toBe(codes.validation);
    expect((low.data as { fields: Record<string, string> }).fields.amount).toMatch(/minimum of 10 USDT/);
    const quote = await cryptoQuote(test, session, '100');
    test.clock.advance(6 * 60);
    const body = { quote_id: quote.quote_id, address_id: entry.address_id, ...instructions };
    const stale = await call(test, '/api/v1/withdraw/crypto/check', body, { session });
    expect(stale.code).toBe(codes.illegal);
    expect(stale.msg).toMatch(/expired/);
    const fresh = await cryptoQuote(test, session, '100');
    const noFactor = await call(
      test,
      '/api/v1/withdraw/crypto/withdraw',
      { ...body, quote_id: fresh.quote_id },
      { session, headers: idempotent() },
    );
    expect(noFactor.code).toBe(codes.fresh);
  });
});

describe('fiat payouts', () => {
  it("a new payee waits for the bank's default cooling period of 24 hours", async () => {
    await freshRates();
    const { session } = await fundedCompany(test, { funds: { USDC: '20000' }, coolingHours: null });
    const payee = await addPayee(test, session);
    expect(Date.parse(payee.usable_from) - test.clock.now().getTime()).toBeGreaterThan(23 * 3_600_000);
    const calc = await call<PayoutQuote>(
      test,
      '/api/v1/withdraw/fiat/calc',
      { asset: 'USDC', payee_id: payee.payee_id, amount: '5000' },
      { session },
    );
    expect(calc.code, calc.msg).toBe(codes.ok);
    expect(calc.data).toMatchObject({ fee: '25', total: '5025', receive_currency: 'GBP' });
    expect(Number(calc.data.rate)).toBeGreaterThan(0.5);
    const body = { quote_id: calc.data.quote_id, payee_id: payee.payee_id, ...instructions };
    const cooling = await call(test, '/api/v1/withdraw/fiat/check', body, { session });
    expect(cooling.code).toBe(codes.illegal);
    expect(cooling.msg).toMatch(/can be paid in 1,440 minutes/);
  });

  it('pays a payee past its cooling period end to end', async () => {
    await freshRates();
    const { session, companyId } = await fundedCompany(test, { funds: { USDC: '20000' }, coolingHours: 0 });
    const payee = await addPayee(test, session);
    const calc = await call<PayoutQuote>(
      test,
      '/api/v1/withdraw/fiat/calc',
      { asset: 'USDC', payee_id: payee.payee_id, amount: '1000' },
      { session },
    );
    expect(calc.data.fee).toBe('10');
    const submitted = await call<Payout>(
      test,
      '/api/v1/withdraw/fiat/withdraw',
      { quote_id: calc.data.quote_id, payee_id: payee.payee_id, ...instructions },
      { session, headers: idempotent() },
    );
    expect(submitted.code, submitted.msg).toBe(codes.ok);
    expect(submitted.data.fiat).toMatchObject({ currency: 'GBP', amount: calc.data.receive_amount });
    await review(submitted.data.payout_id, 'approve');
    const staff = await depositOperator(test);
    const done = await call<StaffPayout>(
      test,
      '/api/v1/admin/simulator/payoutOutcome',
      { payout_id: submitted.data.payout_id, outcome: 'complete' },
      { session: staff },
    );
    expect(done.data.status).toBe('success');
    expect(await available(companyId, 'USDC')).toBe('18990');
    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
  });
});

describe('approvals (maker-checker)', () => {
  it('above the threshold the maker cannot approve; a colleague with the permission does', async () => {
    const { session, companyId } = await fundedCompany(test, { funds: { USDT: '50000' } });
    const policy = await call(
      test,
      '/api/v1/withdraw/policy/set',
      { approve_all: false, thresholds: [{ asset: 'USDT', amount: '10000' }] },
      { session },
    );
    expect(policy.code, policy.msg).toBe(codes.ok);
    const entry = await addAddress(test, session);
    const small = await submitCrypto(test, session, entry.address_id, '10000');
    expect(small.data.status).toBe('admin_review');
    const large = await submitCrypto(test, session, entry.address_id, '10000.5');
    expect(large.data.status).toBe('pending_approval');

    const own = await call(
      test,
      '/api/v1/withdraw/approval/decide',
      { payout_id: large.data.payout_id, decision: 'approve' },
      { session },
    );
    expect(own.code).toBe(codes.forbidden);
    expect(own.msg).toMatch(/another user must approve/);

    const preparer = await colleague(test, companyId, ['prepare_payouts']);
    const notAllowed = await call(
      test,
      '/api/v1/withdraw/approval/decide',
      { payout_id: large.data.payout_id, decision: 'approve' },
      { session: preparer },
    );
    expect(notAllowed.code).toBe(codes.forbidden);

    const checker = await colleague(test, companyId, ['approve_payouts']);
    const count = await call<{ count: number }>(test, '/api/v1/withdraw/approval/count', {}, { session: checker });
    expect(count.data.count).toBe(1);
    const details = await call<PayoutDetails>(
      test,
      '/api/v1/withdraw/crypto/get',
      { payout_id: large.data.payout_id },
      { session },
    );
    expect(details.data.may_approve).toBe(false);
    const approved = await call<Payout>(
      test,
      '/api/v1/withdraw/approval/decide',
      { payout_id: large.data.payout_id, decision: 'approve' },
      { session: checker },
    );
    expect(approved.code, approved.msg).toBe(codes.ok);
    expect(approved.data.status).toBe('admin_review');
    const twice = await call(
      test,
      '/api/v1/withdraw/approval/decide',
      { payout_id: large.data.payout_id, decision: 'reject', reason: 'late' },
      { session: checker },
    );
    expect(twice.code).toBe(codes.illegal);
  });

  it('a rejection by the approver needs a reason and voids the hold', async () => {
    const { session, companyId } = await fundedCompany(test, { funds: { USDT: '1000' } });
    await call(test, '/api/v1/withdraw/policy/set', { approve_all: true, thresholds: [] }, { session });
    const entry = await addAddress(test, session);
    const made = await submitCrypto(test, session, entry.address_id, '100');
    expect(made.data.status).toBe('pending_approval');
    const checker = await colleague(test, companyId, ['approve_payouts']);
    const noReason = await call(
      test,
      '/api/v1/withdraw/approval/decide',
      { payout_id: made.data.payout_id, decision: 'reject' },
      { session: checker },
    );
    expect(noReason.code).toBe(codes.validation);
    const rejected = await call<Payout>(
      test,
      '/api/v1/withdraw/approval/decide',
      { payout_id: made.data.payout_id, decision: 'reject', reason: 'Wrong supplier' },
      { session: checker },
    );
    expect(rejected.data).toMatchObject({ status: 'rejected', rejection_reason: 'Wrong supplier' });
    expect(await available(companyId)).toBe('1000');
  });
});

describe('payouts nobody may approve, and cancelling them', () => {
  const cancel = (payoutId: string, options: { session: SignedIn }) =>
    call<Payout>(test, '/api/v1/withdraw/approval/cancel', { payout_id: payoutId }, options);

  it('the check tells the maker when no other user may approve; the badge counts only what the reader may decide', async () => {
    const { session, companyId } = await fundedCompany(test, { funds: { USDT: '5000' } });
    await call(test, '/api/v1/withdraw/policy/set', { approve_all: true, thresholds: [] }, { session });
    const entry = await addAddress(test, session);
    const quote = await cryptoQuote(test, session, '100');
    const body = { quote_id: quote.quote_id, address_id: entry.address_id, ...instructions };
    const alone = await call<PayoutCheck>(test, '/api/v1/withdraw/crypto/check', body, { session });
    expect(alone.code, alone.msg).toBe(codes.ok);
    expect(alone.data).toMatchObject({ needs_approval: true, has_other_approver: false });

    const own = await submitCrypto(test, session, entry.address_id, '100');
    expect(own.data.status).toBe('pending_approval');
    // The administrator holds approve_payouts, but their own payout is not theirs to decide.
    const ownCount = await call<{ count: number }>(test, '/api/v1/withdraw/approval/count', {}, { session });
    expect(ownCount.data.count).toBe(0);
    const details = await call<PayoutDetails>(
      test,
      '/api/v1/withdraw/crypto/get',
      { payout_id: own.data.payout_id },
      { session },
    );
    expect(details.data).toMatchObject({ may_approve: false, may_cancel: true });
    expect(details.data.timeline.map((step) => [step.step, step.actor.kind])).toEqual([
      ['submitted', 'company_user'],
      ['approval_requested', 'company_user'],
    ]);

    const checker = await colleague(test, companyId, ['approve_payouts']);
    const again = await call<PayoutCheck>(
      test,
      '/api/v1/withdraw/crypto/check',
      { ...body, quote_id: (await cryptoQuote(test, session, '100')).quote_id },
      { session },
    );
    expect(again.data.has_other_approver).toBe(true);
    const count = await call<{ count: number }>(test, '/api/v1/withdraw/approval/count', {}, { session: checker });
    expect(count.data.count).toBe(1);
    // The approver, who does not prepare payouts, opens it read-only from the approvals list.
    expect(
      (await call(test, '/api/v1/withdraw/crypto/get', { payout_id: own.data.payout_id }, { session: checker })).code,
    ).toBe(codes.forbidden);
    const readOnly = await call<PayoutDetails>(
      test,
      '/api/v1/withdraw/approval/get',
      { payout_id: own.data.payout_id },
      { session: checker },
    );
    expect(readOnly.code, readOnly.msg).toBe(codes.ok);
    expect(readOnly.data).toMatchObject({ may_approve: true, may_cancel: false });
    expect(fieldsOutsideContract(getPayoutForApproval.response, readOnly.data)).toEqual([]);
  });

  it('its maker or the administrator cancels a payout waiting for approval: holds released, audited, told', async () => {
    const { session: administrator, companyId } = await fundedCompany(test, { funds: { USDT: '1000' } });
    await call(test, '/api/v1/withdraw/policy/set', { approve_all: true, thresholds: [] }, { session: administrator });
    const entry = await addAddress(test, administrator);
    const maker = await colleague(test, companyId, ['prepare_payouts', 'view_balances']);
    const first = await submitCrypto(test, maker, entry.address_id, '100');
    const second = await submitCrypto(test, maker, entry.address_id, '200');
    expect([first.data.status, second.data.status]).toEqual(['pending_approval', 'pending_approval']);
    expect(await available(companyId)).toBe(String(1000 - 101.5 - 201.5));

    const otherPreparer = await colleague(test, companyId, ['prepare_payouts']);
    const notTheirs = await cancel(first.data.payout_id, { session: otherPreparer });
    expect(notTheirs.code).toBe(codes.forbidden);
    expect(notTheirs.msg).toMatch(/Only the user who submitted this payout or the administrator/);
    const otherCompany = await fundedCompany(test);
    expect((await cancel(first.data.payout_id, { session: otherCompany.session })).code).toBe(codes.notFound);
    const viewer = await colleague(test, companyId, ['view_balances']);
    expect((await cancel(first.data.payout_id, { session: viewer })).code).toBe(codes.forbidden);

    const cancelled = await cancel(first.data.payout_id, { session: maker });
    expect(cancelled.code, cancelled.msg).toBe(codes.ok);
    expect(cancelled.data.status).toBe('cancelled');
    const byAdministrator = await cancel(second.data.payout_id, { session: administrator });
    expect(byAdministrator.code, byAdministrator.msg).toBe(codes.ok);
    expect(await available(companyId)).toBe('1000');
    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
    expect((await cancel(first.data.payout_id, { session: maker })).code).toBe(codes.illegal);

    const audited = await test.database.db
      .select({ actor: auditLog.actor_user_id })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payout.cancelled'), eq(auditLog.company_id, companyId)));
    expect(audited.map((row) => row.actor).sort()).toEqual([maker.userId, administrator.userid].sort());
    const details = await call<PayoutDetails>(
      test,
      '/api/v1/withdraw/crypto/get',
      { payout_id: first.data.payout_id },
      { session: maker },
    );
    expect(details.data.timeline.at(-1)).toMatchObject({
      step: 'cancelled',
      actor: { kind: 'company_user', name: 'Casey Checker' },
    });
    expect(details.data.may_cancel).toBe(false);
    const line = await call<Transaction>(
      test,
      '/api/v1/transaction/get',
      { transaction_id: details.data.transaction_id },
      { session: maker },
    );
    expect(line.data.status).toBe('cancelled');

    await settleEmails(test);
    const inbox = await call<{ items: InboxMessage[] }>(
      test,
      '/api/v1/msg/list',
      { page_size: 20 },
      { session: maker },
    );
    expect(inbox.data.items.filter((message) => message.kind === 'payout_cancelled')).toHaveLength(2);

    // A cancellation needs a second factor given in the last 5 minutes.
    const third = await submitCrypto(test, maker, entry.address_id, '100');
    test.clock.advance(6 * 60);
    expect((await cancel(third.data.payout_id, { session: maker })).code).toBe(codes.fresh);
  });
});

describe("the bank's review: what the client reads and what stays with the bank", () => {
  it('the reason reaches the client; the internal note only staff, and no client answer carries it', async () => {
    const { session } = await fundedCompany(test, { funds: { USDT: '1000' } });
    const entry = await addAddress(test, session);
    const made = await submitCrypto(test, session, entry.address_id, '100');
    const note = 'Internal: sender matched sanctions list false positive, cleared by desk';
    const approved = await review(made.data.payout_id, 'approve', 'Released after a routine check', note);
    expect(approved.code, approved.msg).toBe(codes.ok);

    const staffView = await call<{ timeline: { step: string; reason: string | null; note: string | null }[] }>(
      test,
      '/api/v1/admin/payouts/get',
      { payout_id: made.data.payout_id },
      { session: await depositOperator(test) },
    );
    expect(staffView.data.timeline.find((step) => step.step === 'review_approved')).toMatchObject({
      reason: 'Released after a routine check',
      note,
    });

    const details = await call<PayoutDetails>(
      test,
      '/api/v1/withdraw/crypto/get',
      { payout_id: made.data.payout_id },
      { session },
    );
    expect(details.data.timeline.find((step) => step.step === 'review_approved')?.reason).toBe(
      'Released after a routine check',
    );
    // The allow-list: every field the client received is one its contract names...
    expect(fieldsOutsideContract(getCryptoPayout.response, details.data)).toEqual([]);
    // ...and the check itself fails on a field the contract does not name.
    expect(fieldsOutsideContract(getCryptoPayout.response, { ...details.data, timeline: [{ note }] })).toEqual([
      'data.timeline[0].note',
    ]);
    await settleEmails(test);
    const answers = [
      details.data,
      (await call(test, '/api/v1/withdraw/crypto/record', {}, { session })).data,
      (await call(test, '/api/v1/transaction/get', { transaction_id: details.data.transaction_id }, { session })).data,
      (await call(test, '/api/v1/msg/list', { page_size: 20 }, { session })).data,
    ];
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain('sanctions');

    const noReason = await review(
      (await submitCrypto(test, session, entry.address_id, '100')).data.payout_id,
      'reject',
      '',
      note,
    );
    expect(noReason.code).toBe(codes.validation);
  });
});

describe('the review queue', () => {
  it('is searched by the server: the payee or address as paid, and the payout id', async () => {
    const { session } = await fundedCompany(test);
    const other = await fundedCompany(test);
    const name = `Kestrel ${randomUUID().slice(0, 8)}`;
    const address = await addAddress(test, session, { name, address: trc20Address(31) });
    const otherAddress = await addAddress(test, other.session, { address: trc20Address(32) });
    const paid = await submitCrypto(test, session, address.address_id, '120');
    expect(paid.code, paid.msg).toBe(codes.ok);
    expect((await submitCrypto(test, other.session, otherAddress.address_id, '130')).code).toBe(codes.ok);
    const staff = await depositOperator(test);
    const found = async (search: string) =>
      (
        await call<{ items: StaffPayout[] }>(
          test,
          '/api/v1/admin/payouts/list',
          { queue: 'admin_review', page_size: 100, search },
          { session: staff },
        )
      ).data.items.map((item) => item.payout_id);
    expect(await found(name.toUpperCase())).toEqual([paid.data.payout_id]);
    expect(await found(paid.data.payout_id.slice(-12))).toEqual([paid.data.payout_id]);
    expect(await found(`${name} and more`)).toEqual([]);
  });
});

describe('tenancy and permissions', () => {
  it("refuses another company's payee, address and payout, and a user without the permission", async () => {
    const owner = await fundedCompany(test, { funds: { USDT: '1000' } });
    const other = await fundedCompany(test, { funds: { USDT: '1000' } });
    const entry = await addAddress(test, owner.session);
    const payee = await addPayee(test, owner.session);
    const made = await submitCrypto(test, owner.session, entry.address_id, '100');
    const session = other.session;
    const quote = await cryptoQuote(test, session, '100');
    const cases: [string, unknown, Record<string, string>?][] = [
      ['/api/v1/withdraw/crypto/check', { quote_id: quote.quote_id, address_id: entry.address_id, ...instructions }],
      ['/api/v1/withdraw/fiat/calc', { asset: 'USDT', payee_id: payee.payee_id, amount: '200' }],
      ['/api/v1/withdraw/payee/del', { payee_id: payee.payee_id }],
      ['/api/v1/withdraw/address/del', { address_id: entry.address_id }],
      ['/api/v1/withdraw/crypto/get', { payout_id: made.data.payout_id }],
      ['/api/v1/withdraw/approval/decide', { payout_id: made.data.payout_id, decision: 'approve' }],
    ];
    for (const [path, body] of cases) {
      const answer = await call(test, path, body, { session, headers: idempotent() });
      expect(answer.code, path).toBe(codes.notFound);
    }
    const viewer = await colleague(test, owner.companyId, ['view_balances']);
    for (const path of ['/api/v1/withdraw/crypto/record', '/api/v1/withdraw/payee/list']) {
      const answer = await call(test, path, {}, { session: viewer });
      expect(answer.code, path).toBe(codes.forbidden);
    }
    const preparer = await colleague(test, owner.companyId, ['prepare_payouts']);
    const change = await call(
      test,
      '/api/v1/withdraw/address/add',
      { name: 'X', asset: 'USDT', network: 'TRC20', address: trc20Address(9) },
      { session: preparer, headers: idempotent() },
    );
    expect(change.code).toBe(codes.forbidden);
    // Who sets the approval policy (team) reads it without preparing payouts.
    const manager = await colleague(test, owner.companyId, ['team']);
    const policy = await call(test, '/api/v1/withdraw/policy/get', {}, { session: manager });
    expect(policy.code, policy.msg).toBe(codes.ok);
    expect((await call(test, '/api/v1/withdraw/policy/get', {}, { session: preparer })).code).toBe(codes.forbidden);
  });
});
