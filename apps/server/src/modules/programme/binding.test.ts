/**
 * Printed programme cards and binding through the calls: binding a printed card, the
 * refusals (bound already, another company's card or cardholder, KYC not approved), unbinding and
 * rebinding (pending rebind, then bound when the processor reports it), the holder's activation,
 * the audit, the inbox notices and the permissions.
 */
import type { SignedIn } from '@bank/contract/account';
import { activateCard, listRenewals, setAnnualSetting } from '@bank/contract/card-management';
import type { Card } from '@bank/contract/cards';
import { errorCatalogue } from '@bank/contract/errors';
import type { StockCard } from '@bank/contract/programme';
import {
  bindProgrammeCard,
  listBindableCardholders,
  listProgrammeCards,
  unbindProgrammeCard,
} from '@bank/contract/programme-cards';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../platform/db.ts';
import { call, createRunningTestApp, type RunningTestApp, settleEmails } from '../../platform/test-support.ts';
import { users } from '../account/index.ts';
import { memberWithoutGroup } from '../account/test-support.ts';
import { cardholders, cards } from '../cards/index.ts';
import { cardFeeTerms, renewalsSchedule, shippedCard, syncNow, testSimulator } from '../cards/test-support.ts';
import { accountBalance, accountIdOf, ensureRates } from '../ledger/index.ts';
import { colleague } from '../payouts/test-support.ts';
import { programmeCardsDemoSeeder } from './card-seed.ts';
import { programmeMembershipFees } from './tables.ts';
import { companyCardholder, printedProgramme, programmeBatch, shipBatch, stockRow } from './test-support.ts';

let test: RunningTestApp;
beforeAll(async () => {
  test = await createRunningTestApp();
  await ensureRates(test.database.db, test.clock.now());
});
afterAll(async () => {
  await test?.close();
});

const codeOf = (key: keyof typeof errorCatalogue) => errorCatalogue[key].code;
const api = <Data>(path: string, body: unknown, session: Pick<SignedIn, 'token' | 'userid'>) =>
  call<Data>(test, path, body, { session });

const bind = (session: SignedIn, stockCardId: string, cardholderId: string) =>
  api<StockCard>(bindProgrammeCard.path, { stock_card_id: stockCardId, cardholder_id: cardholderId }, session);

describe('printed cards', () => {
  it('lists the batch ready to bind, and the KYC-approved cardholders only', async () => {
    const programme = await printedProgramme(test);
    const pending = await companyCardholder(test, programme.client, { isApproved: false });
    const listed = await api<{ items: StockCard[] }>(
      listProgrammeCards.path,
      { stage_group: 'ready_to_bind', batch_number: programme.batchNumber },
      programme.client.session,
    );
    expect(listed.code).toBe(200);
    expect(listed.data.items.map((item) => item.id).sort()).toEqual([...programme.stockIds].sort());
    expect(listed.data.items[0]).toMatchObject({
      operation_stage: 'printed_pending_bind',
      allowed_actions: ['bind'],
      company_abbreviation: 'TEST',
      cardholder_id: null,
    });
    const holders = await api<{ items: { id: string }[] }>(listBindableCardholders.path, {}, programme.client.session);
    const ids = holders.data.items.map((holder) => holder.id);
    expect(ids).toContain(programme.cardholderId);
    expect(ids).not.toContain(pending);
  });
});

