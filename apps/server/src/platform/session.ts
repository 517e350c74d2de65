/**
 * Who is calling. The account module supplies the SessionResolver (modules/account/sessions.ts:
 * token and user id to a live session); without one no token resolves and every call that needs a
 * session answers 9400.
 */
import type { AccountKycStatus } from '@bank/contract/states';

export type SessionContext = {
  user_id: string;
  /** Null for the bank's staff, who act on many companies. */
  company_id: string | null;
  role: string;
  is_staff: boolean;
  kyc_status: AccountKycStatus;
  session_id: string;
  /**
   * Until when the second factor counts as fresh (the sign-in itself, then each re-authentication):
   * sensitive actions check it through the account module's requireFreshSecondFactor.
   */
  step_up_until?: Date | null;
  /** False for a user with no authenticator; staff in that state may only pair one (account module). */
  is_authenticator_paired?: boolean;
};

/** Resolves the `token` and `userid` headers to a live session, or null when missing, expired or revoked. */
export type SessionResolver = (token: string, userId: string, now: Date) => Promise<SessionContext | null>;

export const resolveNoSession: SessionResolver = async () => null;

export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
