/**
 * Money paths of one company run at once, with no deadlock and no 500. Each path takes its locks in
 * the one order of platform/tenant.ts (the company, then ledger accounts by id, then the rest), so
 * that the changes of one company queue and never deadlock: a single deadlock fails a test here,
 * even one the server's retry (platform/db.ts) ran again until it committed. The embedded database
 * runs one transaction at a time and cannot deadlock, so CI runs this file on PostgreSQL too.
 *
 * Eleven paths make 66 pairs, each path beside itself included: too many to run one by one in CI.
 * The first five (FX, payouts, top-ups, the bank's payout review, the processor's loads) run pair by
 * pair, a company per pair, three of each at once, in two rounds. The six others (OTC, a card's
 * renewal fee, programme orders and membership fees, coin and fiat deposits credited) run on one
 * company in rounds of three paths, three of each at once: fifteen rounds bring each of them
 * together with every path, and with itself. Few paths at a time, rather than all eleven at once:
 * a deadlock needs a call that holds a row while another that wants it waits for the company, and
 * the longer the company's queue, the rarer that meeting (a lock order broken on purpose showed up
 * a few times in rounds of all eleven, and dozens of times in rounds of three).
 */
import { randomUUID } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import {
  type AnnualConfig,
  activateCard,
  type FeeTerm,
  getAnnualConfig,
  listRenewals,
  renewCard,
} from '@bank/contract/card-management';
import {
  type BankCredit,
  type BankDetails,
  creditBankTransfer,
  type Deposit,
  getBankDetails,
  getDepositDetails,
  listDeposits,
  simulateBankCredit,
  simulateBlocks,
  simulateIncomingDeposit,
  submitDepositNotice,
} from '@bank/contract/deposit';
import { errorCatalogue } from '@bank/contract/errors';
import { acceptOtcQuote, type FxQuote, type OtcTrade, quoteOtcRequest, requestOtcQuote } from '@bank/contract/exchange';
import type { MembershipFeeRecord, PreOrder } from '@bank/contract/programme';
import {
  bindProgrammeCard,
  listMembershipFees,
  type MembershipFeeQuote,
  payMembershipFees,
  quoteMembershipFees,
} from '@bank/contract/programme-cards';
import { createPreOrder, decidePreOrder } from '@bank/contract/programme-orders';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createRunningTestApp, type Envelope, type RunningTestApp } from '../../platform/test-support.ts';
import { activatedCard, cardFeeTerms, shippedCard, testAddress, topUpFeeQuote } from '../cards/test-support.ts';
import { depositOperator } from '../deposits/test-support.ts';
import { addAddress, idempotent, submitCrypto } from '../payouts/test-support.ts';
import { programmeBatch, shipBatch } from '../programme/test-support.ts';
import { checkLedgerInvariants } from './index.ts';

let test: RunningTestApp;
let staff: SignedIn;

beforeAll(async () => {
  test = await createRunningTestApp();
  staff = await depositOperator(test);
});
afterAll(async () => {
  await test?.close();
});

/** A funded company with an active card and a saved address, ready for every money call. */
async function readyCompany() {
  const company = await activatedCard(test, { funds: { USDT: '1000000', USDC: '1000000' } });
  const address = await addAddress(test, company.client.session);
  return { ...company, addressId: address.address_id };
}
type Company = Awaited<ReturnType<typeof readyCompany>>;
type MoneyCall = (company: Company) => Promise<Envelope>;

/** The answers a money call may give when another call of its company got there first. */
const acceptableCodes = new Set([
  200,
  errorCatalogue.insufficient_balance.code,
  errorCatalogue.amount_above_maximum.code,
  errorCatalogue.daily_top_up_limit.code,
]);

async function fxConversion(company: Company): Promise<Envelope> {
  const session: SignedIn = company.client.session;
  const quote = await call<FxQuote>(test, '/api/v1/fx/quote', { from: 'USDT', to: 'BTC', amount: '150' }, { session });
  if (quote.code !== 200) return quote;
  return call(test, '/api/v1/fx/accept', { quote_id: quote.data.quote_id }, { session, headers: idempotent() });
}

