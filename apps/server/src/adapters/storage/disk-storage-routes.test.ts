import fs from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerSecurityHeaders } from '../../platform/security-headers.ts';
import { DiskDocumentStorage } from './disk-storage.ts';
import { registerDiskStorageRoutes } from './disk-storage-routes.ts';
import { createGrantSigner } from './signed-grant.ts';
import { InvalidStorageKeyError } from './storage.ts';
import { jpegFile, pdfFile, pngFile } from './test-documents.ts';

const signingSecret = 'disk-storage-test-secret-0123456789abcdef';
const minute = 60_000;

/** A clock the tests move forward to let grants expire. */
const clock = { current: new Date('2026-03-01T10:00:00Z'), now: () => clock.current };

let rootDir: string;
let storage: DiskDocumentStorage;
let app: FastifyInstance;
/** Keys the KYC module would no longer accept an upload for. */
const withdrawnKeys = new Set<string>();

beforeAll(async () => {
  rootDir = await mkdtemp(path.join(os.tmpdir(), 'disk-storage-'));
  storage = new DiskDocumentStorage({ rootDir, signingSecret, clock });
  // Built like the real app: 1 MB JSON body limit, no text parser, helmet's headers on everything.
  app = Fastify({ bodyLimit: 1024 * 1024 });
  app.removeContentTypeParser('text/plain');
  await registerSecurityHeaders(app);
  app.post('/api/v1/echo', async (request) => ({ received: request.body }));
  await registerDiskStorageRoutes(app, storage, { isUploadUsable: (key) => !withdrawnKeys.has(key) });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(rootDir, { recursive: true, force: true });
});

beforeEach(() => {
  clock.current = new Date('2026-03-01T10:00:00Z');
});

let keyCount = 0;
function newKey(): string {
  keyCount += 1;
  return `companies/0190c9d2-7f00-7000-8000-00000000000a/upload-${keyCount}`;
}

function pathOf(url: string): string {
  return new URL(url, 'http://bank.test').pathname;
}

async function uploadTarget(key: string, maxBytes = 1000, extra: { contentLength?: number } = {}) {
  return storage.createUploadTarget({
    key,
    maxBytes,
    expiresAt: new Date(clock.now().getTime() + 15 * minute),
    ...extra,
  });
}

async function put(url: string, payload: Buffer | Readable, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'PUT',
    url: pathOf(url),
    headers: { 'content-type': 'application/octet-stream', ...headers },
    payload,
  });
}

async function stored(key: string, bytes: Buffer): Promise<void> {
  const target = await uploadTarget(key, bytes.length);
  expect((await put(target.url, bytes)).statusCode).toBe(200);
}

async function downloadUrl(key: string, fileName: string, contentType: string, disposition: 'inline' | 'attachment') {
  const target = await storage.createDownloadTarget({
    key,
    fileName,
    contentType,
    disposition,
    expiresAt: new Date(clock.now().getTime() + 5 * minute),
  });
  return pathOf(target.url);
}

