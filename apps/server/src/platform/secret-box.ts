/**
 * The server's secret (config APP_SECRET) put to work: keyed hashes of short secrets (emailed
 * codes) and authenticated encryption of secrets the server must read back (authenticator secrets,
 * queued emails that carry a code). Each use gets its own key derived with HKDF, so that a key
 * serving one purpose can never decrypt or forge the data of another.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

export type SecretBox = {
  /** HMAC-SHA-256 of a value under the key of `purpose`, hex. */
  keyedHash(purpose: string, value: string): string;
  /** Compares a value with a keyed hash in constant time. */
  matchesKeyedHash(purpose: string, value: string, expectedHash: string): boolean;
  /** AES-256-GCM, as `v1.<iv>.<tag>.<ciphertext>` in base64url; `purpose` is bound as associated data. */
  seal(purpose: string, plaintext: string): string;
  /** Throws when the value was not sealed for this purpose with this secret, or was altered. */
  open(purpose: string, sealed: string): string;
};

const keyLengthBytes = 32;
const ivLengthBytes = 12;

export function createSecretBox(appSecret: string): SecretBox {
  const keys = new Map<string, Buffer>();
  function keyOf(use: 'hash' | 'seal', purpose: string): Buffer {
    const name = `${use}:${purpose}`;
    let key = keys.get(name);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', appSecret, 'bank-server', name, keyLengthBytes));
      keys.set(name, key);
    }
    return key;
  }

  function keyedHash(purpose: string, value: string): string {
    return createHmac('sha256', keyOf('hash', purpose)).update(value).digest('hex');
  }

  return {
    keyedHash,
    matchesKeyedHash(purpose, value, expectedHash) {
      const actual = Buffer.from(keyedHash(purpose, value), 'hex');
      const expected = Buffer.from(expectedHash, 'hex');
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
    seal(purpose, plaintext) {
      const iv = randomBytes(ivLengthBytes);
      const cipher = createCipheriv('aes-256-gcm', keyOf('seal', purpose), iv);
      cipher.setAAD(Buffer.from(purpose));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(purpose, sealed) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || iv === undefined || tag === undefined || ciphertext === undefined) {
        throw new Error('not a sealed value');
      }
      const decipher = createDecipheriv('aes-256-gcm', keyOf('seal', purpose), Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
