/**
 * The calls of card management (issue 14, slice B): the company's cards, activation, PIN, blocks,
 * replacement, mailing address, annual fees and renewals, and the back office's card operations
 * with the simulator's controls (which answer not_found beside a real processor).
 * Each call is scoped to the caller's company; staff reach any company's card only through the
 * back office's calls.
 */
import { dayOf } from '@bank/contract/calendar';
import {
  activateCard,
  adminBlockCard,
  adminUnblockCard,
  blockCard,
  cancelCard,
  changeMailingAddress,
  getAnnualConfig,
  getCard,
  getFeeSchedule,
  getReplaceConfig,
  getStaffCard,
  listCards,
  listRenewals,
  listStaffCards,
  payReplacementFee,
  renewCard,
  replaceCard,
  setAnnualSetting,
  setCardPin,
  setFeeSchedule,
  simulateCardAnomaly,
  simulateCardLetter,
  simulateRefuseKyc,
  simulateShipCard,
  unblockCard,
} from '@bank/contract/card-management';
import type { FastifyInstance } from 'fastify';
import type { CardProcessorSimulator } from '../../../adapters/card-processor/simulator.ts';
import { AppError } from '../../../platform/errors.ts';
import type { CallContext } from '../../../platform/route.ts';
import { registerCall } from '../../../platform/route.ts';
import { clientCompanyId } from '../../../platform/tenant.ts';
import { requireFreshSecondFactor } from '../../account/index.ts';
import { cardAccessOf, reachableCard } from '../card-view.ts';
import type { CardsContext } from '../context.ts';
import { feeScheduleOf } from '../fees.ts';
import { moneyNotificationHandlers } from '../processor/notification-handlers.ts';
import { syncProcessor } from '../processor/sync.ts';
import * as renewals from '../renewals/renewals.ts';
import { requestCardCancellation } from './cancellation.ts';
import { cardCallerOf } from './card-changes.ts';
import * as operations from './card-operations.ts';
import * as management from './management.ts';

