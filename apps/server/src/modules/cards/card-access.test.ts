/**
 * Who may act on which card, proven call by call: every client call of cards, top-ups, card
 * applications and the card programme against every kind of caller. The company's administrator
 * and a member with card management reach every card of the company; a cardholder with card use
 * reaches the cards they hold and nothing else (another's card is not found, company-level card
 * calls are forbidden); a member without card permissions and another company's administrator reach
 * none. A card call added to the contract fails this test until its row is written below.
 */
import type { SignedIn } from '@bank/contract/account';
import * as draftCalls from '@bank/contract/card-application-drafts';
import * as applicationCalls from '@bank/contract/card-applications';
import * as managementCalls from '@bank/contract/card-management';
import { getCard, listCards } from '@bank/contract/card-management';
import * as moneyCalls from '@bank/contract/card-money';
import type { Card } from '@bank/contract/cards';
import { type ErrorKey, errorCatalogue } from '@bank/contract/errors';
import * as programmeCardCalls from '@bank/contract/programme-cards';
import * as programmeOrderCalls from '@bank/contract/programme-orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createRunningTestApp, type RunningTestApp } from '../../platform/test-support.ts';
import { ensureRates } from '../ledger/index.ts';
import { colleague, fundedCompany, idempotent } from '../payouts/test-support.ts';
import { feeOf } from './fees.ts';
import type { CardRow } from './queries.ts';
import { cardHolderMember, orderedCard, shippedCard } from './test-support.ts';

const roles = ['administrator', 'card_manager', 'holder_a', 'holder_b', 'no_card_member', 'other_company'] as const;
type Role = (typeof roles)[number];

/** The ids a call's body names: card A (held by holder A) and what hangs off it. */
type Fixture = { cardA: CardRow; cardB: CardRow; termOfA: string };

type Row = {
  body: (fixture: Fixture) => Record<string, unknown>;
  allowed: readonly Role[];
  /**
   * `scope` (the default): the body is valid and names a real object, so a caller outside the call's
   * reach is refused as forbidden or not found, and one within it gets neither (nor a validation
   * error). `permission`: the body names an object no one has or is not a whole request, so only the
   * permission gate is observed (forbidden, or anything past it).
   */
  gate?: 'scope' | 'permission';
};

const company = ['administrator', 'card_manager'] as const;
const cardA = [...company, 'holder_a'] as const;
const anyCardUser = [...company, 'holder_a', 'holder_b'] as const;
const programme = ['administrator'] as const;
const unknownId = '0190a0e0-0000-7000-8000-000000000000';
const period = { from: '2026-01-01', to: '2026-12-31' };

/**
 * Every client card call: the body it is called with and who is allowed. A company-level call
 * without an id is allowed to another company's administrator too (it answers their own company).
 */
