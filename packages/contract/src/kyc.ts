/**
 * Company KYC (SPEC.md sections 3, 4, 5 and 7; DECISIONS.md): four sections saved as drafts, then
 * submitted together and reviewed by staff. Each section has a draft schema (every field may be
 * missing, but what is there must be well formed) and a completeness check that names each missing
 * field ('please fill in' / 'Data cannot be empty'); browser and server run the same ones.
 */

import { z } from 'zod';
import { defineCall } from './calls.ts';
import {
  emailMaxLength,
  entityTypes,
  maxOfficers,
  maxShareholders,
  monthlyFrequencyBands,
  monthlyVolumeBands,
  uploadLimits,
} from './constants.ts';
import { CountryCode } from './countries.ts';
import { DocumentRef, KycSection, kycSections } from './documents.ts';
import { PageRequest, page } from './envelope.ts';
import { AssetSchema } from './money.ts';
import { AccountKycStatus, VerificationDisplay } from './states.ts';
import { identifierText, multiLineText, singleLineText } from './text.ts';

/** An empty text or choice counts as missing in a draft. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());
}

const Text = (maxLength: number) => optional(singleLineText(maxLength));
/** Addresses and descriptions are typed in multi-line boxes. */
const LongText = (maxLength: number) => optional(multiLineText(maxLength));
const IsoDate = optional(
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid_format' })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { message: 'validation.invalid_format' }),
);
const Count = (max: number) => optional(z.number().int().min(0).max(max));
const DocumentIds = (max: number) => z.array(identifierText()).max(max).default([]);
const DecimalString = z.string().regex(/^\d{1,15}(\.\d{1,2})?$/, { message: 'validation.invalid_format' });

/** Reports one problem at a field path with a message key. */
export type ReportIssue = (path: (string | number)[], message: string) => void;

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Adds 'please fill in' for every listed field that is missing. */
function requireFields(
  value: Record<string, unknown>,
  fields: readonly string[],
  report: ReportIssue,
  prefix: (string | number)[] = [],
) {
  for (const field of fields) {
    if (isMissing(value[field])) report([...prefix, field], 'validation.required');
  }
}

// Corporate declaration ------------------------------------------------------------------------

export const declarationStatements = [
  'information_accurate',
  'not_sanctioned',
  'no_shell_bank',
  'funds_lawful',
  'notify_changes',
] as const;

export const CorporateDraft = z
  .object({
    declarations: z
      .object(
        Object.fromEntries(declarationStatements.map((key) => [key, z.boolean().default(false)])) as Record<
          (typeof declarationStatements)[number],
          z.ZodDefault<z.ZodBoolean>
        >,
      )
      .default({
        information_accurate: false,
        not_sanctioned: false,
        no_shell_bank: false,
        funds_lawful: false,
        notify_changes: false,
      }),
    director_name: Text(100),
    director_designation: Text(100),
    director_date: IsoDate,
    /** The drawn signature, uploaded as a PNG document of kind `signature`. */
    signature_document_id: optional(identifierText()),
  })
  .strict();
export type CorporateDraft = z.infer<typeof CorporateDraft>;

export function checkCorporateComplete(value: CorporateDraft, report: ReportIssue) {
  for (const statement of declarationStatements) {
    if (!value.declarations[statement]) report(['declarations', statement], 'validation.required');
  }
  requireFields(value, ['director_name', 'director_designation', 'director_date'], report);
  if (isMissing(value.signature_document_id)) report(['signature_document_id'], 'validation.signature_required');
}

// Company information --------------------------------------------------------------------------

