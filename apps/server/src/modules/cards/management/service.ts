/**
 * The steps behind card management's calls that are more than one service call: each reads the
 * card the caller reaches, makes the change in its transaction and answers the card as the caller
 * sees it, so that the route only names the call.
 */
import { dayOf } from '@bank/contract/calendar';
import type * as calls from '@bank/contract/card-management';
import type { DbHandle } from '../../../platform/db.ts';
import type { CallContext } from '../../../platform/route.ts';
import { requireFreshSecondFactor } from '../../account/index.ts';
import { cardAccessOf } from '../card-view.ts';
import type { CallBody, CardsContext } from '../context.ts';
import { feeScheduleOf } from '../fees.ts';
import type { CardRow } from '../queries.ts';
import { bringTermsUpToDate } from '../renewals/queries.ts';
import { requestCardCancellation } from './cancellation.ts';
import { cardCallerOf, clientCardCallerOf } from './card-changes.ts';
import * as operations from './card-operations.ts';
import * as management from './management.ts';

const clientCaller = clientCardCallerOf;
const actorOf = (call: CallContext) => cardCallerOf(call).actor;

/** The card as the client caller sees it once changed, read in the handle of the change. */
async function viewAfter(handle: DbHandle, call: CallContext, change: Promise<CardRow>) {
  return management.cardViewOf(handle, await change, actorOf(call), call.now);
}

/** The cards the caller reaches: the company's with card management, their own otherwise; terms brought up to date first. */
export async function listCards(cards: CardsContext, body: CallBody<typeof calls.listCards>, call: CallContext) {
  const db = cards.database.db;
  const access = cardAccessOf(call);
  await bringTermsUpToDate(db, dayOf(call.now), access.companyId);
  return management.listCompanyCards(db, access, body, call.now);
}

export function setCardPin(cards: CardsContext, body: CallBody<typeof calls.setCardPin>, call: CallContext) {
  requireFreshSecondFactor(call);
  const pin = { card_id: body.card_id, pin: body.pin };
  return management.setCardPin(cards.database.db, cards.processor, clientCaller(call), pin);
}

export function blockCard(cards: CardsContext, body: CallBody<typeof calls.blockCard>, call: CallContext) {
  const handle = call.transaction ?? cards.database.db;
  return viewAfter(handle, call, management.blockCard(handle, cards.processor, clientCaller(call), body));
}

export function unblockCard(cards: CardsContext, body: CallBody<typeof calls.unblockCard>, call: CallContext) {
  return cards.database.db.transaction((tx) =>
    viewAfter(tx, call, management.unblockCard(tx, cards.processor, clientCaller(call), body)),
  );
}

export function replaceCard(cards: CardsContext, body: CallBody<typeof calls.replaceCard>, call: CallContext) {
  const handle = call.transaction ?? cards.database.db;
  return viewAfter(handle, call, management.replaceCard(handle, cards.processor, clientCaller(call), body));
}

export function payReplacementFee(
  cards: CardsContext,
  body: CallBody<typeof calls.payReplacementFee>,
  call: CallContext,
) {
  const handle = call.transaction ?? cards.database.db;
  return viewAfter(handle, call, management.payReplacementFee(handle, cards.processor, clientCaller(call), body));
}

export function cancelCard(cards: CardsContext, body: CallBody<typeof calls.cancelCard>, call: CallContext) {
  requireFreshSecondFactor(call);
  return cards.database.db.transaction((tx) =>
    viewAfter(tx, call, requestCardCancellation(tx, cards.processor, clientCaller(call), body)),
  );
}

export function changeMailingAddress(
  cards: CardsContext,
  body: CallBody<typeof calls.changeMailingAddress>,
  call: CallContext,
) {
  const change = { card_id: body.card_id, mailing_address: body.mailing_address };
  return cards.database.db.transaction((tx) =>
    viewAfter(tx, call, management.changeMailingAddress(tx, cards.processor, clientCaller(call), change)),
  );
}

/** The back office's block: always temporary, answered as staff see the card. */
export function staffBlockCard(cards: CardsContext, body: CallBody<typeof calls.adminBlockCard>, call: CallContext) {
  return cards.database.db.transaction(async (tx) => {
    await management.blockCard(tx, cards.processor, cardCallerOf(call), { ...body, kind: 'temporary' });
    return operations.staffCardDetails(tx, body.card_id, call.now);
  });
}

export function staffUnblockCard(
  cards: CardsContext,
  body: CallBody<typeof calls.adminUnblockCard>,
  call: CallContext,
) {
  return cards.database.db.transaction(async (tx) => {
    await management.unblockCard(tx, cards.processor, cardCallerOf(call), body);
    return operations.staffCardDetails(tx, body.card_id, call.now);
  });
}

export async function feeSchedule(cards: CardsContext, body: CallBody<typeof calls.getFeeSchedule>) {
  return { level: body.level, fees: await feeScheduleOf(cards.database.db, body.level) };
}
