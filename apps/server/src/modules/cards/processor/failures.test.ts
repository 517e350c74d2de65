/**
 * The card processor's failures as callers meet them (DECISIONS.md "Cards"): staff set a fault on
 * the simulator (no answer, or a malformed one); the client's call answers SPEC.md's message,
 * nothing is held or half written, the card staff are told whom to contact, and once the fault is
 * spent or cleared the same call works.
 */
import { randomUUID } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import type { CardApplicationDraft } from '@bank/contract/card-application-drafts';
import {
  type AnnualConfig,
  activateCard,
  adminBlockCard,
  getAnnualConfig,
  setCardPin,
} from '@bank/contract/card-management';
import {
  getSimulatorProcessorFault,
  type SimulatorProcessorFault,
  setSimulatorProcessorFault,
  submitTopUp,
} from '@bank/contract/card-money';
import type { CardProcessorFault } from '@bank/contract/cards';
import { errorCatalogue } from '@bank/contract/errors';
import type { InboxMessage } from '@bank/contract/inbox';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../platform/audit-table.ts';
import { executeRows } from '../../../platform/db.ts';
import { outboxEvents } from '../../../platform/outbox-table.ts';
import { call, settleEmails } from '../../../platform/test-support.ts';
import { companies } from '../../account/index.ts';
import { depositOperator } from '../../deposits/test-support.ts';
import { createKycTestApp, type KycTestApp, newStaff } from '../../kyc/test-support.ts';
import { accountBalance, accountIdOf, ensureRates } from '../../ledger/index.ts';
import { idempotent } from '../../payouts/test-support.ts';
import { cardApplications } from '../applications/tables.ts';
import { topUps } from '../money/tables.ts';
import {
  activatedCard,
  applicationBody,
  cardCompany,
  cardRow,
  shippedCard,
  submitApplication,
  topUpFeeQuote,
} from '../test-support.ts';
import { processorActionOfCall } from './failures.ts';

let test: KycTestApp;
/** Card operations: sets the simulator's faults. */
let desk: SignedIn;
/** A compliance officer: reviews cards, so hears of the processor's failures. */
let reviewer: SignedIn;
beforeAll(async () => {
  test = await createKycTestApp();
  await ensureRates(test.database.db, test.clock.now());
  desk = await depositOperator(test);
  reviewer = await newStaff(test, 'compliance_officer');
});
afterEach(async () => {
  await setFault(null);
});
afterAll(async () => {
  await test?.close();
});

const codeOf = (key: keyof typeof errorCatalogue) => errorCatalogue[key].code;

async function setFault(fault: CardProcessorFault | null, calls: number | null = null) {
  const answer = await call<SimulatorProcessorFault>(
    test,
    setSimulatorProcessorFault.path,
    { fault, calls },
    { session: desk },
  );
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
}

async function available(companyId: string, asset: 'USDT' | 'USDC') {
  const db = test.database.db;
  const account = await accountIdOf(db, { kind: 'customer', companyId, asset }, test.clock.now());
  return (await accountBalance(db, account))?.available ?? '0';
}

async function companyName(companyId: string) {
  const [company] = await test.database.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company?.name ?? '';
}

/** The card staff's messages about processor failures of one company. */
async function staffMessages(session: SignedIn, name: string) {
  await settleEmails(test);
  const inbox = await call<{ items: InboxMessage[] }>(test, '/api/v1/msg/list', { page_size: 100 }, { session });
  return inbox.data.items.filter(
    (message) => message.kind === 'card_processor_failed' && message.params.company_name === name,
  );
}

async function failureAudits(companyId: string) {
  return test.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'card.processor_failed'), eq(auditLog.company_id, companyId)));
}

/** The activation as the dialog sends it: the letter's codes and the first annual fee it showed. */
async function activate(shipped: Awaited<ReturnType<typeof shippedCard>>) {
  const session = shipped.client.session;
  const config = await call<AnnualConfig>(test, getAnnualConfig.path, { card_id: shipped.card.id }, { session });
  const fee = config.data.activation_fee;
  return call(
    test,
    activateCard.path,
    {
      card_id: shipped.card.id,
      kit_code: shipped.letter.kit_code,
      activation_code: shipped.letter.activation_code,
      ...(fee === null ? {} : { fee_quote: { amount: fee, asset: 'USD' } }),
    },
    { session },
  );
}

