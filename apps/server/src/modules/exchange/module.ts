/**
 * The exchange module: FX quotes and conversions, OTC requests for quote and their decisions, and
 * the desk that answers them in the back office (routes.ts). A schedule writes OTC quotes past their
 * validity as expired.
 */
import type { AppModule } from '../../platform/module.ts';
import { expireQuotes } from './otc.ts';
import { registerExchangeRoutes } from './routes.ts';
import { exchangeDemoSeeder } from './seed.ts';

export const expireOtcQuotesSchedule = 'exchange__expire_otc_quotes';

export const exchangeModule: AppModule = {
  name: 'exchange',
  demoSeeder: exchangeDemoSeeder,
  register(app, context) {
    const db = context.database.db;
    context.jobs.schedule({
      name: expireOtcQuotesSchedule,
      cron: '* * * * *',
      run: async () => {
        await db.transaction((tx) => expireQuotes(tx, context.clock.now()));
      },
    });
    registerExchangeRoutes(app, db);
  },
};
