/**
 * The disk driver: objects are files under one root folder, and the browser reaches them through
 * our own server (disk-storage-routes.ts) with signed grants instead of presigned S3 URLs.
 *
 * An upload is streamed to a temporary file under `<root>/.uploads` (same file system, so the
 * final step is a link, not a copy) and then hard-linked to its key: link() fails when the target
 * exists, so a key is written at most once even under concurrent uploads, and no reader ever sees
 * half a file.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Clock } from '../../platform/session.ts';
import { createGrantSigner, type DownloadGrant, type GrantSigner, type UploadGrant } from './signed-grant.ts';
import {
  assertContentType,
  assertExpiry,
  assertStorageKey,
  type DocumentStorage,
  type DownloadTargetRequest,
  effectiveDisposition,
  safeFileName,
  type UploadTarget,
  type UploadTargetRequest,
} from './storage.ts';

export const diskUploadPathPrefix = '/storage/upload/';
export const diskDownloadPathPrefix = '/storage/file/';

/** Folder of partial uploads inside the root; keys cannot start with '.', so it never holds an object. */
const partialUploadsFolder = '.uploads';

export type DiskStorageOptions = {
  /** Root folder of the objects (STORAGE_DIR). Created when missing. */
  rootDir: string;
  /** Signs upload and download grants; at least 32 characters. */
  signingSecret: string;
  /**
   * Origin (and optional path) the browser reaches this server at, e.g. `https://bank.example`.
   * When absent the URLs are root-relative (`/storage/...`), which a browser on our own origin uses
   * as they are.
   */
  publicBaseUrl?: string;
  clock: Clock;
};

export type ReceiveUploadResult =
  | { outcome: 'stored'; sizeBytes: number }
  /** The key already holds an object, or another upload to it is under way. */
  | { outcome: 'exists' }
  | { outcome: 'too_large' }
  /** The body's length differs from the declared Content-Length of the grant. */
  | { outcome: 'length_mismatch'; sizeBytes: number }
  /** The client went away before the body ended. */
  | { outcome: 'aborted' };

class UploadTooLargeError extends Error {}
class UploadAbortedError extends Error {}

