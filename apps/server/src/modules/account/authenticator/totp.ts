/**
 * Authenticator codes (TOTP, RFC 6238): SHA-1, 6 digits, 30 s steps, the settings every
 * authenticator app supports. A code is accepted one step either side of the server's time; the
 * step it matched is returned so that the caller can refuse a second use of the same step.
 */
import { generateSecret, generateURI, verify } from 'otplib';
import { authenticatorRules } from '../rules.ts';

export function newAuthenticatorSecret(): string {
  return generateSecret({ length: authenticatorRules.secretBytes });
}

export function otpauthUriOf(secret: string, email: string): string {
  return generateURI({
    issuer: authenticatorRules.issuer,
    label: email,
    secret,
    period: authenticatorRules.stepSeconds,
  });
}

/** The time step a code matches at `now` (within the tolerance), or null when it matches none. */
export async function matchingTimeStep(secret: string, code: string, now: Date): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    period: authenticatorRules.stepSeconds,
    epochTolerance: authenticatorRules.toleranceSeconds,
  });
  // The TOTP strategy's answer carries the step; the union type also covers HOTP's, which does not.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
