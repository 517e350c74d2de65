/**
 * The ledger module: the route file. Balances on the dashboard home, and the rates schedule. The
 * ledger itself (ledger.ts) is called by the modules that move money, through index.ts.
 */
import { getBalanceHistory, getDashboardHome } from '@bank/contract/ledger';
import { createSimulatedRates } from '../../adapters/rates/rates.ts';
import type { AppModule } from '../../platform/module.ts';
import { registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import { balanceHistory, dashboardHome } from './dashboard.ts';
import { latestRates, refreshRates, refreshRatesSchedule } from './rates.ts';

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
    // A fresh database has no rate until the first tick: quote once at start.
    if ((await latestRates(db)).size === 0) await refreshRates(db, rates, context.clock.now());

    registerCall(app, getDashboardHome, (_body, call) => dashboardHome(db, clientCompanyId(call), call.now));
    registerCall(app, getBalanceHistory, async (body, call) => ({
      points: await balanceHistory(db, clientCompanyId(call), body.days, call.now),
    }));
  },
};
