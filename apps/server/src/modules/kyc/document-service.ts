/**
 * KYC documents: authorise an upload (limits per section and kind), let the client send it straight
 * to storage, then complete it: the stored object is judged by its content and size, refused and
 * deleted when it is not an accepted document, kept as a document otherwise. Documents are served
 * back through short-lived storage links, only to their company and to KYC reviewers.
 *
 * The same completion serves the one-time phone links (phone-link-service.ts), which add their
 * document to the section's draft.
 */
import { randomUUID } from 'node:crypto';
import type { ResponseOf } from '@bank/contract/calls';
import type { authorizeUpload, DocumentKind, DocumentRef, documentUrl, KycSection } from '@bank/contract/documents';
import type { z } from 'zod';
import { checkUploadedDocument } from '../../adapters/storage/content-check.ts';
import { type DocumentStorage, effectiveDisposition } from '../../adapters/storage/storage.ts';
import type { AppDatabase, Transaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { CallContext } from '../../platform/route.ts';
import { writeAudit } from '../account/audit.ts';
import {
  countSectionDocuments,
  expireStaleUploads,
  findDocument,
  findUpload,
  finishUpload,
  insertDocument,
  insertUpload,
  markLinkUsed,
  type UploadRow,
} from './document-queries.ts';
import { documentRefOf } from './kyc-info.ts';
import { clientCompanyId, kindsReferencedBy, lockClientCompany, notEditableError } from './kyc-service.ts';
import { findSection, isUuid, upsertSection } from './queries.ts';
import { documentKindRules, kycReviewerRoles, kycRules } from './rules.ts';
import { documentReferencesOf, hasDocumentList, parseStoredDraft, withAppendedDocument } from './sections.ts';
import { isKycEditable } from './state-machine.ts';

export type DocumentDependencies = { db: AppDatabase; storage: DocumentStorage };

type AuthorizeBody = z.output<(typeof authorizeUpload)['request']>;
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
  section: KycSection;
  kind: DocumentKind;
  fileName: string;
  sizeBytes: number;
  createdBy: string | null;
  phoneLinkId: string | null;
  /** The upload URL's expiry: 15 minutes, or sooner when a phone link ends sooner. */
  expiresAt: Date;
  now: Date;
};

export type CompletionSource = { uploadedBy: string | null; ip: string; phoneLinkId: string | null };

