/**
 * Every state, stage and status the contract declares for cards is reached by the product (SPEC.md
 * section 4): each value of each card list of states.ts is either seen here, in the product's own
 * records, after driving the real calls, schedules and the processor simulator through a card's
 * whole life, or named with the test that proves the path setting it. A value added to a list later
 * fails here until it is placed in one of the two.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Card } from '@bank/contract/cards';
import { type StateListName, stateLists } from '@bank/contract/states';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../platform/db.ts';
import { call, createRunningTestApp, type RunningTestApp } from '../../platform/test-support.ts';
import { depositOperator } from '../deposits/test-support.ts';
import { ensureRates } from '../ledger/index.ts';
import { idempotent } from '../payouts/test-support.ts';
import { renewalsSchedule } from './renewals/renewals.ts';
import { bindStockCard, printStockCards, unbindStockCard } from './stock.ts';
import { cardholders, cards } from './tables.ts';
import { cardHolderMember, orderedCard, scheduledFeeQuote, syncNow, testAddress } from './test-support.ts';

/** The card lists of states.ts this test answers for (the others belong to KYC, transactions, OTC). */
const cardLists = [
  'card',
  'card_block',
  'card_replacement',
  'card_application',
  'card_operation',
  'card_anomaly',
  'top_up',
  'fee_payment',
  'pre_order',
  'contract',
  'membership_renewal',
] as const satisfies readonly StateListName[];

/** A value reached by another path, and the test (file beside this one's root, title) that proves it. */
type CoveredElsewhere = { file: string; test: string };

const applications = 'apps/server/src/modules/cards/applications/applications.test.ts';
const cardMoney = 'apps/server/src/modules/cards/money/card-money.test.ts';
const cardManagement = 'apps/server/src/modules/cards/management/card-management.test.ts';
const membershipFees = 'apps/server/src/modules/programme/membership-fees.test.ts';
const orders = 'apps/server/src/modules/programme/orders.test.ts';
const programmeRules = 'packages/contract/src/programme.test.ts';

const topUpOutcomes: CoveredElsewhere = {
  file: cardMoney,
  test: 'holds at submission, credits the card on success, and voids on returned and cancelled',
};
const approvedApplication: CoveredElsewhere = {
  file: applications,
  test: 'approves once: the card is ordered, the hold posted, the application processing, then approved once KYC passes',
};
const allocation: CoveredElsewhere = {
  file: orders,
  test: 'of 12 then 8 cards of a 20-card order: partially allocated, then allocated; more fails',
};

/** What other tests prove; everything else of the card lists is seen here. */
const coveredElsewhere: Partial<Record<(typeof cardLists)[number], Record<string, CoveredElsewhere>>> = {
  card_application: {
    pending: {
      file: applications,
      test: 'checks the username at the processor, proves the email, holds the card cost and records the application pending',
    },
    approved: approvedApplication,
    processing: approvedApplication,
    rejected: {
      file: applications,
      test: 'rejects with a required reason: the hold is voided and the company reads the reason',
    },
  },
  top_up: {
    success: topUpOutcomes,
    cancelled: topUpOutcomes,
    processing: topUpOutcomes,
    retry: topUpOutcomes,
    returned: topUpOutcomes,
  },
  fee_payment: {
    pending: {
      file: cardManagement,
      test: 'refuses a renewal while the term before is open, then renews in order and moves the end date',
    },
    overdue: {
      file: cardManagement,
      test: 'charges auto renewals, tells the company when it cannot, and expires cards not renewed',
    },
    unpaid: {
      file: cardManagement,
      test: 'leaves the first annual fee unpaid when the company cannot pay it, and the card works',
    },
    free: { file: membershipFees, test: 'lets staff waive a term still owed' },
  },
  pre_order: {
    pending: { file: orders, test: 'holds the prepayment and card cost, and raises the pending quantity' },
    approved: { file: orders, test: 'approval posts the hold and moves the cards from pending to paid' },
    declined: { file: orders, test: 'declining voids the hold, releases the cards and keeps the reason' },
    partially_allocated: allocation,
    allocated: allocation,
  },
  contract: {
    not_started: { file: programmeRules, test: 'between its start and end dates, inclusive' },
    active: { file: programmeRules, test: 'between its start and end dates, inclusive' },
    ended: { file: programmeRules, test: 'between its start and end dates, inclusive' },
  },
  membership_renewal: {
    pending: {
      file: membershipFees,
      test: 'lists the first term with every field, pays one from USDT at the rate, and refuses paying it again',
    },
    renewed: {
      file: membershipFees,
      test: 'charges overdue terms, leaves one overdue when no coin covers it, and opens the next term',
    },
    not_renewed: { file: membershipFees, test: 'closes the term of a card that ended without opening another' },
  },
};

const repositoryRoot = fileURLToPath(new URL('../../../../../', import.meta.url));

let test: RunningTestApp;
beforeAll(async () => {
  test = await createRunningTestApp();
  await ensureRates(test.database.db, test.clock.now());
});
afterAll(async () => {
  await test?.close();
});