describe('upload to a signed URL', () => {
  it('stores a file within the limit, whatever type the browser claims, and answers 200', async () => {
    const key = newKey();
    const target = await uploadTarget(key);
    expect(target).toMatchObject({ method: 'PUT', headers: {} });
    expect(target.url).toMatch(/^\/storage\/upload\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const png = pngFile();

    const response = await put(target.url, png, { 'content-type': 'image/png' });

    expect(response.statusCode).toBe(200);
    expect(await storage.statObject(key)).toEqual({ sizeBytes: png.length });
    expect(await readFile(path.join(rootDir, ...key.split('/')))).toEqual(png);
    expect(await storage.readHead(key, 8)).toEqual(png.subarray(0, 8));
  });

  it('accepts a body of any content type, or none, only on its own routes', async () => {
    for (const contentType of ['application/pdf', 'image/jpeg', 'application/json', 'text/plain', undefined]) {
      const key = newKey();
      const target = await uploadTarget(key);
      const response = await app.inject({
        method: 'PUT',
        url: pathOf(target.url),
        headers: contentType ? { 'content-type': contentType } : {},
        payload: pdfFile(),
      });
      expect(response.statusCode, String(contentType)).toBe(200);
      expect(await storage.readHead(key, 8)).toEqual(pdfFile().subarray(0, 8));
    }
  });

  it('leaves the API JSON-only: no octet-stream or text body reaches an /api route', async () => {
    for (const contentType of ['application/octet-stream', 'text/plain', 'image/png']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/echo',
        headers: { 'content-type': contentType },
        payload: 'abc',
      });
      expect(response.statusCode, contentType).toBe(415);
    }
    const json = await app.inject({ method: 'POST', url: '/api/v1/echo', payload: { a: 1 } });
    expect(json.json()).toEqual({ received: { a: 1 } });
  });

  it('streams: a file larger than the API body limit is accepted when the grant allows it', async () => {
    const key = newKey();
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    const target = await uploadTarget(key, big.length);
    const response = await put(target.url, Readable.from([big.subarray(0, 1_000_000), big.subarray(1_000_000)]));
    expect(response.statusCode).toBe(200);
    expect(await storage.statObject(key)).toEqual({ sizeBytes: big.length });
  });

  it('refuses a body over the limit with 413 from its Content-Length, storing nothing', async () => {
    const key = newKey();
    const target = await uploadTarget(key, 100);
    const response = await put(target.url, Buffer.alloc(101));
    expect(response.statusCode).toBe(413);
    expect(await storage.statObject(key)).toBeNull();
  });

  it('refuses a streamed body (no Content-Length) as soon as it passes the limit, storing nothing', async () => {
    const key = newKey();
    const target = await uploadTarget(key, 1000);
    const response = await put(target.url, Readable.from([Buffer.alloc(600), Buffer.alloc(600), Buffer.alloc(600)]));
    expect(response.statusCode).toBe(413);
    expect(await storage.statObject(key)).toBeNull();
    expect(await readdir(path.join(rootDir, '.uploads'))).toEqual([]);
  });

  it('leaves nothing behind when the limit is passed before the partial file is even created', async () => {
    // The file system is slow to create the partial file: the refusal comes first.
    const open = fs.open;
    const slowOpen = vi.spyOn(fs, 'open').mockImplementation(((...args: unknown[]) => {
      setTimeout(() => Reflect.apply(open, fs, args), 100);
    }) as typeof fs.open);
    try {
      const result = await storage.receiveUpload(newKey(), Readable.from([Buffer.alloc(1200)]), { maxBytes: 1000 });
      expect(result).toEqual({ outcome: 'too_large' });
      expect(slowOpen).toHaveBeenCalled();
    } finally {
      slowOpen.mockRestore();
    }
    // Not even once the slow creation has come through.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await readdir(path.join(rootDir, '.uploads'))).toEqual([]);
  });

  it('answers 413 to a real client still streaming an oversize body, not a connection reset', async () => {
    const server = Fastify();
    await registerDiskStorageRoutes(server, storage);
    const origin = await server.listen({ host: '127.0.0.1', port: 0 });
    try {
      const key = newKey();
      const target = await uploadTarget(key, 100_000);
      const chunk = new Uint8Array(64 * 1024);
      let sentBytes = 0;
      // A stream: no Content-Length, so the limit is enforced while writing.
      const body = new ReadableStream({
        pull(controller) {
          if (sentBytes >= 1024 * 1024) return controller.close();
          sentBytes += chunk.length;
          controller.enqueue(chunk);
        },
      });
      const response = await fetch(`${origin}${target.url}`, { method: 'PUT', body, duplex: 'half' } as RequestInit);
      expect(response.status).toBe(413);
      expect(await storage.statObject(key)).toBeNull();
    } finally {
      await server.close();
    }
  });

  it('accepts exactly the limit', async () => {
    const key = newKey();
    const target = await uploadTarget(key, 1000);
    expect((await put(target.url, Buffer.alloc(1000))).statusCode).toBe(200);
  });

  it('refuses a body of another size than the declared Content-Length of the grant', async () => {
    const key = newKey();
    const target = await uploadTarget(key, 1000, { contentLength: 10 });
    expect((await put(target.url, Buffer.alloc(11))).statusCode).toBe(400);
    expect((await put(target.url, Readable.from([Buffer.alloc(9)]))).statusCode).toBe(400);
    expect(await storage.statObject(key)).toBeNull();
    expect((await put(target.url, Buffer.alloc(10))).statusCode).toBe(200);
  });

  it('refuses an expired upload URL with 403', async () => {
    const key = newKey();
    const target = await uploadTarget(key);
    clock.current = new Date(clock.current.getTime() + 15 * minute);
    expect((await put(target.url, pngFile())).statusCode).toBe(403);
    expect(await storage.statObject(key)).toBeNull();
  });

  it('refuses a tampered upload URL with 403: another key, a larger limit, a changed signature', async () => {
    const key = newKey();
    const target = await uploadTarget(key, 10);
    const token = target.url.slice('/storage/upload/'.length);
    const [payload = '', signature = ''] = token.split('.');
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const reencode = (changed: object) => Buffer.from(JSON.stringify(changed)).toString('base64url');

    const otherKey = newKey();
    const forged = [
      `${reencode({ ...grant, key: otherKey })}.${signature}`,
      `${reencode({ ...grant, max_bytes: 10_000_000 })}.${signature}`,
      `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      `${payload}.`,
      payload,
    ];
    for (const forgedToken of forged) {
      expect((await put(`/storage/upload/${forgedToken}`, Buffer.alloc(100))).statusCode, forgedToken).toBe(403);
    }
    expect(await storage.statObject(key)).toBeNull();
    expect(await storage.statObject(otherKey)).toBeNull();
  });

  it('refuses a download URL used to upload', async () => {
    const key = newKey();
    await stored(key, pngFile());
    const download = await downloadUrl(key, 'a.png', 'image/png', 'inline');
    const token = download.slice('/storage/file/'.length);
    expect((await put(`/storage/upload/${token}`, jpegFile())).statusCode).toBe(403);
    expect(await storage.readHead(key, 8)).toEqual(pngFile().subarray(0, 8));
  });

  it('is single-use: a second upload to the same URL is refused with 409 and the first file stays', async () => {
    const key = newKey();
    const target = await uploadTarget(key);
    expect((await put(target.url, pngFile())).statusCode).toBe(200);
    expect((await put(target.url, jpegFile())).statusCode).toBe(409);
    expect(await storage.readHead(key, 8)).toEqual(pngFile().subarray(0, 8));
  });

  it('refuses a concurrent second upload to a key while the first is still streaming', async () => {
    const key = newKey();
    const target = await uploadTarget(key);
    const slowBody = new PassThrough();
    const first = put(target.url, slowBody);
    slowBody.write(pngFile().subarray(0, 10));
    // Wait until the first upload is being written.
    for (let attempt = 0; attempt < 200; attempt += 1) {
      if ((await readdir(path.join(rootDir, '.uploads')).catch(() => [])).length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect((await put(target.url, jpegFile())).statusCode).toBe(409);
    slowBody.end(pngFile().subarray(10));
    expect((await first).statusCode).toBe(200);
    expect(await storage.readHead(key, 8)).toEqual(pngFile().subarray(0, 8));
  });

  it('asks isUploadUsable: a withdrawn upload is refused with 403 even within its time', async () => {
    const key = newKey();
    const target = await uploadTarget(key);
    withdrawnKeys.add(key);
    expect((await put(target.url, pngFile())).statusCode).toBe(403);
    expect(await storage.statObject(key)).toBeNull();
  });

  it('never lets a key leave the storage folder', async () => {
    await expect(uploadTarget('../../etc/cron.d/x')).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.statObject('companies/../../../etc/passwd')).rejects.toThrow(InvalidStorageKeyError);
    // Even a grant signed with our own secret cannot name such a key.
    const signer = createGrantSigner(signingSecret);
    const forged = signer.sign({ kind: 'put', key: '../escaped', max_bytes: 100, exp: clock.now().getTime() + minute });
    expect((await put(`/storage/upload/${forged}`, pngFile())).statusCode).toBe(403);
    const forgedDownload = signer.sign({
      kind: 'get',
      key: '../../../../etc/passwd',
      file_name: 'passwd',
      content_type: 'text/plain',
      disposition: 'attachment',
      exp: clock.now().getTime() + minute,
    });
    expect((await app.inject({ method: 'GET', url: `/storage/file/${forgedDownload}` })).statusCode).toBe(403);
    for (const url of ['/storage/file/../../etc/passwd', '/storage/file/..%2f..%2fetc%2fpasswd', '/storage/file/']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).not.toBe(200);
      expect(response.body).not.toContain('root:');
    }
  });
});

describe('download from a signed URL', () => {
  it('answers an image inline with the signed type, nosniff, no caching and a sandboxing CSP', async () => {
    const key = newKey();
    await stored(key, pngFile());

    const response = await app.inject({
      method: 'GET',
      url: await downloadUrl(key, 'passport.png', 'image/png', 'inline'),
    });

    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(pngFile());
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(pngFile().length),
      'content-disposition': `inline; filename="passport.png"; filename*=UTF-8''passport.png`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-security-policy':
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'",
      'x-frame-options': 'SAMEORIGIN',
    });
  });

  it('answers HEAD with the same headers and no body', async () => {
    const key = newKey();
    await stored(key, pngFile());
    const response = await app.inject({ method: 'HEAD', url: await downloadUrl(key, 'a.png', 'image/png', 'inline') });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({ 'content-type': 'image/png', 'content-length': String(pngFile().length) });
    expect(response.rawPayload.length).toBe(0);
  });

  it('answers a PDF inline without the sandbox Chrome would refuse to show it in', async () => {
    const key = newKey();
    await stored(key, pdfFile());
    const response = await app.inject({
      method: 'GET',
      url: await downloadUrl(key, 'Handelsregisterauszug für 年.pdf', 'application/pdf', 'inline'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="Handelsregisterauszug f_r _.pdf"; filename*=UTF-8''Handelsregisterauszug%20f%C3%BCr%20%E5%B9%B4.pdf`,
    );
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    );
  });

  it('sends anything but JPEG, PNG and PDF as a sandboxed attachment, even when inline was asked', async () => {
    const key = newKey();
    await stored(key, Buffer.from('<html><script>alert(1)</script></html>'));
    const response = await app.inject({
      method: 'GET',
      url: await downloadUrl(key, 'page.html', 'text/html', 'inline'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'text/html',
      'content-disposition': `attachment; filename="page.html"; filename*=UTF-8''page.html`,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    expect(response.headers['content-security-policy']).toContain('sandbox');
  });

  it('takes the type from the signed grant, never from the file name', async () => {
    const key = newKey();
    await stored(key, pngFile());
    const response = await app.inject({
      method: 'GET',
      url: await downloadUrl(key, 'evil.html', 'image/png', 'attachment'),
    });
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="evil.html"/);
  });

  it('refuses an expired, tampered or upload URL with 403, and a removed file with 404', async () => {
    const key = newKey();
    await stored(key, pngFile());
    const url = await downloadUrl(key, 'a.png', 'image/png', 'inline');

    const token = url.slice('/storage/file/'.length);
    const [payload = '', signature = ''] = token.split('.');
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const asHtml = Buffer.from(JSON.stringify({ ...grant, content_type: 'text/html' })).toString('base64url');
    expect((await app.inject({ method: 'GET', url: `/storage/file/${asHtml}.${signature}` })).statusCode).toBe(403);

    const upload = await uploadTarget(key);
    const uploadToken = upload.url.slice('/storage/upload/'.length);
    expect((await app.inject({ method: 'GET', url: `/storage/file/${uploadToken}` })).statusCode).toBe(403);

    clock.current = new Date(clock.current.getTime() + 5 * minute);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(403);

    clock.current = new Date('2026-03-01T10:00:00Z');
    await storage.deleteObject(key);
    await storage.deleteObject(key);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('streams the stored object to the server side too (openRead)', async () => {
    const key = newKey();
    await stored(key, jpegFile());
    const stream = await storage.openRead(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(jpegFile());
    expect(await storage.openRead(newKey())).toBeNull();
    expect(await storage.readHead(newKey(), 8)).toBeNull();
  });
});

describe('URLs', () => {
  it('are absolute under PUBLIC_URL when one is configured', async () => {
    const publicStorage = new DiskDocumentStorage({
      rootDir,
      signingSecret,
      clock,
      publicBaseUrl: 'https://bank.example/',
    });
    const target = await publicStorage.createUploadTarget({
      key: newKey(),
      maxBytes: 10,
      expiresAt: new Date(clock.now().getTime() + minute),
    });
    expect(target.url).toMatch(/^https:\/\/bank\.example\/storage\/upload\/[^/]+$/);
  });

  it('cannot be made already expired', async () => {
    await expect(storage.createUploadTarget({ key: newKey(), maxBytes: 10, expiresAt: clock.now() })).rejects.toThrow(
      RangeError,
    );
  });
});
