/** Bearer secrets (session tokens, sign-in challenge ids): 256 random bits, kept only as SHA-256. */
import { createHash, randomBytes } from 'node:crypto';

const secretTokenBytes = 32;

export function newSecretToken(): string {
  return randomBytes(secretTokenBytes).toString('base64url');
}

/**
 * A plain SHA-256 suffices for these: a 256-bit random value cannot be guessed from its hash, and
 * the lookup must be a single indexed equality.
 */
export function hashOfSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
