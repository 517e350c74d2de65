/**
 * The ledger module: balances and their history on the dashboard home, the rates schedule, the
 * hourly invariant check, and the back office's ledger explorer (routes.ts). The ledger itself
 * (ledger.ts) is called by the modules that move money, through index.ts.
 */
import { rateRefreshMinutes } from '@bank/contract/ledger';
import type { AppModule } from '../../platform/module.ts';
import { runLedgerCheck } from './explorer.ts';
import { ensureRates, refreshRates, refreshRatesSchedule } from './rates.ts';
import { registerLedgerRoutes } from './routes.ts';

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
    registerLedgerRoutes(app, { db, rates: { provider: rates, isSimulated: simulators.rates }, checkLedgerNow });
  },
};
