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
  rateRefreshMinutes,
  simulateRates,
} from '@bank/contract/ledger';
import { writeAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppModule } from '../../platform/module.ts';
import { registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import { balanceHistory, dashboardHome } from './dashboard.ts';
import { ledgerAccountPage, ledgerTransferPage, runLedgerCheck } from './explorer.ts';
import { ensureRates, refreshRates, refreshRatesSchedule } from './rates.ts';

const checkLedgerSchedule = 'ledger__check_invariants';

export const ledgerModule: AppModule = {
  name: 'ledger',
  async register(app, context) {
    const db = context.database.db;
    const { rates, simulators } = context.providers;
    context.jobs.schedule({
      name: refreshRatesSchedule,
      cron: `*/${rateRefreshMinutes} * * * *`,
      run: () => refreshRates(db, rates, context.clock.now()),
    });
    await ensureRates(db, context.clock.now(), rates);
    // The invariant check is a full read of the ledger: hourly, and whenever staff run it, not at every scrape.
    const invariantBreaches = context.metrics.settableGauge({
      name: 'bank_ledger_invariant_breaches',
      help: 'Breaches found by the last ledger invariant check (must be 0)',
    });
    const checkLedgerNow = async (now: Date) => {
      const check = await runLedgerCheck(db, now);
      invariantBreaches.set(check.breaches.length);
      return check;
    };
    context.jobs.schedule({
      name: checkLedgerSchedule,
      cron: '7 * * * *',
      run: async () => {
        await checkLedgerNow(context.clock.now());
      },
    });

    registerCall(app, getDashboardHome, (_body, call) => dashboardHome(db, clientCompanyId(call), call.now));
    registerCall(app, getBalanceHistory, async (body, call) => ({
      points: await balanceHistory(db, clientCompanyId(call), body.days, call.now),
    }));

    // The back office's explorer.
    registerCall(app, listLedgerAccounts, (body) => ledgerAccountPage(db, body));
    registerCall(app, listLedgerTransfers, (body) => ledgerTransferPage(db, body));
    registerCall(app, checkLedger, (_body, call) => checkLedgerNow(call.now));

    // Outside production: quote every rate now, as the schedule would (journeys move the clock past a quote's freshness).
    registerCall(app, simulateRates, async (_body, call) => {
      if (!simulators.rates) throw new AppError('forbidden', { detail: 'the rates control needs the simulated rates' });
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
