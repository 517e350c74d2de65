/**
 * Card management through the calls: activation, PIN, blocks, replacement,
 * renewals and expiry, the back office, and the rules of SPEC.md section 4 as the calls enforce them
 * (the table itself is proven over every combination in the contract's cards.test.ts).
 */
import { Writable } from 'node:stream';
import type { SignedIn } from '@bank/contract/account';
import {
  type AnnualConfig,
  activateCard,
  adminBlockCard,
  adminUnblockCard,
  blockCard,
  type CardDetails,
  changeMailingAddress,
  type FeeTerm,
  getAnnualConfig,
  getCard,
  getReplaceConfig,
  getStaffCard,
  listCards,
  listRenewals,
  listStaffCards,
  payReplacementFee,
  type ReplaceConfig,
  renewCard,
  replaceCard,
  type StaffCardDetails,
  setAnnualSetting,
  setCardPin,
  setFeeSchedule,
  simulateCardLetter,
  simulateShipCard,
  unblockCard,
} from '@bank/contract/card-management';
import type { Card } from '@bank/contract/cards';
import { errorCatalogue } from '@bank/contract/errors';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../../platform/db.ts';
import { parseAmount } from '../../../platform/money.ts';
import { qrCodeSvg } from '../../../platform/qr-code.ts';
import { call, createRunningTestApp, type RunningTestApp, uniqueEmail } from '../../../platform/test-support.ts';
import { companies, ensureUser } from '../../account/index.ts';
import { memberWithoutGroup, pairAuthenticator, signIn, strongPassword } from '../../account/test-support.ts';
import { depositOperator } from '../../deposits/test-support.ts';
import { accountBalance, accountIdOf, checkLedgerInvariants, ensureRates, ledger } from '../../ledger/index.ts';
import { clearingAccountOf, fundedAccount } from '../../ledger/test-support.ts';
import { idempotent } from '../../payouts/test-support.ts';
import { cardAccountId } from '../card-view.ts';
import { renewalsSchedule } from '../renewals/renewals.ts';
import { cardFeeTerms } from '../renewals/tables.ts';
import { cardEvents, cards } from '../tables.ts';
import { cardHolderMember, cardRow, orderedCard, shippedCard, syncNow, testSimulator } from '../test-support.ts';

/** Where the product's links point (a card's QR code among them). */
const publicUrl = 'https://bank.example';

const logLines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let test: RunningTestApp;
beforeAll(async () => {
  test = await createRunningTestApp({ logger: { level: 'trace', stream: capture }, config: { publicUrl } });
  await ensureRates(test.database.db, test.clock.now());
});
afterAll(async () => {
  await test?.close();
});

const codeOf = (key: keyof typeof errorCatalogue) => errorCatalogue[key].code;

function api<Data>(
  path: string,
  body: unknown,
  session: Pick<SignedIn, 'token' | 'userid'>,
  headers?: Record<string, string>,
) {
  return call<Data>(test, path, body, { session, ...(headers ? { headers } : {}) });
}

const usd = (amount: string) => ({ amount, asset: 'USD' as const });

/** The first annual fee the activation dialog shows (getAnnualConfig), as the activation carries it back. */
async function activationQuote(cardId: string, session: Pick<SignedIn, 'token' | 'userid'>) {
  const config = await api<AnnualConfig>(getAnnualConfig.path, { card_id: cardId }, session);
  expect(config.code).toBe(200);
  return config.data.activation_fee === null ? {} : { fee_quote: usd(config.data.activation_fee) };
}

/** The replacement fee getReplaceConfig shows, as the block, replace and pay calls carry it back. */
async function replacementQuote(cardId: string, session: Pick<SignedIn, 'token' | 'userid'>) {
  const config = await api<ReplaceConfig>(getReplaceConfig.path, { card_id: cardId }, session);
  return usd(config.data.fee);
}

/** A shipped card activated through the call, by the company's administrator. */
async function activeCard(options: Parameters<typeof shippedCard>[1] = {}) {
  const shipped = await shippedCard(test, options);
  const answer = await api<Card>(
    activateCard.path,
    {
      card_id: shipped.card.id,
      kit_code: shipped.letter.kit_code,
      activation_code: shipped.letter.activation_code,
      ...(await activationQuote(shipped.card.id, shipped.client.session)),
    },
    shipped.client.session,
  );
  expect(answer.code).toBe(200);
  return shipped;
}

async function usdcAvailable(companyId: string): Promise<number> {
  const db = test.database.db;
  const account = await accountIdOf(db, { kind: 'customer', companyId, asset: 'USDC' }, test.clock.now());
  return Number((await accountBalance(db, account))?.available ?? '0');
}

async function termsOf(cardId: string) {
  return test.database.db
    .select()
    .from(cardFeeTerms)
    .where(eq(cardFeeTerms.card_id, cardId))
    .orderBy(cardFeeTerms.sequence);
}