export const CompanyDraft = z
  .object({
    company_name: Text(200),
    registered_address: LongText(300),
    country: optional(CountryCode),
    mailing_address: LongText(300),
    telephone: Text(32),
    website: optional(z.url({ message: 'validation.invalid_format', protocol: /^https?$/ }).max(200)),
    registration_number: Text(64),
    registration_country: optional(CountryCode),
    registration_date: IsoDate,
    nature_of_business: LongText(500),
    entity_type: optional(z.enum(entityTypes)),
    entity_type_other: Text(100),
    business_countries: z.array(CountryCode).max(50).default([]),
    employee_count: Count(10_000_000),
    client_count: Count(1_000_000_000),
    top_client_countries: z.array(CountryCode).max(5).default([]),
    annual_turnover_usd: optional(DecimalString),
    source_of_wealth: LongText(500),
    top_currencies: z.array(AssetSchema).max(3).default([]),
    monthly_volume_band: optional(z.enum(monthlyVolumeBands)),
    monthly_frequency_band: optional(z.enum(monthlyFrequencyBands)),
    years_in_operation: Count(500),
    /** The company profile and other company documents. */
    document_ids: DocumentIds(uploadLimits.kycFilesPerSection),
  })
  .strict();
export type CompanyDraft = z.infer<typeof CompanyDraft>;

export const requiredCompanyFields = [
  'company_name',
  'registered_address',
  'country',
  'mailing_address',
  'telephone',
  'registration_number',
  'registration_country',
  'registration_date',
  'nature_of_business',
  'entity_type',
  'employee_count',
  'client_count',
  'annual_turnover_usd',
  'source_of_wealth',
  'monthly_volume_band',
  'monthly_frequency_band',
  'years_in_operation',
] as const;

export function checkCompanyComplete(value: CompanyDraft, report: ReportIssue) {
  requireFields(value, requiredCompanyFields, report);
  if (value.entity_type === 'other') requireFields(value, ['entity_type_other'], report);
  for (const list of ['business_countries', 'top_client_countries', 'top_currencies'] as const) {
    if (value[list].length === 0) report([list], 'validation.data_empty');
  }
  if (value.document_ids.length === 0) report(['document_ids'], 'validation.company_profile_required');
}

// Ownership ------------------------------------------------------------------------------------

const ShareholderDraft = z
  .object({
    name: Text(100),
    ownership_percent: optional(
      z
        .string()
        .regex(/^\d{1,3}(\.\d{1,2})?$/, { message: 'validation.invalid_format' })
        .refine((value) => Number(value) > 0 && Number(value) <= 100, { message: 'validation.ownership_range' }),
    ),
    id_number: Text(64),
    issuing_country: optional(CountryCode),
  })
  .strict();

const OfficerDraft = z.object({ name: Text(100), position: Text(100) }).strict();

export const OwnershipDraft = z
  .object({
    shareholders: z.array(ShareholderDraft).max(maxShareholders).default([]),
    officers: z.array(OfficerDraft).max(maxOfficers).default([]),
  })
  .strict();
export type OwnershipDraft = z.infer<typeof OwnershipDraft>;

/** Sum of ownership in hundredths of a percent: exact, no floating point. */
export function totalOwnershipHundredths(shareholders: OwnershipDraft['shareholders']): number {
  return shareholders.reduce((sum, shareholder) => {
    if (!shareholder.ownership_percent) return sum;
    const [whole = '0', fraction = ''] = shareholder.ownership_percent.split('.');
    return sum + Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  }, 0);
}

export function checkOwnershipComplete(value: OwnershipDraft, report: ReportIssue) {
  if (value.shareholders.length === 0) report(['shareholders'], 'validation.shareholder_required');
  value.shareholders.forEach((shareholder, index) => {
    requireFields(shareholder, ['name', 'ownership_percent', 'id_number', 'issuing_country'], report, [
      'shareholders',
      index,
    ]);
  });
  value.officers.forEach((officer, index) => {
    requireFields(officer, ['name', 'position'], report, ['officers', index]);
  });
}

/** Holds for drafts too: ownership above 100% in total is never stored. */
export function checkOwnershipTotal(value: OwnershipDraft, report: ReportIssue) {
  if (totalOwnershipHundredths(value.shareholders) > 100_00) report(['shareholders'], 'validation.ownership_total');
}

// Trading authorisation ------------------------------------------------------------------------

