/**
 * The alerts module: the alert/* calls through which a user sets their own alerts (routes.ts), and
 * the consumers that fire them (consumers.ts, one line per event), to the inbox and by email.
 */
import { consumeEvent } from '../../platform/events.ts';
import type { AppModule } from '../../platform/module.ts';
import { balanceAlert, cardPurchaseAlert, newDeviceAlert, payoutAlert } from './consumers.ts';
import { registerAlertCalls } from './routes.ts';

const subscriber = 'alerts';

export const alertsModule: AppModule = {
  name: 'alerts',
  register(app, context) {
    const db = context.database.db;
    const events = { jobs: context.jobs, db };
    consumeEvent(events, 'balance.fell_below_threshold', subscriber, balanceAlert(context.emailQueue));
    consumeEvent(events, 'payout.status_changed', subscriber, payoutAlert(context.emailQueue));
    consumeEvent(events, 'card.purchase_authorised', subscriber, cardPurchaseAlert(context.emailQueue));
    consumeEvent(events, 'account.signed_in_from_new_device', subscriber, newDeviceAlert(context.emailQueue));
    registerAlertCalls(app, db);
  },
};