/** Values seen in the product's own records, by list, gathered after every step. */
const seen = new Map<string, Set<string>>(cardLists.map((list) => [list, new Set<string>()]));

async function observe(): Promise<void> {
  const lists: Record<string, ReturnType<typeof sql>> = {
    card: sql`select distinct status as value from cards`,
    card_block: sql`select distinct block_type as value from cards where block_type is not null
      union select distinct detail->>'block_type' from card_events where detail ? 'block_type'`,
    card_replacement: sql`select distinct replacement_status as value from cards`,
    card_operation: sql`select distinct operation_stage as value from cards
      union select distinct operation_stage from card_events
      union select distinct operation_stage from card_stock`,
    card_anomaly: sql`select distinct anomaly_cause as value from cards where anomaly_cause is not null
      union select distinct detail->>'anomaly_cause' from card_events where detail->>'anomaly_cause' is not null
      union select distinct detail->>'cause' from card_events where detail->>'cause' is not null`,
    top_up: sql`select distinct status as value from top_ups`,
    fee_payment: sql`select distinct status as value from card_fee_terms`,
  };
  for (const [list, query] of Object.entries(lists)) {
    const rows = await executeRows<{ value: string | null }>(test.database.db, query);
    for (const row of rows) if (row.value) seen.get(list)?.add(row.value);
  }
}

// ---------------------------------------------------------------------------------------------
// The life of cards, driven through the calls, the schedules and the processor simulator

type Ordered = Awaited<ReturnType<typeof orderedCard>>;

/** The simulator's clock: each step a minute and a second further than the last, so each is due. */
let simulatorSteps = 0;
async function processorStep(ordered: Ordered) {
  simulatorSteps += 1;
  const at = new Date(test.clock.now().getTime() + simulatorSteps * 61_000);
  await test.database.db.transaction((tx) => ordered.simulator.advance(tx, at));
  await syncNow(test);
  await observe();
}

async function shipAndActivate(ordered: Ordered): Promise<Card> {
  await test.database.db.transaction((tx) =>
    ordered.simulator.shipNow(tx, ordered.card.processor_reference, test.clock.now()),
  );
  await syncNow(test);
  await observe();
  const letter = await ordered.simulator.letterOf(test.database.db, ordered.card.processor_reference);
  const activated = await call<Card>(
    test,
    '/api/v1/card/active',
    {
      card_id: ordered.card.id,
      kit_code: letter.kit_code,
      activation_code: letter.activation_code,
      fee_quote: await scheduledFeeQuote(test, ordered.card.level, 'annual'),
    },
    { session: ordered.client.session },
  );
  expect(activated.code, activated.msg).toBe(200);
  await observe();
  return activated.data;
}

async function clientCall<Data>(ordered: Ordered, path: string, body: object, isIdempotent = false) {
  const answer = await call<Data>(test, path, body, {
    session: ordered.client.session,
    ...(isIdempotent ? { headers: idempotent(randomUUID()) } : {}),
  });
  expect(answer.code, `${path}: ${answer.msg}`).toBe(200);
  await observe();
  return answer.data;
}

async function memberIdOf(ordered: Ordered) {
  const [holder] = await test.database.db
    .select()
    .from(cardholders)
    .where(eq(cardholders.id, ordered.card.cardholder_id));
  if (!holder) throw new Error('no cardholder');
  return holder.member_id;
}

