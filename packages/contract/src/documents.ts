/**
 * Document uploads (SPEC.md 7 awsS3Auth, DECISIONS.md file rules). A file is authorised first, sent
 * straight to storage (our server's signed URL, or S3's presigned PUT), then completed: the server
 * reads its first bytes to judge the type by content, checks the size, and only then keeps it.
 */

import { z } from 'zod';
import { defineCall } from './calls.ts';
import { uploadLimits } from './constants.ts';
import type { ClientPermission } from './permissions.ts';
import { identifierText, singleLineText } from './text.ts';

export const kycSections = ['corporate', 'company', 'shareholder', 'trading'] as const;
export const KycSection = z.enum(kycSections);
export type KycSection = z.infer<typeof KycSection>;

/**
 * Where a document is kept in its company: a KYC section, `deposit` (proofs of transfer sent
 * with fiat deposit notices), `feedback` (screenshots sent with feedback) or `card` (cardholders'
 * IDs and proofs of address). The upload calls of each owner name only their own.
 */
const documentSections = [...kycSections, 'deposit', 'feedback', 'card'] as const;
export type DocumentSection = (typeof documentSections)[number];

export function isKycSection(section: DocumentSection): section is KycSection {
  return (kycSections as readonly string[]).includes(section);
}

/** What a document is, which decides its limits: company KYC documents or a drawn signature. */
export const documentKinds = ['kyc_document', 'signature'] as const;
export const DocumentKind = z.enum(documentKinds);
export type DocumentKind = z.infer<typeof DocumentKind>;

export const DocumentMimeType = z.enum(uploadLimits.documentMimeTypes);
export type DocumentMimeType = z.infer<typeof DocumentMimeType>;

/**
 * Why a document is kept, which decides its limits and who may read it. Company KYC has two: its
 * documents (`kyc_document`) and drawn signatures (`signature`), the values of DocumentKind.
 */
export const documentPurposes = [
  ...documentKinds,
  'deposit_proof',
  'cardholder_id',
  'proof_of_address',
  'payout_invoice',
  'feedback_screenshot',
] as const;
export const DocumentPurpose = z.enum(documentPurposes);
export type DocumentPurpose = z.infer<typeof DocumentPurpose>;

export type DocumentPurposeRule = {
  /** Judged by content at completion, never by the name or the type the browser claims. */
  acceptedTypes: readonly DocumentMimeType[];
  maxBytes: number;
  /** Documents of this purpose one place may hold (a KYC section, a card application's ID...). */
  maxCount: number;
  /** Besides the users of the document's company (while the document is live): the staff roles that may read it. */
  staffReaders: readonly string[];
  /** What a user of the company must hold to upload or read one ('session': any of its users). */
  clientPermission: ClientPermission | 'session';
};

const megabyte = 1024 * 1024;
/** Staff who review KYC and cardholder documents; a relationship manager may read none of them. */
const complianceReaders = ['compliance_officer', 'system_admin'] as const;
/** SPEC.md 5 and DECISIONS.md: card documents are one file each, 5 MB, jpeg/png/pdf. */
const cardDocument = {
  acceptedTypes: uploadLimits.documentMimeTypes,
  maxBytes: uploadLimits.cardMaxFileBytes,
  maxCount: uploadLimits.cardFilesPerDocument,
  staffReaders: complianceReaders,
  clientPermission: 'card_management',
} as const satisfies DocumentPurposeRule;

/** Each purpose's rule, once: the server enforces these and the web app shows the same limits. */
export const documentPurposeRules: Readonly<Record<DocumentPurpose, DocumentPurposeRule>> = {
  // DECISIONS.md: up to 10 files per section, jpeg/png/pdf, 10 MB each.
  kyc_document: {
    acceptedTypes: uploadLimits.documentMimeTypes,
    maxBytes: uploadLimits.kycMaxFileBytes,
    maxCount: uploadLimits.kycFilesPerSection,
    staffReaders: complianceReaders,
    clientPermission: 'company_profile',
  },
  // A drawn signature is a small PNG (a canvas export); 1 MB leaves room for a photographed one.
  signature: {
    acceptedTypes: uploadLimits.cardImageMimeTypes,
    maxBytes: 1 * megabyte,
    maxCount: uploadLimits.kycFilesPerSection,
    staffReaders: complianceReaders,
    clientPermission: 'company_profile',
  },
  cardholder_id: cardDocument,
  proof_of_address: cardDocument,
  // Not settled by SPEC.md or DECISIONS.md: the card documents' types and size. A notice takes one
  // proof; the count is of proofs in the making (uploaded and not yet sent with a notice, or still
  // under way), so that a cancelled or replaced upload does not block the next try.
  deposit_proof: { ...cardDocument, maxCount: 5, clientPermission: 'deposit' },
  payout_invoice: { ...cardDocument, clientPermission: 'prepare_payouts' },
  // A screenshot: an image only. Feedback takes one; the count is of screenshots in the making, as
  // for proofs of transfer.
  feedback_screenshot: {
    ...cardDocument,
    acceptedTypes: uploadLimits.cardImageMimeTypes,
    maxCount: 5,
    clientPermission: 'session',
  },
};

