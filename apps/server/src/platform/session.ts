/**
 * Who is calling. The identity capability supplies the SessionResolver (token and user id to a
 * session); until then no token resolves, so every call that needs a session answers 9400.
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
};

/** Resolves the `token` and `userid` headers to a live session, or null when missing, expired or revoked. */
export type SessionResolver = (token: string, userId: string, now: Date) => Promise<SessionContext | null>;

export const resolveNoSession: SessionResolver = async () => null;

export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
