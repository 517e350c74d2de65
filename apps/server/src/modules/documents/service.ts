/**
 * Documents: authorise an upload (the purpose's limits, the owner's say), let the client send it
 * straight to storage, then complete it: the stored object is judged by its content and size,
 * refused and deleted when it is not an accepted document, kept as a document otherwise. Documents
 * are served back through short-lived storage links, to their company and to the staff roles their
 * purpose names (contract documentPurposeRules).
 *
 * The owner of a purpose (company KYC today) decides through a DocumentOwnerPolicy whether its
 * company takes documents now and what it already holds; the same completion serves the one-time
 * phone links (phone-link-service.ts).
 */
import { randomUUID } from 'node:crypto';
import type { ResponseOf } from '@bank/contract/calls';
import {
  type authorizeUpload,
  type DocumentPurpose,
  type DocumentRef,
  type DocumentSection,
  documentPurposeRules,
  documentPurposes,
  type documentUrl,
  maxMegabytesOf,
} from '@bank/contract/documents';
import { holdsPermission } from '@bank/contract/permissions';
import type { z } from 'zod';
import { checkUploadedDocument } from '../../adapters/storage/content-check.ts';
import { type DocumentStorage, effectiveDisposition } from '../../adapters/storage/storage.ts';
import type { AppDatabase, DbHandle, Transaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import type { CallContext } from '../../platform/route.ts';
import type { SessionContext } from '../../platform/session.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import {
  countSectionDocuments,
  type DocumentRow,
  expireStaleUploads,
  findDocument,
  findUpload,
  finishUpload,
  insertDocument,
  insertUpload,
  markLinkUsed,
  type UploadRow,
} from './queries.ts';
import { documentRules } from './rules.ts';

/**
 * What the owner of the documents' purposes decides. Every method that takes a transaction runs
 * first in it, so that the owner's lock (the company's) is always taken before the documents'.
 */
export type DocumentOwnerPolicy = {
  /** Locks the company and refuses (an AppError) when it takes no documents now. */
  lockOpen(tx: Transaction, companyId: string): Promise<void>;
  /** Whether the company takes documents now, without a lock (the phone page's first look). */
  isOpen(handle: DbHandle, companyId: string): Promise<boolean>;
  /** Refuses (an AppError on the `kind` field) a purpose the place does not take. */
  checkPlace(section: DocumentSection, purpose: DocumentPurpose): void;
  /** The documents of the place the owner refers to, and when it last changed them (null: never). */
  heldIn(
    tx: Transaction,
    place: { companyId: string; section: DocumentSection; purpose: DocumentPurpose },
  ): Promise<{ referencedIds: readonly string[]; changedAt: Date | null }>;
  /** In the transaction that keeps the document: what the owner does with it (its draft, its audit entry). */
  onKept(tx: Transaction, document: DocumentRow, source: CompletionSource): Promise<void>;
};

/** A kept document as the contract's DocumentRef. */
export function documentRefOf(document: DocumentRow): DocumentRef {
  return {
    document_id: document.id,
    file_name: document.file_name,
    mime_type: document.mime_type,
    size_bytes: document.size_bytes,
    uploaded_at: document.created_at.toISOString(),
  };
}

export type DocumentDependencies = { db: AppDatabase; storage: DocumentStorage; owner: DocumentOwnerPolicy };

/** What an upload call asks for: the owner's call names its place and purpose (KYC's from its body). */
type AuthorizeBody = Omit<z.output<(typeof authorizeUpload)['request']>, 'section' | 'kind'> & {
  section: DocumentSection;
  kind: DocumentPurpose;
};
type UploadTicket = ResponseOf<typeof authorizeUpload>;

const secondsMs = 1000;

function messagesError(messageKey: string, detail: string, kind: 'illegal_state' | 'not_found' = 'illegal_state') {
  return new AppError(kind, { messageKey: `kyc_email.messages.${messageKey}`, detail });
}

/** A refusal about the file itself: the message names the rule, on the field the client sent. */
function fileRefusal(field: string, key: string, params?: Record<string, number>): AppError {
  return new AppError('validation', {
    messageKey: key,
    params,
    fields: { [field]: { key, ...(params ? { params } : {}) } },
    detail: `upload refused: ${key}`,
  });
}

