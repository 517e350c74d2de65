/**
 * Membership fees of programme cards through the calls and the schedule: paying one
 * term and many at once from the corporate account (the ledger moves by the fee at the rate, all
 * or nothing, a second payment refused), the deduction mode, the staff waiver, and the daily
 * schedule charging overdue terms, leaving a term overdue when no stable coin covers it,
 * opening the next term, and closing the membership of a card that ended.
 */
import type { SignedIn } from '@bank/contract/account';
import { cancelCard } from '@bank/contract/card-management';
import { errorCatalogue } from '@bank/contract/errors';
import type { MembershipFeeRecord } from '@bank/contract/programme';
import {
  bindProgrammeCard,
  listMembershipFees,
  listStaffMembershipFees,
  payMembershipFees,
  quoteMembershipFees,
  setFeeDeductionMode,
  waiveMembershipFee,
} from '@bank/contract/programme-cards';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../platform/db.ts';
import { parseAmount } from '../../platform/money.ts';
import { call, createRunningTestApp, type RunningTestApp, uniqueEmail } from '../../platform/test-support.ts';
import { ensureUser } from '../account/index.ts';
import { pairAuthenticator, signIn, strongPassword } from '../account/test-support.ts';
import { cards } from '../cards/index.ts';
import { syncNow, testSimulator } from '../cards/test-support.ts';
import { accountBalance, accountIdOf, checkLedgerInvariants, ensureRates } from '../ledger/index.ts';
import { colleague, idempotent } from '../payouts/test-support.ts';
import { membershipFeesSchedule } from './membership-fees.ts';
import { listMembershipFees as listFeeRecords } from './queries.ts';
import { programmeMembershipFees } from './tables.ts';
import { printedProgramme } from './test-support.ts';

let test: RunningTestApp;
beforeAll(async () => {
  test = await createRunningTestApp();
  await ensureRates(test.database.db, test.clock.now());
});
afterAll(async () => {
  await test?.close();
});

const codeOf = (key: keyof typeof errorCatalogue) => errorCatalogue[key].code;

/** The total the quote showed for these terms (what programme/fees/quote answers), as the payment carries it back. */
async function shownTotal(feeIds: readonly string[]) {
  const rows = await test.database.db
    .select({ fee_due: programmeMembershipFees.fee_due })
    .from(programmeMembershipFees)
    .where(inArray(programmeMembershipFees.id, [...feeIds]));
  const total = rows.reduce((sum, row) => sum.plus(parseAmount(row.fee_due)), parseAmount('0'));
  return { amount: total.toFixed(2), asset: 'USD' as const };
}
const api = <Data>(path: string, body: unknown, session: Pick<SignedIn, 'token' | 'userid'>, isIdempotent = false) =>
  call<Data>(test, path, body, { session, ...(isIdempotent ? { headers: idempotent() } : {}) });

/** A printed programme with `bound` of its cards bound to the company's cardholder. */
async function boundProgramme(options: Parameters<typeof printedProgramme>[1] & { bound?: number } = {}) {
  const programme = await printedProgramme(test, options);
  for (const stockId of programme.stockIds.slice(0, options.bound ?? 1)) {
    const bound = await api(
      bindProgrammeCard.path,
      { stock_card_id: stockId, cardholder_id: programme.cardholderId },
      programme.client.session,
    );
    expect(bound.code).toBe(200);
  }
  const terms = await test.database.db
    .select()
    .from(programmeMembershipFees)
    .where(eq(programmeMembershipFees.contract_id, programme.contractId))
    .orderBy(asc(programmeMembershipFees.id));
  return { ...programme, termIds: terms.map((term) => term.id) };
}

async function available(companyId: string, asset: 'USDC' | 'USDT') {
  const db = test.database.db;
  const balance = await accountBalance(
    db,
    await accountIdOf(db, { kind: 'customer', companyId, asset }, test.clock.now()),
  );
  return Number(balance?.available ?? '0');
}

