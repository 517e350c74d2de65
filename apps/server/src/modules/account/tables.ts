/**
 * Identity tables: companies and their users (and the bank's staff), sessions, emailed codes, the
 * pending second step of a sign-in, and sign-in throttling (the audit log is the platform's: platform/audit-table.ts). Secrets are
 * never stored as given: passwords as argon2id hashes, session tokens and challenge ids as SHA-256,
 * codes as keyed hashes, authenticator secrets encrypted (platform/secret-box.ts).
 */
import type { StoredEmailCodePurpose, secondFactorMethods, UserRole } from '@bank/contract/account';
import type { Language } from '@bank/contract/constants';
import type { GroupPermission } from '@bank/contract/permissions';
import type { AccountKycStatus } from '@bank/contract/states';
import type { UserStatus } from '@bank/contract/team';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/columns.ts';

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey(),
  /** Unknown until the company information section of KYC is filled in. */
  name: text('name'),
  kyc_status: text('kyc_status').$type<AccountKycStatus>().notNull().default('not_submitted'),
  /** The referral code given at registration, kept as typed even when it matches no manager. */
  ci_code: text('ci_code'),
  relationship_manager_id: uuid('relationship_manager_id').references((): AnyPgColumn => users.id),
  created_at: timestamptz('created_at').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    /** Null for the bank's staff. */
    company_id: uuid('company_id').references(() => companies.id),
    /** Lower case (the contract's Email lowers it); unique. */
    email: text('email').notNull(),
    full_name: text('full_name').notNull(),
    phone_country: text('phone_country').notNull(),
    phone: text('phone').notNull(),
    password_hash: text('password_hash').notNull(),
    role: text('role').$type<UserRole>().notNull(),
    /** Wire value en, ch or jp: the language of the user's emails. */
    language: text('language').$type<Language>().notNull().default('en'),
    /** A sales relationship manager's referral code (the CI code a client types at registration). */
    referral_code: text('referral_code'),
    /** The paired authenticator's secret, sealed with the server secret; null when none is paired. */
    totp_secret_sealed: text('totp_secret_sealed'),
    totp_paired_at: timestamptz('totp_paired_at'),
    /** A secret set up but not yet confirmed with a code: it is not a second factor until approved. */
    pending_totp_secret_sealed: text('pending_totp_secret_sealed'),
    pending_totp_created_at: timestamptz('pending_totp_created_at'),
    /**
     * Staff who require passkeys for their own account: the authenticator's code is then refused at
     * sign-in and step-up (passkeys/, decision 43); recovery codes still work.
     */
    is_passkey_required: boolean('is_passkey_required').notNull().default(false),
    /** Replay guard: the 30 s time step of the last accepted authenticator code. */
    totp_last_used_step: bigint('totp_last_used_step', { mode: 'number' }),
    terms_accepted_at: timestamptz('terms_accepted_at'),
    password_changed_at: timestamptz('password_changed_at').notNull(),
    created_at: timestamptz('created_at').notNull(),
    /**
     * Only an active user signs in. A sub-account is `invited` until it accepts its invitation (no
     * usable password until then), `disabled` or `removed` by its company's administrator.
     */
    status: text('status').$type<UserStatus>().notNull().default('active'),
    /** A sub-account's permission group (what it may do); null for administrators and staff. */
    permission_group_id: uuid('permission_group_id').references((): AnyPgColumn => permissionGroups.id),
    /** A sub-account's description and remarks, as its administrator wrote them. */
    team_description: text('team_description'),
    team_remarks: text('team_remarks'),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    index('users_permission_group_idx').on(table.permission_group_id),
    uniqueIndex('users_referral_code_unique').on(table.referral_code),
    index('users_company_idx').on(table.company_id),
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
  ],
);

/** A company's named set of client permissions, held by the sub-accounts in it. */
export const permissionGroups = pgTable(
  'permission_groups',
  {
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    permissions: text('permissions').array().$type<GroupPermission[]>().notNull(),
    created_at: timestamptz('created_at').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
  },
  (table) => [uniqueIndex('permission_groups_company_name_unique').on(table.company_id, sql`lower(${table.name})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** SHA-256 (hex) of the 256-bit token; the token itself is only ever in the client's hands. */
    token_hash: text('token_hash').notNull(),
    is_second_factor_done: boolean('is_second_factor_done').notNull(),
    created_at: timestamptz('created_at').notNull(),
    /** Moved forward by use, at most every ~30 s; the idle expiry counts from it. */
    last_seen_at: timestamptz('last_seen_at').notNull(),
    /** Absolute expiry: 12 h after sign-in whatever the activity. */
    expires_at: timestamptz('expires_at').notNull(),
    /** Until when a sensitive action may go ahead without asking for the second factor again. */
    step_up_until: timestamptz('step_up_until'),
    revoked_at: timestamptz('revoked_at'),
    /** Why it ended: sign_out, revoked, password_changed, password_reset. */
    revoked_reason: text('revoked_reason'),
    /** Short description from the User-Agent ("Chrome on macOS"), for the session list. */
    device: text('device').notNull(),
    ip: text('ip'),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_unique').on(table.token_hash),
    index('sessions_user_idx').on(table.user_id),
  ],
);

export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    /** register, login, reset_password or step_up. */
    purpose: text('purpose').$type<StoredEmailCodePurpose>().notNull(),
    /** Keyed hash (HMAC with the server secret) of the 6 digits and the address. */
    code_hash: text('code_hash').notNull(),
    /**
     * False when nothing was sent (no account for a login or reset address, no open sign-in): the
     * row still counts for cool-down and cap, so answers never depend on whether an address exists.
     */
    is_delivered: boolean('is_delivered').notNull(),
    expires_at: timestamptz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    used_at: timestamptz('used_at'),
    created_at: timestamptz('created_at').notNull(),
    requested_ip: text('requested_ip'),
  },
  (table) => [index('email_codes_email_created_idx').on(table.email, table.created_at)],
);

/**
 * Recovery codes: 10 single-use codes made when an authenticator is paired (or made again, which
 * deletes the old set), to sign in when it is lost. Kept as keyed hashes bound to the user: the
 * codes carry 50 random bits, so a keyed hash is as safe as argon2id here and costs nothing.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    code_hash: text('code_hash').notNull(),
    used_at: timestamptz('used_at'),
    created_at: timestamptz('created_at').notNull(),
  },
  (table) => [uniqueIndex('recovery_codes_user_hash_unique').on(table.user_id, table.code_hash)],
);

/** The second step of a sign-in: created by a correct password, used by the second factor. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey(),
    /** SHA-256 (hex) of the challenge id handed to the client, which alone lets it attempt the second step. */
    token_hash: text('token_hash').notNull(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** authenticator or email. */
    method: text('method').$type<(typeof secondFactorMethods)[number]>().notNull(),
    expires_at: timestamptz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    used_at: timestamptz('used_at'),
    created_at: timestamptz('created_at').notNull(),
    ip: text('ip'),
  },
  (table) => [
    uniqueIndex('login_challenges_token_hash_unique').on(table.token_hash),
    index('login_challenges_user_idx').on(table.user_id, table.created_at),
  ],
);

/**
 * Failed sign-ins per subject: `account:<email>` (for every address typed, registered or not, so
 * that back-off and lock answer alike for both) and `ip:<address>`.
 */
export const loginThrottles = pgTable('login_throttles', {
  subject: text('subject').primaryKey(),
  failure_count: integer('failure_count').notNull(),
  last_failure_at: timestamptz('last_failure_at').notNull(),
  locked_until: timestamptz('locked_until'),
});