export type NewUpload = {
  companyId: string;
  section: DocumentSection;
  kind: DocumentPurpose;
  fileName: string;
  sizeBytes: number;
  createdBy: string | null;
  phoneLinkId: string | null;
  /** The upload URL's expiry: 15 minutes, or sooner when a phone link ends sooner. */
  expiresAt: Date;
  now: Date;
};

/**
 * A company user handles a purpose's documents only with its permission (a KYC document needs
 * `company_profile`, a deposit proof `deposit`): the calls that take any session check it here.
 */
export function assertMayHandlePurpose(session: SessionContext, purpose: DocumentPurpose): void {
  const { clientPermission } = documentPurposeRules[purpose];
  if (clientPermission !== 'session' && !holdsPermission(session.permissions, clientPermission)) {
    throw new AppError('forbidden', { detail: `${session.user_id} does not hold ${clientPermission} for ${purpose}` });
  }
}

export type CompletionSource = { uploadedBy: string | null; ip: string; phoneLinkId: string | null };

/**
 * Checks the place, size and count limit of the purpose and records a pending upload; in the
 * caller's transaction, which holds the company lock (so two authorisations cannot both take the last place).
 */
async function authorizeInTransaction(
  dependencies: DocumentDependencies,
  tx: Transaction,
  upload: NewUpload,
): Promise<UploadTicket & { staleStorageKeys: string[] }> {
  const { storage, owner } = dependencies;
  const rule = documentPurposeRules[upload.kind];
  owner.checkPlace(upload.section, upload.kind);
  if (upload.sizeBytes > rule.maxBytes) {
    throw fileRefusal('size_bytes', 'validation.file_too_large', { size: maxMegabytesOf(upload.kind) });
  }
  // Uploads of this company that can no longer complete are closed here, in passing.
  const stale = await expireStaleUploads(
    tx,
    upload.companyId,
    new Date(upload.now.getTime() - documentRules.completionGraceSeconds * secondsMs),
    upload.now,
  );
  const owned = await owner.heldIn(tx, {
    companyId: upload.companyId,
    section: upload.section,
    purpose: upload.kind,
  });
  const held = await countSectionDocuments(tx, {
    companyId: upload.companyId,
    section: upload.section,
    kind: upload.kind,
    referencedIds: owned.referencedIds,
    draftUpdatedAt: owned.changedAt,
    now: upload.now,
    completionGraceMs: documentRules.completionGraceSeconds * secondsMs,
  });
  if (held >= rule.maxCount) {
    throw fileRefusal('section', 'validation.too_many', { max: rule.maxCount });
  }

  const uploadId = newId(upload.now.getTime());
  const storageKey = `companies/${upload.companyId}/${randomUUID()}`;
  await insertUpload(tx, {
    id: uploadId,
    company_id: upload.companyId,
    section: upload.section,
    kind: upload.kind,
    storage_key: storageKey,
    file_name: upload.fileName,
    declared_size_bytes: upload.sizeBytes,
    status: 'pending',
    created_by: upload.createdBy,
    phone_link_id: upload.phoneLinkId,
    created_at: upload.now,
    expires_at: upload.expiresAt,
  });
  const target = await storage.createUploadTarget({
    key: storageKey,
    maxBytes: rule.maxBytes,
    contentLength: upload.sizeBytes,
    expiresAt: upload.expiresAt,
  });
  return {
    upload_id: uploadId,
    upload_url: target.url,
    method: target.method,
    headers: target.headers,
    expires_at: upload.expiresAt.toISOString(),
    staleStorageKeys: stale.map((row) => row.storage_key),
  };
}

/** Deletes what reached storage for uploads closed unfinished, once their closing committed. */
async function deleteStaleObjects(
  dependencies: DocumentDependencies,
  ticket: UploadTicket & { staleStorageKeys: string[] },
): Promise<UploadTicket> {
  const { staleStorageKeys, ...answer } = ticket;
  const { storage } = dependencies;
  for (const key of staleStorageKeys) await storage.deleteObject(key);
  return answer;
}

