/**
 * Passkeys (WebAuthn credentials) and the challenges of their ceremonies. A passkey is kept with its
 * public key (COSE, base64url) and its signature counter, never a secret; a challenge is kept as the
 * SHA-256 of what the browser signs, bound to one user and one purpose, used once, and short lived.
 */
import { bigint, boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../../platform/columns.ts';
import { loginChallenges, users } from '../tables.ts';

export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The credential id the authenticator chose (base64url): unique across every user. */
    credential_id: text('credential_id').notNull(),
    /** The COSE public key (base64url) the signatures are checked with. */
    public_key: text('public_key').notNull(),
    /** The authenticator's signature counter at its last use (0 for those that keep none). */
    counter: bigint('counter', { mode: 'number' }).notNull(),
    /** How the browser may reach the authenticator (internal, usb, hybrid...), handed back in options. */
    transports: text('transports').array().notNull(),
    /** singleDevice or multiDevice (a synced passkey). */
    device_type: text('device_type').$type<'singleDevice' | 'multiDevice'>().notNull(),
    is_backed_up: boolean('is_backed_up').notNull(),
    name: text('name').notNull(),
    created_at: timestamptz('created_at').notNull(),
    last_used_at: timestamptz('last_used_at'),
  },
  (table) => [
    uniqueIndex('passkeys_credential_id_unique').on(table.credential_id),
    index('passkeys_user_idx').on(table.user_id, table.created_at),
  ],
);

export const passkeyChallengePurposes = ['register', 'sign_in', 'step_up'] as const;
export type PasskeyChallengePurpose = (typeof passkeyChallengePurposes)[number];

export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: uuid('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').$type<PasskeyChallengePurpose>().notNull(),
    /** SHA-256 (hex) of the challenge as the browser returns it in clientDataJSON (base64url). */
    challenge_hash: text('challenge_hash').notNull(),
    /** A sign-in's challenge belongs to the pending second step it was asked for. */
    login_challenge_id: uuid('login_challenge_id').references(() => loginChallenges.id, { onDelete: 'cascade' }),
    expires_at: timestamptz('expires_at').notNull(),
    used_at: timestamptz('used_at'),
    created_at: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('passkey_challenges_hash_unique').on(table.challenge_hash),
    index('passkey_challenges_expiry_idx').on(table.expires_at),
    index('passkey_challenges_user_idx').on(table.user_id),
  ],
);
