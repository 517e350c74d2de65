/**
 * Who is calling. The account module supplies the SessionResolver (modules/account/sign-in/sessions.ts:
 * token and user id to a live session); without one no token resolves and every call that needs a
 * session answers 9400.
 */
import type { Permission } from '@bank/contract/permissions';
import type { AccountKycStatus } from '@bank/contract/states';

export type SessionContext = {
  user_id: string;
  /** Null for the bank's staff, who act on many companies. */
  company_id: string | null;
  role: string;
  is_staff: boolean;
  /** What the user holds (the contract's permissionsOf: role, or the sub-account's group). */
  permissions: readonly Permission[];
  kyc_status: AccountKycStatus;
  session_id: string;
  /**
   * Until when the second factor counts as fresh (the sign-in itself, then each re-authentication):
   * sensitive actions check it through the account module's requireFreshSecondFactor.
   */
  step_up_until?: Date | null;
  /** False for a user with no authenticator. */
  is_authenticator_paired?: boolean;
  /**
   * Staff and sub-accounts must have an authenticator; until they pair one they may only pair it
   * (account module's pairing rule).
   */
  must_pair_authenticator?: boolean;
};

/** Resolves the `token` and `userid` headers to a live session, or null when missing, expired or revoked. */
export type SessionResolver = (token: string, userId: string, now: Date) => Promise<SessionContext | null>;

export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