async function staffWithRole(role: 'system_admin' | 'compliance_officer') {
  const email = uniqueEmail(role);
  await ensureUser(
    test.database.db,
    { email, password: strongPassword, fullName: 'Sam Staff', role },
    test.clock.now(),
  );
  const session = await signIn(test, { email, password: strongPassword });
  await pairAuthenticator(test, session);
  return session;
}

describe('activation', () => {
  it('needs the letter’s codes: a wrong one is refused, the right ones activate and start the membership', async () => {
    const { card, letter, client } = await shippedCard(test);
    const wrong = letter.activation_code === '000000' ? '111111' : '000000';
    const refused = await api(
      activateCard.path,
      {
        card_id: card.id,
        kit_code: letter.kit_code,
        activation_code: wrong,
        ...(await activationQuote(card.id, client.session)),
      },
      client.session,
    );
    expect(refused.code).toBe(codeOf('activate_card_failed'));
    expect((await cardRow(test, card.id)).status).toBe('approved');

    const before = await usdcAvailable(client.companyId);
    const activated = await api<Card>(
      activateCard.path,
      {
        card_id: card.id,
        kit_code: letter.kit_code,
        activation_code: letter.activation_code,
        ...(await activationQuote(card.id, client.session)),
      },
      client.session,
    );
    expect(activated.code).toBe(200);
    expect(activated.data).toMatchObject({ status: 'active', operation_stage: 'activated', annual_fee_status: 'paid' });
    expect(activated.data.allowed_actions).toContain('set_pin');
    // The premier annual fee (100 USD) was taken from USDC at its rate.
    expect(before - (await usdcAvailable(client.companyId))).toBeGreaterThan(99);
    const terms = await termsOf(card.id);
    expect(terms.map((term) => [term.sequence, term.status])).toEqual([
      [1, 'paid'],
      [2, 'upcoming'],
    ]);
    expect((await cardRow(test, card.id)).expires_on).toBe(terms[0]?.ends_on);

    const details = await api<CardDetails>(getCard.path, { card_id: card.id }, client.session);
    expect(details.data.timeline.map((line) => line.kind)).toEqual(
      expect.arrayContaining(['ordered', 'activated', 'fee_charged']),
    );
    const events = await executeRows<{ type: string }>(
      test.database.db,
      sql`select type from outbox_events where payload->>'card_id' = ${card.id}`,
    );
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['card.activated']));
    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
  });

  it('caps the attempts of a card an hour', async () => {
    const { card, letter, client } = await shippedCard(test);
    const wrong = letter.activation_code === '000000' ? '111111' : '000000';
    const body = {
      card_id: card.id,
      kit_code: letter.kit_code,
      activation_code: wrong,
      ...(await activationQuote(card.id, client.session)),
    };
    // The clock standing still: the hour's window cannot end between the attempts on a busy machine.
    const capped = await test.clock.standingStill(async () => {
      for (let attempt = 0; attempt < 5; attempt += 1)
        expect((await api(activateCard.path, body, client.session)).code).toBe(codeOf('activate_card_failed'));
      return api(activateCard.path, { ...body, activation_code: letter.activation_code }, client.session);
    });
    expect(capped.code).toBe(codeOf('rate_limited'));
  });

  it('leaves the first annual fee unpaid when the company cannot pay it, and the card works', async () => {
    const { card } = await activeCard({ funds: { USDT: '1000' } });
    expect((await cardRow(test, card.id)).status).toBe('active');
    const terms = await termsOf(card.id);
    expect(terms[0]).toMatchObject({ status: 'unpaid', remarks: 'activation_charge_failed' });
  });
});

describe('what a card shows', () => {
  it('its sales type, the company’s relationship manager once it has one, and a QR code of its page', async () => {
    const { card, client } = await orderedCard(test);
    const before = await api<CardDetails>(getCard.path, { card_id: card.id }, client.session);
    expect(before.data).toMatchObject({ sales_type: 'general', relationship_manager: null });
    expect(before.data.qr_svg).toBe(await qrCodeSvg(`${publicUrl}/cards?card=${card.id}`));

    const email = uniqueEmail('manager');
    const managerId = await ensureUser(
      test.database.db,
      { email, fullName: 'Mei Lin', password: strongPassword, role: 'sales_relationship_manager' },
      test.clock.now(),
    );
    await test.database.db
      .update(companies)
      .set({ relationship_manager_id: managerId })
      .where(eq(companies.id, client.companyId));
    const manager = { full_name: 'Mei Lin', email };
    const after = await api<CardDetails>(getCard.path, { card_id: card.id }, client.session);
    expect(after.data.relationship_manager).toEqual(manager);
    const listed = await api<{ items: Card[] }>(listCards.path, { page_size: 50 }, client.session);
    expect(listed.data.items.find((item) => item.id === card.id)?.relationship_manager).toEqual(manager);
  });
});

