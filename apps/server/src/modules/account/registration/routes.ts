/**
 * The registration and own-account calls (packages/contract/src/account.ts and registration.ts), each handed to its
 * service: codes by email and their check, registering, and the signed-in user's profile, password,
 * re-authentication and terms.
 */
import {
  getUserInfo,
  modifyLoginPassword,
  modifyProtocolStatus,
  sendEmail,
  verifyEmailCode,
  verifyLoginPassword,
} from '@bank/contract/account';
import { modifyProfile, register } from '@bank/contract/registration';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../../platform/route.ts';
import type { AccountDependencies } from '../context.ts';
import { acceptTermsOfUse, changePassword, changeProfile, checkPassword, sessionUserInfo } from './account-service.ts';
import { checkCode, registerCompany, sendCode } from './registration-service.ts';

export function registerRegistrationCalls(app: FastifyInstance, dependencies: AccountDependencies): void {
  registerCall(app, sendEmail, (body, call) => sendCode(dependencies, body, call));
  registerCall(app, verifyEmailCode, (body, call) => checkCode(dependencies, body, call));
  registerCall(app, register, (body, call) => registerCompany(dependencies, body, call));

  registerCall(app, getUserInfo, (_body, call) => sessionUserInfo(dependencies, call));
  registerCall(app, modifyProfile, (body, call) => changeProfile(dependencies, body, call));
  registerCall(app, modifyLoginPassword, (body, call) => changePassword(dependencies, body, call));
  registerCall(app, verifyLoginPassword, (body, call) => checkPassword(dependencies, body, call));
  registerCall(app, modifyProtocolStatus, (_body, call) => acceptTermsOfUse(dependencies, call));
}
