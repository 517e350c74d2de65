/**
 * Document uploads (SPEC.md 7 awsS3Auth, DECISIONS.md file rules). A file is authorised first, sent
 * straight to storage (our server's signed URL, or S3's presigned PUT), then completed: the server
 * reads its first bytes to judge the type by content, checks the size, and only then keeps it.
 */
import { z } from 'zod';
import { defineCall } from './calls.ts';
import { uploadLimits } from './constants.ts';

export const kycSections = ['corporate', 'company', 'shareholder', 'trading'] as const;
export const KycSection = z.enum(kycSections);
export type KycSection = z.infer<typeof KycSection>;

/** What a document is, which decides its limits: company KYC documents or a drawn signature. */
export const documentKinds = ['kyc_document', 'signature'] as const;
export const DocumentKind = z.enum(documentKinds);
export type DocumentKind = z.infer<typeof DocumentKind>;

export const DocumentMimeType = z.enum(uploadLimits.documentMimeTypes);
export type DocumentMimeType = z.infer<typeof DocumentMimeType>;

export const maxFileNameLength = 200;
export const FileName = z.string().trim().min(1, { message: 'validation.required' }).max(maxFileNameLength);

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
    content_type: z.string().max(100),
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
  summary: 'Authorise one upload of a KYC document and say where to send it',
  request: AuthorizeUploadRequest,
  response: UploadTicket,
});

export const completeUpload = defineCall({
  path: '/api/v1/init/uploadComplete',
  auth: 'session',
  summary: 'Check an uploaded file by its content and size, and keep it as a document',
  request: z.object({ upload_id: z.string().min(1).max(64) }).strict(),
  response: DocumentRef,
});

export const documentUrl = defineCall({
  path: '/api/v1/init/documentUrl',
  auth: 'session',
  summary: 'A short-lived link to view or download one of the company’s documents (staff: any company’s)',
  request: z.object({ document_id: z.string().min(1).max(64) }).strict(),
  response: z.object({ url: z.string(), expires_at: z.string(), disposition: z.enum(['inline', 'attachment']) }),
});

/** Continue on a phone: a one-time link to the public /upload page for one section. */
export const createPhoneUploadLink = defineCall({
  path: '/api/v1/init/phoneLink',
  auth: 'session',
  summary: 'A one-time link (15 minutes, one section) to upload a document from a phone',
  request: z.object({ section: KycSection }).strict(),
  response: z.object({ url: z.string(), expires_at: z.string(), qr_svg: z.string() }),
});

export const PhoneUploadToken = z.string().min(20).max(200);

export const phoneUploadInfo = defineCall({
  path: '/api/v1/upload/info',
  auth: 'public',
  summary: 'What a phone upload link is for, while it is valid',
  request: z.object({ token: PhoneUploadToken }).strict(),
  response: z.object({ section: KycSection, expires_at: z.string() }),
});

export const phoneAuthorizeUpload = defineCall({
  path: '/api/v1/upload/authorize',
  auth: 'public',
  summary: 'Authorise the one upload a phone link allows',
  request: AuthorizeUploadRequest.omit({ section: true, kind: true }).extend({ token: PhoneUploadToken }).strict(),
  response: UploadTicket,
});

export const phoneCompleteUpload = defineCall({
  path: '/api/v1/upload/complete',
  auth: 'public',
  summary: 'Complete the phone upload; the link is used up',
  request: z.object({ token: PhoneUploadToken, upload_id: z.string().min(1).max(64) }).strict(),
  response: DocumentRef,
});
