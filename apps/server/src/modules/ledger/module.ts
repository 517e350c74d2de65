/**
 * The ledger module: the route file. Balances and their history on the dashboard home, the rates schedule, and the back office's
 * ledger explorer. The
 * ledger itself (ledger.ts) is called by the modules that move money, through index.ts.
 */
import {
  checkLedger,
  getBalanceHistory,
  getDashboardHome,
  listLedgerAccounts,
  listLedgerTransfers,
  simulateRates,
} from '@bank/contract/ledger';
import { createSimulatedRates } from '../../adapters/rates/rates.ts';
import { writeAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppModule } from '../../platform/module.ts';
import { registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import { balanceHistory, dashboardHome } from './dashboard.ts';
import { ledgerAccountPage, ledgerTransferPage, runLedgerCheck } from './explorer.ts';
import { ensureRates, refreshRates, refreshRatesSchedule } from './rates.ts';

export const ledgerModule: AppModule = {
  name: 'ledger',
  async register(app, context) {
    const db = context.database.db;
    const rates = createSimulatedRates();
    context.jobs.schedule({
      name: refreshRatesSchedule,
      cron: '*/5 * * * *',
      run: () => refreshRates(db, rates, context.clock.now()),
    });
    await ensureRates(db, context.clock.now(), rates);

    registerCall(app, getDashboardHome, (_body, call) => dashboardHome(db, clientCompanyId(call), call.now));
    registerCall(app, getBalanceHistory, async (body, call) => ({
      points: await balanceHistory(db, clientCompanyId(call), body.days, call.now),
    }));

    // The back office's explorer.
    registerCall(app, listLedgerAccounts, (body) => ledgerAccountPage(db, body));
    registerCall(app, listLedgerTransfers, (body) => ledgerTransferPage(db, body));
    registerCall(app, checkLedger, (_body, call) => runLedgerCheck(db, call.now));

    // Outside production: quote every rate now, as the schedule would (journeys move the clock past a quote's freshness).
    registerCall(app, simulateRates, async (_body, call) => {
      if (context.config.nodeEnv === 'production')
        throw new AppError('forbidden', { detail: 'simulator controls are closed in production' });
      await refreshRates(db, rates, call.now);
      await writeAudit(db, {
        action: 'simulator.rates_quoted',
        at: call.now,
        actorUserId: call.session.user_id,
        ip: call.ip,
      });
      return { rates_at: call.now.toISOString() };
    });
  },
};
