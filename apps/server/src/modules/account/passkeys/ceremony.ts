/**
 * The WebAuthn ceremonies (@simplewebauthn/server): the relying party (its id and origin from config
 * PUBLIC_URL, else the address the caller reached us at, as links are made), options with a
 * challenge kept for one user and one purpose, and the checks of the browser's answers. A challenge
 * is used up before its answer is checked, so that a refused answer cannot be tried again.
 */
import type { PasskeyAuthenticationCredential, PasskeyRegistrationCredential } from '@bank/contract/passkeys';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { z } from 'zod';
import type { DbHandle } from '../../../platform/db.ts';
import { newId } from '../../../platform/ids.ts';
import { publicBaseUrl } from '../../../platform/public-url.ts';
import type { CallContext } from '../../../platform/route.ts';
import type { UserRow } from '../queries.ts';
import { passkeyCeremonyRules } from '../rules.ts';
import {
  claimPasskeyChallenge,
  insertPasskeyChallenge,
  lockPasskeyOfUser,
  markPasskeyUsed,
  type PasskeyRow,
  passkeysOfUser,
} from './queries.ts';
import type { PasskeyChallengePurpose } from './tables.ts';

const secondsMs = 1000;

type RegistrationCredential = z.output<typeof PasskeyRegistrationCredential>;
type AuthenticationCredential = z.output<typeof PasskeyAuthenticationCredential>;

export type RelyingParty = { id: string; origin: string };

/** The relying party a ceremony of this call is for: its origin, and the origin's host name as its id. */
export function relyingPartyOf(publicUrl: string | undefined, context: Pick<CallContext, 'origin'>): RelyingParty {
  const origin = publicBaseUrl({ publicUrl }, context);
  return { id: new URL(origin).hostname, origin };
}

type CeremonyBinding = {
  userId: string;
  purpose: PasskeyChallengePurpose;
  /** A sign-in's pending second step; null for a signed-in user's ceremony. */
  loginChallengeId: string | null;
  now: Date;
};

async function keepChallenge(handle: DbHandle, challenge: string, binding: CeremonyBinding): Promise<void> {
  await insertPasskeyChallenge(handle, {
    id: newId(binding.now.getTime()),
    userId: binding.userId,
    purpose: binding.purpose,
    challenge,
    loginChallengeId: binding.loginChallengeId,
    expiresAt: new Date(binding.now.getTime() + passkeyCeremonyRules.challengeValiditySeconds * secondsMs),
    now: binding.now,
  });
}

/** The challenge the browser signed (from its client data), used up; null when it was not open for this binding. */
async function claimAnsweredChallenge(
  handle: DbHandle,
  clientDataJSON: string,
  binding: CeremonyBinding,
): Promise<string | null> {
  let challenge: string;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== 'string' || challenge === '') return null;
  return (await claimPasskeyChallenge(handle, { challenge, ...binding })) ? challenge : null;
}

const descriptorOf = (passkey: PasskeyRow) => ({
  id: passkey.credential_id,
  transports: passkey.transports as AuthenticatorTransport[],
});

/** Options to create a passkey for the user, none of whose passkeys may be made again on one authenticator. */
export async function registrationOptions(handle: DbHandle, relyingParty: RelyingParty, user: UserRow, now: Date) {
  const existing = await passkeysOfUser(handle, user.id);
  const options = await generateRegistrationOptions({
    rpName: passkeyCeremonyRules.relyingPartyName,
    rpID: relyingParty.id,
    userName: user.email,
    userDisplayName: user.full_name,
    // The user's id as the handle: one account on an authenticator holds one passkey of ours, not several.
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map(descriptorOf),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: passkeyCeremonyRules.ceremonyTimeoutMs,
  });
  await keepChallenge(handle, options.challenge, { userId: user.id, purpose: 'register', loginChallengeId: null, now });
  return options;
}

export type VerifiedPasskey = {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: 'singleDevice' | 'multiDevice';
  isBackedUp: boolean;
};

/** The new passkey a registration answer proves, or null when it is refused (challenge, origin, signature). */
export async function checkRegistration(
  handle: DbHandle,
  relyingParty: RelyingParty,
  answer: { userId: string; credential: RegistrationCredential; now: Date },
): Promise<VerifiedPasskey | null> {
  const binding = { userId: answer.userId, purpose: 'register', loginChallengeId: null, now: answer.now } as const;
  const challenge = await claimAnsweredChallenge(handle, answer.credential.response.clientDataJSON, binding);
  if (!challenge) return null;
  try {
    const verification = await verifyRegistrationResponse({
      // The contract checked its shape and sizes; WebAuthn's types name the same fields.
      response: answer.credential as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: relyingParty.origin,
      expectedRPID: relyingParty.id,
      requireUserVerification: false,
    });
    if (!verification.verified) return null;
    const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? answer.credential.response.transports ?? [],
      deviceType: credentialDeviceType,
      isBackedUp: credentialBackedUp,
    };
  } catch {
    return null;
  }
}

/** Options to answer with one of the user's passkeys; null when the user has none. */
export async function authenticationOptions(handle: DbHandle, relyingParty: RelyingParty, binding: CeremonyBinding) {
  const existing = await passkeysOfUser(handle, binding.userId);
  if (existing.length === 0) return null;
  const options = await generateAuthenticationOptions({
    rpID: relyingParty.id,
    allowCredentials: existing.map(descriptorOf),
    userVerification: 'preferred',
    timeout: passkeyCeremonyRules.ceremonyTimeoutMs,
  });
  await keepChallenge(handle, options.challenge, binding);
  return options;
}

/**
 * Checks an answer with one of the user's own passkeys (another user's is refused) against an open
 * challenge of the binding, and that its counter moved on; the passkey's counter and last use are
 * written. Answers the passkey, or null when refused.
 */
export async function checkAuthentication(
  handle: DbHandle,
  relyingParty: RelyingParty,
  answer: { credential: AuthenticationCredential } & CeremonyBinding,
): Promise<PasskeyRow | null> {
  const { credential, ...binding } = answer;
  const challenge = await claimAnsweredChallenge(handle, credential.response.clientDataJSON, binding);
  if (!challenge) return null;
  const passkey = await lockPasskeyOfUser(handle, binding.userId, credential.id);
  if (!passkey) return null;
  try {
    const verification = await verifyAuthenticationResponse({
      response: credential as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: relyingParty.origin,
      expectedRPID: relyingParty.id,
      credential: {
        id: passkey.credential_id,
        publicKey: isoBase64URL.toBuffer(passkey.public_key),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: false,
    });
    if (!verification.verified) return null;
    await markPasskeyUsed(handle, passkey.id, verification.authenticationInfo.newCounter, binding.now);
    return passkey;
  } catch {
    return null;
  }
}