async function cryptoPayout(company: Company): Promise<Envelope> {
  return submitCrypto(test, company.client.session, company.addressId, '120', randomUUID());
}

async function cardTopUp(company: Company): Promise<Envelope> {
  const session = company.client.session;
  const request = { card_id: company.card.id, amount: '100', asset: 'USDT' as const };
  return call(
    test,
    '/api/v1/card/topUp',
    {
      ...request,
      fee_quote: await topUpFeeQuote(test, session, request),
      source_of_funds: 'business_revenue',
      confirmed: true,
    },
    { session, headers: idempotent() },
  );
}

/** A payout through the bank's review and custody to completed: the staff's and the provider's paths. */
async function paidPayout(company: Company): Promise<Envelope> {
  const submitted = await cryptoPayout(company);
  if (submitted.code !== 200) return submitted;
  const payoutId = (submitted.data as { payout_id: string }).payout_id;
  const decide = { payout_id: payoutId, decision: 'approve', reason: '', note: '' };
  const approved = await call(test, '/api/v1/admin/payouts/decide', decide, { session: staff });
  if (approved.code !== 200) return approved;
  const outcome = { payout_id: payoutId, outcome: 'complete' };
  return call(test, '/api/v1/admin/simulator/payoutOutcome', outcome, { session: staff });
}

/** A top-up the card processor then loads: its notice applied by the sync, as the schedule does. */
async function loadedTopUp(company: Company): Promise<Envelope> {
  const submitted = await cardTopUp(company);
  if (submitted.code !== 200) return submitted;
  const loads = { card_id: company.card.id, complete_now: true };
  return call(test, '/api/v1/admin/simulator/cardLoads', loads, { session: staff });
}

const moneyCalls: Record<string, MoneyCall> = {
  'FX conversion': fxConversion,
  'crypto payout': cryptoPayout,
  'card top-up': cardTopUp,
  'payout reviewed and completed by the bank': paidPayout,
  'top-up loaded by the processor': loadedTopUp,
};

const pairRounds = 2;
const names = Object.keys(moneyCalls);
const pairs = names.flatMap((first, index) => names.slice(index).map((second) => [first, second] as const));

describe('money paths of one company at once', () => {
  it.each(pairs)(
    '%s beside %s: no deadlock, no 500, the ledger whole',
    async (first, second) => {
      const company = await readyCompany();
      const firstCall = moneyCalls[first];
      const secondCall = moneyCalls[second];
      if (!firstCall || !secondCall) throw new Error(`no money call ${first} or ${second}`);
      const retriedBefore = test.database.contention.retried;
      for (let round = 0; round < pairRounds; round += 1) {
        const answers = await Promise.all(
          Array.from({ length: 6 }, (_, index) => (index % 2 === 0 ? firstCall : secondCall)(company)),
        );
        const unexpected = answers.filter((answer) => !acceptableCodes.has(answer.code));
        expect(unexpected.map((answer) => `${answer.code} ${answer.msg}`)).toEqual([]);
      }
      expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
      // Not even a deadlock that PostgreSQL broke and the server ran again: every path took its company first.
      expect(test.database.contention.retried).toBe(retriedBefore);
      expect(test.database.contention.exhausted).toBe(0);
      // Some 10 s on a quiet machine; a busy one took over 30.
    },
    120_000,
  );
});

// ---------------------------------------------------------------------------------------------
// The other money paths, in rounds of three

/** Each path of a round runs three times at once, as in a pair above: it also meets itself. */
const copiesPerRound = 3;

/**
 * A company every path can work on: a ready company whose card, and a card per further copy, were
 * activated through the call (the first annual fee charged, the next term waiting: their renewals
 * are the card fee), a programme contract with printed cards to bind, a deposit address and the
 * company's bank reference.
 */
