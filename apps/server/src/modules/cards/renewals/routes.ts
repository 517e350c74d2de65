/**
 * The calls of annual fees and renewals: a card's annual settings, automatic renewal, the company's
 * renewals and a renewal paid now.
 */
import { getAnnualConfig, listRenewals, renewCard, setAnnualSetting } from '@bank/contract/card-management';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../../platform/route.ts';
import { clientCompanyId } from '../../../platform/tenant.ts';
import type { CardsContext } from '../context.ts';
import { cardCallerOf, clientCardCallerOf } from '../management/card-changes.ts';
import * as renewals from './renewals.ts';
import * as service from './service.ts';

export function registerRenewalCalls(app: FastifyInstance, cards: CardsContext): void {
  const db = cards.database.db;
  const { processor } = cards;
  registerCall(app, getAnnualConfig, (body, call) => service.annualConfig(cards, body, call));
  registerCall(app, setAnnualSetting, (body, call) =>
    db.transaction((tx) => renewals.setAutoRenewal(tx, clientCardCallerOf(call), body)),
  );
  registerCall(app, listRenewals, (body, call) =>
    renewals.listRenewals(db, clientCompanyId(call), cardCallerOf(call).actor, body, call.now),
  );
  registerCall(app, renewCard, (body, call) =>
    renewals.renewTerm(call.transaction ?? db, processor, clientCardCallerOf(call), body),
  );
}