describe('binding', () => {
  it('binds a printed card, opens its first membership term, refuses a second binding and tells the card users', async () => {
    const programme = await printedProgramme(test);
    const [stockId = ''] = programme.stockIds;
    const bound = await bind(programme.client.session, stockId, programme.cardholderId);
    expect(bound.code).toBe(200);
    expect(bound.data).toMatchObject({
      operation_stage: 'bound',
      card_status: 'approved',
      allowed_actions: ['unbind'],
    });
    expect(bound.data.cardholder_name).toBe('Aiko Tanaka');
    const again = await bind(programme.client.session, stockId, programme.cardholderId);
    expect(again.code).toBe(codeOf('card_already_bound'));

    const terms = await test.database.db
      .select()
      .from(programmeMembershipFees)
      .where(eq(programmeMembershipFees.stock_card_id, stockId));
    expect(terms).toHaveLength(1);
    const today = test.clock.now().toISOString().slice(0, 10);
    expect(terms[0]).toMatchObject({ term_starts_on: today, due_on: today, term_months: 12, fee_due: '60.00' });

    const audit = await executeRows<{ action: string }>(
      test.database.db,
      sql`select action from audit_log where action = 'programme.card_bound' and detail->>'stock_card_id' = ${stockId}`,
    );
    expect(audit).toHaveLength(1);
  });

  it('answers not_found for another company’s card or cardholder, and refuses a cardholder without approved KYC', async () => {
    const mine = await printedProgramme(test);
    const theirs = await printedProgramme(test);
    const [myCard = ''] = mine.stockIds;
    const [theirCard = ''] = theirs.stockIds;
    expect((await bind(mine.client.session, theirCard, mine.cardholderId)).code).toBe(codeOf('not_found'));
    expect((await bind(mine.client.session, myCard, theirs.cardholderId)).code).toBe(codeOf('not_found'));
    expect((await bind(mine.client.session, 'not-a-card', mine.cardholderId)).code).toBe(codeOf('not_found'));
    const pending = await companyCardholder(test, mine.client, { isApproved: false });
    expect((await bind(mine.client.session, myCard, pending)).code).toBe(codeOf('cardholder_kyc_not_approved'));
    expect((await stockRow(test, myCard)).operation_stage).toBe('printed_pending_bind');
  });

  it('unbinds and rebinds to another holder (pending rebind, then bound), the holder activates, and then it cannot be unbound', async () => {
    const programme = await printedProgramme(test);
    const session = programme.client.session;
    const [stockId = ''] = programme.stockIds;
    const other = await companyCardholder(test, programme.client, { firstName: 'Ken' });
    expect((await bind(session, stockId, programme.cardholderId)).code).toBe(200);
    const unbound = await api<StockCard>(unbindProgrammeCard.path, { stock_card_id: stockId }, session);
    expect(unbound.data).toMatchObject({ operation_stage: 'unbound', cardholder_id: null, allowed_actions: ['bind'] });
    const rebound = await bind(session, stockId, other);
    expect(rebound.data).toMatchObject({ operation_stage: 'pending_rebind', cardholder_id: other });

    const simulator = testSimulator(test);
    await test.database.db.transaction((tx) =>
      simulator.advance(tx, new Date(test.clock.now().getTime() + 5 * 60_000)),
    );
    await syncNow(test);
    const [card] = await test.database.db.select().from(cards).where(eq(cards.id, stockId));
    expect(card).toMatchObject({ operation_stage: 'bound', cardholder_id: other, status: 'approved' });
    // A rebound card keeps its membership terms.
    const terms = await test.database.db
      .select()
      .from(programmeMembershipFees)
      .where(eq(programmeMembershipFees.stock_card_id, stockId));
    expect(terms).toHaveLength(1);

    const stock = await stockRow(test, stockId);
    const letter = await simulator.letterOf(test.database.db, stock.processor_reference);
    const activated = await call<{ status: string }>(
      test,
      activateCard.path,
      { card_id: stockId, kit_code: letter.kit_code, activation_code: letter.activation_code },
      { session },
    );
    expect(activated.code).toBe(200);
    expect(activated.data.status).toBe('active');
    await syncNow(test);
    expect((await stockRow(test, stockId)).operation_stage).toBe('activated');
    const refused = await api(unbindProgrammeCard.path, { stock_card_id: stockId }, session);
    expect(refused.code).toBe(codeOf('status_error'));
    const listed = await api<{ items: StockCard[] }>(
      listProgrammeCards.path,
      { stage_group: 'activated', batch_number: programme.batchNumber },
      session,
    );
    expect(listed.data.items.map((item) => item.id)).toEqual([stockId]);
  });

  it('tells programme users once per batch that it is ready to bind, and card users of a binding', async () => {
    const programme = await printedProgramme(test, { quantity: 2 });
    const [stockId = ''] = programme.stockIds;
    expect((await bind(programme.client.session, stockId, programme.cardholderId)).code).toBe(200);
    await settleEmails(test);
    const messages = await executeRows<{ kind: string; params: Record<string, string> }>(
      test.database.db,
      sql`select kind, params from inbox_messages where company_id = ${programme.client.companyId} and kind like 'programme_%'`,
    );
    const ready = messages.filter((message) => message.kind === 'programme_batch_ready_to_bind');
    expect(ready.map((message) => message.params.batch_number)).toEqual([programme.batchNumber]);
    const boundMessages = messages.filter((message) => message.kind === 'programme_card_bound');
    expect(boundMessages).toHaveLength(1);
    expect(boundMessages[0]?.params).toMatchObject({ cardholder_name: 'Aiko Tanaka' });
  });
});