export function registerCardCalls(app: FastifyInstance, cards: CardsContext): void {
  const db = cards.database.db;
  const { processor } = cards;
  const handlers = moneyNotificationHandlers();
  const clientCaller = (call: CallContext) => ({ ...cardCallerOf(call), companyId: clientCompanyId(call) });
  const actorOf = (call: CallContext) => cardCallerOf(call).actor;

  // The cards the caller reaches: the company's with card management, their own otherwise
  registerCall(app, listCards, async (body, call) => {
    const access = cardAccessOf(call);
    await renewals.bringTermsUpToDate(db, dayOf(call.now), access.companyId);
    return management.listCompanyCards(db, access, body, call.now);
  });
  registerCall(app, getCard, (body, call) =>
    management.companyCardDetails(db, cardAccessOf(call), body.card_id, call.now),
  );
  registerCall(app, activateCard, (body, call) => management.activateCard(db, processor, clientCaller(call), body));
  registerCall(app, setCardPin, (body, call) => {
    requireFreshSecondFactor(call);
    return management.setCardPin(db, processor, clientCaller(call), { card_id: body.card_id, pin: body.pin });
  });

  // Blocks, replacement, mailing address
  registerCall(app, blockCard, async (body, call) => {
    const handle = call.transaction ?? db;
    const card = await management.blockCard(handle, processor, clientCaller(call), body);
    return management.cardViewOf(handle, card, actorOf(call), call.now);
  });
  registerCall(app, unblockCard, (body, call) =>
    db.transaction(async (tx) => {
      const card = await management.unblockCard(tx, processor, clientCaller(call), body);
      return management.cardViewOf(tx, card, actorOf(call), call.now);
    }),
  );
  registerCall(app, getReplaceConfig, (body, call) =>
    management.replaceConfig(db, clientCompanyId(call), body.card_id, call.now),
  );
  registerCall(app, replaceCard, async (body, call) => {
    const handle = call.transaction ?? db;
    const card = await management.replaceCard(handle, processor, clientCaller(call), body);
    return management.cardViewOf(handle, card, actorOf(call), call.now);
  });
  registerCall(app, payReplacementFee, async (body, call) => {
    const handle = call.transaction ?? db;
    const card = await management.payReplacementFee(handle, processor, clientCaller(call), body);
    return management.cardViewOf(handle, card, actorOf(call), call.now);
  });
  registerCall(app, cancelCard, (body, call) => {
    requireFreshSecondFactor(call);
    return db.transaction(async (tx) => {
      const card = await requestCardCancellation(tx, processor, clientCaller(call), body);
      return management.cardViewOf(tx, card, actorOf(call), call.now);
    });
  });
  registerCall(app, changeMailingAddress, (body, call) =>
    db.transaction(async (tx) => {
      const card = await management.changeMailingAddress(tx, processor, clientCaller(call), {
        card_id: body.card_id,
        mailing_address: body.mailing_address,
      });
      return management.cardViewOf(tx, card, actorOf(call), call.now);
    }),
  );

  // Annual fees and renewal
  registerCall(app, getAnnualConfig, async (body, call) => {
    const access = cardAccessOf(call);
    const card = await reachableCard(db, access, body.card_id);
    return renewals.annualConfig(db, card, access.actor, call.now);
  });
  registerCall(app, setAnnualSetting, (body, call) =>
    db.transaction((tx) => renewals.setAutoRenewal(tx, clientCaller(call), body)),
  );
  registerCall(app, listRenewals, (body, call) =>
    renewals.listRenewals(db, clientCompanyId(call), actorOf(call), body, call.now),
  );
  registerCall(app, renewCard, (body, call) =>
    renewals.renewTerm(call.transaction ?? db, processor, clientCaller(call), body),
  );

  // Back office
  registerCall(app, listStaffCards, (body, call) => operations.listStaffCards(db, body, call.now));
  registerCall(app, getStaffCard, (body, call) => operations.staffCardDetails(db, body.card_id, call.now));
  registerCall(app, adminBlockCard, (body, call) =>
    db.transaction(async (tx) => {
      await management.blockCard(tx, processor, cardCallerOf(call), { ...body, kind: 'temporary' });
      return operations.staffCardDetails(tx, body.card_id, call.now);
    }),
  );
  registerCall(app, adminUnblockCard, (body, call) =>
    db.transaction(async (tx) => {
      await management.unblockCard(tx, processor, cardCallerOf(call), body);
      return operations.staffCardDetails(tx, body.card_id, call.now);
    }),
  );
  registerCall(app, getFeeSchedule, async (body) => ({ level: body.level, fees: await feeScheduleOf(db, body.level) }));
  registerCall(app, setFeeSchedule, (body, call) =>
    db.transaction((tx) => operations.setFeeSchedule(tx, cardCallerOf(call), body)),
  );

  // The simulator's controls: absent beside a real processor, where they answer as if they did not exist.
  const openSimulator = (): CardProcessorSimulator => {
    if (!cards.simulator) throw new AppError('not_found', { detail: 'the card processor is not the simulator' });
    return cards.simulator;
  };
  const applyNotifications = (now: Date) => syncProcessor(db, processor, handlers, now);
  registerCall(app, simulateShipCard, async (body, call) => {
    const simulator = openSimulator();
    await db.transaction((tx) => operations.shipNow(tx, simulator, cardCallerOf(call), body.card_id));
    await applyNotifications(call.now);
    return operations.staffCardDetails(db, body.card_id, call.now);
  });
  registerCall(app, simulateCardLetter, (body, call) => {
    const simulator = openSimulator();
    return db.transaction((tx) => operations.readLetter(tx, simulator, cardCallerOf(call), body.card_id));
  });
  registerCall(app, simulateCardAnomaly, async (body, call) => {
    const simulator = openSimulator();
    await db.transaction((tx) => operations.raiseAnomaly(tx, simulator, cardCallerOf(call), body));
    await applyNotifications(call.now);
    return operations.staffCardDetails(db, body.card_id, call.now);
  });
  registerCall(app, simulateRefuseKyc, async (body, call) => {
    const simulator = openSimulator();
    await db.transaction((tx) => operations.refuseNextKyc(tx, simulator, cardCallerOf(call), body));
    return null;
  });
}
