/**
 * Signed grants: the capability carried by a disk-storage URL. A grant names one key, what may be
 * done with it and until when; it is `base64url(JSON payload) + '.' + base64url(HMAC-SHA256)`.
 * Nothing in it is secret (it is a URL), but nothing in it can be changed without the secret, and
 * its kind keeps a download link from being used to upload and the other way round.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { isStorageKey } from './storage.ts';

const StorageKey = z.string().refine(isStorageKey);

const UploadGrant = z
  .object({
    kind: z.literal('put'),
    key: StorageKey,
    max_bytes: z.number().int().positive(),
    content_length: z.number().int().nonnegative().optional(),
    /** Expiry, milliseconds since the epoch. */
    exp: z.number().int(),
  })
  .strict();
export type UploadGrant = z.infer<typeof UploadGrant>;

const DownloadGrant = z
  .object({
    kind: z.literal('get'),
    key: StorageKey,
    file_name: z.string().min(1).max(200),
    content_type: z.string().min(3).max(130),
    disposition: z.enum(['inline', 'attachment']),
    exp: z.number().int(),
  })
  .strict();
export type DownloadGrant = z.infer<typeof DownloadGrant>;

type Grant = UploadGrant | DownloadGrant;

/** Far longer than any grant we sign; a longer token is refused before any work. */
const maxGrantTokenLength = 2048;
const tokenPattern = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/;

/** A key used for grants only (domain separation): the same secret may one day sign other things. */
function grantKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('bank/document-storage-grant/v1').digest();
}

export type GrantSigner = {
  sign(grant: Grant): string;
  /** The grant of a well-formed, authentic, unexpired token of that kind; null for anything else. */
  verify<Kind extends Grant['kind']>(token: string, kind: Kind, now: Date): Extract<Grant, { kind: Kind }> | null;
};

export function createGrantSigner(secret: string): GrantSigner {
  if (secret.length < 32) throw new RangeError('the storage signing secret must be at least 32 characters');
  const key = grantKey(secret);
  const signatureOf = (payload: string) => createHmac('sha256', key).update(payload).digest();

  return {
    sign(grant) {
      const payload = Buffer.from(JSON.stringify(grant), 'utf8').toString('base64url');
      return `${payload}.${signatureOf(payload).toString('base64url')}`;
    },
    verify(token, kind, now) {
      if (token.length > maxGrantTokenLength || !tokenPattern.test(token)) return null;
      const [payload = '', signature = ''] = token.split('.');
      const given = Buffer.from(signature, 'base64url');
      const expected = signatureOf(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      const parsed = (kind === 'put' ? UploadGrant : DownloadGrant).safeParse(decoded);
      if (!parsed.success || parsed.data.kind !== kind) return null;
      if (parsed.data.exp <= now.getTime()) return null;
      return parsed.data as Extract<Grant, { kind: typeof kind }>;
    },
  };
}
