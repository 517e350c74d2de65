/**
 * The cards module: cardholders and their KYC at the processor and card applications with their
 * review (applications/); cards: activation, PIN, blocks, replacement (management/); annual fees and
 * renewals (renewals/); top-ups, card transactions and the card statement (money/); the processor's
 * notifications and failures (processor/). It works through the card processor the app chose
 * (adapters/providers.ts: the simulator outside production), applies the processor's notifications
 * on a schedule (`cards__sync_processor`), and outside production moves the simulator's work along
 * on a schedule (`cards__advance_simulator`); daily, `cards__renewals` charges auto renewals, brings
 * fee terms up to date and expires cards; hourly, `cards__return_balances` returns to the company
 * what reached an ended card late. Each part registers its calls here with the module's CardsContext.
 */
import type { AppModule } from '../../platform/module.ts';
import { answerFailures } from '../../platform/route.ts';
import { registerApplicationCalls } from './applications/routes.ts';
import { applicationDemoSeeder } from './applications/seed.ts';
import { type CardsContext, cardProcessorOf } from './context.ts';
import { registerCardCalls } from './management/routes.ts';
import { cardsDemoSeeder } from './management/seed.ts';
import { returnBalancesSchedule, returnEndedCardBalances } from './money/balance-return.ts';
import { registerMoneyCalls } from './money/routes.ts';
import { cardMoneyDemoSeeder } from './money/seed.ts';
import { processorFailureAnswer } from './processor/failures.ts';
import { moneyNotificationHandlers } from './processor/notification-handlers.ts';
import { syncProcessor, syncProcessorSchedule } from './processor/sync.ts';
import { renewalsSchedule, runRenewals } from './renewals/renewals.ts';
import { registerRenewalCalls } from './renewals/routes.ts';

const advanceSimulatorSchedule = 'cards__advance_simulator';

export const cardsModule: AppModule = {
  name: 'cards',
  // One seeder for the module: each part's demo data in turn (cards, card money, applications).
  demoSeeder: {
    name: 'cards',
    async seed(context) {
      const accounts = [];
      for (const seeder of [cardsDemoSeeder, cardMoneyDemoSeeder, applicationDemoSeeder])
        accounts.push(...(await seeder.seed(context)));
      return accounts;
    },
  },
  register(app, context) {
    const db = context.database.db;
    const cards: CardsContext = { ...context, ...cardProcessorOf(context) };
    // Each part of the module registers its calls here: applications, card management, renewals, money.
    registerApplicationCalls(app, cards);
    registerCardCalls(app, cards);
    registerRenewalCalls(app, cards);
    registerMoneyCalls(app, cards);
    // The processor's failures, whichever call meets them (the card programme's too).
    answerFailures(app, processorFailureAnswer(db));

    const handlers = moneyNotificationHandlers();

    context.jobs.schedule({
      name: syncProcessorSchedule,
      cron: '* * * * *',
      run: async () => {
        await syncProcessor(db, cards.processor, handlers, context.clock.now());
      },
    });
    context.jobs.schedule({
      name: renewalsSchedule,
      cron: '23 1 * * *',
      run: async () => {
        await runRenewals(db, cards.processor, context.clock.now());
      },
    });
    context.jobs.schedule({
      name: returnBalancesSchedule,
      cron: '41 * * * *',
      run: async () => {
        await returnEndedCardBalances(db, context.clock.now());
      },
    });
    if (cards.simulator && context.config.simulateNetworkBlocks) {
      const running = cards.simulator;
      context.jobs.schedule({
        name: advanceSimulatorSchedule,
        cron: '* * * * *',
        run: async () => {
          const now = context.clock.now();
          await db.transaction((tx) => running.advance(tx, now));
          await syncProcessor(db, cards.processor, handlers, now);
        },
      });
    }
  },
};
