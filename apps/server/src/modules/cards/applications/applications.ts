/**
 * Card applications, the company's side: what the form needs first (the levels'
 * fees, the networks, the balances), the username check at the processor, the cardholder's email
 * proven by an emailed code (the account module's code store and limits, purpose
 * `cardholder_email`), the cardholder documents (the documents module's upload flow, place `card`),
 * and the submission: every rule again on the server, the card cost held from the company's stable
 * coin, the application recorded pending with its audit entry and event.
 *
 * Also what the review and kycManage share: the processor's view of the cardholder. An application
 * row as the contract shows it and the documents a cardholder's KYC refers to are read in queries.ts.
 */
import { dayOf } from '@bank/contract/calendar';
import {
  applicationDateIssues,
  type CardApplication,
  type CardApplyConfig,
  type CardholderDetails,
  cardApplicationRules,
  e164Of,
  effectiveIdDates,
  type SubmitCardApplicationRequest,
} from '@bank/contract/card-applications';
import { type CardLevel, cardFundingAssets, cardNetworks, type PostalAddress } from '@bank/contract/cards';
import { cardLevels, type Language, localeOfLanguage } from '@bank/contract/constants';
import type { DocumentPurpose } from '@bank/contract/documents';
import { translate } from '@bank/i18n/resources';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CardProcessor, ProcessorCardholder } from '../../../adapters/card-processor/card-processor.ts';
import type { EmailQueue } from '../../../adapters/mail/email-queue.ts';
import { renderEmailHtml, renderEmailText } from '../../../adapters/mail/html.ts';
import type { OutgoingEmail } from '../../../adapters/mail/mailer.ts';
import { writeAudit } from '../../../platform/audit.ts';
import { type AppDatabase, type DbHandle, postgresErrorCode, violatedConstraint } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { recordEvent } from '../../../platform/events.ts';
import { isUuid, newId } from '../../../platform/ids.ts';
import { formatAmountForWire, parseAmount } from '../../../platform/money.ts';
import { assertWithinCap } from '../../../platform/rate-limit.ts';
import type { CallContext } from '../../../platform/route.ts';
import type { SecretBox } from '../../../platform/secret-box.ts';
import type { Clock } from '../../../platform/session.ts';
import { clientCompanyId, lockCompany } from '../../../platform/tenant.ts';
import {
  assertMaySendCode,
  checkEmailCode,
  companies,
  emailCodeRules,
  issueEmailCode,
  lockAddress,
} from '../../account/index.ts';
import { type DocumentOwnerPolicy, findDocumentsByIds } from '../../documents/index.ts';
import { companyBalances } from '../../ledger/index.ts';
import { chargeCompanyFee, feeScheduleOf } from '../fees.ts';
import { applicationOf, joinedApplications, sponsorsOf } from './queries.ts';
import { type CardApplicationRow, cardApplications } from './tables.ts';

export const cardDocumentSection = 'card';
const cardApplicationSourceType = 'card_application';
const cardDocumentPurposes: readonly DocumentPurpose[] = ['cardholder_id', 'proof_of_address'];

/** Who acts for a company: the signed-in user, the company, where from and when. */
export type ClientActor = { userId: string; companyId: string; ip: string | null; now: Date; language: Language };

const fieldRefusal = (field: string, key: string, detail: string) =>
  new AppError('validation', { fields: { [field]: { key } }, detail });

// Configuration -------------------------------------------------------------------------------------

/** The card cost of a level's schedule (0 when the schedule has none). */
function cardCostOf(fees: readonly { kind: string; amount: string }[]): string {
  return fees.find((fee) => fee.kind === 'card_cost')?.amount ?? '0';
}

export async function applyConfig(handle: DbHandle, companyId: string): Promise<CardApplyConfig> {
  const levels = [];
  for (const level of cardLevels) {
    const fees = await feeScheduleOf(handle, level);
    // The card cost first: it is what the application charges.
    const ordered = [...fees].sort((a, b) => Number(b.kind === 'card_cost') - Number(a.kind === 'card_cost'));
    levels.push({ level, card_cost: cardCostOf(fees), fees: ordered });
  }
  const balances = await companyBalances(handle, companyId);
  return {
    levels,
    networks: [...cardNetworks],
    funding_assets: [...cardFundingAssets],
    balances: cardFundingAssets.map((asset) => {
      const balance = balances.find((row) => row.asset === asset);
      return { asset, available: formatAmountForWire(parseAmount(balance?.available ?? '0'), asset) };
    }),
    sponsors: await sponsorsOf(handle, companyId),
  };
}

