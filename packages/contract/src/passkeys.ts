/**
 * Passkeys (WebAuthn): a user's passkeys, listed, added, renamed and removed on their security page,
 * and used as the second factor at sign-in (account.ts, login step `passkey`) and for step-up
 * (account.ts, verifyPasskeyStepUp) beside the authenticator app. Staff may require them for their own account.
 *
 * The ceremonies' options and the browser's answers are WebAuthn's JSON forms (as @simplewebauthn
 * writes and reads them): the options pass through as the server made them, the answers are checked
 * for shape and size here and for everything else by the server's WebAuthn verification.
 */
import { z } from 'zod';
import { defineCall } from './calls.ts';
import { identifierText, singleLineText } from './text.ts';

export const passkeyRules = {
  /** A user's passkeys at most: enough for every device a person uses, a bound on the list. */
  maxPerUser: 10,
  nameMaxLength: 60,
} as const;

/** base64url text (WebAuthn's JSON encoding of bytes), bounded. */
function base64url(maxLength: number) {
  return z
    .string()
    .min(1)
    .max(maxLength)
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'validation.invalid_format' });
}

/** How the browser may reach the authenticator (internal, usb, hybrid...; browsers add new ones). */
const Transports = z.array(z.string().regex(/^[a-z-]{1,32}$/, { message: 'validation.invalid_format' })).max(10);
/** The extensions' outputs: only whether a passkey is discoverable (credProps) is read; the rest is dropped. */
const ExtensionResults = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() });

/** What the browser answers to navigator.credentials.create (RegistrationResponseJSON). */
export const PasskeyRegistrationCredential = z.object({
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    transports: Transports.optional(),
    authenticatorData: base64url(8192).optional(),
    publicKey: base64url(4096).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ExtensionResults,
});

/** What the browser answers to navigator.credentials.get (AuthenticationResponseJSON). */
export const PasskeyAuthenticationCredential = z.object({
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(8192),
    signature: base64url(2048),
    userHandle: base64url(256).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ExtensionResults,
});

/**
 * WebAuthn's options for the browser, as the server made them: every field passes through (an
 * allow-list would drop what the browser needs), the challenge named so that tests read it.
 */
const CreationOptions = z.looseObject({ challenge: z.string() });
const RequestOptions = z.looseObject({ challenge: z.string() });

export const PasskeyName = singleLineText(passkeyRules.nameMaxLength).min(1, { message: 'validation.required' });

export const PasskeyItem = z.object({
  passkey_id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Synced between the user's devices by their platform (iCloud Keychain, Google Password Manager). */
  is_synced: z.boolean(),
});
export type PasskeyItem = z.infer<typeof PasskeyItem>;

export const listPasskeys = defineCall({
  path: '/api/v1/account/passkeys/list',
  permission: 'session',
  summary: "The user's passkeys, and whether the authenticator's code is refused for them (staff who require passkeys)",
  request: z.object({}).strict(),
  response: z.object({
    items: z.array(PasskeyItem),
    is_passkey_required: z.boolean(),
    /** Staff may require passkeys for their own account. */
    may_require_passkeys: z.boolean(),
  }),
});

export const startPasskeyRegistration = defineCall({
  path: '/api/v1/account/passkeys/registrationOptions',
  errors: ['fresh_second_factor_required', 'illegal_state'],
  permission: 'session',
  summary: 'WebAuthn options to create a passkey (fresh second factor needed); the challenge is single use',
  request: z.object({}).strict(),
  response: z.object({ options: CreationOptions }),
});

export const addPasskey = defineCall({
  path: '/api/v1/account/passkeys/add',
  errors: ['fresh_second_factor_required', 'passkey_not_verified', 'illegal_state'],
  permission: 'session',
  summary: 'Keep a passkey the browser created from the last registration options, under a name',
  request: z.object({ name: PasskeyName, credential: PasskeyRegistrationCredential }).strict(),
  response: PasskeyItem,
});

export const renamePasskey = defineCall({
  path: '/api/v1/account/passkeys/rename',
  errors: ['not_found'],
  permission: 'session',
  summary: 'Rename one of the user’s passkeys',
  request: z.object({ passkey_id: identifierText(), name: PasskeyName }).strict(),
  response: z.null(),
});

export const removePasskey = defineCall({
  path: '/api/v1/account/passkeys/remove',
  errors: ['fresh_second_factor_required', 'not_found', 'illegal_state'],
  permission: 'session',
  summary: 'Remove one of the user’s passkeys (fresh second factor needed)',
  request: z.object({ passkey_id: identifierText() }).strict(),
  response: z.null(),
});

export const setPasskeyRequirement = defineCall({
  path: '/api/v1/account/passkeys/requirement',
  errors: ['fresh_second_factor_required', 'illegal_state'],
  permission: 'session',
  summary:
    'Staff: require passkeys for their own account (the authenticator code is then refused); needs a passkey and a fresh second factor',
  request: z.object({ is_required: z.boolean() }).strict(),
  response: z.null(),
});

export const startPasskeyStepUp = defineCall({
  path: '/api/v1/account/passkeys/stepUpOptions',
  errors: ['illegal_state'],
  permission: 'session',
  summary: 'WebAuthn options to confirm a sensitive action with one of the user’s passkeys',
  request: z.object({}).strict(),
  response: z.object({ options: RequestOptions }),
});

export const startPasskeySignIn = defineCall({
  path: '/api/v1/account/passkeys/signInOptions',
  errors: ['passkey_not_verified'],
  permission: 'public',
  summary: 'WebAuthn options for the second step of a sign-in whose password was right',
  request: z.object({ challenge_id: identifierText() }).strict(),
  response: z.object({ options: RequestOptions }),
});