describe('every card state, stage and status of the contract', () => {
  it('is reached by the calls, the schedules and the processor over cards’ lives', async () => {
    const db = test.database.db;
    const staff = await depositOperator(test);
    // Ordered: approved, KYC processing at the processor; shipped: the stages to the holder; activated.
    const first = await orderedCard(test);
    await observe();
    await shipAndActivate(first);

    // Blocks by who blocks: the company's administrator (client), a holder (user), the bank (admin).
    const holder = await cardHolderMember(test, first.card);
    await clientCall(
      first,
      '/api/v1/dashboard/block',
      { card_id: first.card.id, kind: 'temporary', reason: 'Travel' },
      true,
    );
    await clientCall(first, '/api/v1/dashboard/unblock', { card_id: first.card.id });
    const byHolder = await call(
      test,
      '/api/v1/dashboard/block',
      { card_id: first.card.id, kind: 'temporary', reason: 'Misplaced' },
      { session: holder, headers: idempotent(randomUUID()) },
    );
    expect(byHolder.code, byHolder.msg).toBe(200);
    await clientCall(first, '/api/v1/dashboard/unblock', { card_id: first.card.id });
    for (const path of ['/api/v1/admin/cards/block', '/api/v1/admin/cards/unblock']) {
      const answer = await call(test, path, { card_id: first.card.id, reason: 'Review' }, { session: staff });
      expect(answer.code, answer.msg).toBe(200);
      await observe();
    }

    // Anomalies the processor reports, each cause (a lost or damaged card's come from the blocks below).
    for (const cause of stateLists.card_anomaly.filter((value) => value !== 'lost_or_stolen' && value !== 'damaged')) {
      const answer = await call(
        test,
        '/api/v1/admin/cards/simulator/anomaly',
        { card_id: first.card.id, cause },
        { session: staff },
      );
      expect(answer.code, answer.msg).toBe(200);
      await observe();
    }

    // Lost: blocked for good, the replacement in progress, then reissued when the new card is activated.
    const lost = await orderedCard(test);
    await shipAndActivate(lost);
    const blockedLost = await clientCall<Card>(
      lost,
      '/api/v1/dashboard/block',
      {
        card_id: lost.card.id,
        kind: 'lost_stolen',
        reason: 'Stolen',
        asset: 'USDC',
        fee_quote: await scheduledFeeQuote(test, lost.card.level, 'replacement'),
      },
      true,
    );
    const [replacement] = await db
      .select()
      .from(cards)
      .where(eq(cards.id, blockedLost.replaced_by_card_id ?? ''));
    if (!replacement) throw new Error('no replacement ordered');
    await shipAndActivate({ ...lost, card: replacement });

    // Damaged, and the processor refuses the replacement: the new card rejected, the old one not replaced.
    const damaged = await orderedCard(test);
    await shipAndActivate(damaged);
    await damaged.simulator.refuseNextReplacement(db, await memberIdOf(damaged));
    await clientCall(
      damaged,
      '/api/v1/dashboard/block',
      {
        card_id: damaged.card.id,
        kind: 'damaged',
        reason: 'Cracked',
        asset: 'USDC',
        fee_quote: await scheduledFeeQuote(test, damaged.card.level, 'replacement'),
      },
      true,
    );
    await processorStep(damaged);

    // Cancelled by the company (its administrator just signed in: a fresh second factor): cancelling, then cancelled.
    const cancelled = await orderedCard(test);
    await shipAndActivate(cancelled);
    await clientCall(cancelled, '/api/v1/card/cancel', { card_id: cancelled.card.id });
    await processorStep(cancelled);

    // Expired by the schedule; its open fee term discontinued.
    const ending = await orderedCard(test);
    await shipAndActivate(ending);
    const yesterday = new Date(test.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    await db.update(cards).set({ expires_on: yesterday }).where(eq(cards.id, ending.card.id));
    await test.app.jobs.runSchedule('ledger__refresh_rates');
    await test.app.jobs.runSchedule(renewalsSchedule);
    await observe();

    // A programme card: printed for the company through the print stages, bound, unbound, rebound.
    const now = test.clock.now();
    const [stockId] = await db.transaction((tx) =>
      printStockCards(
        tx,
        ending.simulator,
        {
          companyId: ending.client.companyId,
          batchId: randomUUID(),
          batchNumber: `B${randomUUID().slice(0, 6)}`,
          quantity: 1,
          level: 'premier',
          network: 'visa',
          abbreviation: 'DEMO',
          mailingAddress: testAddress,
          actorUserId: ending.client.session.userid,
        },
        now,
      ),
    );
    if (!stockId) throw new Error('nothing printed');
    await observe();
    for (let step = 0; step < 6; step += 1) await processorStep(ending);
    const binding = {
      companyId: ending.client.companyId,
      stockCardId: stockId,
      actorUserId: ending.client.session.userid,
    };
    await db.transaction((tx) =>
      bindStockCard(tx, ending.simulator, { ...binding, cardholderId: ending.card.cardholder_id }, test.clock.now()),
    );
    await syncNow(test);
    await observe();
    await db.transaction((tx) => unbindStockCard(tx, ending.simulator, binding, test.clock.now()));
    await syncNow(test);
    await observe();
    await db.transaction((tx) =>
      bindStockCard(tx, ending.simulator, { ...binding, cardholderId: ending.card.cardholder_id }, test.clock.now()),
    );
    await syncNow(test);
    await observe();
    await processorStep(ending);

    const missing: string[] = [];
    for (const list of cardLists) {
      const elsewhere = coveredElsewhere[list] ?? {};
      for (const value of stateLists[list]) {
        if (seen.get(list)?.has(value) || value in elsewhere) continue;
        missing.push(`${list}.${value}`);
      }
    }
    expect(missing, 'values neither reached here nor named with the test that reaches them').toEqual([]);
  }, 120_000); // a card's whole life, many calls: long on a busy PostgreSQL

  it('names, for each value reached elsewhere, a test that exists, and only values of the contract', () => {
    for (const [list, values] of Object.entries(coveredElsewhere)) {
      for (const [value, witness] of Object.entries(values)) {
        expect(stateLists[list as StateListName] as readonly string[], `${list}.${value}`).toContain(value);
        const source = readFileSync(`${repositoryRoot}${witness.file}`, 'utf8');
        expect(source.includes(`it('${witness.test}'`), `${list}.${value}: ${witness.file} › ${witness.test}`).toBe(
          true,
        );
      }
    }
  });
});