/** The sponsor a staff member's application names: a director or partner of the company, or a field error. */
async function sponsorNameOf(handle: DbHandle, companyId: string, body: SubmitBody): Promise<string> {
  if (body.applicant_type !== 'staff') return '';
  const [sponsor] = isUuid(body.sponsor_user_id) ? await sponsorsOf(handle, companyId, body.sponsor_user_id) : [];
  if (!sponsor)
    throw new AppError('validation', {
      fields: { sponsor_user_id: { key: 'cards.applications.validation.sponsor_not_member' } },
      detail: `sponsor ${body.sponsor_user_id} is no director or partner of company ${companyId}`,
    });
  return sponsor.name;
}

// The username and the email -----------------------------------------------------------------------

/** Free at the processor and taken by no live application of ours (`exceptApplicationId`: the cardholder's own). */
export async function isUsernameFree(
  handle: DbHandle,
  processor: CardProcessor,
  username: string,
  exceptApplicationId: string | null = null,
): Promise<boolean> {
  const [taken] = await handle
    .select({ id: cardApplications.id })
    .from(cardApplications)
    .where(
      and(
        sql`lower(${cardApplications.username}) = ${username.toLowerCase()}`,
        sql`${cardApplications.status} <> 'rejected'`,
        exceptApplicationId ? sql`${cardApplications.id} <> ${exceptApplicationId}` : undefined,
      ),
    )
    .limit(1);
  if (taken) return false;
  return processor.isUsernameAvailable(handle, username);
}

/** The form's username check, for a client (staff, who have no company, are refused first). */
export async function usernameAvailability(
  handle: DbHandle,
  processor: CardProcessor,
  call: CallContext,
  body: { username: string },
) {
  clientCompanyId(call);
  return { username: body.username, is_available: await isUsernameFree(handle, processor, body.username) };
}

export const usernameTaken = (username: string) =>
  fieldRefusal('username', 'cards.applications.validation.username_taken', `username ${username} is not free`);

/** The unique index on live usernames caught a race: the same answer as the check. */
export function isUsernameRace(error: unknown): boolean {
  return postgresErrorCode(error) === '23505' && violatedConstraint(error) === 'card_applications_live_username';
}

/** The code that proves a cardholder's email address, in the language of the user who asked for it. */
export function cardholderCodeEmail(
  language: Language,
  to: string,
  code: string,
  validityMinutes: number,
): OutgoingEmail {
  const text = (key: string, params = {}) => translate(language, `cards.applications.email.${key}`, params);
  const content = {
    locale: localeOfLanguage[language],
    title: text('title'),
    code,
    paragraphs: [
      text('intro'),
      translate(language, 'email.code.validity', { minutes: validityMinutes }),
      text('unexpected'),
    ],
    footer: translate(language, 'email.footer'),
  };
  return { to, subject: text('subject'), text: renderEmailText(content), html: renderEmailHtml(content) };
}

const proofPurpose = 'cardholder-email-proof';
type EmailProofContent = { company_id: string; email: string; expires_at: string };

/** The proof that the company's user read a code sent to `email`: sealed, bound to the company, short-lived. */
export function sealEmailProof(secretBox: SecretBox, companyId: string, email: string, now: Date) {
  const expiresAt = new Date(now.getTime() + cardApplicationRules.emailProofValidityMinutes * 60_000);
  const content: EmailProofContent = { company_id: companyId, email, expires_at: expiresAt.toISOString() };
  return { email, email_proof: secretBox.seal(proofPurpose, JSON.stringify(content)), expires_at: content.expires_at };
}

export function isEmailProven(
  secretBox: SecretBox,
  proof: { companyId: string; email: string; sealed: string | undefined; now: Date },
): boolean {
  if (!proof.sealed) return false;
  try {
    const content = JSON.parse(secretBox.open(proofPurpose, proof.sealed)) as EmailProofContent;
    return (
      content.company_id === proof.companyId &&
      content.email === proof.email &&
      Date.parse(content.expires_at) > proof.now.getTime()
    );
  } catch {
    return false;
  }
}

/** Codes one company may have sent to cardholders' addresses in an hour, beside the platform's per-address and per-client limits. */
const cardholderCodesPerCompanyPerHour = 30;

export type CodeDependencies = {
  secretBox: SecretBox;
  emailQueue: EmailQueue;
  /** The platform's cap of codes per client address and hour (config RATE_LIMIT_EMAIL_CODES_PER_CLIENT_PER_HOUR). */
  codesPerClientPerHour: number;
};

