/**
 * The account calls (packages/contract/src/account.ts), each handed to its service: signing in and
 * registering, the signed-in user's profile, password and sessions, the second factor, and the back
 * office's audit log.
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
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/route.ts';
import {
  acceptTermsOfUse,
  changePassword,
  changeProfile,
  checkPassword,
  endOneSession,
  endOtherSessions,
  sessionsOfUser,
  sessionUserInfo,
  signOut,
} from './account-service.ts';
import { listAuditEntries } from './audit.ts';
import {
  approvePairing,
  makeNewRecoveryCodes,
  recoveryCodeStatusOf,
  removeOwnAuthenticator,
  resetAuthenticatorOfUser,
  startPairing,
} from './authenticator-service.ts';
import type { AccountDependencies, createSignInService } from './sign-in-service.ts';

type AccountServices = {
  dependencies: AccountDependencies;
  signIn: ReturnType<typeof createSignInService>;
};

export function registerAccountCalls(app: FastifyInstance, { dependencies, signIn }: AccountServices): void {
  registerCall(app, sendEmail, (body, call) => signIn.sendEmail(body, call));
  registerCall(app, verifyEmailCode, (body, call) => signIn.verifyEmailCode(body, call));
  registerCall(app, register, (body, call) => signIn.register(body, call));
  registerCall(app, login, (body, call) => signIn.login(body, call));
  registerCall(app, forgetLoginPassword, (body, call) => signIn.forgetLoginPassword(body, call));

  registerCall(app, getUserInfo, (_body, call) => sessionUserInfo(dependencies, call));
  registerCall(app, modifyProfile, (body, call) => changeProfile(dependencies, body, call));
  registerCall(app, modifyLoginPassword, (body, call) => changePassword(dependencies, body, call));
  registerCall(app, verifyLoginPassword, (body, call) => checkPassword(dependencies, body, call));
  registerCall(app, modifyProtocolStatus, (_body, call) => acceptTermsOfUse(dependencies, call));
  registerCall(app, listSessions, (_body, call) => sessionsOfUser(dependencies, call));
  registerCall(app, revokeSession, (body, call) => endOneSession(dependencies, body, call));
  registerCall(app, revokeOtherSessions, (_body, call) => endOtherSessions(dependencies, call));
  registerCall(app, exitLogin, (_body, call) => signOut(dependencies, call));

  registerCall(app, startAuthenticatorPairing, (_body, call) => startPairing(dependencies, call));
  registerCall(app, approveAuthenticator, (body, call) => approvePairing(dependencies, body, call));
  registerCall(app, removeAuthenticator, (body, call) => removeOwnAuthenticator(dependencies, body, call));
  registerCall(app, regenerateRecoveryCodes, (_body, call) => makeNewRecoveryCodes(dependencies, call));
  registerCall(app, getRecoveryCodeStatus, (_body, call) => recoveryCodeStatusOf(dependencies, call));
  registerCall(app, resetUserAuthenticator, (body, call) => resetAuthenticatorOfUser(dependencies, body, call));

  registerCall(app, listAuditLog, (body) =>
    listAuditEntries(dependencies.db, { pageSize: body.page_size, cursor: body.cursor, action: body.action }),
  );
}