const AuthorisedPersonDraft = z
  .object({
    name: Text(100),
    position: Text(100),
    email: optional(z.email({ message: 'validation.email_invalid' }).max(emailMaxLength)),
    /** Specimen signature, drawn and uploaded as a document of kind `signature`. */
    signature_document_id: optional(identifierText()),
  })
  .strict();

export const TradingDraft = z
  .object({
    authorised_persons: z.array(AuthorisedPersonDraft).max(maxShareholders).default([]),
    /** The signed trading authorisation form. */
    document_ids: DocumentIds(uploadLimits.kycFilesPerSection),
  })
  .strict();
export type TradingDraft = z.infer<typeof TradingDraft>;

export function checkTradingComplete(value: TradingDraft, report: ReportIssue) {
  if (value.authorised_persons.length === 0) report(['authorised_persons'], 'validation.data_empty');
  value.authorised_persons.forEach((person, index) => {
    requireFields(person, ['name', 'position', 'email'], report, ['authorised_persons', index]);
    if (isMissing(person.signature_document_id))
      report(['authorised_persons', index, 'signature_document_id'], 'validation.signature_required');
  });
  if (value.document_ids.length === 0) report(['document_ids'], 'validation.data_empty');
}

// The calls --------------------------------------------------------------------------------------

/**
 * A section save: `complete: false` keeps a draft (only the format of what is there is checked);
 * `complete: true` also checks that nothing is missing and marks the section complete.
 */
function sectionSave<T extends z.ZodObject>(
  draft: T,
  checkComplete: (value: z.infer<T>, report: ReportIssue) => void,
  alwaysCheck?: (value: z.infer<T>, report: ReportIssue) => void,
) {
  return z
    .object({ complete: z.boolean(), data: draft })
    .strict()
    .superRefine((value, context) => {
      const data = (value as { data: z.infer<T> }).data;
      const report: ReportIssue = (path, message) =>
        context.addIssue({ code: 'custom', path: ['data', ...path], message });
      alwaysCheck?.(data, report);
      if (value.complete) checkComplete(data, report);
    });
}

export const SaveCorporateRequest = sectionSave(CorporateDraft, checkCorporateComplete);
export const SaveCompanyRequest = sectionSave(CompanyDraft, checkCompanyComplete);
export const SaveOwnershipRequest = sectionSave(OwnershipDraft, checkOwnershipComplete, checkOwnershipTotal);
export const SaveTradingRequest = sectionSave(TradingDraft, checkTradingComplete);

const SectionState = z.object({
  status: VerificationDisplay,
  is_complete: z.boolean(),
  updated_at: z.string().nullable(),
});

/**
 * A round's decision: `rejected` and `returned` let the company correct and submit again;
 * `refused` is the final refusal (the company's KYC becomes `kyc_rejected`).
 */
export const kycRoundDecisions = ['approved', 'rejected', 'returned', 'refused'] as const;

const KycRound = z.object({
  round: z.number().int(),
  submitted_at: z.string(),
  decision: z.enum(kycRoundDecisions).nullable(),
  reason: z.string().nullable(),
  decided_at: z.string().nullable(),
});

export const KycInfo = z.object({
  status: AccountKycStatus,
  /** Set when staff rejected, returned or finally refused the last submission. */
  refusal_reason: z.string().nullable(),
  is_editable: z.boolean(),
  sections: z.object({
    corporate: SectionState.extend({ data: CorporateDraft.nullable() }),
    company: SectionState.extend({ data: CompanyDraft.nullable() }),
    shareholder: SectionState.extend({ data: OwnershipDraft.nullable() }),
    trading: SectionState.extend({ data: TradingDraft.nullable() }),
  }),
  /** Every document the sections refer to. */
  documents: z.array(DocumentRef.extend({ section: KycSection })),
  history: z.array(KycRound),
});
export type KycInfo = z.infer<typeof KycInfo>;