async function everyPathCompany(): Promise<EveryPathCompany> {
  // OTC trades start at 100,000 USD: enough for all of them and every other path.
  const shipped = await shippedCard(test, { funds: { USDT: '10000000', USDC: '10000000' } });
  const session = shipped.client.session;
  await activateThroughTheCall(shipped);
  const company: Company = { ...shipped, addressId: (await addAddress(test, session)).address_id };
  const cardIds = [company.card.id];
  while (cardIds.length < copiesPerRound) {
    const another = await shippedCard(test, { client: company.client });
    await activateThroughTheCall(another);
    cardIds.push(another.card.id);
  }
  const programme = await programmeBatch(
    test,
    { companyId: company.client.companyId, session },
    { quantity: roundsOf('programme membership fee') * copiesPerRound },
  );
  await shipBatch(test, programme.stockIds);
  const usdtAddress = { asset: 'USDT', network: 'TRC20' };
  const address = await call<{ address: string }>(test, getDepositDetails.path, usdtAddress, { session });
  const bank = await call<BankDetails>(test, getBankDetails.path, { currency: 'USD' }, { session });
  if (address.code !== 200 || bank.code !== 200) throw new Error('no deposit address or bank reference');
  return {
    ...company,
    cardIds,
    contractId: programme.contractId,
    unboundStockIds: [...programme.stockIds],
    depositAddress: address.data.address,
    bankReference: bank.data.reference,
  };
}
type EveryPathCompany = Company & {
  /** One card per copy, the company's own card first: the card whose next term a copy renews. */
  cardIds: string[];
  contractId: string;
  unboundStockIds: string[];
  depositAddress: string;
  bankReference: string;
};