describe('the processor does not answer', () => {
  it('answers a card application “Submission failed”, holds nothing, keeps the draft and tells the card staff', async () => {
    const client = await cardCompany(test);
    const name = await companyName(client.companyId);
    const body = await applicationBody(test, client.session);
    const draft = await call(
      test,
      '/api/v1/card/applicationDraft/save',
      { values: { first_name: body.first_name, username: body.username }, step: 'review' },
      { session: client.session },
    );
    expect(draft.code, draft.msg).toBe(200);
    const before = await available(client.companyId, 'USDT');

    expect(await setFault('unavailable', 1)).toMatchObject({ fault: 'unavailable', calls_left: 1 });
    const key = randomUUID();
    const failed = await submitApplication(test, client.session, body, key);
    expect(failed).toMatchObject({
      code: codeOf('submission_failed'),
      msg: 'Submission failed. We will contact you shortly.',
    });

    // Nothing held, nothing recorded but the failure; the draft is still there to submit again.
    expect(await available(client.companyId, 'USDT')).toBe(before);
    const rows = await test.database.db
      .select()
      .from(cardApplications)
      .where(eq(cardApplications.company_id, client.companyId));
    expect(rows).toEqual([]);
    const kept = await call<{ draft: CardApplicationDraft | null }>(
      test,
      '/api/v1/card/applicationDraft/get',
      {},
      { session: client.session },
    );
    expect(kept.data.draft?.values.username).toBe(body.username);
    const audits = await failureAudits(client.companyId);
    expect(audits.map((entry) => entry.detail)).toEqual([
      { call: '/api/v1/card/audit', action: 'card_application', fault: 'unavailable' },
    ]);

    // “We will contact you shortly”: the staff who review cards are told whom, about what.
    const told = await staffMessages(reviewer, name);
    expect(told.map((message) => message.params)).toEqual([
      { company_name: name, action: 'card_application', fault: 'unavailable' },
    ]);
    expect(told[0]?.category).toBe('cards');
    const clientInbox = await call<{ items: InboxMessage[] }>(
      test,
      '/api/v1/msg/list',
      {},
      { session: client.session },
    );
    expect(clientInbox.data.items.map((message) => message.kind)).not.toContain('card_processor_failed');

    // The fault was one request: it is spent, and the same submission (same key) now goes through.
    expect(
      (await call<SimulatorProcessorFault>(test, getSimulatorProcessorFault.path, {}, { session: desk })).data,
    ).toEqual({ fault: null, calls_left: null, set_at: null });
    const submitted = await submitApplication(test, client.session, body, key);
    expect(submitted.code, submitted.msg).toBe(200);
    expect(Number(await available(client.companyId, 'USDT'))).toBeLessThan(Number(before));
  });

  it('answers a top-up “Submission failed” with nothing held and no top-up, then loads it once cleared', async () => {
    const active = await activatedCard(test, { funds: { USDC: '5000', USDT: '100' } });
    const request = {
      card_id: active.card.id,
      amount: '100',
      asset: 'USDC' as const,
      fee_quote: await topUpFeeQuote(test, active.client.session, {
        card_id: active.card.id,
        amount: '100',
        asset: 'USDC',
      }),
      source_of_funds: 'business_revenue',
      confirmed: true,
    };
    const before = await available(active.client.companyId, 'USDC');
    await setFault('unavailable');
    const key = randomUUID();
    const send = () =>
      call(test, submitTopUp.path, request, { session: active.client.session, headers: idempotent(key) });
    // Until cleared: every try fails alike.
    for (const _attempt of [1, 2]) expect((await send()).code).toBe(codeOf('submission_failed'));
    expect(await available(active.client.companyId, 'USDC')).toBe(before);
    expect(await test.database.db.select().from(topUps).where(eq(topUps.card_id, active.card.id))).toEqual([]);
    expect(await staffMessages(reviewer, await companyName(active.client.companyId))).toHaveLength(2);

    await setFault(null);
    const loaded = await send();
    expect(loaded.code, loaded.msg).toBe(200);
    expect(Number(await available(active.client.companyId, 'USDC'))).toBeLessThan(Number(before));
  });

  it('answers staff in the back office in their own words, and tells no one else', async () => {
    const active = await activatedCard(test);
    const events = () =>
      executeRows<{ count: number }>(
        test.database.db,
        sql`select count(*)::int as count from ${outboxEvents} where ${outboxEvents.type} = 'card.processor_failed'`,
      );
    const [before] = await events();
    await setFault('unavailable', 1);
    const refused = await call(
      test,
      adminBlockCard.path,
      { card_id: active.card.id, reason: 'Checking a report' },
      { session: desk },
    );
    expect(refused).toMatchObject({
      code: codeOf('submission_failed'),
      msg: 'The card processor did not answer. Nothing was changed; try again later.',
    });
    expect((await cardRow(test, active.card.id)).status).toBe('active');
    expect(await events()).toEqual([before]);
  });
});