describe('the demo seed', () => {
  it('binds the demo company’s first printed card to its demo cardholder once, and does nothing before a card is printed', async () => {
    const db = test.database.db;
    const shipped = await shippedCard(test);
    const company = { companyId: shipped.client.companyId, session: shipped.client.session };
    await db.update(users).set({ email: 'kyc-approved@demo.bank' }).where(eq(users.id, shipped.client.session.userid));
    await db.update(cardholders).set({ username: 'ken_meridian_demo' }).where(eq(cardholders.id, shipped.cardholderId));
    const batch = await programmeBatch(test, company, { quantity: 2 });
    const seed = () =>
      programmeCardsDemoSeeder.seed({ db, now: test.clock.now(), config: test.config, providers: test.providers });
    await seed();
    expect((await stockRow(test, batch.stockIds[0] ?? '')).is_bound_once).toBe(false);
    await shipBatch(test, batch.stockIds);
    await seed();
    await seed();
    const bound = await db.select().from(cards).where(eq(cards.cardholder_id, shipped.cardholderId));
    expect(bound.map((card) => card.id).filter((id) => batch.stockIds.includes(id))).toHaveLength(1);
    const terms = await db
      .select()
      .from(programmeMembershipFees)
      .where(eq(programmeMembershipFees.contract_id, batch.contractId));
    expect(terms).toHaveLength(1);
  });
});

describe('permissions', () => {
  it('needs programme_bind to bind and card_programme to read', async () => {
    const programme = await printedProgramme(test);
    const [stockId = ''] = programme.stockIds;
    const reader = await colleague(test, programme.client.companyId, ['card_programme']);
    expect((await api(listProgrammeCards.path, {}, reader)).code).toBe(200);
    expect((await bind(reader, stockId, programme.cardholderId)).code).toBe(codeOf('forbidden'));
    const member = await memberWithoutGroup(test, programme.client.companyId);
    expect((await api(listProgrammeCards.path, {}, member)).code).toBe(codeOf('forbidden'));
    const binder = await colleague(test, programme.client.companyId, ['card_programme', 'programme_bind']);
    expect((await bind(binder, stockId, programme.cardholderId)).code).toBe(200);
  });
});

describe('one fee rule for a programme card (the clock moved last: it leaves the clock as it found it)', () => {
  it('never opens an annual fee term, offers no renewal, and does not expire for an unpaid annual fee', async () => {
    const db = test.database.db;
    const programme = await printedProgramme(test);
    const session = programme.client.session;
    const [stockId = ''] = programme.stockIds;
    expect((await bind(session, stockId, programme.cardholderId)).code).toBe(200);
    const stock = await stockRow(test, stockId);
    const letter = await testSimulator(test).letterOf(db, stock.processor_reference);
    const usdc = async () => {
      const account = await accountIdOf(
        db,
        { kind: 'customer', companyId: programme.client.companyId, asset: 'USDC' },
        test.clock.now(),
      );
      return (await accountBalance(db, account))?.available ?? '0';
    };
    const before = await usdc();
    const activated = await api<Card>(
      activateCard.path,
      { card_id: stockId, kit_code: letter.kit_code, activation_code: letter.activation_code },
      session,
    );
    expect(activated.code).toBe(200);
    expect(activated.data).toMatchObject({ status: 'active', fee_rule: 'membership', expires_on: stock.expires_on });
    expect(activated.data.allowed_actions).not.toContain('renew');
    // Nothing charged at activation: the membership fee opened at binding is the card's only fee.
    expect(await usdc()).toBe(before);
    const annualTerms = async () => db.select().from(cardFeeTerms).where(eq(cardFeeTerms.card_id, stockId));
    expect(await annualTerms()).toEqual([]);
    const renewals = await api<{ items: unknown[] }>(listRenewals.path, { card_id: stockId }, session);
    expect(renewals.data.items).toEqual([]);
    const autoRenewal = await api(
      setAnnualSetting.path,
      { card_id: stockId, auto_renewal: true, asset: 'USDC' },
      session,
    );
    expect(autoRenewal.code).toBe(codeOf('status_error'));

    // Thirteen months on, the daily schedules run: no annual term, and the card works on.
    const moved = 396 * 86_400;
    test.clock.advance(moved);
    try {
      await test.app.jobs.runSchedule('ledger__refresh_rates');
      await test.app.jobs.runSchedule(renewalsSchedule);
      expect(await annualTerms()).toEqual([]);
      const [card] = await db.select().from(cards).where(eq(cards.id, stockId));
      expect(card).toMatchObject({ status: 'active', expires_on: stock.expires_on, fee_rule: 'membership' });
    } finally {
      test.clock.advance(-moved);
    }
  });
});
