/**
 * The account module (identity): the route file. Each contract call of packages/contract/src/account.ts
 * is handed to its service; the session rule, body validation, response allow-list and envelope are
 * the platform's (platform/route.ts).
 */

import {
  approveAuthenticator,
  exitLogin,
  forgetLoginPassword,
  getRecoveryCodeStatus,
  getUserInfo,
  listAuditLog,
  listSessions,
  login,
  modifyLoginPassword,
  modifyProfile,
  modifyProtocolStatus,
  regenerateRecoveryCodes,
  register,
  removeAuthenticator,
  resetUserAuthenticator,
  revokeOtherSessions,
  revokeSession,
  sendEmail,
  startAuthenticatorPairing,
  verifyEmailCode,
  verifyLoginPassword,
} from '@bank/contract/account';
import { consumeEvent } from '../../platform/events.ts';
import type { AppModule } from '../../platform/module.ts';
import { registerCall } from '../../platform/route.ts';
import { createAccountService } from './account-service.ts';
import { listAuditEntries } from './audit.ts';
import { createAuthenticatorService } from './authenticator-service.ts';
import { cleanSignInRecords, cleanSignInRecordsSchedule } from './clean-up.ts';
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
    const account = createAccountService(dependencies);
    const authenticator = createAuthenticatorService(dependencies);

    registerCall(app, sendEmail, (body, call) => signIn.sendEmail(body, call));
    registerCall(app, verifyEmailCode, (body, call) => signIn.verifyEmailCode(body, call));
    registerCall(app, register, (body, call) => signIn.register(body, call));
    registerCall(app, login, (body, call) => signIn.login(body, call));
    registerCall(app, forgetLoginPassword, (body, call) => signIn.forgetLoginPassword(body, call));

    registerCall(app, getUserInfo, (_body, call) => account.getUserInfo(call));
    registerCall(app, modifyProfile, (body, call) => account.modifyProfile(body, call));
    registerCall(app, modifyLoginPassword, (body, call) => account.modifyLoginPassword(body, call));
    registerCall(app, verifyLoginPassword, (body, call) => account.verifyLoginPassword(body, call));
    registerCall(app, modifyProtocolStatus, (_body, call) => account.acceptTerms(call));
    registerCall(app, listSessions, (_body, call) => account.listSessions(call));
    registerCall(app, revokeSession, (body, call) => account.revokeSession(body, call));
    registerCall(app, revokeOtherSessions, (_body, call) => account.revokeOtherSessions(call));
    registerCall(app, exitLogin, (_body, call) => account.exitLogin(call));

    registerCall(app, startAuthenticatorPairing, (_body, call) => authenticator.setup(call));
    registerCall(app, approveAuthenticator, (body, call) => authenticator.approve(body, call));
    registerCall(app, removeAuthenticator, (body, call) => authenticator.remove(body, call));
    registerCall(app, regenerateRecoveryCodes, (_body, call) => authenticator.regenerateRecoveryCodes(call));
    registerCall(app, getRecoveryCodeStatus, (_body, call) => authenticator.recoveryCodeStatus(call));
    registerCall(app, resetUserAuthenticator, (body, call) => authenticator.resetUserAuthenticator(body, call));

    registerCall(app, listAuditLog, (body) =>
      listAuditEntries(dependencies.db, { pageSize: body.page_size, cursor: body.cursor, action: body.action }),
    );
  },
};