describe('the processor answers malformed data', () => {
  it('answers activation and the PIN “Data error.”, changing nothing, and works again once cleared', async () => {
    const shipped = await shippedCard(test);
    await setFault('malformed');
    const activation = await activate(shipped);
    expect(activation).toMatchObject({ code: codeOf('data_error'), msg: 'Data error.' });
    expect(await cardRow(test, shipped.card.id)).toMatchObject({
      status: 'approved',
      operation_stage: 'awaiting_activation',
    });

    await setFault(null);
    expect((await activate(shipped)).code).toBe(200);

    await setFault('malformed', 1);
    const pin = { card_id: shipped.card.id, pin: '4825', pin_confirmation: '4825' };
    const refused = await call(test, setCardPin.path, pin, { session: shipped.client.session });
    expect(refused).toMatchObject({ code: codeOf('data_error'), msg: 'Data error.' });
    const set = await call(test, setCardPin.path, pin, { session: shipped.client.session });
    expect(set.code, set.msg).toBe(200);

    const name = await companyName(shipped.client.companyId);
    expect((await staffMessages(reviewer, name)).map((message) => message.params)).toEqual(
      expect.arrayContaining([
        { company_name: name, action: 'activation', fault: 'malformed' },
        { company_name: name, action: 'set_pin', fault: 'malformed' },
      ]),
    );
  });
});

describe('the simulator’s fault', () => {
  it('counts the requests it fails, though each failed request’s transaction rolled back', async () => {
    const shipped = await shippedCard(test);
    expect(await setFault('unavailable', 3)).toMatchObject({ fault: 'unavailable', calls_left: 3 });
    for (const left of [2, 1]) {
      expect((await activate(shipped)).code).toBe(codeOf('submission_failed'));
      const state = await call<SimulatorProcessorFault>(test, getSimulatorProcessorFault.path, {}, { session: desk });
      expect(state.data.calls_left).toBe(left);
    }
    expect((await activate(shipped)).code).toBe(codeOf('submission_failed'));
    expect((await activate(shipped)).code).toBe(200);
    const audits = await test.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'simulator.card_processor_fault'));
    expect(audits.at(-1)?.detail).toEqual({ fault: 'unavailable', calls: 3 });
  });

  it('is set by staff only: a client is refused', async () => {
    const client = await cardCompany(test);
    const refused = await call(
      test,
      setSimulatorProcessorFault.path,
      { fault: 'unavailable', calls: null },
      { session: client.session },
    );
    expect(refused.code).toBe(codeOf('forbidden'));
    const read = await call(test, getSimulatorProcessorFault.path, {}, { session: client.session });
    expect(read.code).toBe(codeOf('forbidden'));
    const state = await call<SimulatorProcessorFault>(test, getSimulatorProcessorFault.path, {}, { session: desk });
    expect(state.data.fault).toBeNull();
  });
});

describe('the calls that wait on the processor', () => {
  it('each list both failures, and each client one names its action for the card staff', () => {
    const declaring = [...test.app.callPlatform.calls.values()].filter((definition) =>
      definition.errors.includes('submission_failed'),
    );
    for (const definition of declaring) {
      expect(definition.errors, definition.path).toContain('data_error');
      expect(definition.path in processorActionOfCall, definition.path).toBe(definition.auth !== 'staff');
    }
    expect(Object.keys(processorActionOfCall).sort()).toEqual(
      declaring
        .filter((definition) => definition.auth !== 'staff')
        .map((definition) => definition.path)
        .sort(),
    );
  });
});