/** The size limit in whole megabytes, as the message 'File size cannot exceed {{size}}M' shows it. */
export function maxMegabytesOf(purpose: DocumentPurpose): number {
  return documentPurposeRules[purpose].maxBytes / megabyte;
}

const maxFileNameLength = 200;
const FileName = singleLineText(maxFileNameLength).min(1, { message: 'validation.required' });

export const DocumentRef = z.object({
  document_id: z.string(),
  file_name: z.string(),
  mime_type: DocumentMimeType,
  size_bytes: z.number().int(),
  uploaded_at: z.string(),
});
export type DocumentRef = z.infer<typeof DocumentRef>;

export const AuthorizeUploadRequest = z
  .object({
    section: KycSection,
    kind: DocumentKind.default('kyc_document'),
    file_name: FileName,
    /** What the browser claims; informative only, the content decides. */
    content_type: singleLineText(100),
    size_bytes: z
      .number()
      .int()
      .min(1, { message: 'validation.data_empty' })
      .max(uploadLimits.kycMaxFileBytes, { message: 'validation.file_too_large' }),
  })
  .strict();

export const UploadTicket = z.object({
  upload_id: z.string(),
  /** Send the file here with `method` and `headers`, before `expires_at`. */
  upload_url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expires_at: z.string(),
});
export type UploadTicket = z.infer<typeof UploadTicket>;

export const authorizeUpload = defineCall({
  path: '/api/v1/init/awsS3Auth',
  errors: ['illegal_state'],
  summary: 'Authorise one upload of a KYC document and say where to send it',
  request: AuthorizeUploadRequest,
  response: UploadTicket,
});

export const completeUpload = defineCall({
  path: '/api/v1/init/uploadComplete',
  errors: ['not_found', 'illegal_state'],
  permission: 'session',
  summary: 'Check an uploaded file by its content and size, and keep it as a document',
  request: z.object({ upload_id: identifierText() }).strict(),
  response: DocumentRef,
});

export const documentUrl = defineCall({
  path: '/api/v1/init/documentUrl',
  errors: ['not_found'],
  permission: 'session',
  summary: 'A short-lived link to view or download one of the company’s documents (staff: any company’s)',
  request: z.object({ document_id: identifierText() }).strict(),
  response: z.object({ url: z.string(), expires_at: z.string(), disposition: z.enum(['inline', 'attachment']) }),
});

/** Continue on a phone: a one-time link to the public /upload page for one section. */
export const createPhoneUploadLink = defineCall({
  path: '/api/v1/init/phoneLink',
  errors: ['illegal_state'],
  permission: 'session',
  summary: 'A one-time link (15 minutes, one section) to upload a document from a phone',
  request: z.object({ section: KycSection }).strict(),
  response: z.object({ url: z.string(), expires_at: z.string(), qr_svg: z.string() }),
});

const PhoneUploadToken = identifierText(200).min(20);

export const phoneUploadInfo = defineCall({
  path: '/api/v1/upload/info',
  errors: ['not_found', 'illegal_state'],
  permission: 'public',
  summary: 'What a phone upload link is for, while it is valid',
  request: z.object({ token: PhoneUploadToken }).strict(),
  response: z.object({ section: KycSection, expires_at: z.string() }),
});

export const phoneAuthorizeUpload = defineCall({
  path: '/api/v1/upload/authorize',
  errors: ['not_found', 'illegal_state'],
  permission: 'public',
  summary: 'Authorise the one upload a phone link allows',
  request: AuthorizeUploadRequest.omit({ section: true, kind: true }).extend({ token: PhoneUploadToken }).strict(),
  response: UploadTicket,
});

export const phoneCompleteUpload = defineCall({
  path: '/api/v1/upload/complete',
  errors: ['not_found', 'illegal_state'],
  permission: 'public',
  summary: 'Complete the phone upload; the link is used up',
  request: z.object({ token: PhoneUploadToken, upload_id: identifierText() }).strict(),
  response: DocumentRef,
});
