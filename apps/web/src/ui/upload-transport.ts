/**
 * Sending one document (contract documents.ts): authorise it, PUT the file to the URL the ticket
 * names (our server's signed URL or S3's presigned one) with XMLHttpRequest, which unlike fetch
 * reports upload progress, then complete it so that the server judges it by content and keeps it.
 * The caller supplies the authorise and complete calls: the signed-in ones for a KYC step, the
 * one-time link's ones for the phone page.
 */
import type { DocumentMimeType, DocumentRef, UploadTicket } from '@bank/contract/documents';

type UploadRequest = { file_name: string; content_type: string; size_bytes: number };

export type DocumentUploader = {
  authorize: (request: UploadRequest, signal: AbortSignal) => Promise<UploadTicket>;
  complete: (uploadId: string, signal: AbortSignal) => Promise<DocumentRef>;
};

/** Where an upload failed: the storage transfer failing is worth a retry; a refusal may not be. */
export class UploadFailure extends Error {
  override readonly name = 'UploadFailure';
  readonly stage: 'authorize' | 'transfer' | 'complete';
  override readonly cause: unknown;

  constructor(stage: UploadFailure['stage'], cause: unknown) {
    super(`upload failed at ${stage}`);
    this.stage = stage;
    this.cause = cause;
  }
}

/** Upper bound for one transfer: a 10 MB file on a slow mobile link, with room to spare. */
const transferTimeoutMs = 10 * 60 * 1000;

/** PUTs the file where the ticket says, reporting progress as a fraction from 0 to 1. */
function putFile(
  ticket: UploadTicket,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(ticket.method, ticket.upload_url);
    request.timeout = transferTimeoutMs;
    for (const [name, value] of Object.entries(ticket.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new Error(`storage answered HTTP ${request.status}`));
    };
    request.onerror = () => reject(new Error('network error'));
    request.ontimeout = () => reject(new Error('timeout'));
    request.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    const abort = () => request.abort();
    if (signal.aborted) {
      reject(new DOMException('aborted', 'AbortError'));
      return;
    }
    signal.addEventListener('abort', abort, { once: true });
    request.onloadend = () => signal.removeEventListener('abort', abort);
    request.send(file);
  });
}

/** Authorise, transfer, complete. Throws UploadFailure naming the stage, or an AbortError. */
export async function uploadDocument(
  file: Blob & { name?: string },
  mimeType: DocumentMimeType,
  uploader: DocumentUploader,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<DocumentRef> {
  const request: UploadRequest = {
    file_name: (file.name ?? '').trim() || defaultFileName(mimeType),
    content_type: mimeType,
    size_bytes: file.size,
  };
  let ticket: UploadTicket;
  try {
    ticket = await uploader.authorize(request, signal);
  } catch (error) {
    throw wrap('authorize', error);
  }
  try {
    await putFile(ticket, file, onProgress, signal);
  } catch (error) {
    throw wrap('transfer', error);
  }
  try {
    return await uploader.complete(ticket.upload_id, signal);
  } catch (error) {
    throw wrap('complete', error);
  }
}

function wrap(stage: UploadFailure['stage'], error: unknown): unknown {
  if (error instanceof DOMException && error.name === 'AbortError') return error;
  return new UploadFailure(stage, error);
}

/** A name for a file that has none (a drawn signature, a photo some phones hand over unnamed). */
function defaultFileName(mimeType: DocumentMimeType): string {
  const extension = mimeType === 'application/pdf' ? 'pdf' : mimeType === 'image/png' ? 'png' : 'jpg';
  return `document.${extension}`;
}
