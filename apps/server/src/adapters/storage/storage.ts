/**
 * Document storage: where uploaded KYC documents live, behind one interface with two drivers.
 *
 * - disk (default): files under STORAGE_DIR; the browser uploads to and downloads from our own
 *   server through signed, expiring, single-key URLs (disk-storage.ts, disk-storage-routes.ts).
 * - s3: any S3-compatible service; the browser uploads and downloads with presigned URLs
 *   (s3-storage.ts).
 *
 * Keys are opaque paths the server generates (`companies/<company_id>/<uuid>`), never user input;
 * every driver refuses a key outside `storageKeyPattern`, so no key can climb out of its folder or
 * bucket. Nothing here trusts a file: content-check.ts judges what an upload really is.
 */
import type { Readable } from 'node:stream';

type StorageDriverName = 'disk' | 's3';

export type UploadTargetRequest = {
  key: string;
  /** The most the upload may hold; the disk driver stops reading past it. */
  maxBytes: number;
  /**
   * The exact size the client declared, when known. S3 signs it as Content-Length, so a body of any
   * other length is refused there; the disk driver refuses a body of another length too. The
   * completion step checks the stored size in any case.
   */
  contentLength?: number;
  expiresAt: Date;
};

export type UploadTarget = {
  url: string;
  method: 'PUT';
  /** Headers the client must send with the PUT, as given (they may be part of the signature). */
  headers: Record<string, string>;
};

export type DocumentDisposition = 'inline' | 'attachment';

export type DownloadTargetRequest = {
  key: string;
  /** Shown to the user as the saved file's name; never used to find the file. */
  fileName: string;
  /** The type judged from the content at completion, never the name's or the browser's claim. */
  contentType: string;
  /** A wish: anything but an inline-viewable type (inlineContentTypes) is sent as an attachment. */
  disposition: DocumentDisposition;
  expiresAt: Date;
};

export interface DocumentStorage {
  readonly driver: StorageDriverName;
  /** Where and how the client sends one file; valid until `expiresAt`, for this key only. */
  createUploadTarget(request: UploadTargetRequest): Promise<UploadTarget>;
  /** The stored object's size, or null when there is none. */
  statObject(key: string): Promise<{ sizeBytes: number } | null>;
  /** At most `byteCount` first bytes (fewer when the object is shorter), or null when there is no object. */
  readHead(key: string, byteCount: number): Promise<Buffer | null>;
  /** The whole object as a stream, or null when there is none. */
  openRead(key: string): Promise<Readable | null>;
  /** A short-lived link that answers the file with the given type and disposition. */
  createDownloadTarget(request: DownloadTargetRequest): Promise<{ url: string }>;
  /** Removes the object; removing a missing object is not an error. */
  deleteObject(key: string): Promise<void>;
  /** Releases connections (S3); the storage is not used afterwards. */
  close(): Promise<void>;
}

/**
 * Segments of letters, digits, '-' and '_', starting with a letter or digit: no '.', no '..', no
 * absolute path, no backslash, no empty segment, so a key is always a plain relative path.
 */
const storageKeyPattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}(?:\/[A-Za-z0-9][A-Za-z0-9_-]{0,127}){0,7}$/;
const maxStorageKeyLength = 512;

export class InvalidStorageKeyError extends Error {
  override name = 'InvalidStorageKeyError';
}

export function isStorageKey(key: unknown): key is string {
  return typeof key === 'string' && key.length <= maxStorageKeyLength && storageKeyPattern.test(key);
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new InvalidStorageKeyError(`not a storage key: ${JSON.stringify(key).slice(0, 80)}`);
}

/** Types a browser may show in the page: anything else is always downloaded as an attachment. */
const inlineContentTypes: readonly string[] = ['image/jpeg', 'image/png', 'application/pdf'];

/** A type/subtype without parameters; anything else is not sent as a Content-Type. */
const contentTypePattern = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/;

export function assertContentType(contentType: string): void {
  if (!contentTypePattern.test(contentType)) {
    throw new RangeError(`not a plain content type: ${JSON.stringify(contentType).slice(0, 80)}`);
  }
}

export function effectiveDisposition(contentType: string, wanted: DocumentDisposition): DocumentDisposition {
  return wanted === 'inline' && inlineContentTypes.includes(contentType) ? 'inline' : 'attachment';
}

/** RFC 5987 value characters: everything else is percent-encoded (encodeURIComponent leaves '()*!' and "'"). */
function encodeExtendedValue(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*!]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The name without path separators or control characters, never empty. */
export function safeFileName(fileName: string): string {
  const cleaned = fileName
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f/\\]/g, '_')
    .trim()
    .slice(0, 200);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'document' : cleaned;
}

/**
 * RFC 6266 Content-Disposition: an ASCII `filename` for old clients and the exact UTF-8 name in
 * `filename*`. The header is pure ASCII, so it is safe both as a header and as S3's
 * response-content-disposition.
 */
export function contentDispositionHeader(disposition: DocumentDisposition, fileName: string): string {
  const name = safeFileName(fileName);
  const asciiFallback = name.replace(/[^\x20-\x7e]|["%;\\]/g, '_');
  return `${disposition}; filename="${asciiFallback}"; filename*=UTF-8''${encodeExtendedValue(name)}`;
}

export function assertExpiry(expiresAt: Date, now: Date): void {
  if (Number.isNaN(expiresAt.getTime())) throw new RangeError('expiresAt is not a valid date');
  if (expiresAt.getTime() <= now.getTime()) throw new RangeError('expiresAt is not in the future');
}
