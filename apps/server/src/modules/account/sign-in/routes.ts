/**
 * The sign-in calls (packages/contract/src/account.ts), each handed to its service: the two-step
 * sign-in, the password reset by emailed code, the user's sessions and signing out.
 */
import {
  exitLogin,
  forgetLoginPassword,
  listSessions,
  login,
  revokeOtherSessions,
  revokeSession,
} from '@bank/contract/account';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../../platform/route.ts';
import type { AccountDependencies } from '../context.ts';
import { endOneSession, endOtherSessions, sessionsOfUser, signOut } from './session-service.ts';
import type { createSignInService } from './sign-in-service.ts';

type SignInServices = {
  dependencies: AccountDependencies;
  signIn: ReturnType<typeof createSignInService>;
};

export function registerSignInCalls(app: FastifyInstance, { dependencies, signIn }: SignInServices): void {
  registerCall(app, login, (body, call) => signIn.login(body, call));
  registerCall(app, forgetLoginPassword, (body, call) => signIn.forgetLoginPassword(body, call));

  registerCall(app, listSessions, (_body, call) => sessionsOfUser(dependencies, call));
  registerCall(app, revokeSession, (body, call) => endOneSession(dependencies, body, call));
  registerCall(app, revokeOtherSessions, (_body, call) => endOtherSessions(dependencies, call));
  registerCall(app, exitLogin, (_body, call) => signOut(dependencies, call));
}