describe('the PIN', () => {
  /** Every row of every table of the app's schema, as one text. */
  const databaseDump = async () => {
    const tables = await executeRows<{ table_name: string }>(
      test.database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    let dump = '';
    for (const { table_name } of tables)
      dump += JSON.stringify(await executeRows(test.database.db, sql`select * from ${sql.identifier(table_name)}`));
    return dump;
  };
  /** The PIN as a whole value: not part of an id, a date, a time or an amount. */
  const asWholeValue = (pin: string) => new RegExp(`(?<![0-9a-f.:-])${pin}(?![0-9a-f.:-])`, 'i');

  it('checks the two entries, needs a fresh second factor, and never reaches the database, the log or the answer', async () => {
    const { card, client } = await activeCard();
    // A PIN found nowhere in the database yet: on a shared PostgreSQL, another test's row (a card's
    // last four digits) once held 9173 as a whole value.
    const before = await databaseDump();
    const pin = ['9173', '8264', '7355', '6446', '5537'].find((candidate) => !before.match(asWholeValue(candidate)));
    if (!pin) throw new Error('every candidate PIN is already in the database');
    const mismatch = await api<{ fields: Record<string, string> }>(
      setCardPin.path,
      { card_id: card.id, pin, pin_confirmation: '9174' },
      client.session,
    );
    expect(mismatch.code).toBe(codeOf('validation'));
    expect(mismatch.data.fields.pin_confirmation).toBe('The two PINs do not match, please re-enter');

    const set = await api(setCardPin.path, { card_id: card.id, pin, pin_confirmation: pin }, client.session);
    expect(set).toMatchObject({ code: 200, data: { card_id: card.id } });
    expect(JSON.stringify(set)).not.toContain(pin);
    const lines = await test.database.db.select().from(cardEvents).where(eq(cardEvents.card_id, card.id));
    expect(lines.map((line) => line.kind)).toContain('pin_set');

    // A processor's refusal answers set_pin_failed.
    await testSimulator(test).failNextPin(test.database.db, card.processor_reference);
    const failed = await api(setCardPin.path, { card_id: card.id, pin, pin_confirmation: pin }, client.session);
    expect(failed.code).toBe(codeOf('set_pin_failed'));

    const dump = await databaseDump();
    const asValue = asWholeValue(pin);
    expect(dump).not.toMatch(asValue);
    expect(dump).not.toContain('pin_confirmation');
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toMatch(asValue);

    // The second factor is fresh for 5 minutes after the sign-in.
    test.clock.advance(6 * 60);
    try {
      const stale = await api(setCardPin.path, { card_id: card.id, pin, pin_confirmation: pin }, client.session);
      expect(stale.code).toBe(codeOf('fresh_second_factor_required'));
    } finally {
      test.clock.advance(-6 * 60);
    }
  });
});

describe('blocks and replacement', () => {
  it('blocks as lost for good: the fee shown is charged, a replacement is ordered, and the block cannot be lifted', async () => {
    const { card, client } = await activeCard();
    const config = await api<ReplaceConfig>(getReplaceConfig.path, { card_id: card.id }, client.session);
    expect(config.data.fee).toBe('25.00');
    const usdcCost = Number(config.data.costs.find((cost) => cost.asset === 'USDC')?.amount);
    // Money on the old card, which the replacement takes over.
    const db = test.database.db;
    const now = test.clock.now();
    await ledger.transfer(
      db,
      [
        {
          idempotencyKey: `test-load-${card.id}`,
          kind: 'card_load',
          asset: 'USD',
          debitAccountId: await clearingAccountOf(db, 'USD', now),
          creditAccountId: await cardAccountId(db, card, now),
          amount: '40.00',
          reference: { type: 'card', id: card.id },
        },
      ],
      now,
    );

    const before = await usdcAvailable(client.companyId);
    const blocked = await api<Card>(
      blockCard.path,
      {
        card_id: card.id,
        kind: 'lost_stolen',
        reason: 'Left in a taxi',
        asset: 'USDC',
        fee_quote: usd(config.data.fee),
      },
      client.session,
      idempotent(),
    );
    expect(blocked.code).toBe(200);
    expect(blocked.data).toMatchObject({
      status: 'blocked',
      operation_stage: 'card_anomaly',
      anomaly_cause: 'lost_or_stolen',
      replacement_status: 'pending_replacement',
      block: { type: 'client', is_final: true, cause: 'lost_or_stolen', reason: 'Left in a taxi' },
    });
    expect(blocked.data.allowed_actions).toEqual([]);
    expect(before - (await usdcAvailable(client.companyId))).toBeCloseTo(usdcCost, 6);
    const replacementId = blocked.data.replaced_by_card_id ?? '';
    const replacement = await cardRow(test, replacementId);
    expect(replacement).toMatchObject({ status: 'approved', replaces_card_id: card.id });

    const unblock = await api(unblockCard.path, { card_id: card.id }, client.session);
    expect(unblock.code).toBe(codeOf('card_pending_replacement'));
    const again = await api(
      blockCard.path,
      { card_id: card.id, kind: 'damaged', reason: 'again', asset: 'USDC', fee_quote: usd('25.00') },
      client.session,
      idempotent(),
    );
    expect(again.code).toBe(codeOf('status_error'));

    // Staff ship the replacement; the holder activates it with its own letter.
    const staff = await depositOperator(test);
    const shipped = await api<StaffCardDetails>(simulateShipCard.path, { card_id: replacementId }, staff);
    expect(shipped.data.operation_stage).toBe('awaiting_activation');
    const letter = await api<{ kit_code: string; activation_code: string }>(
      simulateCardLetter.path,
      { card_id: replacementId },
      staff,
    );
    const activated = await api<Card>(
      activateCard.path,
      { card_id: replacementId, kit_code: letter.data.kit_code, activation_code: letter.data.activation_code },
      client.session,
    );
    expect(activated.code).toBe(200);
    expect(activated.data).toMatchObject({ status: 'active', available: '40.00', annual_fee_status: 'paid' });
    const old = await cardRow(test, card.id);
    expect(old).toMatchObject({ status: 'blocked', operation_stage: 'reissued', replacement_status: 'replaced' });
    expect((await termsOf(replacementId)).map((term) => term.sequence)).toEqual([1, 2]);
    expect((await cardRow(test, replacementId)).expires_on).toBe(old.expires_on);
    // The processor's notifications of the same changes apply nothing more.
    await syncNow(test);
    expect(await cardRow(test, card.id)).toMatchObject({ operation_stage: 'reissued', replacement_status: 'replaced' });
    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
  });

  it('blocks a lost card at once with an empty balance: the replacement waits on its fee, and paying it orders the replacement', async () => {
    const { card, client } = await activeCard({ funds: {} });
    const blocked = await api<Card>(
      blockCard.path,
      {
        card_id: card.id,
        kind: 'lost_stolen',
        reason: 'Stolen on the train',
        asset: 'USDC',
        fee_quote: await replacementQuote(card.id, client.session),
      },
      client.session,
      idempotent(),
    );
    expect(blocked.code).toBe(200);
    expect(blocked.data).toMatchObject({
      status: 'blocked',
      operation_stage: 'card_anomaly',
      anomaly_cause: 'lost_or_stolen',
      replacement_status: 'pending_replacement',
      replacement_fee_owed: true,
      replaced_by_card_id: null,
      block: { is_final: true, cause: 'lost_or_stolen' },
    });
    expect(blocked.data.allowed_actions).toEqual(['pay_replacement_fee']);
    // The processor blocked it at once too.
    const atProcessor = await executeRows<{ state: string }>(
      test.database.db,
      sql`select state from card_sim_cards where reference = ${card.processor_reference}`,
    );
    expect(atProcessor).toEqual([{ state: 'blocked' }]);
    expect((await api(unblockCard.path, { card_id: card.id }, client.session)).code).toBe(
      codeOf('card_pending_replacement'),
    );
    const details = await api<CardDetails>(getCard.path, { card_id: card.id }, client.session);
    expect(details.data.timeline.find((line) => line.kind === 'replacement_fee_owed')?.detail).toMatchObject({
      amount: '25.00',
      why: 'insufficient_balance',
    });
    const told = await executeRows<{ type: string }>(
      test.database.db,
      sql`select type from outbox_events where payload->>'card_id' = ${card.id} and type = 'card.replacement_fee_owed'`,
    );
    expect(told).toHaveLength(1);

    // Still no money: paying is refused and the card keeps waiting.
    const unpaid = await api(
      payReplacementFee.path,
      { card_id: card.id, asset: 'USDC', fee_quote: usd('25.00') },
      client.session,
      idempotent(),
    );
    expect(unpaid.code).toBe(codeOf('insufficient_balance'));
    expect(await cardRow(test, card.id)).toMatchObject({ replacement_fee_owed: true, replaced_by_card_id: null });

    // Funds arrive; the fee shown is paid and the replacement is ordered.
    const db = test.database.db;
    await fundedAccount(db, client.companyId, 'USDC', '100', test.clock.now());
    const config = await api<ReplaceConfig>(getReplaceConfig.path, { card_id: card.id }, client.session);
    const usdcCost = Number(config.data.costs.find((cost) => cost.asset === 'USDC')?.amount);
    const before = await usdcAvailable(client.companyId);
    const paid = await api<Card>(
      payReplacementFee.path,
      { card_id: card.id, asset: 'USDC', fee_quote: usd(config.data.fee) },
      client.session,
      idempotent(),
    );
    expect(paid.code).toBe(200);
    expect(paid.data).toMatchObject({
      status: 'blocked',
      replacement_status: 'pending_replacement',
      replacement_fee_owed: false,
    });
    expect(paid.data.allowed_actions).toEqual([]);
    expect(before - (await usdcAvailable(client.companyId))).toBeCloseTo(usdcCost, 6);
    const replacement = await cardRow(test, paid.data.replaced_by_card_id ?? '');
    expect(replacement).toMatchObject({ status: 'approved', replaces_card_id: card.id });
    const again = await api(
      payReplacementFee.path,
      { card_id: card.id, asset: 'USDC', fee_quote: usd('25.00') },
      client.session,
      idempotent(),
    );
    expect(again.code).toBe(codeOf('status_error'));
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it('replaces a worn card: the old one works until the new one is activated, then ends', async () => {
    const { card, client } = await activeCard();
    const replaced = await api<Card>(
      replaceCard.path,
      { card_id: card.id, asset: 'USDT', fee_quote: usd('25.00') },
      client.session,
      idempotent(),
    );
    expect(replaced.data).toMatchObject({ status: 'active', replacement_status: 'pending_replacement' });
    expect(replaced.data.allowed_actions).not.toContain('replace');
    const twice = await api(
      replaceCard.path,
      { card_id: card.id, asset: 'USDT', fee_quote: usd('25.00') },
      client.session,
      idempotent(),
    );
    expect(twice.code).toBe(codeOf('card_pending_replacement'));
    const newId = replaced.data.replaced_by_card_id ?? '';
    const simulator = testSimulator(test);
    const reference = (await cardRow(test, newId)).processor_reference;
    await test.database.db.transaction((tx) => simulator.shipNow(tx, reference, test.clock.now()));
    await syncNow(test);
    const letter = await simulator.letterOf(test.database.db, reference);
    const activated = await api(
      activateCard.path,
      { card_id: newId, kit_code: letter.kit_code, activation_code: letter.activation_code },
      client.session,
    );
    expect(activated.code).toBe(200);
    expect(await cardRow(test, card.id)).toMatchObject({ status: 'expired', operation_stage: 'reissued' });
  });

  it('a temporary block records who: a holder’s is lifted by the administrator, the company’s not by a holder', async () => {
    const { card, client } = await activeCard();
    const holder = await cardHolderMember(test, card);
    const byHolder = await api<Card>(
      blockCard.path,
      { card_id: card.id, kind: 'temporary', reason: 'Mislaid' },
      holder,
      idempotent(),
    );
    expect(byHolder.data.block).toMatchObject({ type: 'user', is_final: false, by_name: 'Casey Checker' });
    expect((await api<Card>(unblockCard.path, { card_id: card.id }, client.session)).data.status).toBe('active');

    const byCompany = await api<Card>(
      blockCard.path,
      { card_id: card.id, kind: 'temporary', reason: 'Under review' },
      client.session,
      idempotent(),
    );
    expect(byCompany.data.block?.type).toBe('client');
    expect((await api(unblockCard.path, { card_id: card.id }, holder)).code).toBe(codeOf('status_error'));
    expect((await api<Card>(unblockCard.path, { card_id: card.id }, client.session)).data.status).toBe('active');
  });

  it('an administrator’s block is the bank’s: the client cannot lift it, nor do anything else with the card', async () => {
    const { card, client } = await activeCard();
    const staff = await depositOperator(test);
    const blocked = await api<StaffCardDetails>(
      adminBlockCard.path,
      { card_id: card.id, reason: 'Suspected fraud' },
      staff,
    );
    expect(blocked.data.block).toMatchObject({ type: 'admin', reason: 'Suspected fraud' });
    const refused = await api(unblockCard.path, { card_id: card.id }, client.session, { language: 'en' });
    expect(refused).toMatchObject({
      code: codeOf('card_blocked_by_admin'),
      msg: 'Operation cannot continue, card blocked by administrator.',
    });
    const seen = await api<Card>(getCard.path, { card_id: card.id }, client.session);
    expect(seen.data.allowed_actions).toEqual([]);
    // The client reads the bank, not the member of staff.
    expect(seen.data.block?.type).toBe('admin');
    const lost = await api(
      blockCard.path,
      { card_id: card.id, kind: 'lost_stolen', reason: 'Lost', asset: 'USDC', fee_quote: usd('25.00') },
      client.session,
      idempotent(),
    );
    expect(lost.code).toBe(codeOf('card_blocked_by_admin'));
    const lifted = await api<StaffCardDetails>(adminUnblockCard.path, { card_id: card.id, reason: 'Cleared' }, staff);
    expect(lifted.data.status).toBe('active');
    expect(lifted.data.timeline.map((line) => line.kind)).toEqual(expect.arrayContaining(['blocked', 'unblocked']));
  });

  it('changes the mailing address, but not while the card is at the printer or in the post', async () => {
    const { card, client } = await activeCard();
    const address = { line1: '1 Harbour Road', city: 'Hong Kong', country: 'HK' };
    const changed = await api<Card>(
      changeMailingAddress.path,
      { card_id: card.id, mailing_address: address },
      client.session,
    );
    expect(changed.data.mailing_address).toMatchObject({ line1: '1 Harbour Road', line2: '', country: 'HK' });
    await test.database.db.update(cards).set({ operation_stage: 'printing' }).where(eq(cards.id, card.id));
    const printing = await api(
      changeMailingAddress.path,
      { card_id: card.id, mailing_address: address },
      client.session,
    );
    expect(printing.code).toBe(codeOf('status_error'));
  });
});

describe('renewals', () => {
  it('refuses a renewal while the term before is open, then renews in order and moves the end date', async () => {
    const { card, client } = await activeCard({ funds: { USDT: '100000' } });
    const [first, second] = await termsOf(card.id);
    expect(first?.status).toBe('unpaid');
    // The second term's renewal is open (due within 60 days).
    const soon = new Date(test.clock.now().getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
    await test.database.db
      .update(cardFeeTerms)
      .set({ due_on: soon })
      .where(eq(cardFeeTerms.id, second?.id ?? ''));
    const list = await api<{ items: FeeTerm[] }>(listRenewals.path, { card_id: card.id }, client.session);
    expect(list.data.items.map((term) => [term.sequence, term.status, term.can_renew])).toEqual([
      [2, 'pending', false],
      [1, 'unpaid', true],
    ]);
    const quoteOf = (term: typeof first) => usd(parseAmount(term?.amount ?? '0').toFixed(2));
    const early = await api(
      renewCard.path,
      { term_id: second?.id, asset: 'USDT', fee_quote: quoteOf(second) },
      client.session,
      idempotent(),
    );
    expect(early.code).toBe(codeOf('previous_renewal_first'));

    const paidFirst = await api<FeeTerm>(
      renewCard.path,
      { term_id: first?.id, asset: 'USDT', fee_quote: quoteOf(first) },
      client.session,
      idempotent(),
    );
    expect(paidFirst.data).toMatchObject({ status: 'paid', deduction_mode: 'manual', paid_asset: 'USDT' });
    const paidSecond = await api<FeeTerm>(
      renewCard.path,
      { term_id: second?.id, asset: 'USDT', fee_quote: quoteOf(second) },
      client.session,
      idempotent(),
    );
    expect(paidSecond.data).toMatchObject({ status: 'paid', renewal_status: 'renewed' });
    expect((await cardRow(test, card.id)).expires_on).toBe(second?.ends_on);
    expect((await termsOf(card.id)).map((term) => term.status)).toEqual(['paid', 'paid', 'upcoming']);
    const config = await api<{ expires_on: string; terms: FeeTerm[] }>(
      getAnnualConfig.path,
      { card_id: card.id },
      client.session,
    );
    expect(config.data.expires_on).toBe(second?.ends_on);
    const twice = await api(
      renewCard.path,
      { term_id: second?.id, asset: 'USDT', fee_quote: quoteOf(second) },
      client.session,
      idempotent(),
    );
    expect(twice.code).toBe(codeOf('illegal_state'));
  });
});

describe('what the calls refuse', () => {
  it('answers not_found for another company’s card on every call', async () => {
    const { card } = await activeCard();
    const other = await orderedCard(test);
    const session = other.client.session;
    const [term] = await termsOf(card.id);
    const calls: [string, unknown, boolean][] = [
      [getCard.path, { card_id: card.id }, false],
      [activateCard.path, { card_id: card.id, kit_code: '0000000000', activation_code: '000000' }, false],
      [setCardPin.path, { card_id: card.id, pin: '1234', pin_confirmation: '1234' }, false],
      [blockCard.path, { card_id: card.id, kind: 'temporary', reason: 'x' }, true],
      [unblockCard.path, { card_id: card.id }, false],
      [getReplaceConfig.path, { card_id: card.id }, false],
      [replaceCard.path, { card_id: card.id, asset: 'USDC', fee_quote: usd('25.00') }, true],
      [
        changeMailingAddress.path,
        { card_id: card.id, mailing_address: { line1: 'a', city: 'b', country: 'SG' } },
        false,
      ],
      [getAnnualConfig.path, { card_id: card.id }, false],
      [setAnnualSetting.path, { card_id: card.id, auto_renewal: true, asset: 'USDC' }, false],
      [renewCard.path, { term_id: term?.id, asset: 'USDC', fee_quote: usd('100.00') }, true],
      [getCard.path, { card_id: 'not-a-card' }, false],
    ];
    for (const [path, body, isIdempotent] of calls) {
      const answer = await api(path, body, session, isIdempotent ? idempotent() : undefined);
      expect({ path, code: answer.code }).toEqual({ path, code: codeOf('not_found') });
    }
    const listed = await api<{ items: Card[] }>(listCards.path, {}, session);
    expect(listed.data.items.map((item) => item.id)).not.toContain(card.id);
    const renewals = await api<{ items: FeeTerm[] }>(listRenewals.path, {}, session);
    expect(renewals.data.items.map((item) => item.card_id)).not.toContain(card.id);
  });

  it('needs the cards permission, and card_operations for the back office', async () => {
    const { card, client } = await activeCard();
    const member = await memberWithoutGroup(test, client.companyId);
    expect((await api(listCards.path, {}, member)).code).toBe(codeOf('forbidden'));
    expect((await api(getCard.path, { card_id: card.id }, member)).code).toBe(codeOf('forbidden'));
    expect((await api(listStaffCards.path, {}, client.session)).code).toBe(codeOf('forbidden'));
    const compliance = await staffWithRole('compliance_officer');
    expect((await api(listStaffCards.path, {}, compliance)).code).toBe(codeOf('forbidden'));
    expect((await api(getStaffCard.path, { card_id: card.id }, compliance)).code).toBe(codeOf('forbidden'));
    const admin = await staffWithRole('system_admin');
    const found = await api<{ items: { id: string; company_name: string }[] }>(
      listStaffCards.path,
      { last4: card.last4 },
      admin,
    );
    expect(found.data.items.map((item) => item.id)).toContain(card.id);
    // Staff have no company: the client calls refuse them.
    expect((await api(listCards.path, {}, admin)).code).toBe(codeOf('forbidden'));
  });

  it('keeps the fee schedule per level, audited, and charges what it says', async () => {
    const admin = await staffWithRole('system_admin');
    const set = await api<{ fees: { kind: string; amount: string }[] }>(
      setFeeSchedule.path,
      { level: 'prestige', fees: [{ kind: 'replacement', amount: '55.00', rate: null }] },
      admin,
    );
    expect(set.data.fees.find((fee) => fee.kind === 'replacement')?.amount).toBe('55.00');
    const { card, client } = await activeCard({ level: 'prestige' });
    const config = await api<ReplaceConfig>(getReplaceConfig.path, { card_id: card.id }, client.session);
    expect(config.data.fee).toBe('55.00');
    const audit = await executeRows<{ action: string }>(
      test.database.db,
      sql`select action from audit_log where action = 'card.fee_schedule_changed'`,
    );
    expect(audit.length).toBeGreaterThan(0);
  });
});

describe('a fee is charged only as it was shown', () => {
  it('activation, replacement, a final block, paying an owed fee and renewal each refuse a stale or altered fee and charge nothing', async () => {
    const shipped = await shippedCard(test, { level: 'premier' });
    const { card, client, letter } = shipped;
    const session = client.session;
    const codes = { card_id: card.id, kit_code: letter.kit_code, activation_code: letter.activation_code };
    const config = await api<AnnualConfig>(getAnnualConfig.path, { card_id: card.id }, session);
    expect(config.data).toMatchObject({ fee_rule: 'annual', activation_fee: '100.00' });
    expect(config.data.activation_costs.map((cost) => cost.asset)).toEqual(['USDC', 'USDT']);
    const balance = () => usdcAvailable(client.companyId);
    const start = await balance();

    // Activation: no fee shown, or another one, activates nothing and charges nothing.
    for (const quote of [{}, { fee_quote: usd('99.00') }]) {
      const refused = await api(activateCard.path, { ...codes, ...quote }, session);
      expect(refused.code).toBe(codeOf('fee_changed'));
    }
    expect(await cardRow(test, card.id)).toMatchObject({ status: 'approved' });
    expect(await termsOf(card.id)).toEqual([]);
    expect((await api(activateCard.path, { ...codes, fee_quote: usd('100.00') }, session)).code).toBe(200);
    const afterActivation = await balance();
    expect(start - afterActivation).toBeGreaterThan(99);

    // The bank changes the replacement fee after it was shown: the old quote is stale.
    const admin = await staffWithRole('system_admin');
    const shown = await replacementQuote(card.id, session);
    expect(shown).toEqual(usd('25.00'));
    const setReplacement = (amount: string) =>
      api(setFeeSchedule.path, { level: 'premier', fees: [{ kind: 'replacement', amount, rate: null }] }, admin);
    expect((await setReplacement('30.00')).code).toBe(200);
    try {
      const replaced = await api(
        replaceCard.path,
        { card_id: card.id, asset: 'USDC', fee_quote: shown },
        session,
        idempotent(),
      );
      expect(replaced.code).toBe(codeOf('fee_changed'));
      expect(await cardRow(test, card.id)).toMatchObject({ replacement_status: 'not_replaced' });

      // A lost card is blocked all the same; the fee it did not show is not charged but owed.
      const lost = await api<Card>(
        blockCard.path,
        { card_id: card.id, kind: 'lost_stolen', reason: 'Stolen', asset: 'USDC', fee_quote: shown },
        session,
        idempotent(),
      );
      expect(lost.code).toBe(200);
      expect(lost.data).toMatchObject({ status: 'blocked', replacement_fee_owed: true, replaced_by_card_id: null });
      const details = await api<CardDetails>(getCard.path, { card_id: card.id }, session);
      expect(details.data.timeline.find((line) => line.kind === 'replacement_fee_owed')?.detail).toMatchObject({
        amount: '30.00',
        why: 'fee_changed',
      });
      const altered = await api(
        payReplacementFee.path,
        { card_id: card.id, asset: 'USDC', fee_quote: shown },
        session,
        idempotent(),
      );
      expect(altered.code).toBe(codeOf('fee_changed'));
      expect(await balance()).toBe(afterActivation);
      const paid = await api<Card>(
        payReplacementFee.path,
        { card_id: card.id, asset: 'USDC', fee_quote: await replacementQuote(card.id, session) },
        session,
        idempotent(),
      );
      expect(paid.code).toBe(200);
      expect(afterActivation - (await balance())).toBeGreaterThan(29.9);
    } finally {
      expect((await setReplacement('25.00')).code).toBe(200);
    }

    // Renewal: the term's amount as listed, not another.
    const renewing = await activeCard({ funds: { USDT: '100000' } });
    const [first] = await termsOf(renewing.card.id);
    const wrongTerm = await api(
      renewCard.path,
      { term_id: first?.id, asset: 'USDT', fee_quote: usd('1.00') },
      renewing.client.session,
      idempotent(),
    );
    expect(wrongTerm.code).toBe(codeOf('fee_changed'));
    expect((await termsOf(renewing.card.id))[0]?.status).toBe('unpaid');
    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
  });
});

describe('the daily renewals schedule (the clock moved last: it leaves the clock as it found it)', () => {
  it('charges auto renewals, tells the company when it cannot, and expires cards not renewed', async () => {
    const db = test.database.db;
    const auto = await activeCard();
    const autoPoor = await activeCard({ funds: { USDC: '150' } });
    const lapsing = await activeCard();
    for (const shipped of [auto, autoPoor])
      expect(
        (
          await api(
            setAnnualSetting.path,
            { card_id: shipped.card.id, auto_renewal: true, asset: 'USDC' },
            shipped.client.session,
          )
        ).code,
      ).toBe(200);
    const endOf = async (cardId: string) => (await cardRow(test, cardId)).expires_on ?? '';
    const lapsingEnd = await endOf(lapsing.card.id);

    // A week before the end of the first term: auto renewals are charged.
    const daysToAuto = Math.ceil((Date.parse(`${lapsingEnd}T00:00:00Z`) - test.clock.now().getTime()) / 86_400_000) - 6;
    test.clock.advance(daysToAuto * 86_400);
    const movedSeconds = [daysToAuto * 86_400];
    try {
      await test.app.jobs.runSchedule('ledger__refresh_rates');
      await test.app.jobs.runSchedule(renewalsSchedule);
      expect((await termsOf(auto.card.id)).map((term) => term.status)).toEqual(['paid', 'paid', 'upcoming']);
      const [, poorSecond] = await termsOf(autoPoor.card.id);
      expect(poorSecond).toMatchObject({ status: 'pending', remarks: 'auto_renewal_failed' });
      const told = await executeRows<{ type: string }>(
        db,
        sql`select type from outbox_events where type = 'card.auto_renewal_failed' and payload->>'card_id' = ${autoPoor.card.id}`,
      );
      expect(told).toHaveLength(1);
      // Run again the same day: no second charge, no second notice.
      await test.app.jobs.runSchedule(renewalsSchedule);
      expect(
        await executeRows(
          db,
          sql`select 1 from outbox_events where type = 'card.auto_renewal_failed' and payload->>'card_id' = ${autoPoor.card.id}`,
        ),
      ).toHaveLength(1);

      // Past the end date: the cards not renewed expire, the renewed one works on.
      test.clock.advance(8 * 86_400);
      movedSeconds.push(8 * 86_400);
      await test.app.jobs.runSchedule('ledger__refresh_rates');
      await test.app.jobs.runSchedule(renewalsSchedule);
      expect(await cardRow(test, lapsing.card.id)).toMatchObject({ status: 'expired', operation_stage: 'cancelled' });
      expect(await cardRow(test, autoPoor.card.id)).toMatchObject({ status: 'expired' });
      expect(await cardRow(test, auto.card.id)).toMatchObject({ status: 'active' });
      const [, lapsedSecond] = await termsOf(lapsing.card.id);
      expect(lapsedSecond).toMatchObject({ status: 'overdue', remarks: 'card_expired' });
      const lines = await db
        .select({ kind: cardEvents.kind })
        .from(cardEvents)
        .where(and(eq(cardEvents.card_id, lapsing.card.id), eq(cardEvents.kind, 'expired')));
      expect(lines).toHaveLength(1);
      // The processor closed it: its notification changes nothing more.
      await syncNow(test);
      expect(await cardRow(test, lapsing.card.id)).toMatchObject({ status: 'expired', operation_stage: 'cancelled' });
      expect(await checkLedgerInvariants(db)).toEqual([]);
    } finally {
      for (const seconds of movedSeconds) test.clock.advance(-seconds);
    }
  });
});