export const getKycInfo = defineCall({
  path: '/api/v1/account/kyc/getKycInfo',
  summary: "The company's KYC: every section (drafts included), documents, status and history",
  request: z.object({}).strict(),
  response: KycInfo,
});

export const saveCorporate = defineCall({
  path: '/api/v1/account/kyc/corporate',
  errors: ['illegal_state'],
  summary: 'Save the corporate declaration',
  request: SaveCorporateRequest,
  response: SectionState,
});
export const saveCompany = defineCall({
  path: '/api/v1/account/kyc/company',
  errors: ['illegal_state'],
  summary: 'Save the company information',
  request: SaveCompanyRequest,
  response: SectionState,
});
export const saveOwnership = defineCall({
  path: '/api/v1/account/kyc/shareholder',
  errors: ['illegal_state'],
  summary: 'Save shareholders and officers',
  request: SaveOwnershipRequest,
  response: SectionState,
});
export const saveTrading = defineCall({
  path: '/api/v1/account/kyc/trading',
  errors: ['illegal_state'],
  summary: 'Save the trading authorisation',
  request: SaveTradingRequest,
  response: SectionState,
});

export const submitKyc = defineCall({
  path: '/api/v1/account/kyc/submit',
  errors: ['illegal_state'],
  summary: 'Submit the four sections for review; they become read-only',
  request: z.object({}).strict(),
  response: z.object({ status: AccountKycStatus }),
});

// Back office ------------------------------------------------------------------------------------

/**
 * What a reviewer may decide on a submission under review (SPEC.md section 4, account KYC):
 * approve (`kyc_approved`); reject with a reason, the company may correct and submit again
 * (`rejected`); return for changes with a reason (`pending_resubmission`); refuse finally with a
 * reason, the company cannot submit again (`kyc_rejected`).
 */
export const kycReviewDecisions = ['approve', 'reject', 'return', 'refuse'] as const;

const KycQueueItem = z.object({
  company_id: z.string(),
  company_name: z.string().nullable(),
  applicant_email: z.string(),
  status: AccountKycStatus,
  round: z.number().int(),
  submitted_at: z.string().nullable(),
});

export const listKycReviews = defineCall({
  path: '/api/v1/admin/kyc/list',
  permission: 'kyc_review',
  summary: 'Back office: companies by KYC status, date and name',
  request: PageRequest.extend({
    status: AccountKycStatus.optional(),
    submitted_from: z.string().date().optional(),
    submitted_to: z.string().date().optional(),
    search: singleLineText(100).optional(),
  }).strict(),
  response: page(KycQueueItem),
});

export const getKycReview = defineCall({
  path: '/api/v1/admin/kyc/get',
  errors: ['not_found'],
  permission: 'kyc_review',
  summary: "Back office: one company's KYC with every section and document",
  request: z.object({ company_id: identifierText() }).strict(),
  response: KycInfo.extend({
    company_id: z.string(),
    company_name: z.string().nullable(),
    applicant_email: z.string(),
  }),
});

export const decideKyc = defineCall({
  path: '/api/v1/admin/kyc/decide',
  errors: ['not_found', 'illegal_state'],
  permission: 'kyc_review',
  summary:
    'Back office: approve, reject with a reason, return for resubmission with a reason, or refuse finally with a reason',
  request: z
    .object({
      company_id: identifierText(),
      decision: z.enum(kycReviewDecisions),
      reason: multiLineText(1000).optional(),
      /**
       * With a rejection or a return: the sections the client must correct, shown to them as
       * failed while the others stay accepted. None named: every section is to be reviewed again.
       * Ignored with an approval or a final refusal (nothing is to be corrected).
       */
      sections_to_fix: z.array(KycSection).max(kycSections.length).optional(),
    })
    .strict()
    .superRefine((value, context) => {
      if (value.decision !== 'approve' && !value.reason)
        context.addIssue({ code: 'custom', path: ['reason'], message: 'validation.reason_required' });
    }),
  response: z.object({ status: AccountKycStatus }),
});
