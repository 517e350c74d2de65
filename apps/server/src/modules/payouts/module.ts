/**
 * The payouts module: payees and the address book (withdraw/payee/*, withdraw/address/*),
 * quotes, checks and submissions of crypto and fiat payouts (withdraw/<kind>/calc, check,
 * withdraw), their records, details and downloads, the company's approval policy and the
 * maker-checker approvals (withdraw/approval/*), the back office's review (admin/payouts/*), and the
 * rails: custody and bank-rail adapters with their simulators, settled by a schedule in the demo and
 * on demand by staff outside production; and batch payouts from a CSV file (batches/). The calls are
 * in routes.ts and batches/routes.ts.
 */
import { simulatedSettlementMinutes } from '../../adapters/bank-rail/bank-rail.ts';
import type { AppModule } from '../../platform/module.ts';
import { registerBatchRoutes } from './batches/routes.ts';
import { type Rails, settleSimulatedPayouts } from './decisions.ts';
import { deleteExpiredQuotes } from './quotes.ts';
import { registerPayoutsRoutes } from './routes.ts';
import { payoutsDemoSeeder } from './seed.ts';

export const settleSimulatedPayoutsSchedule = 'payouts__settle_simulated_rails';
export const deleteExpiredQuotesSchedule = 'payouts__delete_expired_quotes';

export const payoutsModule: AppModule = {
  name: 'payouts',
  demoSeeder: payoutsDemoSeeder,
  register(app, context) {
    const db = context.database.db;
    const { custody, bankRail, simulators } = context.providers;
    const rails: Rails = { custody, bankRail };
    // The simulated rail and custody settle on a schedule and take the back office's outcome control.
    const isSimulatorOpen = simulators.custody && simulators.bankRail;

    if (context.config.simulateNetworkBlocks && isSimulatorOpen)
      context.jobs.schedule({
        name: settleSimulatedPayoutsSchedule,
        cron: '* * * * *',
        run: async () => {
          await settleSimulatedPayouts(db, simulatedSettlementMinutes, context.clock.now());
        },
      });

    context.jobs.schedule({
      name: deleteExpiredQuotesSchedule,
      cron: '41 3 * * *',
      run: async () => {
        await deleteExpiredQuotes(db, context.clock.now());
      },
    });

    registerPayoutsRoutes(app, { database: context.database, rails, isSimulatorOpen });
    registerBatchRoutes(app, db);
  },
};
