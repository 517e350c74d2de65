/**
 * The back office's controls of the simulated card processor's cards: ship a card now, read its
 * letter, raise an anomaly, refuse a cardholder's next KYC. Absent beside a real processor, where
 * they answer as if they did not exist; a control that moves a card is followed by the sync.
 */
import type * as calls from '@bank/contract/card-management';
import type { CardProcessorSimulator } from '../../../adapters/card-processor/simulator.ts';
import { AppError } from '../../../platform/errors.ts';
import type { CallContext } from '../../../platform/route.ts';
import type { CallBody, CardsContext } from '../context.ts';
import { moneyNotificationHandlers } from '../processor/notification-handlers.ts';
import { syncProcessor } from '../processor/sync.ts';
import { cardCallerOf } from './card-changes.ts';
import * as operations from './card-operations.ts';

function openSimulator(cards: CardsContext): CardProcessorSimulator {
  if (!cards.simulator) throw new AppError('not_found', { detail: 'the card processor is not the simulator' });
  return cards.simulator;
}

function applyNotifications(cards: CardsContext, now: Date): Promise<number> {
  return syncProcessor(cards.database.db, cards.processor, moneyNotificationHandlers(), now);
}

export async function shipCard(cards: CardsContext, body: CallBody<typeof calls.simulateShipCard>, call: CallContext) {
  const simulator = openSimulator(cards);
  const db = cards.database.db;
  await db.transaction((tx) => operations.shipNow(tx, simulator, cardCallerOf(call), body.card_id));
  await applyNotifications(cards, call.now);
  return operations.staffCardDetails(db, body.card_id, call.now);
}

export function cardLetter(cards: CardsContext, body: CallBody<typeof calls.simulateCardLetter>, call: CallContext) {
  const simulator = openSimulator(cards);
  return cards.database.db.transaction((tx) => operations.readLetter(tx, simulator, cardCallerOf(call), body.card_id));
}

export async function cardAnomaly(
  cards: CardsContext,
  body: CallBody<typeof calls.simulateCardAnomaly>,
  call: CallContext,
) {
  const simulator = openSimulator(cards);
  const db = cards.database.db;
  await db.transaction((tx) => operations.raiseAnomaly(tx, simulator, cardCallerOf(call), body));
  await applyNotifications(cards, call.now);
  return operations.staffCardDetails(db, body.card_id, call.now);
}

export async function refuseKyc(
  cards: CardsContext,
  body: CallBody<typeof calls.simulateRefuseKyc>,
  call: CallContext,
) {
  const simulator = openSimulator(cards);
  await cards.database.db.transaction((tx) => operations.refuseNextKyc(tx, simulator, cardCallerOf(call), body));
  return null;
}
