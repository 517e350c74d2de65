/**
 * Who is calling. The account module supplies the SessionResolver (modules/account/sign-in/sessions.ts:
 * token and user id to a live session); without one no token resolves and every call that needs a
 * session answers 9400.
 */
import type { ApiKeyScope } from '@bank/contract/api-keys';
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
  /**
   * Set when the caller is a company's API key (`Authorization: Bearer`) rather than a person: the
   * key acts for its company as the administrator who issued it, with the key's permissions.
   */
  api_key?: ApiKeyCaller;
};

/** The API key a call was made with (decision 0041). */
type ApiKeyCaller = {
  key_id: string;
  /** The name its administrator gave it (what a payout's timeline names as its maker). */
  name: string;
  scope: ApiKeyScope;
  /** CIDR ranges writes may come from. */
  allowed_ips: readonly string[];
};

/** Resolves the `token` and `userid` headers to a live session, or null when missing, expired or revoked. */
export type SessionResolver = (token: string, userId: string, now: Date) => Promise<SessionContext | null>;

/**
 * Resolves a bearer API key to the session it acts as, or null when unknown, revoked, expired or its
 * issuer is no longer active (9400). It records the use (audit row with key, address and call) and
 * answers how many calls the key made in the current rate-limit window. The team module supplies it.
 */
export type ApiKeyResolver = (
  key: string,
  use: { ip: string; callPath: string; now: Date },
) => Promise<{ session: SessionContext; callsThisWindow: number; windowEndsAt: Date } | null>;

export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
