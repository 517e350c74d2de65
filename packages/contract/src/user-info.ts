/**
 * The signed-in user (account/getUserInfo): who they are, their company and its KYC status, and
 * what they may do. A module of its own, re-exported by account.ts, because every signed-in screen
 * asks for it first: it carries neither registration's phone rules (libphonenumber-js) nor the
 * other identity calls.
 */
import { z } from 'zod';
import { defineCall } from './calls.ts';
import { permissions } from './permissions.ts';
import { UserRole } from './roles.ts';
import { AccountKycStatus } from './states.ts';

export const UserInfo = z.object({
  user_id: z.string(),
  email: z.string(),
  full_name: z.string(),
  phone_country: z.string(),
  phone: z.string(),
  kyc_status: AccountKycStatus,
  role: UserRole,
  is_staff: z.boolean(),
  is_authenticator_paired: z.boolean(),
  /** Staff and sub-accounts without an authenticator: they must pair one before anything else. */
  must_pair_authenticator: z.boolean(),
  /** What the user may do (permissions.ts): screens hide the rest. */
  permissions: z.array(z.enum(permissions)),
  has_accepted_terms: z.boolean(),
  company: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
});
export type UserInfo = z.infer<typeof UserInfo>;
export const getUserInfo = defineCall({
  path: '/api/v1/account/getUserInfo',
  summary: 'The signed-in user, their company and its KYC status',
  request: z.object({}).strict(),
  response: UserInfo,
});
