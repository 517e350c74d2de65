/**
 * The HTTP side of the disk driver: `PUT /storage/upload/<grant>` receives one file and
 * `GET /storage/file/<grant>` answers one. The grant in the URL is the whole authorisation (it is
 * what S3's presigned URLs are for the S3 driver), so these routes take no session.
 *
 * They live in their own plugin scope: the catch-all body parser that hands the raw stream to the
 * upload route exists only there, and the API's JSON-only parsing is left untouched.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DiskDocumentStorage, diskDownloadPathPrefix, diskUploadPathPrefix } from './disk-storage.ts';
import {
  contentDispositionHeader,
  type DocumentDisposition,
  type DocumentStorage,
  effectiveDisposition,
} from './storage.ts';

export type DiskStorageRouteOptions = {
  /**
   * Asked before an upload is accepted; false refuses it with 403. The owner of the upload (the KYC
   * module) answers false once the upload was completed, cancelled or removed, so a grant that is
   * still within its time cannot put a file back under a key.
   */
  isUploadUsable?: (key: string) => boolean | Promise<boolean>;
};

const basePolicy = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";

/**
 * The answer's own Content-Security-Policy: it loads nothing, runs nothing and, sandboxed, has an
 * opaque origin, so no stored file can act on our origin. A PDF shown inline is the one exception
 * to `sandbox`: Chrome refuses to start its PDF viewer in a sandboxed document ("This page has been
 * blocked by Chrome"), and the viewer runs a PDF's scripts in its own isolated process anyway; the
 * fixed Content-Type and nosniff keep anything that is not a PDF from being rendered as one.
 * Inline answers may be framed by our own pages (the preview), attachments by nobody.
 */
function downloadContentSecurityPolicy(contentType: string, disposition: DocumentDisposition): string {
  if (disposition === 'attachment') return `${basePolicy}; sandbox; frame-ancestors 'none'`;
  if (contentType === 'application/pdf') return `${basePolicy}; frame-ancestors 'self'`;
  return `${basePolicy}; sandbox; frame-ancestors 'self'`;
}

function tokenOf(request: FastifyRequest): string {
  return (request.params as { '*'?: string })['*'] ?? '';
}

/**
 * A refusal; the body may be unread, so an HTTP/1.1 connection is not reused for another request
 * (HTTP/2 ends the stream alone, and refuses a connection header).
 */
function refuse(reply: FastifyReply, status: number, message: string) {
  if (reply.request.raw.httpVersionMajor < 2) reply.header('connection', 'close');
  return reply.code(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(`${message}\n`);
}

function declaredLength(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  return header !== undefined && /^\d{1,16}$/.test(header) ? Number(header) : undefined;
}

/**
 * Registers the disk driver's upload and download routes. Does nothing for another driver, whose
 * URLs point at the storage service itself, so a module can call it whatever the configuration.
 */
export async function registerDiskStorageRoutes(
  app: FastifyInstance,
  storage: DocumentStorage,
  options: DiskStorageRouteOptions = {},
): Promise<void> {
  if (!(storage instanceof DiskDocumentStorage)) return;
  const diskStorage = storage;

  const storageRoutes: FastifyPluginAsync = async (scope) => {
    // Every body reaches the upload route as the raw stream, unparsed and unbuffered: the limit is
    // the grant's, enforced while writing, not the API's JSON body limit.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    scope.put(`${diskUploadPathPrefix}*`, (request, reply) => receiveUpload(diskStorage, options, request, reply));
    scope.get(`${diskDownloadPathPrefix}*`, (request, reply) => sendDownload(diskStorage, request, reply));
  };
  await app.register(storageRoutes);
}

async function receiveUpload(
  diskStorage: DiskDocumentStorage,
  options: DiskStorageRouteOptions,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const grant = diskStorage.verifyUploadToken(tokenOf(request));
  if (!grant) return refuse(reply, 403, 'This upload link is invalid or has expired');
  const length = declaredLength(request);
  if (length !== undefined && length > grant.max_bytes) return refuse(reply, 413, 'The file is too large');
  if (length !== undefined && grant.content_length !== undefined && length !== grant.content_length) {
    return refuse(reply, 400, 'The file is not the size that was announced');
  }
  if (options.isUploadUsable && !(await options.isUploadUsable(grant.key))) {
    return refuse(reply, 403, 'This upload link has been used or withdrawn');
  }

  const body = (request.body as Readable | undefined) ?? Readable.from([]);
  const result = await diskStorage.receiveUpload(grant.key, body, {
    maxBytes: grant.max_bytes,
    contentLength: grant.content_length,
  });
  switch (result.outcome) {
    case 'stored':
      return reply.code(200).header('cache-control', 'no-store').send();
    case 'exists':
      return refuse(reply, 409, 'A file has already been uploaded with this link');
    case 'too_large':
      return refuse(reply, 413, 'The file is too large');
    case 'length_mismatch':
      return refuse(reply, 400, 'The file is not the size that was announced');
    case 'aborted':
      request.log.info({ storage_key: grant.key }, 'upload aborted by the client');
      return refuse(reply, 400, 'The upload was interrupted');
  }
}

async function sendDownload(diskStorage: DiskDocumentStorage, request: FastifyRequest, reply: FastifyReply) {
  const grant = diskStorage.verifyDownloadToken(tokenOf(request));
  if (!grant) return refuse(reply, 403, 'This link is invalid or has expired');
  const stat = await diskStorage.statObject(grant.key);
  const stream = stat ? await diskStorage.openRead(grant.key) : null;
  if (!stat || !stream) return refuse(reply, 404, 'This file no longer exists');
  // The disposition was settled when the grant was signed; it is re-derived so that no grant,
  // however made, can show anything but an image or a PDF inline.
  const disposition = effectiveDisposition(grant.content_type, grant.disposition);
  return (
    reply
      .code(200)
      .header('content-type', grant.content_type)
      .header('content-length', String(stat.sizeBytes))
      .header('content-disposition', contentDispositionHeader(disposition, grant.file_name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-security-policy', downloadContentSecurityPolicy(grant.content_type, disposition))
      .header('x-frame-options', disposition === 'inline' ? 'SAMEORIGIN' : 'DENY')
      .header('cross-origin-resource-policy', 'same-origin')
      // Fastify's HEAD route (exposeHeadRoutes) drains the stream and keeps these headers.
      .send(stream)
  );
}
