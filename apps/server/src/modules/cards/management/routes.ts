/**
 * The calls of card management: the company's cards, activation, PIN, blocks, replacement and mailing
 * address (annual fees and renewals: renewals/routes.ts), and the back office's card operations with the simulator's
 * controls (which answer not_found beside a real processor). Each call is scoped to the caller's
 * company; staff reach any company's card only through the back office's calls.
 */
import {
  activateCard,
  adminBlockCard,
  adminUnblockCard,
  blockCard,
  cancelCard,
  changeMailingAddress,
  getCard,
  getFeeSchedule,
  getReplaceConfig,
  getStaffCard,
  listCards,
  listStaffCards,
  payReplacementFee,
  replaceCard,
  setCardPin,
  setFeeSchedule,
  simulateCardAnomaly,
  simulateCardLetter,
  simulateRefuseKyc,
  simulateShipCard,
  unblockCard,
} from '@bank/contract/card-management';
import type { FastifyInstance } from 'fastify';
import { publicBaseUrl } from '../../../platform/public-url.ts';
import { registerCall } from '../../../platform/route.ts';
import { clientCompanyId } from '../../../platform/tenant.ts';
import { cardAccessOf } from '../card-view.ts';
import type { CardsContext } from '../context.ts';
import { cardCallerOf, clientCardCallerOf } from './card-changes.ts';
import * as operations from './card-operations.ts';
import * as management from './management.ts';
import * as service from './service.ts';
import * as simulatorControls from './simulator-controls.ts';

export function registerCardCalls(app: FastifyInstance, cards: CardsContext): void {
  const db = cards.database.db;
  const { processor } = cards;

  registerCall(app, listCards, (body, call) => service.listCards(cards, body, call));
  registerCall(app, getCard, (body, call) =>
    management.companyCardDetails(db, cardAccessOf(call), body.card_id, call.now, publicBaseUrl(cards.config, call)),
  );
  registerCall(app, activateCard, (body, call) =>
    management.activateCard(db, processor, clientCardCallerOf(call), body),
  );
  registerCall(app, setCardPin, (body, call) => service.setCardPin(cards, body, call));

  // Blocks, replacement, mailing address
  registerCall(app, blockCard, (body, call) => service.blockCard(cards, body, call));
  registerCall(app, unblockCard, (body, call) => service.unblockCard(cards, body, call));
  registerCall(app, getReplaceConfig, (body, call) =>
    management.replaceConfig(db, clientCompanyId(call), body.card_id, call.now),
  );
  registerCall(app, replaceCard, (body, call) => service.replaceCard(cards, body, call));
  registerCall(app, payReplacementFee, (body, call) => service.payReplacementFee(cards, body, call));
  registerCall(app, cancelCard, (body, call) => service.cancelCard(cards, body, call));
  registerCall(app, changeMailingAddress, (body, call) => service.changeMailingAddress(cards, body, call));

  // Back office
  registerCall(app, listStaffCards, (body, call) => operations.listStaffCards(db, body, call.now));
  registerCall(app, getStaffCard, (body, call) => operations.staffCardDetails(db, body.card_id, call.now));
  registerCall(app, adminBlockCard, (body, call) => service.staffBlockCard(cards, body, call));
  registerCall(app, adminUnblockCard, (body, call) => service.staffUnblockCard(cards, body, call));
  registerCall(app, getFeeSchedule, (body) => service.feeSchedule(cards, body));
  registerCall(app, setFeeSchedule, (body, call) =>
    db.transaction((tx) => operations.setFeeSchedule(tx, cardCallerOf(call), body)),
  );

  // The simulator's controls
  registerCall(app, simulateShipCard, (body, call) => simulatorControls.shipCard(cards, body, call));
  registerCall(app, simulateCardLetter, (body, call) => simulatorControls.cardLetter(cards, body, call));
  registerCall(app, simulateCardAnomaly, (body, call) => simulatorControls.cardAnomaly(cards, body, call));
  registerCall(app, simulateRefuseKyc, (body, call) => simulatorControls.refuseKyc(cards, body, call));
}