async function termsOfCard(stockCardId: string) {
  return test.database.db
    .select()
    .from(programmeMembershipFees)
    .where(eq(programmeMembershipFees.stock_card_id, stockCardId))
    .orderBy(asc(programmeMembershipFees.term_starts_on));
}

describe('paying membership fees', () => {
  it('lists the first term with every field, pays one from USDT at the rate, and refuses paying it again', async () => {
    const programme = await boundProgramme();
    const session = programme.client.session;
    const listed = await api<{ items: MembershipFeeRecord[] }>(
      listMembershipFees.path,
      { contract_id: programme.contractId },
      session,
    );
    expect(listed.data.items).toHaveLength(1);
    const [record] = listed.data.items;
    const today = test.clock.now().toISOString().slice(0, 10);
    expect(record).toMatchObject({
      fee_due: '60.00',
      payment_status: 'pending',
      term_starts_on: today,
      due_on: today,
      term_months: 12,
      renewal_status: 'pending',
      deduction_mode: 'manual',
      cardholder_name: 'Aiko Tanaka',
    });
    const quote = await api<{ total_usd: string; costs: { asset: string; amount: string }[] }>(
      quoteMembershipFees.path,
      { fee_ids: programme.termIds },
      session,
    );
    expect(quote.data.total_usd).toBe('60.00');
    const cost = Number(quote.data.costs.find((item) => item.asset === 'USDT')?.amount);
    // Another total than the one shown charges nothing.
    const altered = await api(
      payMembershipFees.path,
      { fee_ids: programme.termIds, asset: 'USDT', fee_quote: { amount: '1.00', asset: 'USD' } },
      session,
      true,
    );
    expect(altered.code).toBe(codeOf('fee_changed'));
    const before = await available(programme.client.companyId, 'USDT');
    const paid = await api<{ items: MembershipFeeRecord[]; debit_amount: string }>(
      payMembershipFees.path,
      { fee_ids: programme.termIds, asset: 'USDT', fee_quote: await shownTotal(programme.termIds) },
      session,
      true,
    );
    expect(paid.code).toBe(200);
    expect(paid.data.items[0]).toMatchObject({ payment_status: 'paid', paid_asset: 'USDT', deduction_mode: 'manual' });
    expect(Number(paid.data.debit_amount)).toBeCloseTo(cost, 6);
    expect(before - (await available(programme.client.companyId, 'USDT'))).toBeCloseTo(cost, 6);
    const again = await api(
      payMembershipFees.path,
      { fee_ids: programme.termIds, asset: 'USDT', fee_quote: await shownTotal(programme.termIds) },
      session,
      true,
    );
    expect(again.code).toBe(codeOf('status_error'));
    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
  });

  it('pays many terms at once, all or nothing', async () => {
    const programme = await boundProgramme({ quantity: 3, bound: 3, funds: { USDC: '100000', USDT: '100' } });
    const session = programme.client.session;
    expect(programme.termIds).toHaveLength(3);
    // 180 USD is more than 100 USDT: nothing is charged.
    const usdtBefore = await available(programme.client.companyId, 'USDT');
    const poor = await api(
      payMembershipFees.path,
      { fee_ids: programme.termIds, asset: 'USDT', fee_quote: await shownTotal(programme.termIds) },
      session,
      true,
    );
    expect(poor.code).toBe(codeOf('insufficient_balance'));
    expect(await available(programme.client.companyId, 'USDT')).toBe(usdtBefore);
    const unpaid = await termsOfCard(programme.stockIds[0] ?? '');
    expect(unpaid[0]?.settled).toBeNull();

    const before = await available(programme.client.companyId, 'USDC');
    const paid = await api<{ items: MembershipFeeRecord[]; total_usd: string }>(
      payMembershipFees.path,
      { fee_ids: programme.termIds, asset: 'USDC', fee_quote: await shownTotal(programme.termIds) },
      session,
      true,
    );
    expect(paid.code).toBe(200);
    expect(paid.data.total_usd).toBe('180.00');
    expect(paid.data.items.map((item) => item.payment_status)).toEqual(['paid', 'paid', 'paid']);
    const spent = before - (await available(programme.client.companyId, 'USDC'));
    expect(spent).toBeGreaterThan(170);
    expect(spent).toBeLessThan(190);
  });

  it('answers not_found for another company’s term, and needs programme_fees to pay and set the deduction mode', async () => {
    const mine = await boundProgramme();
    const theirs = await boundProgramme();
    const foreign = await api(
      payMembershipFees.path,
      { fee_ids: theirs.termIds, asset: 'USDC', fee_quote: await shownTotal(theirs.termIds) },
      mine.client.session,
      true,
    );
    expect(foreign.code).toBe(codeOf('not_found'));
    const reader = await colleague(test, mine.client.companyId, ['card_programme']);
    expect((await api(listMembershipFees.path, {}, reader)).code).toBe(200);
    expect(
      (
        await api(
          payMembershipFees.path,
          { fee_ids: mine.termIds, asset: 'USDC', fee_quote: await shownTotal(mine.termIds) },
          reader,
          true,
        )
      ).code,
    ).toBe(codeOf('forbidden'));
    expect(
      (await api(setFeeDeductionMode.path, { contract_id: mine.contractId, mode: 'automatic' }, reader)).code,
    ).toBe(codeOf('forbidden'));
    const payer = await colleague(test, mine.client.companyId, ['card_programme', 'programme_fees']);
    const set = await api<{ fee_deduction_mode: string }>(
      setFeeDeductionMode.path,
      { contract_id: mine.contractId, mode: 'automatic' },
      payer,
    );
    expect(set.data.fee_deduction_mode).toBe('automatic');
    expect(
      (await api(setFeeDeductionMode.path, { contract_id: theirs.contractId, mode: 'automatic' }, payer)).code,
    ).toBe(codeOf('not_found'));
    // A client cannot waive: that is the bank's.
    expect(
      (await api(waiveMembershipFee.path, { fee_id: mine.termIds[0], reason: 'x' }, mine.client.session)).code,
    ).toBe(codeOf('forbidden'));
  });

  it('lets staff waive a term still owed', async () => {
    const programme = await boundProgramme();
    const email = uniqueEmail('desk');
    await ensureUser(
      test.database.db,
      { email, password: strongPassword, fullName: 'Desk Staff', role: 'system_admin' },
      test.clock.now(),
    );
    const staff = await signIn(test, { email, password: strongPassword });
    await pairAuthenticator(test, staff);
    // The desk finds the term among every company's owed terms.
    const owed = await api<{ items: MembershipFeeRecord[] }>(
      listStaffMembershipFees.path,
      { page_size: 100, payment_status: 'pending' },
      staff,
    );
    expect(owed.data.items.map((record) => record.id)).toContain(programme.termIds[0]);
    expect((await api(listStaffMembershipFees.path, { page_size: 10 }, programme.client.session)).code).toBe(
      codeOf('forbidden'),
    );
    const waived = await api<MembershipFeeRecord>(
      waiveMembershipFee.path,
      { fee_id: programme.termIds[0], reason: 'Launch offer' },
      staff,
    );
    expect(waived.data).toMatchObject({ payment_status: 'free', remarks: 'Launch offer' });
    const pay = await api(
      payMembershipFees.path,
      { fee_ids: programme.termIds, asset: 'USDC', fee_quote: await shownTotal(programme.termIds) },
      programme.client.session,
      true,
    );
    expect(pay.code).toBe(codeOf('status_error'));
  });
});