function isOwnPlace(dependencies: DocumentDependencies, upload: UploadRow): boolean {
  const { owner } = dependencies;
  try {
    owner.checkPlace(upload.section, upload.kind);
    return true;
  } catch {
    return false;
  }
}

async function refuseUpload(dependencies: DocumentDependencies, upload: UploadRow, now: Date): Promise<void> {
  const { db, storage } = dependencies;
  await finishUpload(db, upload.id, { status: 'refused', now });
  await storage.deleteObject(upload.storage_key);
}

/**
 * Judges the stored object and keeps it as a document; a phone upload also uses its link up. The
 * owner then does what it does with a new document (KYC adds a phone upload to the section's draft).
 */
async function completeUpload(
  dependencies: DocumentDependencies,
  upload: UploadRow,
  source: CompletionSource,
  now: Date,
): Promise<DocumentRef> {
  const { db, storage, owner } = dependencies;
  if (upload.status !== 'pending') throw messagesError('upload_finished', `upload ${upload.id} is ${upload.status}`);
  const deadline = upload.expires_at.getTime() + documentRules.completionGraceSeconds * secondsMs;
  if (now.getTime() > deadline) {
    await refuseUpload(dependencies, upload, now);
    throw messagesError('upload_expired', `upload ${upload.id} completed after its time`);
  }
  const rule = documentPurposeRules[upload.kind];
  const check = await checkUploadedDocument(storage, upload.storage_key, {
    allowedTypes: rule.acceptedTypes,
    maxBytes: rule.maxBytes,
  });
  if (!check.ok) {
    if (check.failure === 'missing') throw messagesError('upload_not_received', `nothing stored for ${upload.id}`);
    await refuseUpload(dependencies, upload, now);
    if (check.failure === 'pdf_refused') throw fileRefusal('upload_id', `validation.pdf_${check.reason}`);
    if (check.failure === 'image_format') throw fileRefusal('upload_id', 'validation.image_format');
    throw check.failure === 'file_too_large'
      ? fileRefusal('upload_id', 'validation.file_too_large', { size: maxMegabytesOf(upload.kind) })
      : fileRefusal('upload_id', 'validation.file_type');
  }
  if (check.sizeBytes > upload.declared_size_bytes) {
    // A storage that does not enforce the signed length (some S3 emulators): the size was a lie.
    await refuseUpload(dependencies, upload, now);
    throw fileRefusal('upload_id', 'validation.file_too_large', { size: maxMegabytesOf(upload.kind) });
  }

  const outcome = await db.transaction(async (tx) => {
    try {
      await owner.lockOpen(tx, upload.company_id);
    } catch (error) {
      if (error instanceof AppError) return { refused: error };
      throw error;
    }
    if (source.phoneLinkId && !(await markLinkUsed(tx, source.phoneLinkId, now))) {
      return { refused: messagesError('phone_link_used', `link ${source.phoneLinkId} used meanwhile`) };
    }
    const document: DocumentRow = {
      id: newId(now.getTime()),
      company_id: upload.company_id,
      section: upload.section,
      kind: upload.kind,
      storage_key: upload.storage_key,
      file_name: upload.file_name,
      mime_type: check.mimeType,
      size_bytes: check.sizeBytes,
      uploaded_by: source.uploadedBy,
      created_at: now,
      deleted_at: null,
    };
    await insertDocument(tx, document);
    if (!(await finishUpload(tx, upload.id, { status: 'completed', documentId: document.id, now }))) {
      throw messagesError('upload_finished', `upload ${upload.id} finished meanwhile`);
    }
    await owner.onKept(tx, document, source);
    return { document };
  });
  if ('refused' in outcome && outcome.refused) {
    await refuseUpload(dependencies, upload, now);
    throw outcome.refused;
  }
  if (!('document' in outcome) || !outcome.document) throw new Error('completion ended without a document');
  return documentRefOf(outcome.document);
}

