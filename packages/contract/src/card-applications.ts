/**
 * Card applications and cardholders' KYC (SPEC.md sections 3, 5 "Card" and "KYC
 * and files", 7 "Card"; DECISIONS.md "Cards"): a company applies for a card for one of its people
 * (the cardholder's KYC, the card, the declarations), the bank's staff approve or reject it, and the
 * company follows and corrects its cardholders' KYC at the processor (kycManage).
 *
 * - The cardholder's login username is checked free at the processor (card/verifyUsername) and the
 *   cardholder's email is proven by a 6-digit code sent to it (card/sendCode, card/verifyCode): the
 *   check answers a short-lived proof that card/audit requires.
 * - Documents (the ID's and the proof of address's front and back) are uploads of the documents
 *   module (purposes cardholder_id and proof_of_address: one file each, 5 MB, jpeg/png/pdf by content).
 * - The rules that depend on today's date (18 or older, the proof of address within 90 days, the
 *   ID's dates) are `applicationDateIssues`: the server runs it with its clock, the form with the
 *   browser's; the ID's missing dates are `effectiveIdDates` (SPEC.md: no issue date is the 18th
 *   birthday, no expiry is the birth date plus 55 years).
 * - The card cost (fee `card_cost` of the level) is held from the company's USDC or USDT at
 *   submission, posted when staff approve, voided when they reject (the reason is required).
 * - An application is stored pending, approved or rejected; it reads `processing` while its card's
 *   operation stage is KYC processing at the processor (derived, never stored).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { Email, EmailCode } from './account.ts';
import { addDays, addYears } from './calendar.ts';
import { defineCall } from './calls.ts';
import {
  ApplicantType,
  CardFee,
  CardFundingAsset,
  CardLevel,
  CardNetwork,
  PostalAddress,
  PostalAddressFields,
  processorFailureErrors,
} from './cards.ts';
import { CountryCode } from './countries.ts';
import { AuthorizeUploadRequest, DocumentRef, UploadTicket } from './documents.ts';
import { PageRequest, page, QueueSearch } from './envelope.ts';
import { PhoneCountry, PhoneNumber, refinePhone } from './registration.ts';
import { CardApplicationStatus, CardOperationStage, CardStatus, VerificationDisplay } from './states.ts';
import { identifierText, multiLineText, singleLineText } from './text.ts';

// ---------------------------------------------------------------------------------------------
// The bank's rules (SPEC.md section 5; DECISIONS.md "Validation that SPEC.md leaves open")

export const cardApplicationRules = {
  minimumAgeYears: 18,
  /** SPEC.md: an ID without an expiry date is taken to expire at the birth date plus 55 years. */
  defaultIdValidityYears: 55,
  proofOfAddressMaxAgeDays: 90,
  oldestApplicantYears: 120,
  /** How long the proof of a verified email is accepted by card/audit. */
  emailProofValidityMinutes: 30,
  usernameMinLength: 4,
  usernameMaxLength: 32,
  nameOnCardMinLength: 2,
  nameOnCardMaxLength: 26,
  reasonMaxLength: 500,
  notesMaxLength: 1000,
} as const;

export const cardholderTitles = ['mr', 'mrs', 'ms', 'miss', 'dr', 'mx'] as const;
export const CardholderTitle = z.enum(cardholderTitles, { message: 'validation.invalid_choice' });
export const genders = ['male', 'female'] as const;
export const Gender = z.enum(genders, { message: 'validation.invalid_choice' });
export const idTypes = ['passport', 'national_id'] as const;
export const IdType = z.enum(idTypes, { message: 'validation.invalid_choice' });
export type IdType = z.infer<typeof IdType>;
export const proofOfAddressTypes = [
  'utility_bill',
  'bank_statement',
  'tax_statement',
  'government_letter',
  'tenancy_agreement',
] as const;
export const ProofOfAddressType = z.enum(proofOfAddressTypes, { message: 'validation.invalid_choice' });
/** The language a document is written in (ISO 639-1, and `other`); not English needs a certified translation. */
export const documentLanguages = [
  'en',
  'zh',
  'ja',
  'ko',
  'fr',
  'de',
  'es',
  'pt',
  'it',
  'nl',
  'ru',
  'ar',
  'other',
] as const;
export const DocumentLanguage = z.enum(documentLanguages, { message: 'validation.invalid_choice' });

const required = { message: 'validation.required' };
const Required = (maxLength: number) => singleLineText(maxLength).pipe(z.string().min(1, required));

