/**
 * The account module (identity): its services, the calls they answer (routes.ts), the hourly clean-up
 * of sign-in records and the security notices that follow a change of how a user signs in.
 */

import { consumeEvent } from '../../platform/events.ts';
import type { AppModule } from '../../platform/module.ts';
import { cleanSignInRecords, cleanSignInRecordsSchedule } from './clean-up.ts';
import { registerAccountCalls } from './routes.ts';
import { sendSecurityNotices } from './security-notices.ts';
import { identityDemoSeeder } from './seed.ts';
import { type AccountDependencies, createSignInService } from './sign-in-service.ts';

export const accountModule: AppModule = {
  name: 'account',
  demoSeeder: identityDemoSeeder,
  register(app, context) {
    context.jobs.schedule({
      name: cleanSignInRecordsSchedule,
      cron: '17 * * * *',
      run: () => cleanSignInRecords(context.database.db, context.clock.now()),
    });
    const dependencies: AccountDependencies = {
      db: context.database.db,
      secretBox: context.secretBox,
      emailQueue: context.emailQueue,
      emailCodesPerClientPerHour: context.config.rateLimitEmailCodesPerClientPerHour,
    };
    // What follows a change of how a user signs in, once per event, from the job queue.
    consumeEvent(
      { jobs: context.jobs, db: context.database.db },
      'account.security_changed',
      'account_email',
      sendSecurityNotices(context.emailQueue),
    );
    const signIn = createSignInService(dependencies);

    registerAccountCalls(app, { dependencies, signIn });
  },
};