async function authorizeCompanyUpload(
  dependencies: DocumentDependencies,
  body: AuthorizeBody,
  context: CallContext,
): Promise<UploadTicket> {
  const { db, owner } = dependencies;
  const companyId = clientCompanyId(context);
  assertMayHandlePurpose(context.session, body.kind);
  const ticket = await db.transaction(async (tx) => {
    await owner.lockOpen(tx, companyId);
    return authorizeInTransaction(dependencies, tx, {
      companyId,
      section: body.section,
      kind: body.kind,
      fileName: body.file_name,
      sizeBytes: body.size_bytes,
      createdBy: context.session.user_id,
      phoneLinkId: null,
      expiresAt: new Date(context.now.getTime() + documentRules.uploadValiditySeconds * secondsMs),
      now: context.now,
    });
  });
  return deleteStaleObjects(dependencies, ticket);
}

async function completeCompanyUpload(
  dependencies: DocumentDependencies,
  body: { upload_id: string },
  context: CallContext,
): Promise<DocumentRef> {
  const { db } = dependencies;
  const companyId = clientCompanyId(context);
  const upload = isUuid(body.upload_id) ? await findUpload(db, body.upload_id) : undefined;
  // Another company's upload, one made through a phone link, or one of another owner's places
  // (a KYC document completed through the deposits' call) is not this caller's to complete.
  if (
    !upload ||
    upload.company_id !== companyId ||
    upload.phone_link_id !== null ||
    !isOwnPlace(dependencies, upload)
  ) {
    throw new AppError('not_found', { detail: `upload ${body.upload_id} not found for ${companyId}` });
  }
  assertMayHandlePurpose(context.session, upload.kind);
  return completeUpload(
    dependencies,
    upload,
    { uploadedBy: context.session.user_id, ip: context.ip, phoneLinkId: null },
    context.now,
  );
}

export function createDocumentService(dependencies: DocumentDependencies) {
  return {
    /** For the owner's own transactions: checks a purpose's limits and records a pending upload. */
    authorizeInTransaction: (tx: Transaction, upload: NewUpload) => authorizeInTransaction(dependencies, tx, upload),
    deleteStaleObjects: (ticket: UploadTicket & { staleStorageKeys: string[] }) =>
      deleteStaleObjects(dependencies, ticket),
    completeUpload: (upload: UploadRow, source: CompletionSource, now: Date) =>
      completeUpload(dependencies, upload, source, now),
    authorize: (body: AuthorizeBody, context: CallContext) => authorizeCompanyUpload(dependencies, body, context),
    complete: (body: { upload_id: string }, context: CallContext) => completeCompanyUpload(dependencies, body, context),
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;

/** Short-lived links to read a document: for its company while it is live, and for its purpose's staff readers. */
export function createDocumentLinks(dependencies: { db: AppDatabase; storage: DocumentStorage }) {
  const { db, storage } = dependencies;
  return {
    async documentUrl(body: { document_id: string }, context: CallContext): Promise<ResponseOf<typeof documentUrl>> {
      const session = context.session;
      const document = isUuid(body.document_id) ? await findDocument(db, body.document_id) : undefined;
      if (session.is_staff) {
        // A member of staff whose role reads no purpose is refused outright; otherwise per document.
        const readable = document ? [document.kind] : documentPurposes;
        if (!readable.some((purpose) => documentPurposeRules[purpose].staffReaders.includes(session.role))) {
          throw new AppError('forbidden', { detail: `${session.role} may not read these documents` });
        }
      } else if (document && (document.company_id !== session.company_id || document.deleted_at !== null)) {
        throw new AppError('not_found', { detail: `document ${document.id} is not readable by ${session.user_id}` });
      }
      if (!document) throw new AppError('not_found', { detail: `no document ${body.document_id}` });
      if (!session.is_staff) assertMayHandlePurpose(session, document.kind);
      const expiresAt = new Date(context.now.getTime() + documentRules.downloadLinkSeconds * secondsMs);
      const disposition = effectiveDisposition(document.mime_type, 'inline');
      const { url } = await storage.createDownloadTarget({
        key: document.storage_key,
        fileName: document.file_name,
        contentType: document.mime_type,
        disposition,
        expiresAt,
      });
      return { url, expires_at: expiresAt.toISOString(), disposition };
    },
  };
}