/** SPEC.md: the card username is letters, digits and underscore (4 to 32 here). */
export const CardUsername = singleLineText(cardApplicationRules.usernameMaxLength)
  .pipe(z.string().min(1, required))
  .pipe(
    z
      .string()
      .min(cardApplicationRules.usernameMinLength, { message: 'validation.card_username' })
      .regex(/^[A-Za-z0-9_]+$/, { message: 'validation.card_username' }),
  );

/** DECISIONS.md: 2 to 26 Latin letters, spaces, hyphen, apostrophe and dot, stored upper case. */
export const NameOnCard = singleLineText(cardApplicationRules.nameOnCardMaxLength)
  .transform((value) => value.replace(/\s+/g, ' ').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, required)
      .min(cardApplicationRules.nameOnCardMinLength, { message: 'validation.name_on_card' })
      .regex(/^[A-Z][A-Z .'-]*$/, { message: 'validation.name_on_card' }),
  );

/** A calendar day, YYYY-MM-DD, that exists. */
export const CalendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid_format' })
  // Checked after the pattern fails too (zod runs every check): an empty or odd text is no day, never a throw.
  .refine(
    (value) => {
      const time = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
    },
    { message: 'validation.invalid_format' },
  );
/** A day that may be left out: an empty text is no day. */
const OptionalDay = z.preprocess((value) => (value === '' ? null : value), CalendarDay.nullable()).default(null);

/** The application's addresses: the one postal address form of cards.ts. */
export const AddressFields = PostalAddressFields;
export type AddressFields = PostalAddressFields;

const DocumentId = identifierText(64);
/** What card/verifyCode answered; without it the email is not proven. */
const EmailProof = z
  .string({ message: 'cards.applications.validation.email_not_verified' })
  .min(1, { message: 'cards.applications.validation.email_not_verified' })
  .max(1000);
const OptionalDocumentId = z.preprocess((value) => (value === '' ? null : value), DocumentId.nullable()).default(null);

// ---------------------------------------------------------------------------------------------
// The steps of the application (each its own schema, so that a step of the form checks only its own)

export const CardholderStep = z
  .object({
    title: CardholderTitle,
    first_name: Required(50),
    last_name: Required(50),
    gender: Gender,
    date_of_birth: CalendarDay,
    username: CardUsername,
    email: Email,
    /** The proof card/verifyCode answered for this email. */
    email_proof: EmailProof,
    phone_country: PhoneCountry,
    phone: PhoneNumber,
    applicant_type: ApplicantType,
    /**
     * A staff member's card is sponsored by a director or partner of the company, chosen from its
     * members (CardApplyConfig's `sponsors`); empty for a director or a partner.
     */
    sponsor_user_id: z.union([z.literal(''), identifierText(64)]).default(''),
  })
  .strict();

export const ResidenceStep = z
  .object({
    residence_address: AddressFields,
    /** SPEC.md: the mailing address may be the residence address. */
    mailing_same_as_residence: z.boolean(),
    mailing_address: AddressFields.nullable().default(null),
  })
  .strict();

export const idShape = {
  id_type: IdType,
  /** SPEC.md: the ID number is required. */
  id_number: singleLineText(40).pipe(
    z
      .string()
      .min(1, { message: 'cards.applications.validation.id_number_required' })
      .regex(/^[A-Za-z0-9-]+$/, { message: 'cards.applications.validation.id_number_format' }),
  ),
  id_issuing_country: CountryCode,
  id_language: DocumentLanguage,
  /** Optional: without it the ID is taken as issued on the 18th birthday. */
  id_issue_date: OptionalDay,
  /** Optional: without it the ID is taken to expire at the birth date plus 55 years. */
  id_expiry_date: OptionalDay,
  id_front_document_id: DocumentId,
  /** A national ID's back is required; a passport has none to send. */
  id_back_document_id: OptionalDocumentId,
};
export const IdStep = z.object(idShape).strict();

export const proofOfAddressShape = {
  proof_of_address_type: ProofOfAddressType,
  proof_of_address_issuer: Required(100),
  proof_of_address_language: DocumentLanguage,
  /** Within the last 90 days, not in the future. */
  proof_of_address_issue_date: CalendarDay,
  proof_of_address_front_document_id: DocumentId,
  proof_of_address_back_document_id: OptionalDocumentId,
};
export const ProofOfAddressStep = z
  .object({
    ...proofOfAddressShape,
    /** SPEC.md: documents must be in English or carry a certified translation. */
    documents_in_english: z.literal(true, { message: 'cards.applications.validation.english_required' }),
  })
  .strict();

export const CardStep = z
  .object({
    level: CardLevel,
    network: CardNetwork,
    name_on_card: NameOnCard,
    /** The stable coin the card cost is paid from. */
    funding_asset: CardFundingAsset,
    /**
     * For a programme card: the cardholder is enrolled at the processor for its KYC, and
     * later bound to a printed card of the company's programme; no card is ordered, no card cost held.
     */
    is_programme_enrolment: z.boolean().default(false),
    notes: multiLineText(cardApplicationRules.notesMaxLength).default(''),
    accept_terms: z.literal(true, { message: 'validation.terms_required' }),
    declare_source_of_funds: z.literal(true, { message: 'validation.source_of_funds_required' }),
  })
  .strict();

type Issue = { path: string[]; message: string };

/** Rules across fields that need no date: the sponsor, the mailing address, a national ID's back. */
export function applicationFieldIssues(value: {
  applicant_type?: string;
  sponsor_user_id?: string;
  mailing_same_as_residence?: boolean;
  mailing_address?: unknown;
  id_type?: string;
  id_back_document_id?: string | null;
}): Issue[] {
  const issues: Issue[] = [];
  if (value.applicant_type === 'staff' && !value.sponsor_user_id?.trim())
    issues.push({ path: ['sponsor_user_id'], message: 'cards.applications.validation.sponsor_required' });
  if (value.mailing_same_as_residence === false && !value.mailing_address)
    issues.push({ path: ['mailing_address'], message: 'validation.required' });
  if (value.id_type === 'national_id' && !value.id_back_document_id)
    issues.push({ path: ['id_back_document_id'], message: 'cards.applications.validation.id_back_required' });
  return issues;
}

function addIssues(issues: Issue[], context: z.RefinementCtx) {
  for (const issue of issues) context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

export const SubmitCardApplicationRequest = z
  .object({
    ...CardholderStep.shape,
    ...ResidenceStep.shape,
    ...IdStep.shape,
    ...ProofOfAddressStep.shape,
    ...CardStep.shape,
  })
  .strict()
  .superRefine((value, context) => {
    refinePhone(value, context);
    addIssues(applicationFieldIssues(value), context);
  });
export type SubmitCardApplicationRequest = z.input<typeof SubmitCardApplicationRequest>;

/** A valid mobile number in the international form the processor takes (+81312345678). */
export function e164Of(country: string, phone: string): string {
  return parsePhoneNumberFromString(phone, country as never)?.number ?? phone;
}

// ---------------------------------------------------------------------------------------------
// Dates (today from the caller: the server's clock, the browser's)

/** A day plus whole years; 29 February becomes 28 February in a common year. */
/**
 * SPEC.md: an ID with no issue date is taken as issued on the holder's 18th birthday; with no expiry
 * date, as expiring at the birth date plus 55 years. The server stores these; the form shows them.
 */
export function effectiveIdDates(
  dateOfBirth: string,
  issueDate: string | null | undefined,
  expiryDate: string | null | undefined,
): { issue_date: string; expiry_date: string } {
  return {
    issue_date: issueDate || addYears(dateOfBirth, cardApplicationRules.minimumAgeYears),
    expiry_date: expiryDate || addYears(dateOfBirth, cardApplicationRules.defaultIdValidityYears),
  };
}

const isDay = (value: unknown): value is string => typeof value === 'string' && CalendarDay.safeParse(value).success;

/**
 * The rules that depend on today: the applicant is 18 or older (and born within 120 years), the ID
 * was issued after birth and not in the future and has not expired (with SPEC.md's defaults for its
 * missing dates), the proof of address is dated within the last 90 days and not in the future.
 * Fields absent from `value` are not checked (a step of the form checks its own).
 */
export function applicationDateIssues(
  value: {
    date_of_birth?: string;
    id_issue_date?: string | null;
    id_expiry_date?: string | null;
    proof_of_address_issue_date?: string;
  },
  today: string,
): Issue[] {
  const issues: Issue[] = [];
  const birth = value.date_of_birth;
  if (isDay(birth)) {
    if (addYears(birth, cardApplicationRules.minimumAgeYears) > today)
      issues.push({ path: ['date_of_birth'], message: 'cards.applications.validation.under_18' });
    else if (addYears(birth, cardApplicationRules.oldestApplicantYears) < today)
      issues.push({ path: ['date_of_birth'], message: 'cards.applications.validation.birth_date_implausible' });
    const issueDate = isDay(value.id_issue_date) ? value.id_issue_date : null;
    const expiryDate = isDay(value.id_expiry_date) ? value.id_expiry_date : null;
    const effective = effectiveIdDates(birth, issueDate, expiryDate);
    if (issueDate && (issueDate > today || issueDate < birth))
      issues.push({ path: ['id_issue_date'], message: 'cards.applications.validation.id_issue_date' });
    if (expiryDate && expiryDate <= effective.issue_date)
      issues.push({ path: ['id_expiry_date'], message: 'cards.applications.validation.id_expiry_before_issue' });
    else if (effective.expiry_date <= today)
      issues.push({
        path: ['id_expiry_date'],
        message: expiryDate
          ? 'cards.applications.validation.id_expired'
          : 'cards.applications.validation.id_default_expired',
      });
  }
  const proofDate = value.proof_of_address_issue_date;
  if (isDay(proofDate)) {
    if (proofDate > today)
      issues.push({ path: ['proof_of_address_issue_date'], message: 'cards.applications.validation.date_in_future' });
    else if (proofDate < addDays(today, -cardApplicationRules.proofOfAddressMaxAgeDays))
      issues.push({ path: ['proof_of_address_issue_date'], message: 'validation.proof_of_address_age' });
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------
// What the screens read

export const CardholderDetails = z.object({
  title: CardholderTitle,
  first_name: z.string(),
  last_name: z.string(),
  gender: Gender,
  date_of_birth: z.string(),
  username: z.string(),
  email: z.string(),
  phone_country: z.string(),
  phone: z.string(),
  applicant_type: ApplicantType,
  sponsor_name: z.string(),
  residence_address: PostalAddress,
  mailing_address: PostalAddress,
  mailing_same_as_residence: z.boolean(),
  id_type: IdType,
  id_number: z.string(),
  id_issuing_country: z.string(),
  id_language: DocumentLanguage,
  /** As given, or SPEC.md's default (stored): `id_issue_date_defaulted` says which. */
  id_issue_date: z.string(),
  id_expiry_date: z.string(),
  id_issue_date_defaulted: z.boolean(),
  id_expiry_date_defaulted: z.boolean(),
  proof_of_address_type: ProofOfAddressType,
  proof_of_address_issuer: z.string(),
  proof_of_address_language: DocumentLanguage,
  proof_of_address_issue_date: z.string(),
  notes: z.string(),
  /** Enrolment for a programme card only: no card of its own (absent in applications before it existed). */
  is_programme_enrolment: z.boolean().default(false),
});
export type CardholderDetails = z.infer<typeof CardholderDetails>;

export const CardholderDocuments = z.object({
  id_front: DocumentRef.nullable(),
  id_back: DocumentRef.nullable(),
  proof_of_address_front: DocumentRef.nullable(),
  proof_of_address_back: DocumentRef.nullable(),
});
export type CardholderDocuments = z.infer<typeof CardholderDocuments>;

/** The card an approved application ordered, as the application shows it. */
export const ApplicationCard = z.object({
  card_id: z.string(),
  last4: z.string(),
  status: CardStatus,
  operation_stage: CardOperationStage,
});

export const CardApplication = z.object({
  application_id: z.string(),
  /** pending, approved, processing (its card is in KYC processing at the processor) or rejected. */
  status: CardApplicationStatus,
  applicant_name: z.string(),
  applicant_type: ApplicantType,
  email: z.string(),
  level: CardLevel,
  network: CardNetwork,
  name_on_card: z.string(),
  funding_asset: CardFundingAsset,
  /** For a programme card: the cardholder enrolled, no card ordered, no card cost. */
  is_programme_enrolment: z.boolean(),
  /** USD; and what the company's stable coin paid (held until the decision). */
  card_cost: z.string(),
  debit_amount: z.string(),
  rejection_reason: z.string().nullable(),
  submitted_by_name: z.string(),
  card: ApplicationCard.nullable(),
  cardholder_id: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type CardApplication = z.infer<typeof CardApplication>;

export const StaffCardApplication = CardApplication.extend({
  company_id: z.string(),
  company_name: z.string(),
  decided_by_name: z.string().nullable(),
  details: CardholderDetails,
  documents: CardholderDocuments,
});
export type StaffCardApplication = z.infer<typeof StaffCardApplication>;

export const LevelFees = z.object({
  level: CardLevel,
  /** The base card price (fee `card_cost`), charged at application. */
  card_cost: z.string(),
  fees: z.array(CardFee),
});
export type LevelFees = z.infer<typeof LevelFees>;

export const CardApplyConfig = z.object({
  levels: z.array(LevelFees),
  networks: z.array(CardNetwork),
  funding_assets: z.array(CardFundingAsset),
  /** The company's available balance of each funding asset. */
  balances: z.array(z.object({ asset: CardFundingAsset, available: z.string() })),
  /** The company's active directors and partners: who may sponsor a staff member's card. */
  sponsors: z.array(z.object({ user_id: z.string(), name: z.string(), company_role: z.enum(['director', 'partner']) })),
});
export type CardApplyConfig = z.infer<typeof CardApplyConfig>;

// ---------------------------------------------------------------------------------------------
// The application's calls

const ApplicationId = identifierText(64);
const CardholderId = identifierText(64);

export const getCardApplyConfig = defineCall({
  path: '/api/v1/card/applyConfig',
  permission: 'card_management',
  isKycGated: true,
  summary: "Both levels' fee schedules (the card cost first), the networks and the company's stable coin balances",
  request: z.object({}).strict(),
  response: CardApplyConfig,
});

export const verifyCardUsername = defineCall({
  path: '/api/v1/card/verifyUsername',
  errors: processorFailureErrors,
  summary: 'Whether the processor has this cardholder login username free',
  request: z.object({ username: CardUsername }).strict(),
  response: z.object({ username: z.string(), is_available: z.boolean() }),
});

export const sendCardholderCode = defineCall({
  path: '/api/v1/card/sendCode',
  permission: 'card_management',
  isKycGated: true,
  errors: ['rate_limited'],
  summary: "Email a 6-digit code to the cardholder's address, to prove it (the platform's code limits apply)",
  request: z.object({ email: Email }).strict(),
  response: z.object({ resend_after_seconds: z.number().int() }),
});

export const verifyCardholderCode = defineCall({
  path: '/api/v1/card/verifyCode',
  errors: ['verification_code_incorrect'],
  summary: "Check the code sent to the cardholder's email; answers the proof card/audit requires (30 minutes)",
  request: z.object({ email: Email, code: EmailCode }).strict(),
  response: z.object({ email: z.string(), email_proof: z.string(), expires_at: z.string() }),
});

export const CardDocumentPurpose = z.enum(['cardholder_id', 'proof_of_address']);

export const authorizeCardDocument = defineCall({
  path: '/api/v1/card/documentUpload',
  permission: 'card_management',
  isKycGated: true,
  errors: ['illegal_state'],
  summary: 'Authorise the upload of one cardholder document (ID or proof of address) and say where to send it',
  request: AuthorizeUploadRequest.omit({ section: true, kind: true }).extend({ purpose: CardDocumentPurpose }).strict(),
  response: UploadTicket,
});

export const completeCardDocument = defineCall({
  path: '/api/v1/card/documentComplete',
  permission: 'card_management',
  isKycGated: true,
  errors: ['not_found', 'illegal_state'],
  summary: 'Check an uploaded cardholder document by its content and size, and keep it for an application',
  request: z.object({ upload_id: identifierText() }).strict(),
  response: DocumentRef,
});

export const submitCardApplication = defineCall({
  path: '/api/v1/card/audit',
  isIdempotent: true,
  errors: ['insufficient_balance', 'rates_stale', 'verification_code_incorrect', ...processorFailureErrors],
  summary: "Apply for a card: the cardholder's KYC, the card, the declarations; the card cost is held",
  request: SubmitCardApplicationRequest,
  response: CardApplication,
});

export const listCardApplications = defineCall({
  path: '/api/v1/card/applicationList',
  permission: 'card_management',
  isKycGated: true,
  summary: "The company's card applications, newest first",
  request: PageRequest.extend({ status: CardApplicationStatus.optional() }).strict(),
  response: page(CardApplication),
});

// ---------------------------------------------------------------------------------------------
// The back office

export const listCardApplicationsForReview = defineCall({
  path: '/api/v1/admin/cardApplications/list',
  permission: 'card_review',
  summary: 'Card applications of every company: pending oldest first, others newest first',
  request: PageRequest.extend({ status: CardApplicationStatus.default('pending'), ...QueueSearch.shape }).strict(),
  response: page(StaffCardApplication.omit({ details: true, documents: true })),
});

export const getCardApplicationForReview = defineCall({
  path: '/api/v1/admin/cardApplications/get',
  permission: 'card_review',
  errors: ['not_found'],
  summary: "One card application with the cardholder's KYC and documents",
  request: z.object({ application_id: ApplicationId }).strict(),
  response: StaffCardApplication,
});

export const decideCardApplication = defineCall({
  path: '/api/v1/admin/cardApplications/decide',
  permission: 'card_review',
  errors: ['not_found', 'illegal_state', ...processorFailureErrors],
  summary: 'Approve (the card is ordered, the card cost posted) or reject with a reason (the hold is voided)',
  request: z
    .object({
      application_id: ApplicationId,
      decision: z.enum(['approve', 'reject']),
      reason: multiLineText(cardApplicationRules.reasonMaxLength).default(''),
    })
    .strict()
    .superRefine((value, context) => {
      if (value.decision === 'reject' && value.reason.length === 0)
        context.addIssue({ code: 'custom', path: ['reason'], message: 'validation.reason_required' });
    }),
  response: StaffCardApplication,
});

// ---------------------------------------------------------------------------------------------
// Cardholders' KYC at the processor (kycManage)

export const CardholderKycSummary = z.object({
  cardholder_id: z.string(),
  /** The application the cardholder was enrolled from; null for one the bank enrolled directly. */
  application_id: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  applicant_type: ApplicantType,
  /** The processor's member ID: assigned by the processor, shown, never typed. */
  member_id: z.string(),
  kyc_id_status: VerificationDisplay,
  kyc_address_status: VerificationDisplay,
  kyc_message: z.string().nullable(),
  card: ApplicationCard.nullable(),
  updated_at: z.string(),
});
export type CardholderKycSummary = z.infer<typeof CardholderKycSummary>;

export const CardholderKyc = CardholderKycSummary.extend({
  details: CardholderDetails,
  documents: CardholderDocuments,
});
export type CardholderKyc = z.infer<typeof CardholderKyc>;

/** A correction goes to the processor while the caller waits: its failures answer too. */
const kycErrors = ['not_found', 'illegal_state', ...processorFailureErrors] as const;

export const listCardholderKyc = defineCall({
  path: '/api/v1/card/accountKycList',
  summary: "The company's cardholders with their KYC at the processor and their card",
  request: PageRequest.strict(),
  response: page(CardholderKycSummary),
});

export const getCardholderKyc = defineCall({
  path: '/api/v1/card/getCardKyc',
  errors: ['not_found'],
  summary: "One cardholder's KYC details and documents",
  request: z.object({ cardholder_id: CardholderId }).strict(),
  response: CardholderKyc,
});

export const UpdateIdKycRequest = z
  .object({ cardholder_id: CardholderId, ...idShape })
  .strict()
  .superRefine((value, context) => addIssues(applicationFieldIssues(value), context));

export const updateIdKyc = defineCall({
  path: '/api/v1/card/updateIdKycInfo',
  errors: kycErrors,
  summary: "Correct the cardholder's ID (fields and files): sent to the processor, the ID is under review again",
  request: UpdateIdKycRequest,
  response: CardholderKyc,
});

export const UpdateAddressKycRequest = z
  .object({
    cardholder_id: CardholderId,
    residence_address: AddressFields,
    ...proofOfAddressShape,
    documents_in_english: z.literal(true, { message: 'cards.applications.validation.english_required' }),
  })
  .strict();

export const updateAddressKyc = defineCall({
  path: '/api/v1/card/updateAddressKycInfo',
  errors: kycErrors,
  summary: 'Correct the residence address and its proof: sent to the processor, the address is under review again',
  request: UpdateAddressKycRequest,
  response: CardholderKyc,
});

export const UpdateAccountInfoRequest = z
  .object({
    cardholder_id: CardholderId,
    phone_country: PhoneCountry,
    phone: PhoneNumber,
    email: Email,
    /** Required when the email changes: the proof card/verifyCode answered for the new address. */
    email_proof: EmailProof.optional(),
  })
  .strict()
  .superRefine(refinePhone);

export const updateAccountInfo = defineCall({
  path: '/api/v1/card/updateAccountInfo',
  errors: [...kycErrors, 'verification_code_incorrect'],
  summary: "Change the cardholder's mobile or email (a new email needs its code proof)",
  request: UpdateAccountInfoRequest,
  response: CardholderKyc,
});

export const updateMemberInfo = defineCall({
  path: '/api/v1/card/updateMemberInfo',
  errors: kycErrors,
  summary: "Change the cardholder's login username at the processor (checked free there)",
  request: z.object({ cardholder_id: CardholderId, username: CardUsername }).strict(),
  response: CardholderKyc,
});
