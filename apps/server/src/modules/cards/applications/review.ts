/**
 * The back office's decision on a card application (permission card_review), once: approve (the
 * cardholder is enrolled and the card ordered at the processor, the card cost hold posted) or reject
 * with a reason (the hold voided). Each decision is audited and records
 * `card_application.status_changed`. The queue by status (pending oldest first, the others newest
 * first) and one application with the cardholder's KYC and the documents staff may read are
 * queries.ts's.
 */
import type { StaffCardApplication } from '@bank/contract/card-applications';
import { eq } from 'drizzle-orm';
import type { CardProcessor } from '../../../adapters/card-processor/card-processor.ts';
import { writeAudit } from '../../../platform/audit.ts';
import type { DbHandle } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { settleCompanyFee } from '../fees.ts';
import { enrolCardholder, orderCard } from '../issuing.ts';
import { cards } from '../tables.ts';
import { processorCardholderOf, recordApplicationEvent } from './applications.ts';
import { lockedApplication, staffApplication } from './queries.ts';
import { type CardApplicationRow, cardApplications } from './tables.ts';

export type StaffActor = { userId: string; ip: string | null; now: Date };

/**
 * Decides a pending application, once (a second decision, or one on a decided application, is
 * `illegal_state`). Approval orders the card through the issuing core (`orderCard`: the cardholder
 * enrolled for KYC at the processor, the card issued and in KYC processing) and posts the card cost;
 * rejection voids the hold and keeps the reason the company reads.
 */
export async function decideApplication(
  tx: DbHandle,
  processor: CardProcessor,
  staff: StaffActor,
  decision: { application_id: string; decision: 'approve' | 'reject'; reason: string },
): Promise<StaffCardApplication> {
  const row = await lockedApplication(tx, decision.application_id);
  if (row.status !== 'pending')
    throw new AppError('illegal_state', { detail: `card application ${row.id} is already ${row.status}` });
  const now = staff.now;
  const change =
    decision.decision === 'reject'
      ? await rejectApplication(tx, row, decision.reason, now)
      : row.details.is_programme_enrolment === true
        ? await enrolProgrammeCardholder(tx, processor, row, now)
        : await approveWithCard(tx, processor, row, now);
  const [updated] = await tx
    .update(cardApplications)
    .set({ ...change, decided_by: staff.userId, decided_at: now, updated_at: now })
    .where(eq(cardApplications.id, row.id))
    .returning();
  if (!updated) throw new Error('card application not updated');
  await writeAudit(tx, {
    action: decision.decision === 'approve' ? 'card_application.approved' : 'card_application.rejected',
    at: now,
    actorUserId: staff.userId,
    companyId: row.company_id,
    ip: staff.ip,
    detail: {
      application_id: row.id,
      ...(updated.card_id ? { card_id: updated.card_id } : {}),
      ...(decision.decision === 'reject' ? { reason: decision.reason } : {}),
    },
  });
  await recordApplicationEvent(tx, updated, now);
  return staffApplication(tx, row.id);
}

type ApplicationRow = Awaited<ReturnType<typeof lockedApplication>>;

/** For a programme card: the cardholder enrolled for KYC only, bound later to a printed card. */
async function enrolProgrammeCardholder(
  tx: DbHandle,
  processor: CardProcessor,
  row: ApplicationRow,
  now: Date,
): Promise<Partial<CardApplicationRow>> {
  const enrolled = await enrolCardholder(
    tx,
    processor,
    {
      companyId: row.company_id,
      applicationId: row.id,
      cardholder: processorCardholderOf(row.details),
      applicantType: row.applicant_type,
    },
    now,
  );
  if (row.hold_transfer_id) await settleCompanyFee(tx, row.hold_transfer_id, 'post', now);
  return { status: 'approved', cardholder_id: enrolled.cardholderId };
}

/** The card ordered at the processor; the card cost held at application is posted. */
async function approveWithCard(
  tx: DbHandle,
  processor: CardProcessor,
  row: ApplicationRow,
  now: Date,
): Promise<Partial<CardApplicationRow>> {
  const details = row.details;
  const ordered = await orderCard(
    tx,
    processor,
    {
      companyId: row.company_id,
      applicationId: row.id,
      // The card's creator is the application's submitter; staff are the decision's actor.
      actorUserId: row.submitted_by,
      cardholder: processorCardholderOf(details),
      applicantType: row.applicant_type,
      level: row.level,
      network: row.network,
      nameOnCard: row.name_on_card,
      mailingAddress: details.mailing_address,
    },
    now,
  );
  if (row.hold_transfer_id) await settleCompanyFee(tx, row.hold_transfer_id, 'post', now);
  // The card cost was paid with the application.
  await tx.update(cards).set({ card_fee_paid: true, updated_at: now }).where(eq(cards.id, ordered.cardId));
  return { status: 'approved', card_id: ordered.cardId, cardholder_id: ordered.cardholderId };
}

/** The hold voided; the reason kept for the company to read. */
async function rejectApplication(
  tx: DbHandle,
  row: ApplicationRow,
  reason: string,
  now: Date,
): Promise<Partial<CardApplicationRow>> {
  if (row.hold_transfer_id) await settleCompanyFee(tx, row.hold_transfer_id, 'void', now);
  return { status: 'rejected', rejection_reason: reason };
}