/** Emails a code to the cardholder's address (the account module's store and limits, purpose cardholder_email). */
export async function sendCardholderCode(
  db: AppDatabase,
  dependencies: CodeDependencies,
  actor: ClientActor & { ip: string },
  email: string,
): Promise<{ resend_after_seconds: number }> {
  await db.transaction(async (tx) => {
    await lockAddress(tx, email);
    await assertMaySendCode(tx, {
      email,
      purpose: 'cardholder_email',
      now: actor.now,
      client: { ip: actor.ip, maxPerHour: dependencies.codesPerClientPerHour },
    });
    await assertWithinCap(
      tx,
      `cardholder_code:company:${actor.companyId}`,
      { max: cardholderCodesPerCompanyPerHour, windowSeconds: 3600 },
      actor.now,
    );
    const code = await issueEmailCode(tx, dependencies.secretBox, {
      email,
      purpose: 'cardholder_email',
      isDelivered: true,
      now: actor.now,
      ip: actor.ip,
    });
    await dependencies.emailQueue.enqueue(
      tx,
      cardholderCodeEmail(actor.language, email, code, emailCodeRules.validitySeconds / 60),
      { companyId: actor.companyId },
    );
  });
  return { resend_after_seconds: emailCodeRules.resendCooldownSeconds };
}

/** Checks the code (used up when right) and answers the proof card/audit takes. */
export async function verifyCardholderCode(
  db: AppDatabase,
  secretBox: SecretBox,
  actor: ClientActor,
  body: { email: string; code: string },
) {
  // The try counts even when the code is wrong: the transaction commits, the refusal comes after.
  const isRight = await db.transaction(async (tx) => {
    await lockAddress(tx, body.email);
    return checkEmailCode(tx, secretBox, {
      email: body.email,
      purpose: 'cardholder_email',
      code: body.code,
      now: actor.now,
      shouldConsume: true,
    });
  });
  if (!isRight) throw new AppError('verification_code_incorrect');
  return sealEmailProof(secretBox, actor.companyId, body.email, actor.now);
}

export const emailNotProven = (field = 'email') =>
  fieldRefusal(field, 'cards.applications.validation.email_not_verified', 'no valid proof of the cardholder email');

// Documents -------------------------------------------------------------------------------------------

/**
 * The cards module as an owner of documents (place `card`, purposes cardholder_id and
 * proof_of_address). Each field of an application takes one document (the request's schema says
 * so); a document kept is referred to by an application or by nothing, so only uploads under way
 * count against the purpose's limit of one.
 */
export function cardDocumentPolicy(clock: Clock): DocumentOwnerPolicy {
  const isApproved = async (handle: DbHandle, companyId: string) => {
    const [company] = await handle
      .select({ status: companies.kyc_status })
      .from(companies)
      .where(eq(companies.id, companyId));
    return company?.status === 'kyc_approved';
  };
  return {
    async lockOpen(tx, companyId) {
      await lockCompany(tx, companyId);
      if (!(await isApproved(tx, companyId)))
        throw new AppError('kyc_not_approved', {
          detail: `company ${companyId} takes no card documents before KYC approval`,
        });
    },
    isOpen: isApproved,
    checkPlace(section, purpose) {
      if (section !== cardDocumentSection || !cardDocumentPurposes.includes(purpose))
        throw fieldRefusal('kind', 'validation.invalid', `${purpose} in ${section}`);
    },
    async heldIn() {
      return { referencedIds: [], changedAt: clock.now() };
    },
    async onKept(tx, document, source) {
      await writeAudit(tx, {
        action: 'card_application.document_uploaded',
        at: document.created_at,
        actorUserId: source.uploadedBy,
        companyId: document.company_id,
        ip: source.ip,
        detail: { document_id: document.id, purpose: document.kind, file_name: document.file_name },
      });
    },
  };
}

/**
 * The documents a request names, each a live document of the company kept in place `card` for its
 * purpose; anything else (another company's id, a KYC document, an ID given as a proof of address)
 * is refused on its field with the same words.
 */
export async function checkCardDocuments(
  handle: DbHandle,
  companyId: string,
  fields: Record<string, { id: string | null; purpose: 'cardholder_id' | 'proof_of_address' }>,
): Promise<void> {
  const named = Object.entries(fields).filter(
    (entry): entry is [string, { id: string; purpose: 'cardholder_id' | 'proof_of_address' }] => entry[1].id !== null,
  );
  const ids = named.map(([, field]) => field.id).filter(isUuid);
  const found = new Map((await findDocumentsByIds(handle, companyId, ids)).map((row) => [row.id, row]));
  for (const [field, { id, purpose }] of named) {
    const document = found.get(id);
    if (!document || document.deleted_at || document.section !== cardDocumentSection || document.kind !== purpose)
      throw fieldRefusal(
        field,
        'cards.applications.validation.document_invalid',
        `document ${id} is not a ${purpose} of ${companyId}`,
      );
  }
}

