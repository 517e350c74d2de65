import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunningTestApp, type RunningTestApp } from '../../platform/test-support.ts';
import { accountBalance, accountIdOf, checkLedgerInvariants, ensureRates } from '../ledger/index.ts';
import { transactionIdOfSource } from '../transactions/index.ts';
import { chargeCompanyFee, feeOf, settleCompanyFee, shareFee } from './fees.ts';
import { cardEvents, cardholders } from './tables.ts';
import { activatedCard, cardRow, orderedCard, shippedCard, syncNow } from './test-support.ts';

let test: RunningTestApp;
beforeAll(async () => {
  test = await createRunningTestApp();
  await ensureRates(test.database.db, test.clock.now());
});
afterAll(async () => {
  await test?.close();
});

describe('the processor simulator and the sync', () => {
  it('decides the cardholder’s KYC, then moves the card through the stages to awaiting activation', async () => {
    const { card, simulator, cardholderId } = await orderedCard(test);
    expect(card).toMatchObject({ status: 'approved', operation_stage: 'kyc_processing', kit_code: null });
    expect(card.last4).toMatch(/^\d{4}$/);

    test.clock.advance(61);
    await test.database.db.transaction((tx) => simulator.advance(tx, test.clock.now()));
    await syncNow(test);
    const [holder] = await test.database.db.select().from(cardholders).where(eq(cardholders.id, cardholderId));
    expect(holder).toMatchObject({ kyc_id_status: 'success', kyc_address_status: 'success', kyc_message: null });
    expect((await cardRow(test, card.id)).operation_stage).toBe('consolidating');

    for (let step = 0; step < 4; step += 1) {
      test.clock.advance(61);
      await test.database.db.transaction((tx) => simulator.advance(tx, test.clock.now()));
    }
    await syncNow(test);
    const shipped = await cardRow(test, card.id);
    expect(shipped).toMatchObject({ status: 'approved', operation_stage: 'awaiting_activation' });
    expect(shipped.kit_code).toMatch(/^\d{10}$/);
    const stages = await test.database.db
      .select({ stage: cardEvents.operation_stage })
      .from(cardEvents)
      .where(eq(cardEvents.card_id, card.id))
      .orderBy(cardEvents.at, cardEvents.id);
    expect(stages.map((line) => line.stage)).toEqual([
      'kyc_processing',
      'consolidating',
      'reserved_for_print',
      'printing',
      'mailed',
      'awaiting_activation',
    ]);
    // Applying again changes nothing: each notification once.
    expect(await syncNow(test)).toBe(0);
  });

  it('refuses the KYC the control says, with the processor’s message', async () => {
    const { simulator, cardholderId, card } = await orderedCard(test);
    const [holder] = await test.database.db.select().from(cardholders).where(eq(cardholders.id, cardholderId));
    await simulator.refuseNextKyc(test.database.db, holder?.member_id ?? '', 'address');
    test.clock.advance(61);
    await test.database.db.transaction((tx) => simulator.advance(tx, test.clock.now()));
    await syncNow(test);
    const [refused] = await test.database.db.select().from(cardholders).where(eq(cardholders.id, cardholderId));
    expect(refused).toMatchObject({ kyc_id_status: 'success', kyc_address_status: 'failed' });
    expect(refused?.kyc_message).toContain('proof of address');
    expect((await cardRow(test, card.id)).operation_stage).toBe('kyc_processing');
  });

  it('activates only with the letter’s KIT and activation codes, which the product never keeps', async () => {
    const { card, simulator, letter } = await shippedCard(test);
    const wrong = await simulator.activate(
      test.database.db,
      card.processor_reference,
      { kitCode: letter.kit_code, activationCode: letter.activation_code === '000000' ? '111111' : '000000' },
      test.clock.now(),
    );
    expect(wrong).toBe('codes_incorrect');
    const activated = await activatedCard(test);
    expect(await cardRow(test, activated.card.id)).toMatchObject({ status: 'active', operation_stage: 'activated' });

    const dump = JSON.stringify(
      await test.database.db.execute(
        'select * from cards full join card_events on false full join cardholders on false full join outbox_events on false',
      ),
    );
    expect(dump).not.toContain(activated.letter.activation_code);
    expect(dump).toContain(activated.card.last4);
  });
});