describe('the daily membership fees schedule (the clock moved last: it leaves the clock as it found it)', () => {
  it('charges overdue terms, leaves one overdue when no coin covers it, and opens the next term', async () => {
    const db = test.database.db;
    const funded = await boundProgramme({ termMonths: 1 });
    const poor = await boundProgramme({ funds: { USDC: '0.5', USDT: '0.5' } });
    const automatic = await boundProgramme();
    expect(
      (
        await api(
          setFeeDeductionMode.path,
          { contract_id: automatic.contractId, mode: 'automatic' },
          automatic.client.session,
        )
      ).code,
    ).toBe(200);
    const [fundedCard = ''] = funded.stockIds;
    const [poorCard = ''] = poor.stockIds;
    const [automaticCard = ''] = automatic.stockIds;

    const movedSeconds: number[] = [];
    const move = async (days: number) => {
      test.clock.advance(days * 86_400);
      movedSeconds.push(days * 86_400);
      await test.app.jobs.runSchedule('ledger__refresh_rates');
      await test.app.jobs.runSchedule(membershipFeesSchedule);
    };
    try {
      // The next day: the automatic contract's due term is taken; the manual ones wait.
      await move(1);
      expect((await termsOfCard(automaticCard))[0]).toMatchObject({ settled: 'paid', paid_by: null });
      expect((await termsOfCard(fundedCard))[0]?.settled).toBeNull();

      // Past the grace: overdue terms are charged under any mode; one no coin covers stays overdue, told once.
      await move(14);
      expect((await termsOfCard(fundedCard))[0]).toMatchObject({ settled: 'paid', paid_asset: 'USDC' });
      const [poorTerm] = await termsOfCard(poorCard);
      expect(poorTerm).toMatchObject({ settled: null, remarks: 'charge_failed' });
      const told = await executeRows(
        db,
        sql`select 1 from outbox_events where type = 'programme.membership_fee_failed' and payload->>'term_id' = ${poorTerm?.id ?? ''}`,
      );
      expect(told).toHaveLength(1);
      await test.app.jobs.runSchedule(membershipFeesSchedule);
      expect(
        await executeRows(
          db,
          sql`select 1 from outbox_events where type = 'programme.membership_fee_failed' and payload->>'term_id' = ${poorTerm?.id ?? ''}`,
        ),
      ).toHaveLength(1);
      // (The session idled out while the clock moved: the list is read as its call reads it.)
      const listed = await listFeeRecords(
        db,
        poor.client.companyId,
        { page_size: 20, payment_status: 'overdue' },
        test.clock.now(),
      );
      expect(listed.items.map((item) => item.id)).toEqual([poorTerm?.id]);

      // The one-month term ended: the next term opens the day after, and the old one is renewed.
      await move(17);
      const terms = await termsOfCard(fundedCard);
      expect(terms).toHaveLength(2);
      expect(terms[0]?.renewal_status).toBe('renewed');
      const [first, second] = terms;
      const dayAfter = new Date(Date.parse(`${first?.term_ends_on}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      expect(second).toMatchObject({ term_starts_on: dayAfter, due_on: dayAfter, term_months: 1, settled: null });
      expect(await checkLedgerInvariants(db)).toEqual([]);
    } finally {
      for (const seconds of movedSeconds) test.clock.advance(-seconds);
    }
  });
});

describe('the end of a card', () => {
  it('closes the term of a card that ended without opening another', async () => {
    const programme = await boundProgramme({ termMonths: 1 });
    const [stockCard = ''] = programme.stockIds;
    // The company cancels the bound card (its administrator just signed in), and the processor confirms.
    const cancelled = await api(cancelCard.path, { card_id: stockCard }, programme.client.session);
    expect(cancelled.code, cancelled.msg).toBe(200);
    const simulator = testSimulator(test);
    await test.database.db.transaction((tx) => simulator.advance(tx, new Date(test.clock.now().getTime() + 61_000)));
    await syncNow(test);
    const [card] = await test.database.db.select().from(cards).where(eq(cards.id, stockCard));
    expect(card?.status).toBe('cancelled');

    const days = 40;
    test.clock.advance(days * 86_400);
    try {
      await test.app.jobs.runSchedule('ledger__refresh_rates');
      await test.app.jobs.runSchedule(membershipFeesSchedule);
      const terms = await termsOfCard(stockCard);
      expect(terms).toHaveLength(1);
      expect(terms[0]?.renewal_status).toBe('not_renewed');
    } finally {
      test.clock.advance(-days * 86_400);
    }
  });
});
