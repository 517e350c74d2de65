/**
 * The S3 driver: any S3-compatible service (AWS S3, MinIO, Ceph, local emulators with path-style
 * addressing). The browser talks to the service directly with presigned URLs; the server only
 * signs them and reads heads and sizes at completion.
 *
 * Single use: the presigned PUT signs `If-None-Match: *`, so a service with conditional writes
 * (AWS S3 since 2024, MinIO) refuses to replace an object once it exists, and a checked document
 * cannot be swapped afterwards with the same URL. Emulators without conditional writes ignore it.
 */
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Clock } from '../../platform/session.ts';
import {
  assertContentType,
  assertExpiry,
  assertStorageKey,
  contentDispositionHeader,
  type DocumentStorage,
  type DownloadTargetRequest,
  effectiveDisposition,
  type UploadTarget,
  type UploadTargetRequest,
} from './storage.ts';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** A non-AWS service or an emulator; AWS's own endpoint when absent. */
  endpoint?: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (emulators, MinIO). */
  forcePathStyle: boolean;
  /** Both or neither; without them the SDK's default chain (environment, instance role) is used. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  clock: Clock;
  /** A client made elsewhere (tests); the storage then leaves its lifetime to the caller. */
  client?: S3Client;
};

/**
 * The SDK, loaded when an S3 storage is made rather than with the server: importing it takes about
 * a third of a second of every start, and the disk driver never needs it.
 */
type S3Sdk = typeof import('@aws-sdk/client-s3');

/** S3's longest presigned URL lifetime. */
const maxPresignSeconds = 7 * 24 * 60 * 60;
const connectionTimeoutMs = 5_000;
const requestTimeoutMs = 30_000;

function isMissing(sdk: S3Sdk, error: unknown): boolean {
  if (!(error instanceof sdk.S3ServiceException)) return false;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
}

function isUnsatisfiableRange(sdk: S3Sdk, error: unknown): boolean {
  return (
    error instanceof sdk.S3ServiceException && (error.name === 'InvalidRange' || error.$metadata.httpStatusCode === 416)
  );
}

/** At most `byteCount` bytes of a stream, which is then released: a service that ignores Range cannot make us read a whole file. */
async function readAtMost(stream: Readable, byteCount: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let collected = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      chunks.push(buffer);
      collected += buffer.length;
      if (collected >= byteCount) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, byteCount);
}

export class S3DocumentStorage implements DocumentStorage {
  readonly driver = 's3' as const;
  readonly bucket: string;
  readonly #sdk: Promise<S3Sdk>;
  readonly #client: Promise<S3Client>;
  readonly #ownsClient: boolean;
  readonly #clock: Clock;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.#clock = options.clock;
    this.#ownsClient = options.client === undefined;
    this.#sdk = import('@aws-sdk/client-s3');
    const { client } = options;
    this.#client = client
      ? Promise.resolve(client)
      : this.#sdk.then(
          (sdk) =>
            new sdk.S3Client({
              region: options.region,
              endpoint: options.endpoint,
              forcePathStyle: options.forcePathStyle,
              credentials: options.credentials,
              // Checksums only where S3 requires them: the SDK's default adds a CRC32 of the *empty*
              // body to presigned PUT URLs (which the real upload then fails), and emulators reject the
              // aws-chunked bodies it would send.
              requestChecksumCalculation: 'WHEN_REQUIRED',
              responseChecksumValidation: 'WHEN_REQUIRED',
              maxAttempts: 3,
              requestHandler: { connectionTimeout: connectionTimeoutMs, requestTimeout: requestTimeoutMs },
            }),
        );
  }

  /** What a presigned URL is made with: the SDK, the client and the presigner. */
  #signing() {
    return Promise.all([this.#sdk, this.#client, import('@aws-sdk/s3-request-presigner')]);
  }

  #expiresInSeconds(expiresAt: Date): { expiresIn: number; signingDate: Date } {
    const now = this.#clock.now();
    assertExpiry(expiresAt, now);
    const expiresIn = Math.min(maxPresignSeconds, Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)));
    return { expiresIn, signingDate: now };
  }

  async createUploadTarget(request: UploadTargetRequest): Promise<UploadTarget> {
    assertStorageKey(request.key);
    if (!Number.isSafeInteger(request.maxBytes) || request.maxBytes < 1) throw new RangeError('maxBytes must be >= 1');
    if (
      request.contentLength !== undefined &&
      !(request.contentLength >= 0 && request.contentLength <= request.maxBytes)
    ) {
      throw new RangeError('contentLength must be from 0 to maxBytes');
    }
    // A presigned PUT cannot carry a size range (only POST policies can): with a declared size the
    // exact Content-Length is signed, otherwise the completion step's size check is the limit.
    const [sdk, client, { getSignedUrl }] = await this.#signing();
    const command = new sdk.PutObjectCommand({
      Bucket: this.bucket,
      Key: request.key,
      IfNoneMatch: '*',
      ...(request.contentLength === undefined ? {} : { ContentLength: request.contentLength }),
    });
    const url = await getSignedUrl(client, command, this.#expiresInSeconds(request.expiresAt));
    // Content-Length is set by the browser itself (it may not be set by script); If-None-Match is signed and must be sent.
    return { url, method: 'PUT', headers: { 'if-none-match': '*' } };
  }

  async createDownloadTarget(request: DownloadTargetRequest): Promise<{ url: string }> {
    assertStorageKey(request.key);
    assertContentType(request.contentType);
    const disposition = effectiveDisposition(request.contentType, request.disposition);
    const [sdk, client, { getSignedUrl }] = await this.#signing();
    const command = new sdk.GetObjectCommand({
      Bucket: this.bucket,
      Key: request.key,
      // The type judged at completion, not what the uploader sent with the PUT.
      ResponseContentType: request.contentType,
      ResponseContentDisposition: contentDispositionHeader(disposition, request.fileName),
      ResponseCacheControl: 'private, no-store',
    });
    const url = await getSignedUrl(client, command, this.#expiresInSeconds(request.expiresAt));
    return { url };
  }

  async statObject(key: string): Promise<{ sizeBytes: number } | null> {
    assertStorageKey(key);
    const [sdk, client] = await Promise.all([this.#sdk, this.#client]);
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { sizeBytes: head.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(sdk, error)) return null;
      throw error;
    }
  }

  async readHead(key: string, byteCount: number): Promise<Buffer | null> {
    assertStorageKey(key);
    if (!Number.isSafeInteger(byteCount) || byteCount < 0) throw new RangeError('byteCount must be >= 0');
    if (byteCount === 0) return (await this.statObject(key)) === null ? null : Buffer.alloc(0);
    const [sdk, client] = await Promise.all([this.#sdk, this.#client]);
    try {
      const object = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${byteCount - 1}` }),
      );
      return object.Body ? await readAtMost(object.Body as Readable, byteCount) : Buffer.alloc(0);
    } catch (error) {
      if (isMissing(sdk, error)) return null;
      // An empty object has no byte 0: S3 answers 416.
      if (isUnsatisfiableRange(sdk, error)) return Buffer.alloc(0);
      throw error;
    }
  }

  async openRead(key: string): Promise<Readable | null> {
    assertStorageKey(key);
    const [sdk, client] = await Promise.all([this.#sdk, this.#client]);
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return (object.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (isMissing(sdk, error)) return null;
      throw error;
    }
  }

  async deleteObject(key: string): Promise<void> {
    assertStorageKey(key);
    const [sdk, client] = await Promise.all([this.#sdk, this.#client]);
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async close(): Promise<void> {
    if (this.#ownsClient) (await this.#client).destroy();
  }
}
