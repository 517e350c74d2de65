/**
 * Screenshots sent with feedback: the feedback module as an owner of documents (purpose
 * feedback_screenshot, kept in the company's `feedback` place), through the documents module's
 * upload flow (authorise, send to storage, complete: judged by its content, JPEG or PNG, 5 MB),
 * exactly as the deposits' proofs of transfer are. Any company user may send feedback, KYC or not;
 * a screenshot goes with one feedback, sent by the user who uploaded it; staff holding the purpose's
 * reader roles open it through init/documentUrl.
 */
import { documentPurposeRules } from '@bank/contract/documents';
import { desc, eq } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Clock } from '../../platform/session.ts';
import { lockCompany } from '../../platform/tenant.ts';
import { type DocumentOwnerPolicy, findCompanyDocuments } from '../documents/index.ts';
import { feedback } from './tables.ts';

export const screenshotSection = 'feedback';
export const screenshotPurpose = 'feedback_screenshot';

/** Screenshots uploaded and never sent with feedback stop counting against the limit after this. */
const screenshotInTheMakingMs = 60 * 60 * 1000;

export function feedbackScreenshotPolicy(clock: Clock): DocumentOwnerPolicy {
  return {
    async lockOpen(tx, companyId) {
      await lockCompany(tx, companyId);
    },

    async isOpen() {
      return true;
    },

    checkPlace(section, purpose) {
      if (section !== screenshotSection || purpose !== screenshotPurpose)
        throw new AppError('validation', {
          fields: { kind: { key: 'validation.invalid' } },
          detail: `${purpose} in ${section}`,
        });
    },

    /** What counts against the limit: screenshots uploaded since the company's last feedback (within the hour). */
    async heldIn(tx, place) {
      const [latest] = await tx
        .select({ at: feedback.created_at })
        .from(feedback)
        .where(eq(feedback.company_id, place.companyId))
        .orderBy(desc(feedback.id))
        .limit(1);
      const hourAgo = new Date(clock.now().getTime() - screenshotInTheMakingMs);
      return { referencedIds: [], changedAt: latest && latest.at > hourAgo ? latest.at : hourAgo };
    },

    // The feedback that names the screenshot keeps it; nothing else to record when it is kept.
    async onKept() {},
  };
}

const screenshotRefusal = (detail: string) =>
  new AppError('validation', {
    fields: { screenshot_document_id: { key: 'feedback.validation.screenshot_invalid' } },
    detail,
  });

/**
 * The screenshot feedback may take: a live document of the caller's company, uploaded by the caller
 * as a feedback screenshot, of an accepted type, and sent with no other feedback. Anything else
 * (another company's id, a KYC document, one already sent) is refused on the field, with the same words.
 */
export async function checkScreenshotForFeedback(
  tx: DbHandle,
  caller: { companyId: string; userId: string },
  documentId: string,
): Promise<void> {
  const [document] = isUuid(documentId) ? await findCompanyDocuments(tx, caller.companyId, [documentId]) : [];
  if (!document) throw screenshotRefusal(`no document ${documentId} of company ${caller.companyId}`);
  if (document.kind !== screenshotPurpose || document.section !== screenshotSection)
    throw screenshotRefusal(`document ${documentId} is a ${document.kind}`);
  if (document.uploaded_by !== caller.userId)
    throw screenshotRefusal(`document ${documentId} was uploaded by another user`);
  if (!documentPurposeRules.feedback_screenshot.acceptedTypes.includes(document.mime_type))
    throw screenshotRefusal(`document ${documentId} is ${document.mime_type}`);
  const [used] = await tx
    .select({ id: feedback.id })
    .from(feedback)
    .where(eq(feedback.screenshot_document_id, documentId));
  if (used) throw screenshotRefusal(`document ${documentId} was sent with feedback ${used.id}`);
}
