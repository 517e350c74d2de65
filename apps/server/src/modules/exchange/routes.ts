/**
 * The exchange's calls, one line each: FX quotes and conversions (fx/*), the company's OTC requests
 * for quote and their decisions (otc/*), and the desk that answers them (admin/otc/*).
 */
import {
  acceptFxQuote,
  acceptOtcQuote,
  cancelOtcDeskRequest,
  cancelOtcRequest,
  declineOtcQuote,
  listOtcDesk,
  listOtcTrades,
  quoteFx,
  quoteOtcRequest,
  requestOtcQuote,
} from '@bank/contract/exchange';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../platform/db.ts';
import { type CallContext, registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import * as fx from './fx.ts';
import * as otc from './otc.ts';
import { companyPage, type DeskReader, deskPage } from './queries.ts';

const requesterOf = (call: CallContext): otc.Requester => ({
  companyId: clientCompanyId(call),
  userId: call.session.user_id,
  ip: call.ip,
  now: call.now,
});

const deskReaderOf = (call: CallContext): DeskReader => ({
  userId: call.session.user_id,
  role: call.session.role,
  ip: call.ip,
  now: call.now,
});

const converterOf = (call: CallContext): fx.Converter => ({
  companyId: clientCompanyId(call),
  userId: call.session.user_id,
  ip: call.ip,
});

export function registerExchangeRoutes(app: FastifyInstance, db: AppDatabase) {
  registerCall(app, quoteFx, (body, call) => fx.quoteFx(db, converterOf(call), body, call.now));
  registerCall(app, acceptFxQuote, (body, call) =>
    fx.acceptFxQuote(call.transaction ?? db, converterOf(call), body.quote_id, call.now),
  );

  registerCall(app, requestOtcQuote, (body, call) => otc.requestQuote(call.transaction ?? db, requesterOf(call), body));
  registerCall(app, listOtcTrades, (body, call) => companyPage(db, clientCompanyId(call), body, call.now));
  registerCall(app, acceptOtcQuote, (body, call) =>
    otc.acceptQuote(call.transaction ?? db, requesterOf(call), body.request_id),
  );
  registerCall(app, declineOtcQuote, (body, call) =>
    db.transaction((tx) => otc.decideAgainst(tx, requesterOf(call), body.request_id, 'declined')),
  );
  registerCall(app, cancelOtcRequest, (body, call) =>
    db.transaction((tx) => otc.decideAgainst(tx, requesterOf(call), body.request_id, 'cancelled')),
  );

  registerCall(app, listOtcDesk, (body, call) => deskPage(db, deskReaderOf(call), body));
  registerCall(app, quoteOtcRequest, (body, call) =>
    db.transaction((tx) => otc.quoteRequest(tx, deskReaderOf(call), body)),
  );
  registerCall(app, cancelOtcDeskRequest, (body, call) =>
    db.transaction((tx) => otc.cancelByDesk(tx, deskReaderOf(call), body.request_id, body.note)),
  );
}
