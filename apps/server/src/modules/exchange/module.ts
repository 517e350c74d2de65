/**
 * The exchange module (issue 13, part 6): FX quotes and conversions (fx/*), OTC requests for quote
 * and their decisions (otc/*), and the desk that answers them in the back office (admin/otc/*). A
 * schedule writes OTC quotes past their validity as expired.
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
import { writeAudit } from '../../platform/audit.ts';
import type { AppModule } from '../../platform/module.ts';
import { type CallContext, registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import * as fx from './fx.ts';
import * as otc from './otc.ts';
import { exchangeDemoSeeder } from './seed.ts';

export const expireOtcQuotesSchedule = 'exchange__expire_otc_quotes';

const requesterOf = (call: CallContext): otc.Requester => ({
  companyId: clientCompanyId(call),
  userId: call.session.user_id,
  ip: call.ip,
  now: call.now,
});

const deskReaderOf = (call: CallContext): otc.DeskReader => ({
  userId: call.session.user_id,
  role: call.session.role,
  ip: call.ip,
  now: call.now,
});

export const exchangeModule: AppModule = {
  name: 'exchange',
  demoSeeder: exchangeDemoSeeder,
  register(app, context) {
    const db = context.database.db;

    context.jobs.schedule({
      name: expireOtcQuotesSchedule,
      cron: '* * * * *',
      run: async () => {
        await db.transaction((tx) => otc.expireQuotes(tx, context.clock.now()));
      },
    });

    registerCall(app, quoteFx, (body, call) =>
      fx.quoteFx(db, { companyId: clientCompanyId(call), userId: call.session.user_id }, body, call.now),
    );
    registerCall(app, acceptFxQuote, async (body, call) => {
      const tx = call.transaction ?? db;
      const companyId = clientCompanyId(call);
      const conversion = await fx.acceptFxQuote(
        tx,
        { companyId, userId: call.session.user_id },
        body.quote_id,
        call.now,
      );
      await writeAudit(tx, {
        action: 'fx.converted',
        at: call.now,
        actorUserId: call.session.user_id,
        companyId,
        ip: call.ip,
        detail: {
          quote_id: conversion.quote_id,
          from: conversion.from,
          to: conversion.to,
          amount: conversion.amount,
          rate: conversion.rate,
          fee: conversion.fee,
          amount_received: conversion.amount_received,
        },
      });
      return conversion;
    });

    registerCall(app, requestOtcQuote, (body, call) =>
      otc.requestQuote(call.transaction ?? db, requesterOf(call), body),
    );
    registerCall(app, listOtcTrades, (body, call) => otc.companyPage(db, clientCompanyId(call), body, call.now));
    registerCall(app, acceptOtcQuote, (body, call) =>
      otc.acceptQuote(call.transaction ?? db, requesterOf(call), body.request_id),
    );
    registerCall(app, declineOtcQuote, (body, call) =>
      db.transaction((tx) => otc.decideAgainst(tx, requesterOf(call), body.request_id, 'declined')),
    );
    registerCall(app, cancelOtcRequest, (body, call) =>
      db.transaction((tx) => otc.decideAgainst(tx, requesterOf(call), body.request_id, 'cancelled')),
    );

    registerCall(app, listOtcDesk, (body, call) => otc.deskPage(db, deskReaderOf(call), body));
    registerCall(app, quoteOtcRequest, (body, call) =>
      db.transaction((tx) => otc.quoteRequest(tx, deskReaderOf(call), body)),
    );
    registerCall(app, cancelOtcDeskRequest, (body, call) =>
      db.transaction((tx) => otc.cancelByDesk(tx, deskReaderOf(call), body.request_id, body.note)),
    );
  },
};