// The cardholder as the processor sees it ---------------------------------------------------------------

export function postalAddressOf(address: {
  line1: string;
  line2?: string | undefined;
  city: string;
  state?: string | undefined;
  country: string;
  postal_code?: string | undefined;
}): PostalAddress {
  return {
    line1: address.line1,
    line2: address.line2 ?? '',
    city: address.city,
    state: address.state ?? '',
    country: address.country,
    postal_code: address.postal_code ?? '',
  };
}

export function processorCardholderOf(details: CardholderDetails): ProcessorCardholder {
  return {
    title: details.title,
    first_name: details.first_name,
    last_name: details.last_name,
    username: details.username,
    email: details.email,
    mobile: e164Of(details.phone_country, details.phone),
    date_of_birth: details.date_of_birth,
    residence_address: details.residence_address,
    id_type: details.id_type,
    id_number: details.id_number,
    id_issuing_country: details.id_issuing_country,
    id_issue_date: details.id_issue_date,
    id_expiry_date: details.id_expiry_date,
    proof_of_address_type: details.proof_of_address_type,
    proof_of_address_issue_date: details.proof_of_address_issue_date,
  };
}

/** The date rules against today; their failures on their fields. */
export function assertDates(value: Parameters<typeof applicationDateIssues>[0], now: Date): void {
  const issues = applicationDateIssues(value, dayOf(now));
  if (issues.length === 0) return;
  throw new AppError('validation', {
    fields: Object.fromEntries(issues.map((issue) => [issue.path.join('.'), { key: issue.message }])),
    detail: 'card application dates refused',
  });
}

// Submission ------------------------------------------------------------------------------------------------

export type SubmitBody = z.output<typeof SubmitCardApplicationRequest>;

/** The cardholder's KYC as stored: the mailing address resolved, the ID's missing dates SPEC.md's defaults. */
function detailsOf(body: SubmitBody, sponsorName: string): CardholderDetails {
  const residence = postalAddressOf(body.residence_address);
  const idDates = effectiveIdDates(body.date_of_birth, body.id_issue_date, body.id_expiry_date);
  return {
    title: body.title,
    first_name: body.first_name,
    last_name: body.last_name,
    gender: body.gender,
    date_of_birth: body.date_of_birth,
    username: body.username,
    email: body.email,
    phone_country: body.phone_country,
    phone: body.phone,
    applicant_type: body.applicant_type,
    sponsor_name: sponsorName,
    residence_address: residence,
    mailing_same_as_residence: body.mailing_same_as_residence,
    mailing_address:
      body.mailing_same_as_residence || !body.mailing_address ? residence : postalAddressOf(body.mailing_address),
    id_type: body.id_type,
    id_number: body.id_number.toUpperCase(),
    id_issuing_country: body.id_issuing_country,
    id_language: body.id_language,
    id_issue_date: idDates.issue_date,
    id_expiry_date: idDates.expiry_date,
    id_issue_date_defaulted: !body.id_issue_date,
    id_expiry_date_defaulted: !body.id_expiry_date,
    proof_of_address_type: body.proof_of_address_type,
    proof_of_address_issuer: body.proof_of_address_issuer,
    proof_of_address_language: body.proof_of_address_language,
    proof_of_address_issue_date: body.proof_of_address_issue_date,
    notes: body.notes,
    is_programme_enrolment: body.is_programme_enrolment,
  };
}

export async function recordApplicationEvent(handle: DbHandle, row: CardApplicationRow, now: Date): Promise<void> {
  await recordEvent(
    handle,
    'card_application.status_changed',
    {
      company_id: row.company_id,
      application_id: row.id,
      applicant_name: `${row.first_name} ${row.last_name}`,
      status: row.status,
      reason: row.rejection_reason,
      submitted_by_user_id: row.submitted_by,
      at: now.toISOString(),
    },
    { companyId: row.company_id },
  );
}

/** The application's row; a username another submission took a moment before answers as taken. */
async function insertApplication(tx: DbHandle, row: CardApplicationRow): Promise<void> {
  try {
    await tx.insert(cardApplications).values(row);
  } catch (error) {
    if (isUsernameRace(error)) throw usernameTaken(row.username);
    throw error;
  }
}

