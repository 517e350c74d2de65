/**
 * The authenticator calls (packages/contract/src/account.ts), each handed to its service: pairing
 * and removing an authenticator, recovery codes, and the staff reset of a lost one.
 */
import {
  approveAuthenticator,
  getRecoveryCodeStatus,
  regenerateRecoveryCodes,
  removeAuthenticator,
  resetUserAuthenticator,
  startAuthenticatorPairing,
} from '@bank/contract/account';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../../platform/route.ts';
import type { AccountDependencies } from '../context.ts';
import {
  approvePairing,
  makeNewRecoveryCodes,
  recoveryCodeStatusOf,
  removeOwnAuthenticator,
  resetAuthenticatorOfUser,
  startPairing,
} from './authenticator-service.ts';

export function registerAuthenticatorCalls(app: FastifyInstance, dependencies: AccountDependencies): void {
  registerCall(app, startAuthenticatorPairing, (_body, call) => startPairing(dependencies, call));
  registerCall(app, approveAuthenticator, (body, call) => approvePairing(dependencies, body, call));
  registerCall(app, removeAuthenticator, (body, call) => removeOwnAuthenticator(dependencies, body, call));
  registerCall(app, regenerateRecoveryCodes, (_body, call) => makeNewRecoveryCodes(dependencies, call));
  registerCall(app, getRecoveryCodeStatus, (_body, call) => recoveryCodeStatusOf(dependencies, call));
  registerCall(app, resetUserAuthenticator, (body, call) => resetAuthenticatorOfUser(dependencies, body, call));
}