const matrix: Record<string, Row> = {
  // The cards
  '/api/v1/card/refreshData': { body: () => ({}), allowed: [...anyCardUser, 'other_company'] },
  '/api/v1/card/get': { body: ({ cardA }) => ({ card_id: cardA.id }), allowed: cardA },
  '/api/v1/card/active': {
    body: ({ cardA }) => ({ card_id: cardA.id, kit_code: '0000000000', activation_code: '000000' }),
    allowed: cardA,
  },
  '/api/v1/card/setPin': {
    body: ({ cardA }) => ({ card_id: cardA.id, pin: '4826', pin_confirmation: '4826' }),
    allowed: cardA,
  },
  '/api/v1/dashboard/block': {
    body: ({ cardA }) => ({ card_id: cardA.id, kind: 'temporary', reason: 'Checking' }),
    allowed: cardA,
  },
  '/api/v1/dashboard/unblock': { body: ({ cardA }) => ({ card_id: cardA.id }), allowed: cardA },
  '/api/v1/dashboard/getAnnualConfig': { body: ({ cardA }) => ({ card_id: cardA.id }), allowed: cardA },
  '/api/v1/dashboard/getReplaceConfig': { body: ({ cardA }) => ({ card_id: cardA.id }), allowed: company },
  '/api/v1/dashboard/replace': {
    body: ({ cardA }) => ({ card_id: cardA.id, asset: 'USDC', fee_quote: { amount: '25.00', asset: 'USD' } }),
    allowed: company,
  },
  '/api/v1/dashboard/payReplacementFee': {
    body: ({ cardA }) => ({ card_id: cardA.id, asset: 'USDC', fee_quote: { amount: '25.00', asset: 'USD' } }),
    allowed: company,
  },
  '/api/v1/card/cancel': { body: ({ cardB }) => ({ card_id: cardB.id }), allowed: company },
  '/api/v1/card/updateMailingAddress': {
    body: ({ cardA }) => ({
      card_id: cardA.id,
      mailing_address: { line1: '1 Raffles Place', city: 'Singapore', country: 'SG', postal_code: '048616' },
    }),
    allowed: company,
  },
  '/api/v1/dashboard/annualSetting': {
    body: ({ cardA }) => ({ card_id: cardA.id, auto_renewal: false, asset: 'USDC' }),
    allowed: company,
  },
  '/api/v1/dashboard/renewList': { body: () => ({}), allowed: [...company, 'other_company'] },
  '/api/v1/dashboard/renew': {
    body: ({ termOfA }) => ({ term_id: termOfA, asset: 'USDC', fee_quote: { amount: '25.00', asset: 'USD' } }),
    allowed: company,
  },
  // Card money
  '/api/v1/card/getTopUpConfig': { body: ({ cardA }) => ({ card_id: cardA.id }), allowed: company },
  '/api/v1/card/calc': { body: ({ cardA }) => ({ card_id: cardA.id, amount: '100', asset: 'USDC' }), allowed: company },
  '/api/v1/card/topUp': {
    body: ({ cardA }) => ({
      card_id: cardA.id,
      amount: '100',
      asset: 'USDC',
      source_of_funds: 'business_revenue',
      confirmed: true,
      fee_quote: { amount: '25.00', asset: 'USD' },
    }),
    allowed: company,
  },
  '/api/v1/card/topRecord': { body: ({ cardA }) => ({ card_id: cardA.id }), allowed: cardA },
  '/api/v1/card/download': {
    body: ({ cardA }) => ({ format: 'csv', ...period, card_id: cardA.id }),
    allowed: ['administrator', 'no_card_member'],
  },
  '/api/v1/card/transactionDetails': { body: ({ cardA }) => ({ card_id: cardA.id }), allowed: cardA },
  '/api/v1/card/transactionDownload': {
    body: ({ cardA }) => ({ card_id: cardA.id, format: 'csv', ...period }),
    allowed: cardA,
  },
  '/api/v1/card/transactionStatement': {
    body: ({ cardA }) => ({ card_id: cardA.id, format: 'pdf', ...period }),
    allowed: cardA,
  },
  // Ordering cards: applications and the cardholders' KYC
  '/api/v1/card/applyConfig': { body: () => ({}), allowed: [...company, 'other_company'] },
  '/api/v1/card/verifyUsername': { body: () => ({ username: 'free_name_1' }), allowed: [...company, 'other_company'] },
  '/api/v1/card/sendCode': {
    body: () => ({ email: 'new.holder@example.com' }),
    allowed: [...company, 'other_company'],
  },
  '/api/v1/card/verifyCode': {
    body: () => ({ email: 'new.holder@example.com', code: '000000' }),
    allowed: [...company, 'other_company'],
  },
  '/api/v1/card/documentUpload': {
    body: () => ({ file_name: 'id.png', content_type: 'image/png', size_bytes: 1000, purpose: 'cardholder_id' }),
    allowed: [...company, 'other_company'],
    gate: 'permission',
  },
  '/api/v1/card/documentComplete': {
    body: () => ({ upload_id: unknownId }),
    allowed: [...company, 'other_company'],
    gate: 'permission',
  },
  '/api/v1/card/audit': { body: () => ({}), allowed: [...company, 'other_company'], gate: 'permission' },
  // The draft is the caller's own: each company user reaches theirs, so another company's administrator too.
  '/api/v1/card/applicationDraft/get': { body: () => ({}), allowed: [...company, 'other_company'] },
  '/api/v1/card/applicationDraft/save': {
    body: () => ({ values: {}, step: 'cardholder' }),
    allowed: [...company, 'other_company'],
    gate: 'permission',
  },
  '/api/v1/card/applicationDraft/discard': { body: () => ({}), allowed: [...company, 'other_company'] },
  '/api/v1/card/applicationList': { body: () => ({}), allowed: [...company, 'other_company'] },
  '/api/v1/card/accountKycList': { body: () => ({}), allowed: [...company, 'other_company'] },
  '/api/v1/card/getCardKyc': {
    body: ({ cardA }) => ({ cardholder_id: cardA.cardholder_id }),
    allowed: [...company, 'other_company'],
    gate: 'permission',
  },
  '/api/v1/card/updateIdKycInfo': {
    body: ({ cardA }) => ({ cardholder_id: cardA.cardholder_id }),
    allowed: [...company, 'other_company'],
    gate: 'permission',
  },
  '/api/v1/card/updateAddressKycInfo': {
    body: ({ cardA }) => ({ cardholder_id: cardA.cardholder_id }),
    allowed: [...company, 'other_company'],
    gate: 'permission',
  },
  '/api/v1/card/updateAccountInfo': {
    body: ({ cardA }) => ({ cardholder_id: cardA.cardholder_id }),
    allowed: [...company, 'other_company'],
    gate: 'permission',
  },
  '/api/v1/card/updateMemberInfo': {
    body: ({ cardA }) => ({ cardholder_id: cardA.cardholder_id, username: 'renamed_holder_1' }),
    allowed: [...company, 'other_company'],
    gate: 'permission',
  },
  // The card programme: the administrator holds its permissions; card permissions do not open it
  '/api/v1/programme/contracts/list': { body: () => ({}), allowed: [...programme, 'other_company'] },
  '/api/v1/programme/contracts/get': {
    body: () => ({ contract_id: unknownId }),
    allowed: [...programme, 'other_company'],
    gate: 'permission',
  },
  '/api/v1/programme/orders/create': {
    body: () => ({ contract_id: unknownId, quantity: 1 }),
    allowed: [...programme, 'other_company'],
    gate: 'permission',
  },
  '/api/v1/programme/orders/list': { body: () => ({}), allowed: [...programme, 'other_company'] },
  '/api/v1/programme/orders/summary': { body: () => ({}), allowed: [...programme, 'other_company'] },
  '/api/v1/programme/batches/list': { body: () => ({}), allowed: [...programme, 'other_company'] },
  '/api/v1/programme/cards/list': { body: () => ({}), allowed: [...programme, 'other_company'] },
  '/api/v1/programme/cards/cardholders': { body: () => ({}), allowed: [...programme, 'other_company'] },
  '/api/v1/programme/cards/bind': {
    body: ({ cardA }) => ({ stock_card_id: unknownId, cardholder_id: cardA.cardholder_id }),
    allowed: [...programme, 'other_company'],
    gate: 'permission',
  },
  '/api/v1/programme/cards/unbind': {
    body: () => ({ stock_card_id: unknownId }),
    allowed: [...programme, 'other_company'],
    gate: 'permission',
  },
  '/api/v1/programme/fees/list': { body: () => ({}), allowed: [...programme, 'other_company'] },
  '/api/v1/programme/fees/contracts': { body: () => ({}), allowed: [...programme, 'other_company'] },
  '/api/v1/programme/fees/quote': {
    body: () => ({ fee_ids: [unknownId] }),
    allowed: [...programme, 'other_company'],
    gate: 'permission',
  },
  '/api/v1/programme/fees/pay': {
    body: () => ({ fee_ids: [unknownId], asset: 'USDC', fee_quote: { amount: '25.00', asset: 'USD' } }),
    allowed: [...programme, 'other_company'],
    gate: 'permission',
  },
  '/api/v1/programme/fees/deductionMode': {
    body: () => ({ contract_id: unknownId, mode: 'manual' }),
    allowed: [...programme, 'other_company'],
    gate: 'permission',
  },
};

