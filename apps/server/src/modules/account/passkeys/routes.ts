/**
 * The passkey calls (packages/contract/src/passkeys.ts and account.ts), each handed to its service:
 * the user's passkeys, the ceremonies' options, and step-up with a passkey. The sign-in's passkey
 * step is the login call's (sign-in/).
 */
import { verifyPasskeyStepUp } from '@bank/contract/account';
import {
  addPasskey,
  listPasskeys,
  removePasskey,
  renamePasskey,
  setPasskeyRequirement,
  startPasskeyRegistration,
  startPasskeySignIn,
  startPasskeyStepUp,
} from '@bank/contract/passkeys';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../../platform/route.ts';
import type { AccountDependencies } from '../context.ts';
import { checkPasswordAndPasskey } from '../registration/account-service.ts';
import {
  addOwnPasskey,
  changePasskeyRequirement,
  listOwnPasskeys,
  removeOwnPasskey,
  renameOwnPasskey,
  startRegistration,
  startSignIn,
  startStepUp,
} from './passkey-service.ts';

export function registerPasskeyCalls(app: FastifyInstance, dependencies: AccountDependencies): void {
  registerCall(app, listPasskeys, (_body, call) => listOwnPasskeys(dependencies, call));
  registerCall(app, startPasskeyRegistration, (_body, call) => startRegistration(dependencies, call));
  registerCall(app, addPasskey, (body, call) => addOwnPasskey(dependencies, body, call));
  registerCall(app, renamePasskey, (body, call) => renameOwnPasskey(dependencies, body, call));
  registerCall(app, removePasskey, (body, call) => removeOwnPasskey(dependencies, body, call));
  registerCall(app, setPasskeyRequirement, (body, call) => changePasskeyRequirement(dependencies, body, call));
  registerCall(app, startPasskeyStepUp, (_body, call) => startStepUp(dependencies, call));
  registerCall(app, verifyPasskeyStepUp, (body, call) => checkPasswordAndPasskey(dependencies, body, call));
  registerCall(app, startPasskeySignIn, (body, call) => startSignIn(dependencies, body, call));
}