function isNotFound(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export class DiskDocumentStorage implements DocumentStorage {
  readonly driver = 'disk' as const;
  readonly rootDir: string;
  readonly #signer: GrantSigner;
  readonly #publicBaseUrl: string;
  readonly #clock: Clock;
  /** Keys with an upload being written by this process: a second concurrent upload is refused at once. */
  readonly #uploadsUnderWay = new Set<string>();

  constructor(options: DiskStorageOptions) {
    this.rootDir = path.resolve(options.rootDir);
    this.#signer = createGrantSigner(options.signingSecret);
    this.#publicBaseUrl = (options.publicBaseUrl ?? '').replace(/\/+$/, '');
    this.#clock = options.clock;
  }

  /** The file of a key; the key pattern already forbids escaping the root, this re-checks it. */
  #pathOf(key: string): string {
    assertStorageKey(key);
    const filePath = path.resolve(this.rootDir, ...key.split('/'));
    if (!filePath.startsWith(this.rootDir + path.sep)) throw new Error('storage key resolved outside the root');
    return filePath;
  }

  async createUploadTarget(request: UploadTargetRequest): Promise<UploadTarget> {
    assertStorageKey(request.key);
    assertExpiry(request.expiresAt, this.#clock.now());
    if (!Number.isSafeInteger(request.maxBytes) || request.maxBytes < 1) throw new RangeError('maxBytes must be >= 1');
    if (request.contentLength !== undefined) {
      if (!Number.isSafeInteger(request.contentLength) || request.contentLength < 0) {
        throw new RangeError('contentLength must be a whole number of bytes');
      }
      if (request.contentLength > request.maxBytes) throw new RangeError('contentLength exceeds maxBytes');
    }
    const token = this.#signer.sign({
      kind: 'put',
      key: request.key,
      max_bytes: request.maxBytes,
      ...(request.contentLength === undefined ? {} : { content_length: request.contentLength }),
      exp: request.expiresAt.getTime(),
    });
    return { url: `${this.#publicBaseUrl}${diskUploadPathPrefix}${token}`, method: 'PUT', headers: {} };
  }

  async createDownloadTarget(request: DownloadTargetRequest): Promise<{ url: string }> {
    assertStorageKey(request.key);
    assertContentType(request.contentType);
    assertExpiry(request.expiresAt, this.#clock.now());
    const token = this.#signer.sign({
      kind: 'get',
      key: request.key,
      file_name: safeFileName(request.fileName),
      content_type: request.contentType,
      disposition: effectiveDisposition(request.contentType, request.disposition),
      exp: request.expiresAt.getTime(),
    });
    return { url: `${this.#publicBaseUrl}${diskDownloadPathPrefix}${token}` };
  }

  /** The upload grant of a token from an upload URL, or null when it is forged, expired or malformed. */
  verifyUploadToken(token: string): UploadGrant | null {
    return this.#signer.verify(token, 'put', this.#clock.now());
  }

  verifyDownloadToken(token: string): DownloadGrant | null {
    return this.#signer.verify(token, 'get', this.#clock.now());
  }

  async statObject(key: string): Promise<{ sizeBytes: number } | null> {
    try {
      const stats = await fs.stat(this.#pathOf(key));
      return stats.isFile() ? { sizeBytes: stats.size } : null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async readHead(key: string, byteCount: number): Promise<Buffer | null> {
    if (!Number.isSafeInteger(byteCount) || byteCount < 0) throw new RangeError('byteCount must be >= 0');
    let file: fs.FileHandle;
    try {
      file = await fs.open(this.#pathOf(key), 'r');
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    try {
      const buffer = Buffer.alloc(byteCount);
      let filled = 0;
      while (filled < byteCount) {
        const { bytesRead } = await file.read(buffer, filled, byteCount - filled, filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return buffer.subarray(0, filled);
    } finally {
      await file.close();
    }
  }

  async openRead(key: string): Promise<Readable | null> {
    let file: fs.FileHandle;
    try {
      file = await fs.open(this.#pathOf(key), 'r');
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    // The stream owns the handle and closes it when it ends or is destroyed.
    return file.createReadStream();
  }

  async deleteObject(key: string): Promise<void> {
    await fs.rm(this.#pathOf(key), { force: true });
  }

  async close(): Promise<void> {}

  /**
   * Writes an upload body to the key, at most once. The body is read only up to `maxBytes` (plus
   * the chunk that crosses it); the source is never destroyed here, so the caller can still answer.
   */
  async receiveUpload(
    key: string,
    source: Readable,
    limits: { maxBytes: number; contentLength?: number },
  ): Promise<ReceiveUploadResult> {
    const finalPath = this.#pathOf(key);
    if (this.#uploadsUnderWay.has(key)) return { outcome: 'exists' };
    this.#uploadsUnderWay.add(key);
    const partialDir = path.join(this.rootDir, partialUploadsFolder);
    const partialPath = path.join(partialDir, `${randomUUID()}.part`);
    try {
      if ((await this.statObject(key)) !== null) return { outcome: 'exists' };
      await fs.mkdir(partialDir, { recursive: true, mode: 0o700 });
      let sizeBytes: number;
      try {
        sizeBytes = await this.#writeLimited(source, partialPath, limits.maxBytes);
      } catch (error) {
        if (error instanceof UploadTooLargeError) return { outcome: 'too_large' };
        if (error instanceof UploadAbortedError) return { outcome: 'aborted' };
        throw error;
      }
      if (limits.contentLength !== undefined && sizeBytes !== limits.contentLength) {
        return { outcome: 'length_mismatch', sizeBytes };
      }
      await fs.mkdir(path.dirname(finalPath), { recursive: true, mode: 0o700 });
      try {
        await fs.link(partialPath, finalPath);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { outcome: 'exists' };
        throw error;
      }
      return { outcome: 'stored', sizeBytes };
    } finally {
      this.#uploadsUnderWay.delete(key);
      await fs.rm(partialPath, { force: true });
    }
  }

  async #writeLimited(source: Readable, partialPath: string, maxBytes: number): Promise<number> {
    let sizeBytes = 0;
    const limiter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        sizeBytes += chunk.length;
        if (sizeBytes > maxBytes) callback(new UploadTooLargeError());
        else callback(null, chunk);
      },
    });
    // pipe(), not pipeline(), from the source: pipeline would destroy the request (and its socket)
    // on a refusal, and the client would see a reset instead of our 413.
    const onSourceError = (error: Error) => limiter.destroy(new UploadAbortedError(error.message));
    const onSourceClose = () => {
      if (!source.readableEnded) limiter.destroy(new UploadAbortedError('the client went away'));
    };
    source.once('error', onSourceError);
    source.once('close', onSourceClose);
    source.pipe(limiter);
    const file = createWriteStream(partialPath, { flags: 'wx', mode: 0o600, flush: true });
    try {
      await pipeline(limiter, file);
      return sizeBytes;
    } catch (error) {
      // A refusal can come while the file is still being opened (created): wait until it is closed,
      // so that the caller's removal of the partial file finds it rather than running before it.
      if (!file.closed) await new Promise<void>((closed) => file.once('close', () => closed()));
      throw error;
    } finally {
      source.unpipe(limiter);
      source.off('error', onSourceError);
      source.off('close', onSourceClose);
    }
  }
}
