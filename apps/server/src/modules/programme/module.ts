/**
 * The corporate card programme: contracts the bank sets up for a company, pre-orders
 * under them (the company's money held until staff decide), print batches staff allocate (cards
 * printed with the company's abbreviation, by the cards module's processor), binding printed cards
 * to cardholders, and their membership fees. The calls are in routes.ts, given the module's
 * ProgrammeContext. Daily, `programme__membership_fees` opens next membership terms and charges
 * the terms owed.
 */
import type { AppModule } from '../../platform/module.ts';
import { programmeCardsDemoSeeder } from './card-seed.ts';
import { programmeContextOf } from './context.ts';
import { programmeMemberDemoSeeder } from './member-seed.ts';
import { membershipFeesSchedule, runMembershipFees } from './membership-fees.ts';
import { programmeOrdersDemoSeeder } from './order-seed.ts';
import { registerProgrammeRoutes } from './routes.ts';

export const programmeModule: AppModule = {
  name: 'programme',
  // One seeder for the module: the DEMO contract with its orders and a printed batch, one of its
  // cards bound to a demo cardholder, and a staff member enrolled for a programme card.
  demoSeeder: {
    name: 'programme',
    async seed(context) {
      const accounts = [];
      for (const seeder of [programmeOrdersDemoSeeder, programmeCardsDemoSeeder, programmeMemberDemoSeeder])
        accounts.push(...(await seeder.seed(context)));
      return accounts;
    },
  },
  register(app, context) {
    const programme = programmeContextOf(context);
    registerProgrammeRoutes(app, programme);
    context.jobs.schedule({
      name: membershipFeesSchedule,
      cron: '41 1 * * *',
      run: async () => {
        await runMembershipFees(context.database.db, context.clock.now());
      },
    });
  },
};