/** Every client call of the card and programme contracts. */
const cardCalls = [applicationCalls, draftCalls, managementCalls, moneyCalls, programmeCardCalls, programmeOrderCalls]
  .flatMap((module) => Object.values(module))
  .filter(
    (value): value is { path: string; auth: string; isIdempotent: boolean } =>
      typeof value === 'object' && value !== null && 'path' in value && 'request' in value && 'auth' in value,
  )
  .filter((definition) => definition.auth !== 'staff');

const codeOf = (key: ErrorKey) => errorCatalogue[key].code;

/** The envelope's code of a call, or 200 for a file answered (a statement, a download). */
async function answerCode(
  path: string,
  body: unknown,
  session: Pick<SignedIn, 'token' | 'userid'>,
  isIdempotent: boolean,
) {
  const response = await test.app.inject({
    method: 'POST',
    url: path,
    payload: body as Record<string, unknown>,
    headers: {
      'content-type': 'application/json',
      token: session.token,
      userid: session.userid,
      ...(isIdempotent ? idempotent() : {}),
    },
  });
  if (!String(response.headers['content-type']).startsWith('application/json')) return 200;
  return (response.json() as { code: number }).code;
}

/** Whether a caller's answer is what the row expects of them. */
function judge(row: Row, role: Role, code: number): string {
  const isAllowed = row.allowed.includes(role);
  if ((row.gate ?? 'scope') === 'permission')
    return isAllowed === (code !== codeOf('forbidden')) && code !== codeOf('internal')
      ? 'as expected'
      : `unexpected ${code}`;
  const isRefused = code === codeOf('forbidden') || code === codeOf('not_found');
  const isBroken = code === codeOf('validation') || code === codeOf('internal');
  if (isAllowed) return !isRefused && !isBroken ? 'as expected' : `unexpected ${code}`;
  return isRefused ? 'as expected' : `unexpected ${code}`;
}

