/**
 * The S3 driver against s3rver, a local S3 emulator on a free port with its own temporary folder.
 * s3rver checks a presigned URL's expiry and access key but not its V4 signature, so what the
 * signature binds (Content-Length, If-None-Match) is checked here on the URL itself.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { uploadLimits } from '@bank/contract/constants';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkUploadedDocument } from './content-check.ts';
import { S3DocumentStorage } from './s3-storage.ts';
import { elfExecutable, pdfFile, pngFile } from './test-documents.ts';

const bucket = 'bank-documents-test';
const minute = 60_000;
const clock = { current: new Date(), now: () => clock.current };

let emulatorDir: string;
let emulator: S3rver;
let storage: S3DocumentStorage;

beforeAll(async () => {
  emulatorDir = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  emulator = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: emulatorDir });
  const { port } = await emulator.run();
  storage = new S3DocumentStorage({
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    // s3rver's one account.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    clock,
  });
  const admin = new S3Client({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  try {
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    admin.destroy();
  }
});

afterAll(async () => {
  await storage?.close();
  emulator?.httpServer?.closeAllConnections();
  await emulator?.close();
  await rm(emulatorDir, { recursive: true, force: true });
});

let keyCount = 0;
function newKey(): string {
  keyCount += 1;
  return `companies/0190c9d2-7f00-7000-8000-00000000000b/s3-upload-${keyCount}`;
}

async function upload(key: string, bytes: Buffer): Promise<Response> {
  const target = await storage.createUploadTarget({
    key,
    maxBytes: uploadLimits.kycMaxFileBytes,
    contentLength: bytes.length,
    expiresAt: new Date(clock.now().getTime() + 15 * minute),
  });
  expect(target.method).toBe('PUT');
  return fetch(target.url, { method: 'PUT', headers: target.headers, body: bytes });
}

describe('S3 driver', () => {
  it('uploads with a presigned PUT, then states, reads the head of and streams the object', async () => {
    const key = newKey();
    const png = pngFile();

    const response = await upload(key, png);

    expect(response.status).toBe(200);
    expect(await storage.statObject(key)).toEqual({ sizeBytes: png.length });
    expect(await storage.readHead(key, 8)).toEqual(png.subarray(0, 8));
    expect(await storage.readHead(key, 100_000)).toEqual(png);
    const stream = await storage.openRead(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream ?? []) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks)).toEqual(png);
  });

  it('signs the declared Content-Length and If-None-Match, so S3 refuses another size or a second upload', async () => {
    const target = await storage.createUploadTarget({
      key: newKey(),
      maxBytes: 1000,
      contentLength: 123,
      expiresAt: new Date(clock.now().getTime() + minute),
    });
    const url = new URL(target.url);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';').sort()).toEqual([
      'content-length',
      'host',
      'if-none-match',
    ]);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(target.headers).toEqual({ 'if-none-match': '*' });
    // No checksum of an empty body (the SDK's default) that the real upload would then fail.
    expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
  });

  it('presigns an expired URL that the service refuses', async () => {
    const key = newKey();
    clock.current = new Date(Date.now() - 60 * minute);
    const target = await storage.createUploadTarget({
      key,
      maxBytes: 100,
      expiresAt: new Date(clock.now().getTime() + minute),
    });
    clock.current = new Date();
    const response = await fetch(target.url, { method: 'PUT', headers: target.headers, body: pngFile() });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Request has expired');
    expect(await storage.statObject(key)).toBeNull();
  });

  it('presigns a GET that answers with the judged type and an RFC 6266 disposition', async () => {
    const key = newKey();
    expect((await upload(key, pdfFile())).status).toBe(200);

    const inline = await storage.createDownloadTarget({
      key,
      fileName: 'Satzung für 年.pdf',
      contentType: 'application/pdf',
      disposition: 'inline',
      expiresAt: new Date(clock.now().getTime() + 5 * minute),
    });
    const response = await fetch(inline.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="Satzung f_r _.pdf"; filename*=UTF-8''Satzung%20f%C3%BCr%20%E5%B9%B4.pdf`,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(pdfFile());

    const forced = await storage.createDownloadTarget({
      key,
      fileName: 'x.html',
      contentType: 'text/html',
      disposition: 'inline',
      expiresAt: new Date(clock.now().getTime() + 5 * minute),
    });
    expect((await fetch(forced.url)).headers.get('content-disposition')).toMatch(/^attachment; /);
  });

  it('checks an upload by its content through the same interface', async () => {
    const limits = { allowedTypes: uploadLimits.documentMimeTypes, maxBytes: uploadLimits.kycMaxFileBytes };
    const document = newKey();
    const executable = newKey();
    expect((await upload(document, pngFile())).status).toBe(200);
    expect((await upload(executable, elfExecutable())).status).toBe(200);

    expect(await checkUploadedDocument(storage, document, limits)).toEqual({
      ok: true,
      mimeType: 'image/png',
      sizeBytes: pngFile().length,
    });
    expect(await checkUploadedDocument(storage, executable, limits)).toEqual({ ok: false, failure: 'file_type' });
    expect(await checkUploadedDocument(storage, document, { ...limits, maxBytes: 10 })).toEqual({
      ok: false,
      failure: 'file_too_large',
    });
    expect(await checkUploadedDocument(storage, newKey(), limits)).toEqual({ ok: false, failure: 'missing' });
  });

  it('deletes, idempotently, and then reports the object missing everywhere', async () => {
    const key = newKey();
    expect((await upload(key, pngFile())).status).toBe(200);
    await storage.deleteObject(key);
    await storage.deleteObject(key);
    expect(await storage.statObject(key)).toBeNull();
    expect(await storage.readHead(key, 8)).toBeNull();
    expect(await storage.openRead(key)).toBeNull();
  });

  it('refuses a key that is not a storage key before any request', async () => {
    await expect(storage.statObject('../other-bucket/x')).rejects.toThrow(/not a storage key/);
  });
});