export function createDocumentService(dependencies: DocumentDependencies) {
  const { db, storage } = dependencies;

  /**
   * Checks the kind, size and section limit and records a pending upload; in the caller's
   * transaction, which holds the company lock (so two authorisations cannot both take the last place).
   */
  async function authorizeInTransaction(
    tx: Transaction,
    upload: NewUpload,
  ): Promise<UploadTicket & { staleStorageKeys: string[] }> {
    const rule = documentKindRules[upload.kind];
    if (!rule.sections.includes(upload.section)) {
      throw new AppError('validation', {
        fields: { kind: { key: 'kyc_email.messages.signature_not_allowed' } },
        detail: `${upload.kind} in ${upload.section}`,
      });
    }
    if (upload.sizeBytes > rule.maxBytes) {
      throw fileRefusal('size_bytes', 'validation.file_too_large', { size: rule.maxMegabytes });
    }
    // Uploads of this company that can no longer complete are closed here, in passing.
    const stale = await expireStaleUploads(
      tx,
      upload.companyId,
      new Date(upload.now.getTime() - kycRules.completionGraceSeconds * secondsMs),
      upload.now,
    );
    const draftRow = await findSection(tx, upload.companyId, upload.section);
    const isReferencedKind = (kindsReferencedBy(upload.section) as readonly DocumentKind[]).includes(upload.kind);
    const draft = draftRow ? parseStoredDraft(upload.section, draftRow.data) : null;
    const referencedIds =
      isReferencedKind && draft
        ? documentReferencesOf(upload.section, draft)
            .filter((reference) => reference.kind === upload.kind)
            .map((reference) => reference.documentId)
        : [];
    const held = await countSectionDocuments(tx, {
      companyId: upload.companyId,
      section: upload.section,
      kind: upload.kind,
      referencedIds,
      draftUpdatedAt: isReferencedKind ? (draftRow?.updated_at ?? null) : null,
      now: upload.now,
      completionGraceMs: kycRules.completionGraceSeconds * secondsMs,
    });
    if (held >= rule.maxPerSection) {
      throw fileRefusal('section', 'validation.too_many', { max: rule.maxPerSection });
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
  async function deleteStaleObjects(ticket: UploadTicket & { staleStorageKeys: string[] }): Promise<UploadTicket> {
    const { staleStorageKeys, ...answer } = ticket;
    for (const key of staleStorageKeys) await storage.deleteObject(key);
    return answer;
  }

  async function refuseUpload(upload: UploadRow, now: Date): Promise<void> {
    await finishUpload(db, upload.id, { status: 'refused', now });
    await storage.deleteObject(upload.storage_key);
  }

  /**
   * Judges the stored object and keeps it as a document. A phone upload also uses its link up and,
   * in a section whose draft lists documents, is added to that list so the desktop sees it arrive.
   */
  async function completeUpload(upload: UploadRow, source: CompletionSource, now: Date): Promise<DocumentRef> {
    if (upload.status !== 'pending') throw messagesError('upload_finished', `upload ${upload.id} is ${upload.status}`);
    const deadline = upload.expires_at.getTime() + kycRules.completionGraceSeconds * secondsMs;
    if (now.getTime() > deadline) {
      await refuseUpload(upload, now);
      throw messagesError('upload_expired', `upload ${upload.id} completed after its time`);
    }
    const rule = documentKindRules[upload.kind as DocumentKind];
    const check = await checkUploadedDocument(storage, upload.storage_key, {
      allowedTypes: rule.allowedTypes,
      maxBytes: rule.maxBytes,
    });
    if (!check.ok) {
      if (check.failure === 'missing') throw messagesError('upload_not_received', `nothing stored for ${upload.id}`);
      await refuseUpload(upload, now);
      throw check.failure === 'file_too_large'
        ? fileRefusal('upload_id', 'validation.file_too_large', { size: rule.maxMegabytes })
        : fileRefusal('upload_id', 'validation.file_type');
    }
    if (check.sizeBytes > upload.declared_size_bytes) {
      // A storage that does not enforce the signed length (some S3 emulators): the size was a lie.
      await refuseUpload(upload, now);
      throw fileRefusal('upload_id', 'validation.file_too_large', { size: rule.maxMegabytes });
    }

    const section = upload.section as KycSection;
    const outcome = await db.transaction(async (tx) => {
      const company = await lockClientCompany(tx, upload.company_id);
      if (!isKycEditable(company.kyc_status)) return { refused: notEditableError(company) };
      if (source.phoneLinkId && !(await markLinkUsed(tx, source.phoneLinkId, now))) {
        return { refused: messagesError('phone_link_used', `link ${source.phoneLinkId} used meanwhile`) };
      }
      const documentId = newId(now.getTime());
      const document = {
        id: documentId,
        company_id: upload.company_id,
        section,
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
      if (!(await finishUpload(tx, upload.id, { status: 'completed', documentId, now }))) {
        throw messagesError('upload_finished', `upload ${upload.id} finished meanwhile`);
      }
      if (source.phoneLinkId && hasDocumentList(section) && upload.kind === 'kyc_document') {
        const row = await findSection(tx, upload.company_id, section);
        const draft = row ? parseStoredDraft(section, row.data) : null;
        const listed = draft ? (draft as { document_ids: string[] }).document_ids.length : 0;
        if (listed < rule.maxPerSection) {
          await upsertSection(tx, {
            companyId: upload.company_id,
            section,
            data: withAppendedDocument(section, draft, documentId),
            isComplete: row?.is_complete ?? false,
            now,
          });
        }
      }
      await writeAudit(tx, {
        action: 'kyc.document_uploaded',
        at: now,
        actorUserId: source.uploadedBy,
        companyId: upload.company_id,
        ip: source.ip,
        detail: { document_id: documentId, section, kind: upload.kind, via: source.phoneLinkId ? 'phone' : 'browser' },
      });
      return { document };
    });
    if ('refused' in outcome && outcome.refused) {
      await refuseUpload(upload, now);
      throw outcome.refused;
    }
    if (!('document' in outcome) || !outcome.document) throw new Error('completion ended without a document');
    return documentRefOf(outcome.document);
  }

  return {
    authorizeInTransaction,
    deleteStaleObjects,
    completeUpload,

    async authorize(body: AuthorizeBody, context: CallContext): Promise<UploadTicket> {
      const companyId = clientCompanyId(context);
      const ticket = await db.transaction(async (tx) => {
        const company = await lockClientCompany(tx, companyId);
        if (!isKycEditable(company.kyc_status)) throw notEditableError(company);
        return authorizeInTransaction(tx, {
          companyId,
          section: body.section,
          kind: body.kind,
          fileName: body.file_name,
          sizeBytes: body.size_bytes,
          createdBy: context.session.user_id,
          phoneLinkId: null,
          expiresAt: new Date(context.now.getTime() + kycRules.uploadValiditySeconds * secondsMs),
          now: context.now,
        });
      });
      return deleteStaleObjects(ticket);
    },

    async complete(body: { upload_id: string }, context: CallContext): Promise<DocumentRef> {
      const companyId = clientCompanyId(context);
      const upload = isUuid(body.upload_id) ? await findUpload(db, body.upload_id) : undefined;
      // Another company's upload, or one made through a phone link, is not this caller's to complete.
      if (!upload || upload.company_id !== companyId || upload.phone_link_id !== null) {
        throw new AppError('not_found', { detail: `upload ${body.upload_id} not found for ${companyId}` });
      }
      return completeUpload(
        upload,
        { uploadedBy: context.session.user_id, ip: context.ip, phoneLinkId: null },
        context.now,
      );
    },

    async documentUrl(body: { document_id: string }, context: CallContext): Promise<ResponseOf<typeof documentUrl>> {
      const session = context.session;
      const document = isUuid(body.document_id) ? await findDocument(db, body.document_id) : undefined;
      if (session.is_staff) {
        if (!kycReviewerRoles.includes(session.role)) {
          throw new AppError('forbidden', { detail: `${session.role} may not read KYC documents` });
        }
      } else if (document && (document.company_id !== session.company_id || document.deleted_at !== null)) {
        throw new AppError('not_found', { detail: `document ${document.id} is not readable by ${session.user_id}` });
      }
      if (!document) throw new AppError('not_found', { detail: `no document ${body.document_id}` });
      const expiresAt = new Date(context.now.getTime() + kycRules.downloadLinkSeconds * secondsMs);
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

export type DocumentService = ReturnType<typeof createDocumentService>;
