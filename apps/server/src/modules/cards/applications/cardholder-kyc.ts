/**
 * Cardholders' KYC at the processor (kycManage; SPEC.md section 7's card/accountKycList,
 * getCardKyc, updateIdKycInfo, updateAddressKycInfo, updateAccountInfo, updateMemberInfo): the
 * company's cardholders with the processor's answer on their ID and proof of address (read in
 * queries.ts), and the corrections the company sends when the processor refused one. A cardholder's KYC record is the
 * application it was enrolled from (card_applications.details and its documents).
 *
 * - A correction of the ID or of the address goes to the processor (`updateCardholder`) and puts
 *   that part back under review; it is refused while the processor is still reviewing that part.
 * - The mobile and the email are contact details (no review); a new email needs its code proof.
 * - The member ID is the processor's and is only shown; what updateMemberInfo changes is the
 *   cardholder's login username at the processor, checked free there first.
 *
 * Every call is scoped to the caller's company (another company's cardholder is not found) and
 * every change is audited.
 */
import type {
  CardholderDetails,
  CardholderKyc,
  UpdateAccountInfoRequest,
  UpdateAddressKycRequest,
  UpdateIdKycRequest,
} from '@bank/contract/card-applications';
import { e164Of, effectiveIdDates } from '@bank/contract/card-applications';
import type { VerificationDisplay } from '@bank/contract/states';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CardProcessor, ProcessorCardholder } from '../../../adapters/card-processor/card-processor.ts';
import { writeAudit } from '../../../platform/audit.ts';
import type { DbHandle } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { SecretBox } from '../../../platform/secret-box.ts';
import { lockCompany } from '../../../platform/tenant.ts';
import { cardholders } from '../tables.ts';
import {
  assertDates,
  type ClientActor,
  checkCardDocuments,
  emailNotProven,
  isEmailProven,
  isUsernameFree,
  isUsernameRace,
  postalAddressOf,
  usernameTaken,
} from './applications.ts';
import { type CardholderRow, cardholderOf, kycOf, lockedApplication } from './queries.ts';
import { type CardApplicationRow, cardApplications } from './tables.ts';

type Change = {
  action: string;
  details: CardholderDetails;
  application?: Partial<CardApplicationRow>;
  cardholder?: Partial<CardholderRow>;
  /** What the processor is sent (nothing for a change it does not keep). */
  processor: Partial<ProcessorCardholder>;
  audit: Record<string, unknown>;
};

/** Writes a correction: the KYC record, the cardholder's row, the processor, the audit entry. */
async function applyChange(
  tx: DbHandle,
  processor: CardProcessor,
  actor: ClientActor,
  row: CardholderRow,
  application: CardApplicationRow,
  change: Change,
): Promise<CardholderKyc> {
  const now = actor.now;
  try {
    await tx
      .update(cardApplications)
      .set({ ...change.application, details: change.details, updated_at: now })
      .where(eq(cardApplications.id, application.id));
  } catch (error) {
    if (isUsernameRace(error)) throw usernameTaken(change.details.username);
    throw error;
  }
  await tx
    .update(cardholders)
    .set({ ...change.cardholder, updated_at: now })
    .where(eq(cardholders.id, row.id));
  await processor.updateCardholder(tx, row.member_id, change.processor, now);
  await writeAudit(tx, {
    action: change.action,
    at: now,
    actorUserId: actor.userId,
    companyId: actor.companyId,
    ip: actor.ip,
    detail: { cardholder_id: row.id, ...change.audit },
  });
  return kycOf(tx, await cardholderOf(tx, actor.companyId, row.id));
}

/** The cardholder and its KYC record, locked (the company first, as every change of its data). */
async function lockedCardholder(tx: DbHandle, actor: ClientActor, cardholderId: string) {
  await lockCompany(tx, actor.companyId);
  const row = await cardholderOf(tx, actor.companyId, cardholderId, true);
  if (!row.application_id)
    throw new AppError('not_found', { detail: `cardholder ${row.id} was enrolled without an application` });
  const application = await lockedApplication(tx, row.application_id, actor.companyId);
  return { row, application };
}

function assertNotUnderReview(status: VerificationDisplay, part: string, cardholderId: string): void {
  if (status === 'under_review')
    throw new AppError('illegal_state', {
      messageKey: 'cards.applications.errors.under_review',
      detail: `the processor is reviewing the ${part} of cardholder ${cardholderId}`,
    });
}

