/**
 * Cardholders' KYC at the processor (kycManage; SPEC.md section 7's card/accountKycList,
 * getCardKyc, updateIdKycInfo, updateAddressKycInfo, updateAccountInfo, updateMemberInfo): the
 * company's cardholders with the processor's answer on their ID and proof of address, and the
 * corrections the company sends when the processor refused one. A cardholder's KYC record is the
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
  CardholderKycSummary,
  UpdateAccountInfoRequest,
  UpdateAddressKycRequest,
  UpdateIdKycRequest,
} from '@bank/contract/card-applications';
import { e164Of, effectiveIdDates } from '@bank/contract/card-applications';
import type { VerificationDisplay } from '@bank/contract/states';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { CardProcessor, ProcessorCardholder } from '../../../adapters/card-processor/card-processor.ts';
import { writeAudit } from '../../../platform/audit.ts';
import type { DbHandle } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { isUuid } from '../../../platform/ids.ts';
import type { SecretBox } from '../../../platform/secret-box.ts';
import { lockCompany } from '../../../platform/tenant.ts';
import { cardholders, cards } from '../tables.ts';
import {
  assertDates,
  type ClientActor,
  checkCardDocuments,
  cursorOf,
  documentsOfApplication,
  emailNotProven,
  isEmailProven,
  isUsernameFree,
  isUsernameRace,
  lockedApplication,
  postalAddressOf,
  usernameTaken,
} from './applications.ts';
import { type CardApplicationRow, cardApplications } from './tables.ts';

type CardholderRow = typeof cardholders.$inferSelect;
type Page<T> = { items: T[]; next_cursor: string | null };

/** Each cardholder's newest card (a replacement is newer than the card it replaces). */
async function latestCards(handle: DbHandle, cardholderIds: readonly string[]) {
  if (cardholderIds.length === 0) return new Map<string, typeof cards.$inferSelect>();
  const rows = await handle
    .select()
    .from(cards)
    .where(inArray(cards.cardholder_id, [...cardholderIds]))
    .orderBy(desc(cards.id));
  const latest = new Map<string, typeof cards.$inferSelect>();
  for (const card of rows) if (!latest.has(card.cardholder_id)) latest.set(card.cardholder_id, card);
  return latest;
}

function summaryOf(row: CardholderRow, card: typeof cards.$inferSelect | undefined): CardholderKycSummary {
  return {
    cardholder_id: row.id,
    application_id: row.application_id,
    name: `${row.first_name} ${row.last_name}`,
    email: row.email,
    username: row.username,
    applicant_type: row.applicant_type,
    member_id: row.member_id,
    kyc_id_status: row.kyc_id_status,
    kyc_address_status: row.kyc_address_status,
    kyc_message: row.kyc_message,
    card: card
      ? { card_id: card.id, last4: card.last4, status: card.status, operation_stage: card.operation_stage }
      : null,
    updated_at: row.updated_at.toISOString(),
  };
}

export async function cardholderKycList(
  handle: DbHandle,
  companyId: string,
  request: { page_size: number; cursor?: string | undefined },
): Promise<Page<CardholderKycSummary>> {
  const cursor = cursorOf(request);
  const rows = await handle
    .select()
    .from(cardholders)
    .where(and(eq(cardholders.company_id, companyId), cursor ? lt(cardholders.id, cursor) : undefined))
    .orderBy(desc(cardholders.id))
    .limit(request.page_size + 1);
  const pageRows = rows.slice(0, request.page_size);
  const latest = await latestCards(
    handle,
    pageRows.map((row) => row.id),
  );
  return {
    items: pageRows.map((row) => summaryOf(row, latest.get(row.id))),
    next_cursor: rows.length > request.page_size ? (pageRows.at(-1)?.id ?? null) : null,
  };
}

async function cardholderOf(
  handle: DbHandle,
  companyId: string,
  cardholderId: string,
  lock = false,
): Promise<CardholderRow> {
  const query = handle
    .select()
    .from(cardholders)
    .where(and(eq(cardholders.id, cardholderId), eq(cardholders.company_id, companyId)));
  const [row] = isUuid(cardholderId) ? await (lock ? query.for('update') : query) : [];
  if (!row) throw new AppError('not_found', { detail: `no cardholder ${cardholderId} in company ${companyId}` });
  return row;
}

async function kycOf(handle: DbHandle, row: CardholderRow): Promise<CardholderKyc> {
  const [application] = row.application_id
    ? await handle.select().from(cardApplications).where(eq(cardApplications.id, row.application_id))
    : [];
  // A cardholder enrolled without an application (a programme card's holder, enrolled at binding)
  // has no KYC record here: the processor holds it.
  if (!application)
    throw new AppError('not_found', { detail: `cardholder ${row.id} was enrolled without an application` });
  const latest = await latestCards(handle, [row.id]);
  return {
    ...summaryOf(row, latest.get(row.id)),
    details: application.details,
    documents: await documentsOfApplication(handle, application),
  };
}

export async function cardholderKyc(handle: DbHandle, companyId: string, cardholderId: string): Promise<CardholderKyc> {
  return kycOf(handle, await cardholderOf(handle, companyId, cardholderId));
}

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
