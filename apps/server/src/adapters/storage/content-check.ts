/**
 * What an uploaded file really is (DECISIONS.md: judged by its content, never by its name or the
 * browser's claim). Only the first bytes are read, from storage, after the upload: a renamed
 * executable, an HTML page named .png, an SVG, an archive or an empty file is not a document.
 * A PDF is then read whole and parsed: one with active content (script, actions, attachments) or
 * one that does not parse is refused, with the reason (pdf-active-content.ts). An image is read
 * whole too and must open as one (image-size reads its header): readable, of a sensible size.
 */
import { uploadLimits } from '@bank/contract/constants';
import type { DocumentMimeType } from '@bank/contract/documents';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { type PdfRefusal, pdfActiveContent } from './pdf-active-content.ts';
import type { DocumentStorage } from './storage.ts';

/** Enough for every signature file-type knows (its own "reasonable detection size"). */
const documentHeadBytes = 4100;

/** file-type's answer for each accepted document type. An animated PNG is still a PNG. */
const documentTypeOfDetected: Readonly<Record<string, DocumentMimeType>> = {
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/apng': 'image/png',
  'application/pdf': 'application/pdf',
};

/** The document type the bytes are, by their magic numbers only; null for anything else. */
export async function detectDocumentType(head: Uint8Array): Promise<DocumentMimeType | null> {
  if (head.length === 0) return null;
  const detected = await fileTypeFromBuffer(head);
  return (detected && documentTypeOfDetected[detected.mime]) ?? null;
}

type DocumentCheckFailure = 'file_type' | 'file_too_large' | 'missing' | 'image_format';

export type DocumentCheckResult =
  | { ok: true; mimeType: DocumentMimeType; sizeBytes: number }
  | { ok: false; failure: DocumentCheckFailure }
  | { ok: false; failure: 'pdf_refused'; reason: PdfRefusal };

export type DocumentCheckLimits = {
  allowedTypes: readonly DocumentMimeType[];
  maxBytes: number;
};

/**
 * Checks an uploaded object: it exists, is within the size limit and its content is one of the
 * allowed types. The size is checked first, from storage, so an oversize file is never read.
 * 'missing' means nothing was uploaded (or it was removed); 'file_type' covers an empty file;
 * 'image_format' an image whose header does not read or whose size is not a document's;
 * 'pdf_refused' names what a PDF would do when opened (or that it cannot be read).
 */
export async function checkUploadedDocument(
  storage: Pick<DocumentStorage, 'statObject' | 'readHead'>,
  key: string,
  limits: DocumentCheckLimits,
): Promise<DocumentCheckResult> {
  const stat = await storage.statObject(key);
  if (!stat) return { ok: false, failure: 'missing' };
  if (stat.sizeBytes > limits.maxBytes) return { ok: false, failure: 'file_too_large' };
  if (stat.sizeBytes === 0) return { ok: false, failure: 'file_type' };
  const head = await storage.readHead(key, documentHeadBytes);
  if (!head) return { ok: false, failure: 'missing' };
  const mimeType = await detectDocumentType(head);
  if (!mimeType || !limits.allowedTypes.includes(mimeType)) return { ok: false, failure: 'file_type' };
  if (mimeType === 'application/pdf') {
    // Within maxBytes (checked above), so reading it whole is bounded.
    const whole = await storage.readHead(key, stat.sizeBytes);
    if (!whole) return { ok: false, failure: 'missing' };
    const reason = await pdfActiveContent(whole);
    if (reason) return { ok: false, failure: 'pdf_refused', reason };
  } else {
    const whole = await storage.readHead(key, stat.sizeBytes);
    if (!whole) return { ok: false, failure: 'missing' };
    if (!isReadableImage(whole)) return { ok: false, failure: 'image_format' };
  }
  return { ok: true, mimeType, sizeBytes: stat.sizeBytes };
}

/** The image's header reads, and its size is a document's (uploadLimits). */
function isReadableImage(bytes: Uint8Array): boolean {
  try {
    const { width, height } = imageSize(bytes);
    return Math.min(width, height) >= uploadLimits.imageMinSidePixels && width * height <= uploadLimits.imageMaxPixels;
  } catch {
    return false;
  }
}
