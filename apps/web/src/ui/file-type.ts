/**
 * A friendly early check of a document before it is sent: its size, and its type judged by its
 * first bytes (magic numbers), never by its name or the browser's claim (DECISIONS.md). The server
 * judges again and is the rule; this only saves the user a long upload that would be refused.
 */
import { uploadLimits } from '@bank/contract/constants';
import type { DocumentMimeType } from '@bank/contract/documents';
import type { MessageRef } from '@bank/contract/validation';

/** How many bytes of the file's start are read to recognise it. */
const sniffedByteCount = 1024;

const jpegSignature = [0xff, 0xd8, 0xff];
const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** `%PDF-`: readers accept it anywhere in the first kilobyte, after junk some scanners write. */
const pdfSignature = [0x25, 0x50, 0x44, 0x46, 0x2d];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function containsWithin(bytes: Uint8Array, signature: readonly number[], limit: number): boolean {
  const last = Math.min(bytes.length, limit) - signature.length;
  for (let offset = 0; offset <= last; offset += 1) if (startsWith(bytes, signature, offset)) return true;
  return false;
}

/** The document type the bytes start with, or null when they are none of JPEG, PNG and PDF. */
export function sniffDocumentType(bytes: Uint8Array): DocumentMimeType | null {
  if (startsWith(bytes, jpegSignature)) return 'image/jpeg';
  if (startsWith(bytes, pngSignature)) return 'image/png';
  if (containsWithin(bytes, pdfSignature, sniffedByteCount)) return 'application/pdf';
  return null;
}

export type FileRules = {
  maxBytes: number;
  acceptedTypes: readonly DocumentMimeType[];
};

export const kycFileRules: FileRules = {
  maxBytes: uploadLimits.kycMaxFileBytes,
  acceptedTypes: uploadLimits.documentMimeTypes,
};

export type FileCheck = { isAccepted: true; mimeType: DocumentMimeType } | { isAccepted: false; problem: MessageRef };

/** The size limit as the messages write it: 10485760 bytes -> 10 ('File size cannot exceed 10M'). */
export function megabytesOf(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 10) / 10;
}

/** Checks a file's size, then its type by content. */
export async function checkFile(file: Blob, rules: FileRules): Promise<FileCheck> {
  if (file.size === 0) return { isAccepted: false, problem: { key: 'validation.data_empty' } };
  if (file.size > rules.maxBytes)
    return {
      isAccepted: false,
      problem: { key: 'validation.file_too_large', params: { size: megabytesOf(rules.maxBytes) } },
    };
  const head = new Uint8Array(await file.slice(0, sniffedByteCount).arrayBuffer());
  const mimeType = sniffDocumentType(head);
  if (!mimeType || !rules.acceptedTypes.includes(mimeType))
    return { isAccepted: false, problem: { key: 'validation.file_type' } };
  return { isAccepted: true, mimeType };
}

/** "2.4 MB", "512 KB", "900 B" in the user's locale. */
export function formatFileSize(bytes: number, locale: string): string {
  const format = (value: number, digits: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  if (bytes < 1024) return `${format(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${format(bytes / 1024, 0)} KB`;
  return `${format(bytes / (1024 * 1024), 1)} MB`;
}

/** The `accept` attribute of a file input for these types (a hint for the picker only). */
export function acceptAttributeOf(types: readonly DocumentMimeType[]): string {
  const extensions: Record<DocumentMimeType, string> = {
    'image/jpeg': '.jpg,.jpeg',
    'image/png': '.png',
    'application/pdf': '.pdf',
  };
  return types.flatMap((type) => [type, extensions[type]]).join(',');
}