let test: RunningTestApp;
let fixture: Fixture;
const callers = {} as Record<Role, Pick<SignedIn, 'token' | 'userid'>>;

beforeAll(async () => {
  test = await createRunningTestApp();
  await ensureRates(test.database.db, test.clock.now());
  const first = await shippedCard(test);
  const { client } = first;
  // Card B: a second card of the same company, for another holder.
  const { card: cardB } = await orderedCard(test, { client });
  const activated = await call<Card>(
    test,
    managementCalls.activateCard.path,
    {
      card_id: first.card.id,
      kit_code: first.letter.kit_code,
      activation_code: first.letter.activation_code,
      fee_quote: { amount: (await feeOf(test.database.db, first.card.level, 'annual')).amount, asset: 'USD' },
    },
    { session: client.session },
  );
  expect(activated.data.status).toBe('active');
  const renewals = await call<{ items: { term_id: string; card_id: string }[] }>(
    test,
    managementCalls.listRenewals.path,
    { card_id: first.card.id },
    { session: client.session },
  );
  fixture = { cardA: first.card, cardB, termOfA: renewals.data.items[0]?.term_id ?? unknownId };
  callers.administrator = client.session;
  callers.card_manager = await colleague(test, client.companyId, ['card_management']);
  callers.holder_a = await cardHolderMember(test, first.card);
  callers.holder_b = await cardHolderMember(test, cardB);
  callers.no_card_member = await colleague(test, client.companyId, ['view_balances', 'exports']);
  callers.other_company = (await fundedCompany(test)).session;
});
afterAll(async () => {
  await test?.close();
});

describe('card access', () => {
  it('has a row for every client card call of the contract, and none for a call that is gone', () => {
    expect(Object.keys(matrix).sort()).toEqual(cardCalls.map((definition) => definition.path).sort());
  });

  it('lists to a holder the cards they hold, and every card to the company', async () => {
    const idsOf = async (role: Role) =>
      (await call<{ items: Card[] }>(test, listCards.path, {}, { session: callers[role] })).data.items
        .map((card) => card.id)
        .sort();
    expect(await idsOf('holder_a')).toEqual([fixture.cardA.id]);
    expect(await idsOf('holder_b')).toEqual([fixture.cardB.id]);
    expect(await idsOf('card_manager')).toEqual([fixture.cardA.id, fixture.cardB.id].sort());
    expect(await idsOf('other_company')).toEqual([]);
  });

  it('offers a holder only what a holder may do with their card', async () => {
    const seen = await call<Card>(test, getCard.path, { card_id: fixture.cardA.id }, { session: callers.holder_a });
    for (const action of ['top_up', 'replace', 'renew', 'change_mailing_address'] as const)
      expect(seen.data.allowed_actions).not.toContain(action);
    const byCompany = await call<Card>(
      test,
      getCard.path,
      { card_id: fixture.cardA.id },
      { session: callers.card_manager },
    );
    expect(byCompany.data.allowed_actions).toContain('top_up');
  });

  for (const [path, row] of Object.entries(matrix)) {
    it(`${path}: ${row.allowed.join(', ') || 'nobody'} allowed; every other caller refused`, async () => {
      const isIdempotent = cardCalls.find((candidate) => candidate.path === path)?.isIdempotent ?? false;
      const outcomes: Record<string, string> = {};
      for (const role of roles)
        outcomes[role] = judge(row, role, await answerCode(path, row.body(fixture), callers[role], isIdempotent));
      expect(outcomes).toEqual(Object.fromEntries(roles.map((role) => [role, 'as expected'])));
    });
  }
});