export async function updateIdKyc(
  tx: DbHandle,
  processor: CardProcessor,
  actor: ClientActor,
  body: z.output<typeof UpdateIdKycRequest>,
): Promise<CardholderKyc> {
  const { row, application } = await lockedCardholder(tx, actor, body.cardholder_id);
  assertNotUnderReview(row.kyc_id_status, 'ID', row.id);
  const dateOfBirth = application.details.date_of_birth;
  assertDates(
    { date_of_birth: dateOfBirth, id_issue_date: body.id_issue_date, id_expiry_date: body.id_expiry_date },
    actor.now,
  );
  await checkCardDocuments(tx, actor.companyId, {
    id_front_document_id: { id: body.id_front_document_id, purpose: 'cardholder_id' },
    id_back_document_id: { id: body.id_back_document_id, purpose: 'cardholder_id' },
  });
  const dates = effectiveIdDates(dateOfBirth, body.id_issue_date, body.id_expiry_date);
  const details: CardholderDetails = {
    ...application.details,
    id_type: body.id_type,
    id_number: body.id_number.toUpperCase(),
    id_issuing_country: body.id_issuing_country,
    id_language: body.id_language,
    id_issue_date: dates.issue_date,
    id_expiry_date: dates.expiry_date,
    id_issue_date_defaulted: !body.id_issue_date,
    id_expiry_date_defaulted: !body.id_expiry_date,
  };
  return applyChange(tx, processor, actor, row, application, {
    action: 'cardholder.id_kyc_updated',
    details,
    application: { id_front_document_id: body.id_front_document_id, id_back_document_id: body.id_back_document_id },
    cardholder: { kyc_id_status: 'under_review', kyc_message: null },
    processor: {
      id_type: details.id_type,
      id_number: details.id_number,
      id_issuing_country: details.id_issuing_country,
      id_issue_date: details.id_issue_date,
      id_expiry_date: details.id_expiry_date,
    },
    audit: {
      id_type: details.id_type,
      documents: [body.id_front_document_id, body.id_back_document_id].filter(Boolean),
    },
  });
}

export async function updateAddressKyc(
  tx: DbHandle,
  processor: CardProcessor,
  actor: ClientActor,
  body: z.output<typeof UpdateAddressKycRequest>,
): Promise<CardholderKyc> {
  const { row, application } = await lockedCardholder(tx, actor, body.cardholder_id);
  assertNotUnderReview(row.kyc_address_status, 'address', row.id);
  assertDates({ proof_of_address_issue_date: body.proof_of_address_issue_date }, actor.now);
  await checkCardDocuments(tx, actor.companyId, {
    proof_of_address_front_document_id: { id: body.proof_of_address_front_document_id, purpose: 'proof_of_address' },
    proof_of_address_back_document_id: { id: body.proof_of_address_back_document_id, purpose: 'proof_of_address' },
  });
  const residence = postalAddressOf(body.residence_address);
  const details: CardholderDetails = {
    ...application.details,
    residence_address: residence,
    mailing_address: application.details.mailing_same_as_residence ? residence : application.details.mailing_address,
    proof_of_address_type: body.proof_of_address_type,
    proof_of_address_issuer: body.proof_of_address_issuer,
    proof_of_address_language: body.proof_of_address_language,
    proof_of_address_issue_date: body.proof_of_address_issue_date,
  };
  return applyChange(tx, processor, actor, row, application, {
    action: 'cardholder.address_kyc_updated',
    details,
    application: {
      address_front_document_id: body.proof_of_address_front_document_id,
      address_back_document_id: body.proof_of_address_back_document_id,
    },
    cardholder: { kyc_address_status: 'under_review', kyc_message: null },
    processor: {
      residence_address: residence,
      proof_of_address_type: details.proof_of_address_type,
      proof_of_address_issue_date: details.proof_of_address_issue_date,
    },
    audit: { country: residence.country, proof_of_address_type: details.proof_of_address_type },
  });
}

export async function updateAccountInfo(
  tx: DbHandle,
  dependencies: { processor: CardProcessor; secretBox: SecretBox },
  actor: ClientActor,
  body: z.output<typeof UpdateAccountInfoRequest>,
): Promise<CardholderKyc> {
  const { row, application } = await lockedCardholder(tx, actor, body.cardholder_id);
  const isNewEmail = body.email !== application.details.email;
  if (
    isNewEmail &&
    !isEmailProven(dependencies.secretBox, {
      companyId: actor.companyId,
      email: body.email,
      sealed: body.email_proof,
      now: actor.now,
    })
  )
    throw emailNotProven();
  const details: CardholderDetails = {
    ...application.details,
    phone_country: body.phone_country,
    phone: body.phone,
    email: body.email,
  };
  return applyChange(tx, dependencies.processor, actor, row, application, {
    action: 'cardholder.account_info_updated',
    details,
    application: { email: body.email },
    cardholder: { email: body.email },
    processor: { email: body.email, mobile: e164Of(body.phone_country, body.phone) },
    audit: { email_changed: isNewEmail, phone_changed: body.phone !== application.details.phone },
  });
}

export async function updateMemberInfo(
  tx: DbHandle,
  processor: CardProcessor,
  actor: ClientActor,
  body: { cardholder_id: string; username: string },
): Promise<CardholderKyc> {
  const { row, application } = await lockedCardholder(tx, actor, body.cardholder_id);
  if (body.username === application.details.username) return kycOf(tx, row);
  if (!(await isUsernameFree(tx, processor, body.username, application.id))) throw usernameTaken(body.username);
  return applyChange(tx, processor, actor, row, application, {
    action: 'cardholder.username_changed',
    details: { ...application.details, username: body.username },
    application: { username: body.username },
    cardholder: { username: body.username },
    processor: { username: body.username },
    audit: { from: application.details.username, to: body.username },
  });
}