describe('card fees charged to the company', () => {
  it('takes a USD fee from the chosen stable coin at its rate, as a hold that can be voided', async () => {
    const { client, card } = await orderedCard(test);
    const db = test.database.db;
    const now = test.clock.now();
    const fee = await feeOf(db, card.level, 'replacement');
    const account = await accountIdOf(db, { kind: 'customer', companyId: client.companyId, asset: 'USDC' }, now);
    const before = await accountBalance(db, account);
    const charged = await db.transaction((tx) =>
      chargeCompanyFee(
        tx,
        {
          companyId: client.companyId,
          asset: 'USDC',
          usdAmount: fee.amount,
          kind: 'replacement',
          idempotencyKey: `test-fee-${card.id}`,
          reference: { type: 'card', id: card.id },
          hold: true,
        },
        now,
      ),
    );
    expect(charged).not.toBeNull();
    const held = await accountBalance(db, account);
    expect(Number(held?.held) - Number(before?.held)).toBeCloseTo(Number(charged?.debitAmount), 6);
    await db.transaction((tx) => settleCompanyFee(tx, charged?.transferId ?? '', 'void', now));
    expect((await accountBalance(db, account))?.available).toBe(before?.available);
    expect(await checkLedgerInvariants(db)).toEqual([]);
    expect(await transactionIdOfSource(db, { type: 'card_fee', id: charged?.transferId ?? '' })).not.toBeNull();
  });

  it('computes a share-based fee rounded up to the cent, at least its minimum', () => {
    expect(shareFee({ kind: 'load', amount: '1.00', rate: '0.01' }, '50')).toBe('1.00');
    expect(shareFee({ kind: 'load', amount: '1.00', rate: '0.01' }, '1234.56')).toBe('12.35');
    expect(shareFee({ kind: 'annual', amount: '100.00', rate: null }, '1')).toBe('100.00');
  });
});

// Last in the file: it moves the clock an hour on, and leaves notifications the product never applies.
describe('the simulated card network', () => {
  it('settles an authorised purchase on its own an hour later', async () => {
    const { card, simulator } = await activatedCard(test);
    const db = test.database.db;
    await simulator.load(
      db,
      card.processor_reference,
      { idempotencyKey: `sim-load-${card.id}`, amount: '100.00' },
      test.clock.now(),
    );
    await simulator.completeLoads(db, card.processor_reference, test.clock.now());
    const authorisation = await simulator.purchase(
      db,
      card.processor_reference,
      { amount: '12.34', merchant_name: 'Corner Shop', merchant_category: '5411', merchant_country: 'SG' },
      test.clock.now(),
    );
    expect(authorisation.kind).toBe('authorisation');
    test.clock.advance(30 * 60);
    await db.transaction((tx) => simulator.advance(tx, test.clock.now()));
    const settledEarly = (await simulator.notificationsAfter(db, null, 10_000)).filter(
      (note) =>
        note.type === 'card_transaction' &&
        note.transaction.authorisation_id === authorisation.id &&
        note.transaction.kind === 'settlement',
    );
    expect(settledEarly).toHaveLength(0);
    test.clock.advance(31 * 60);
    await db.transaction((tx) => simulator.advance(tx, test.clock.now()));
    const settled = (await simulator.notificationsAfter(db, null, 10_000)).filter(
      (note) =>
        note.type === 'card_transaction' &&
        note.transaction.authorisation_id === authorisation.id &&
        note.transaction.kind === 'settlement',
    );
    expect(settled).toHaveLength(1);
  });
});