/** Activates a shipped card as its holder would, with the first annual fee the activation dialog shows. */
async function activateThroughTheCall(shipped: Awaited<ReturnType<typeof shippedCard>>): Promise<void> {
  const session = shipped.client.session;
  const config = await call<AnnualConfig>(test, getAnnualConfig.path, { card_id: shipped.card.id }, { session });
  const fee = config.data.activation_fee;
  const activated = await call(
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
  if (activated.code !== 200) throw new Error(`card/active answered ${activated.code} ${activated.msg}`);
}

/** What one copy in a round works on: its card, a programme card just bound, an amount of its own. */
type Turn = { cardId: string; stockCardId: string; serial: number };

/**
 * Before a round, what time and the company's own screens would have done: each card's next term
 * comes into its renewal window (as the year's end would bring it), and, for a round that pays
 * membership fees, a printed card per copy is bound, which opens its first membership term.
 */
async function prepareRound(company: EveryPathCompany, round: number, paths: readonly string[]): Promise<Turn[]> {
  const inWindow = new Date(test.clock.now().getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
  await test.database.db
    .update(cardFeeTerms)
    .set({ due_on: inWindow })
    .where(and(inArray(cardFeeTerms.card_id, company.cardIds), eq(cardFeeTerms.status, 'upcoming')));
  const turns: Turn[] = [];
  for (let copy = 0; copy < copiesPerRound; copy += 1) {
    const stockCardId = paths.includes('programme membership fee') ? (company.unboundStockIds.shift() ?? '') : '';
    if (stockCardId) {
      const binding = { stock_card_id: stockCardId, cardholder_id: company.cardholderId };
      const bound = await call(test, bindProgrammeCard.path, binding, { session: company.client.session });
      if (bound.code !== 200) throw new Error(`programme/cards/bind answered ${bound.code} ${bound.msg}`);
    }
    turns.push({ cardId: company.cardIds[copy] ?? '', stockCardId, serial: round * copiesPerRound + copy });
  }
  return turns;
}

/** An OTC trade: the company asks, the desk quotes, the company accepts (settled through the ledger). */
async function otcTrade(company: EveryPathCompany): Promise<Envelope> {
  const session = company.client.session;
  const draft = { from: 'USDT', to: 'USDC', amount: '150000', note: 'Quarter-end rebalancing' };
  const requested = await call<OtcTrade>(test, requestOtcQuote.path, draft, { session, headers: idempotent() });
  if (requested.code !== 200) return requested;
  const answer = { request_id: requested.data.request_id, rate: '0.9995', validity_minutes: 10, note: '' };
  const quoted = await call(test, quoteOtcRequest.path, answer, { session: staff });
  if (quoted.code !== 200) return quoted;
  const accept = { request_id: requested.data.request_id };
  return call(test, acceptOtcQuote.path, accept, { session, headers: idempotent() });
}

/** A card's renewal fee: the term the renewal list shows as payable, paid at the amount it shows. */
async function cardRenewal(company: EveryPathCompany, turn: Turn): Promise<Envelope> {
  const session = company.client.session;
  const filter = { card_id: turn.cardId, page_size: 10 };
  const list = await call<{ items: FeeTerm[] }>(test, listRenewals.path, filter, { session });
  if (list.code !== 200) return list;
  const term = list.data.items.find((item) => item.can_renew);
  if (!term) throw new Error(`card ${turn.cardId} has no term to renew`);
  const renewal = { term_id: term.term_id, asset: 'USDT', fee_quote: { amount: term.amount, asset: 'USD' } };
  return call(test, renewCard.path, renewal, { session, headers: idempotent() });
}

/** A programme order of one card: its price held when placed, taken when the bank approves it. */
async function programmeOrder(company: EveryPathCompany): Promise<Envelope> {
  const order = {
    contract_id: company.contractId,
    quantity: 1,
    level: 'premier',
    network: 'visa',
    delivery_type: 'courier',
    mailing_address: testAddress,
    asset: 'USDT',
  };
  const session = company.client.session;
  const placed = await call<PreOrder>(test, createPreOrder.path, order, { session, headers: idempotent() });
  if (placed.code !== 200) return placed;
  const decision = { order_id: placed.data.id, decision: 'approve', reason: '' };
  return call(test, decidePreOrder.path, decision, { session: staff });
}

/** A programme card's membership fee: its term found in the list, quoted, paid at the total the quote showed. */
async function membershipFee(company: EveryPathCompany, turn: Turn): Promise<Envelope> {
  const session = company.client.session;
  const filter = { stock_card_id: turn.stockCardId, page_size: 10 };
  const list = await call<{ items: MembershipFeeRecord[] }>(test, listMembershipFees.path, filter, { session });
  if (list.code !== 200) return list;
  const feeIds = list.data.items.filter((record) => record.payment_status === 'pending').map((record) => record.id);
  const quote = await call<MembershipFeeQuote>(test, quoteMembershipFees.path, { fee_ids: feeIds }, { session });
  if (quote.code !== 200) return quote;
  const payment = { fee_ids: feeIds, asset: 'USDT', fee_quote: { amount: quote.data.total_usd, asset: 'USD' } };
  return call(test, payMembershipFees.path, payment, { session, headers: idempotent() });
}

/** Coins arrive at the company's address and the network adds the blocks that confirm them: credited. */
async function coinDeposit(company: EveryPathCompany): Promise<Envelope> {
  const incoming = { address: company.depositAddress, asset: 'USDT', network: 'TRC20', amount: '2500' };
  const seen = await call<Deposit>(test, simulateIncomingDeposit.path, incoming, { session: staff });
  if (seen.code !== 200) return seen;
  return call(test, simulateBlocks.path, { blocks: 19 }, { session: staff });
}

/** A fiat deposit: the company's notice, the bank's transfer matched to it, credited by staff. */
async function fiatDeposit(company: EveryPathCompany, turn: Turn): Promise<Envelope> {
  // An amount of its own, so that each transfer matches its own notice.
  const amount = `${2000 + turn.serial}.00`;
  const today = test.clock.now().toISOString().slice(0, 10);
  const notice = { currency: 'USD', amount, target: 'USDC', expected_date: today };
  const session = company.client.session;
  const noticed = await call(test, submitDepositNotice.path, notice, { session, headers: idempotent() });
  if (noticed.code !== 200) return noticed;
  const transfer = { currency: 'USD', amount, reference: company.bankReference, sender: 'CONTENTION TEST LTD' };
  const arrived = await call<BankCredit>(test, simulateBankCredit.path, transfer, { session: staff });
  if (arrived.code !== 200) return arrived;
  const credit = { credit_id: arrived.data.credit_id };
  return call(test, creditBankTransfer.path, credit, { session: staff, headers: idempotent() });
}

const moreMoneyCalls: Record<string, (company: EveryPathCompany, turn: Turn) => Promise<Envelope>> = {
  'OTC trade': otcTrade,
  'card renewal fee': cardRenewal,
  'programme order approved by the bank': programmeOrder,
  'programme membership fee': membershipFee,
  'coin deposit credited': coinDeposit,
  'fiat deposit credited by the bank': fiatDeposit,
};

/**
 * The rounds: two of the other paths and one of the five above. The other paths' pairs are the
 * edges of a complete graph, split into perfect matchings (the round-robin of a tournament): one
 * of the five above joins every pair of a matching, so that each of the other paths meets each
 * other path once and each of the five once, and itself (three copies) in every round it is in.
 */
function roundsOfThree(): string[][] {
  const more = Object.keys(moreMoneyCalls);
  const first = Object.keys(moneyCalls);
  const fixed = more.length - 1;
  const rounds: string[][] = [];
  for (let matching = 0; matching < fixed; matching += 1) {
    const partner = first[matching % first.length] ?? '';
    rounds.push([more[matching] ?? '', more[fixed] ?? '', partner]);
    for (let step = 1; step < more.length / 2; step += 1)
      rounds.push([more[(matching + step) % fixed] ?? '', more[(matching - step + fixed) % fixed] ?? '', partner]);
  }
  return rounds;
}
const rounds = roundsOfThree();
const roundsOf = (name: string) => rounds.filter((round) => round.includes(name)).length;

/** Every pair with one of the other paths in it that no round brings together. */
function pairsNotMet(): string[] {
  const more = Object.keys(moreMoneyCalls);
  const everyName = [...Object.keys(moneyCalls), ...more];
  return more.flatMap((name) =>
    everyName
      .filter((other) => !rounds.some((round) => round.includes(name) && round.includes(other)))
      .map((other) => `${name} and ${other}`),
  );
}

describe('the other money paths of one company, in rounds of three', () => {
  it('brings each of them together with every path, and itself', () => {
    expect(pairsNotMet()).toEqual([]);
  });

  it(`${rounds.length} rounds, ${copiesPerRound} of each path at once: each does its work, no deadlock, no 500, the ledger whole`, async () => {
    const company = await everyPathCompany();
    const paths = { ...moneyCalls, ...moreMoneyCalls };
    for (const [index, roundPaths] of rounds.entries()) {
      const turns = await prepareRound(company, index, roundPaths);
      const retriedBefore = test.database.contention.retried;
      const answers = await Promise.all(
        turns.flatMap((turn) =>
          roundPaths.map(async (name) => {
            const path = paths[name];
            if (!path) throw new Error(`no money call ${name}`);
            return { name, answer: await path(company, turn) };
          }),
        ),
      );
      // The company has funds for all of them and no limit near: every call goes through.
      const refused = answers.filter(({ answer }) => answer.code !== 200);
      expect(refused.map(({ name, answer }) => `${name}: ${answer.code} ${answer.msg}`)).toEqual([]);
      // Not even a deadlock that PostgreSQL broke and the server ran again.
      const deadlocks = test.database.contention.retried - retriedBefore;
      expect({ round: roundPaths, deadlocks }).toEqual({ round: roundPaths, deadlocks: 0 });
    }
    const record = await call<{ items: Deposit[] }>(test, listDeposits.path, {}, { session: company.client.session });
    expect(record.data.items.filter((deposit) => deposit.status !== 'success')).toEqual([]);
    expect(record.data.items).toHaveLength(roundsOf('coin deposit credited') * copiesPerRound);
    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
    expect(test.database.contention.exhausted).toBe(0);
    // Fifteen rounds of real calls: a correctness check, given the time a busy machine needs.
  }, 120_000);
});
