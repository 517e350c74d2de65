/** The steps behind the renewal calls that are more than one service call. */
import type * as calls from '@bank/contract/card-management';
import type { CallContext } from '../../../platform/route.ts';
import { cardAccessOf, reachableCard } from '../card-view.ts';
import type { CallBody, CardsContext } from '../context.ts';
import * as renewals from './renewals.ts';

/** A card's annual fee settings, for a card the caller reaches. */
export async function annualConfig(
  cards: CardsContext,
  body: CallBody<typeof calls.getAnnualConfig>,
  call: CallContext,
) {
  const db = cards.database.db;
  const access = cardAccessOf(call);
  const card = await reachableCard(db, access, body.card_id);
  return renewals.annualConfig(db, card, access.actor, call.now);
}
