/**
 * The account module (identity): signing in, the password reset and sessions (sign-in/), emailed
 * codes, registration and the user's own account (registration/), the authenticator and recovery
 * codes (authenticator/), passkeys (passkeys/), the audit log as a company's administrator reads and
 * downloads it (audit/), and the back office's audit log and the staff pairing rule (staff/). It
 * builds the services, registers each part's calls, the hourly clean-up of sign-in records and the
 * security notices that follow a change of how a user signs in.
 */

import { consumeEvent } from '../../platform/events.ts';
import type { AppModule } from '../../platform/module.ts';
import { registerCompanyAuditCalls } from './audit/routes.ts';
import { registerAuthenticatorCalls } from './authenticator/routes.ts';
import type { AccountDependencies } from './context.ts';
import { registerPasskeyCalls } from './passkeys/routes.ts';
import { registerRegistrationCalls } from './registration/routes.ts';
import { identityDemoSeeder } from './seed.ts';
import { cleanSignInRecords, cleanSignInRecordsSchedule } from './sign-in/clean-up.ts';
import { registerSignInCalls } from './sign-in/routes.ts';
import { sendSecurityNotices } from './sign-in/security-notices.ts';
import { createSignInService } from './sign-in/sign-in-service.ts';
import { registerStaffCalls } from './staff/routes.ts';

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
      publicUrl: context.config.publicUrl,
    };
    // What follows a change of how a user signs in, once per event, from the job queue.
    consumeEvent(
      { jobs: context.jobs, db: context.database.db },
      'account.security_changed',
      'account_email',
      sendSecurityNotices(context.emailQueue),
    );
    const signIn = createSignInService(dependencies);

    // Each part of the module registers its calls here: sign-in, registration, authenticator, passkeys, audit, staff.
    registerSignInCalls(app, { dependencies, signIn });
    registerRegistrationCalls(app, dependencies);
    registerAuthenticatorCalls(app, dependencies);
    registerPasskeyCalls(app, dependencies);
    registerCompanyAuditCalls(app, dependencies.db);
    registerStaffCalls(app, dependencies.db);
  },
};
