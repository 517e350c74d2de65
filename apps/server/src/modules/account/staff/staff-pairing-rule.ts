/**
 * Staff must have an authenticator (the back office reaches every company's data), and so must a
 * company's sub-accounts (user-info.ts mustHaveAuthenticator). A session of theirs without one may make only the calls needed to pair it: read who they are, set up and approve the
 * authenticator, re-authenticate (with an emailed code) when pairing asks for a fresh second factor,
 * and sign out. Every other call that uses the session is refused with `forbidden`.
 */
import {
  approveAuthenticator,
  exitLogin,
  getUserInfo,
  sendEmail,
  startAuthenticatorPairing,
  verifyLoginPassword,
} from '@bank/contract/account';
import { listedCalls } from '@bank/contract/calls';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import type { SessionContext } from '../../../platform/session.ts';

const callsAllowedBeforeStaffPairing: ReadonlySet<string> = new Set([
  getUserInfo.path,
  startAuthenticatorPairing.path,
  approveAuthenticator.path,
  verifyLoginPassword.path,
  sendEmail.path,
  exitLogin.path,
]);

function mustPairAuthenticatorFirst(session: SessionContext): boolean {
  return session.must_pair_authenticator === true;
}

/**
 * A preHandler hook of the whole app: it runs after each call's session rule (route onRequest) has
 * resolved the session, and before the handler. Public calls are left alone: they do not act with
 * the session.
 */
export function registerStaffPairingRule(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const session = request.session;
    if (!session || !mustPairAuthenticatorFirst(session)) return;
    const path = request.routeOptions.url;
    if (!path || callsAllowedBeforeStaffPairing.has(path)) return;
    const spec = app.callPlatform.calls.get(path) ?? listedCalls.get(path);
    if (!spec || spec.auth === 'public') return;
    throw new AppError('forbidden', {
      messageKey: 'email.messages.authenticator_pairing_required',
      data: { reason: 'authenticator_pairing_required' },
      detail: `${path} refused: no paired authenticator yet`,
    });
  });
}
