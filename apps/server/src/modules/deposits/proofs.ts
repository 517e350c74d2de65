/**
 * Proofs of transfer: the deposits module as an owner of documents (purpose deposit_proof, kept in
 * the company's `deposit` place), through the documents module's upload flow (authorise, send to
 * storage, complete: judged by its content). An approved company takes them; a proof is sent with
 * one notice, by the user who uploaded it; the notice keeps it, and the company and staff read it
 * through init/documentUrl, whose checks are the documents module's.
 */
import { type DocumentRef, documentPurposeRules } from '@bank/contract/documents';
import { desc, eq } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit.ts';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Clock } from '../../platform/session.ts';
import { companies } from '../account/index.ts';
import {
  type DocumentOwnerPolicy,
  documentRefOf,
  findCompanyDocuments,
  findDocumentsByIds,
} from '../documents/index.ts';
import { depositNotices } from './tables.ts';

export const proofSection = 'deposit';
export const proofPurpose = 'deposit_proof';

/** Proofs uploaded and never sent with a notice stop counting against the limit after this. */
const proofInTheMakingMs = 60 * 60 * 1000;

const notApproved = (companyId: string) =>
  new AppError('kyc_not_approved', { detail: `company ${companyId} takes no proof of transfer before KYC approval` });

export function depositProofPolicy(clock: Clock): DocumentOwnerPolicy {
  return {
    async lockOpen(tx, companyId) {
      const [company] = await tx
        .select({ status: companies.kyc_status })
        .from(companies)
        .where(eq(companies.id, companyId))
        .for('update');
      if (company?.status !== 'kyc_approved') throw notApproved(companyId);
    },

    async isOpen(handle, companyId) {
      const [company] = await handle
        .select({ status: companies.kyc_status })
        .from(companies)
        .where(eq(companies.id, companyId));
      return company?.status === 'kyc_approved';
    },

    checkPlace(section, purpose) {
      if (section !== proofSection || purpose !== proofPurpose)
        throw new AppError('validation', {
          fields: { kind: { key: 'validation.invalid' } },
          detail: `${purpose} in ${section}`,
        });
    },

    /**
     * What counts against the limit: proofs in the making, those uploaded since the company's last
     * notice (and within the hour), and uploads under way. Those sent with a notice are its own.
     */
    async heldIn(tx, place) {
      const [latest] = await tx
        .select({ at: depositNotices.created_at })
        .from(depositNotices)
        .where(eq(depositNotices.company_id, place.companyId))
        .orderBy(desc(depositNotices.id))
        .limit(1);
      const hourAgo = new Date(clock.now().getTime() - proofInTheMakingMs);
      return { referencedIds: [], changedAt: latest && latest.at > hourAgo ? latest.at : hourAgo };
    },

    async onKept(tx, document, source) {
      await writeAudit(tx, {
        action: 'deposit.proof_uploaded',
        at: document.created_at,
        actorUserId: source.uploadedBy,
        companyId: document.company_id,
        ip: source.ip,
        detail: { document_id: document.id, file_name: document.file_name },
      });
    },
  };
}

const proofRefusal = (detail: string) =>
  new AppError('validation', { fields: { proof_document_id: { key: 'validation.deposit_proof_invalid' } }, detail });

/**
 * The proof a notice may take: a live document of the caller's company, uploaded by the caller as a
 * proof of transfer, of an accepted type (judged by its content when it was kept), and sent with no
 * other notice. Anything else (another company's id, a KYC document, one already used) is refused
 * on the field, with the same words.
 */
export async function checkProofForNotice(
  tx: DbHandle,
  caller: { companyId: string; userId: string },
  documentId: string,
): Promise<void> {
  const [document] = isUuid(documentId) ? await findCompanyDocuments(tx, caller.companyId, [documentId]) : [];
  if (!document) throw proofRefusal(`no document ${documentId} of company ${caller.companyId}`);
  if (document.kind !== proofPurpose || document.section !== proofSection)
    throw proofRefusal(`document ${documentId} is a ${document.kind}`);
  if (document.uploaded_by !== caller.userId) throw proofRefusal(`document ${documentId} was uploaded by another user`);
  if (!documentPurposeRules.deposit_proof.acceptedTypes.includes(document.mime_type))
    throw proofRefusal(`document ${documentId} is ${document.mime_type}`);
  const [used] = await tx
    .select({ id: depositNotices.id })
    .from(depositNotices)
    .where(eq(depositNotices.proof_document_id, documentId));
  if (used) throw proofRefusal(`document ${documentId} was sent with notice ${used.id}`);
}

/** A notice's proof as the contract shows it; null when it has none. */
export async function proofOf(
  handle: DbHandle,
  notice: { company_id: string; proof_document_id: string | null },
): Promise<DocumentRef | null> {
  if (!notice.proof_document_id) return null;
  const [document] = await findDocumentsByIds(handle, notice.company_id, [notice.proof_document_id]);
  return document ? documentRefOf(document) : null;
}
