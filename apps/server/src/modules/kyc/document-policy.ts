/**
 * Company KYC as the owner of its documents (purposes kyc_document and signature): a company takes
 * documents while its KYC is editable, each kind only in the sections whose forms take it, and a
 * section's limit counts what its draft refers to. A document sent from a phone joins the draft of
 * a section that lists documents, so the desktop sees it arrive.
 */
import {
  type DocumentKind,
  type DocumentPurpose,
  documentKinds,
  documentPurposeRules,
  isKycSection,
} from '@bank/contract/documents';
import { writeAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { DocumentOwnerPolicy } from '../documents/index.ts';
import { kindsReferencedBy, lockClientCompany, notEditableError } from './kyc-service.ts';
import { findCompany, findSection, upsertSection } from './queries.ts';
import { sectionsTakingKind } from './rules.ts';
import { documentReferencesOf, hasDocumentList, parseStoredDraft, withAppendedDocument } from './sections.ts';
import { isKycEditable } from './state-machine.ts';

function isDocumentKind(purpose: DocumentPurpose): purpose is DocumentKind {
  return (documentKinds as readonly string[]).includes(purpose);
}

export const kycDocumentPolicy: DocumentOwnerPolicy = {
  async lockOpen(tx, companyId) {
    const company = await lockClientCompany(tx, companyId);
    if (!isKycEditable(company.kyc_status)) throw notEditableError(company);
  },

  async isOpen(handle, companyId) {
    const company = await findCompany(handle, companyId);
    return company !== undefined && isKycEditable(company.kyc_status);
  },

  checkPlace(section, purpose) {
    if (!isDocumentKind(purpose) || !isKycSection(section) || !sectionsTakingKind[purpose].includes(section)) {
      throw new AppError('validation', {
        fields: { kind: { key: 'kyc_email.messages.signature_not_allowed' } },
        detail: `${purpose} in ${section}`,
      });
    }
  },

  async heldIn(tx, place) {
    if (!isKycSection(place.section)) return { referencedIds: [], changedAt: null };
    const isReferencedKind = (kindsReferencedBy(place.section) as readonly DocumentPurpose[]).includes(place.purpose);
    if (!isReferencedKind) return { referencedIds: [], changedAt: null };
    const draftRow = await findSection(tx, place.companyId, place.section);
    const draft = draftRow ? parseStoredDraft(place.section, draftRow.data) : null;
    const referencedIds = draft
      ? documentReferencesOf(place.section, draft)
          .filter((reference) => reference.kind === place.purpose)
          .map((reference) => reference.documentId)
      : [];
    return { referencedIds, changedAt: draftRow?.updated_at ?? null };
  },

  async onKept(tx, document, source) {
    const section = document.section;
    if (!isKycSection(section)) return;
    if (source.phoneLinkId && hasDocumentList(section) && document.kind === 'kyc_document') {
      const row = await findSection(tx, document.company_id, section);
      const draft = row ? parseStoredDraft(section, row.data) : null;
      const listed = draft ? (draft as { document_ids: string[] }).document_ids.length : 0;
      if (listed < documentPurposeRules.kyc_document.maxCount) {
        await upsertSection(tx, {
          companyId: document.company_id,
          section,
          data: withAppendedDocument(section, draft, document.id),
          isComplete: row?.is_complete ?? false,
          now: document.created_at,
        });
      }
    }
    await writeAudit(tx, {
      action: 'kyc.document_uploaded',
      at: document.created_at,
      actorUserId: source.uploadedBy,
      companyId: document.company_id,
      ip: source.ip,
      detail: {
        document_id: document.id,
        section,
        kind: document.kind,
        via: source.phoneLinkId ? 'phone' : 'browser',
      },
    });
  },
};