/** The card's cost held from the chosen stable coin; an enrolment for a programme card orders no card: its cost was paid with the programme's order. */
async function holdCardCost(tx: DbHandle, companyId: string, id: string, body: SubmitBody, now: Date) {
  const cardCost = body.is_programme_enrolment ? '0' : cardCostOf(await feeScheduleOf(tx, body.level as CardLevel));
  const charge = await chargeCompanyFee(
    tx,
    {
      companyId,
      asset: body.funding_asset,
      usdAmount: cardCost,
      kind: 'card_cost',
      idempotencyKey: `card-application-${id}`,
      reference: { type: cardApplicationSourceType, id },
      hold: true,
      counterparty: `${body.first_name} ${body.last_name}`,
    },
    now,
  );
  return { cardCost, charge };
}

/** What the submission's audit row says of the application's choices. */
function submissionFacts(body: SubmitBody) {
  return {
    applicant_type: body.applicant_type,
    level: body.level,
    network: body.network,
    funding_asset: body.funding_asset,
  };
}

/** Every rule again at submission: dates by the server's clock, the email's proof, the documents, the username. */
async function checkSubmission(
  tx: DbHandle,
  dependencies: { processor: CardProcessor; secretBox: SecretBox },
  companyId: string,
  body: SubmitBody,
  now: Date,
): Promise<void> {
  assertDates(body, now);
  if (!isEmailProven(dependencies.secretBox, { companyId, email: body.email, sealed: body.email_proof, now }))
    throw emailNotProven();
  await checkCardDocuments(tx, companyId, {
    id_front_document_id: { id: body.id_front_document_id, purpose: 'cardholder_id' },
    id_back_document_id: { id: body.id_back_document_id, purpose: 'cardholder_id' },
    proof_of_address_front_document_id: { id: body.proof_of_address_front_document_id, purpose: 'proof_of_address' },
    proof_of_address_back_document_id: { id: body.proof_of_address_back_document_id, purpose: 'proof_of_address' },
  });
  if (!(await isUsernameFree(tx, dependencies.processor, body.username))) throw usernameTaken(body.username);
}

/**
 * Submits an application in the idempotent call's transaction: the company locked, every rule again
 * (dates with the server's clock, the email's proof, the username at the processor, the documents),
 * the card cost held from the chosen stable coin (insufficient_balance refuses), the application
 * recorded pending, audited, and its event.
 */
export async function submitApplication(
  tx: DbHandle,
  dependencies: { processor: CardProcessor; secretBox: SecretBox },
  actor: ClientActor,
  body: SubmitBody,
): Promise<CardApplication> {
  const { companyId, now } = actor;
  await lockCompany(tx, companyId);
  await checkSubmission(tx, dependencies, companyId, body, now);

  const id = newId(now.getTime());
  const { cardCost, charge } = await holdCardCost(tx, companyId, id, body, now);
  const details = detailsOf(body, await sponsorNameOf(tx, companyId, body));
  const row: CardApplicationRow = {
    id,
    company_id: companyId,
    status: 'pending',
    applicant_type: body.applicant_type,
    first_name: body.first_name,
    last_name: body.last_name,
    username: body.username,
    email: body.email,
    details,
    id_front_document_id: body.id_front_document_id,
    id_back_document_id: body.id_back_document_id,
    address_front_document_id: body.proof_of_address_front_document_id,
    address_back_document_id: body.proof_of_address_back_document_id,
    level: body.level,
    network: body.network,
    name_on_card: body.name_on_card,
    funding_asset: body.funding_asset,
    card_cost: cardCost,
    debit_amount: charge?.debitAmount ?? '0',
    rate: charge?.rate ?? null,
    hold_transfer_id: charge?.transferId ?? null,
    rejection_reason: null,
    card_id: null,
    cardholder_id: null,
    submitted_by: actor.userId,
    decided_by: null,
    decided_at: null,
    created_at: now,
    updated_at: now,
  };
  await insertApplication(tx, row);
  await writeAudit(tx, {
    action: 'card_application.submitted',
    at: now,
    actorUserId: actor.userId,
    companyId,
    ip: actor.ip,
    detail: {
      application_id: id,
      ...submissionFacts(body),
      card_cost: cardCost,
      is_programme_enrolment: body.is_programme_enrolment,
    },
  });
  await recordApplicationEvent(tx, row, now);
  const [joined] = await joinedApplications(tx, eq(cardApplications.id, id), desc(cardApplications.id), 1);
  if (!joined) throw new Error('card application not found after insert');
  return applicationOf(joined);
}
