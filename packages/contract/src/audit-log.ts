/**
 * The audit log: who did what, when and from where (the server's platform/audit.ts writes it; the
 * account module reads it). A company's administrator reads and downloads their company's entries;
 * the bank's staff read every company's, or one company's. Both filter by who, by category, and by
 * days of the reader's time zone (decision 16), and download what they filter as PDF, CSV or XLSX.
 *
 * An action is named `<domain>.<fact>` (payee.added, login.failed); its category follows from its
 * domain, written once below: a new domain's actions join a category with one line, and a domain
 * not named is `other`.
 */
import { z } from 'zod';
import { defineCall } from './calls.ts';
import { emailMaxLength } from './constants.ts';
import { PageRequest, page } from './envelope.ts';
import { identifierText, singleLineText } from './text.ts';
import { ExportFormat, statementMaxDays, TimeZoneName } from './transaction.ts';

export const auditCategories = [
  'payees',
  'payouts',
  'cards',
  'team',
  'api_keys',
  'settings',
  'security',
  'other',
] as const;
export const AuditCategory = z.enum(auditCategories);
export type AuditCategory = z.infer<typeof AuditCategory>;

/** Each action domain's category; a domain not named here is `other` (deposits, FX, KYC, downloads...). */
const categoryOfDomain: Readonly<Record<string, Exclude<AuditCategory, 'other'>>> = {
  payee: 'payees',
  payout_address: 'payees',
  payout: 'payouts',
  payout_batch: 'payouts',
  card: 'cards',
  card_application: 'cards',
  cardholder: 'cards',
  programme: 'cards',
  programme_order: 'cards',
  programme_contract: 'cards',
  team: 'team',
  api_key: 'api_keys',
  webhooks: 'settings',
  payout_policy: 'settings',
  profile: 'settings',
  account: 'security',
  login: 'security',
  password: 'security',
  authenticator: 'security',
  passkey: 'security',
  recovery_code: 'security',
  recovery_codes: 'security',
  session: 'security',
  step_up: 'security',
  // A refused step-up is recorded as `step_up_failed`, without a dot.
  step_up_failed: 'security',
};

/** The part of an action before its first dot: `payout_address.added` is of `payout_address`. */
function auditDomainOf(action: string): string {
  const dot = action.indexOf('.');
  return dot === -1 ? action : action.slice(0, dot);
}

export function auditCategoryOf(action: string): AuditCategory {
  const domain = auditDomainOf(action);
  return Object.hasOwn(categoryOfDomain, domain) ? (categoryOfDomain[domain] ?? 'other') : 'other';
}

/** The domains of a category (for `other`, every domain named above, which it excludes). */
export function auditDomainsOf(category: AuditCategory): { domains: string[]; isExcluded: boolean } {
  const named = Object.keys(categoryOfDomain);
  if (category === 'other') return { domains: named, isExcluded: true };
  return { domains: named.filter((domain) => categoryOfDomain[domain] === category), isExcluded: false };
}

export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  actor_email: z.string().nullable(),
  company_id: z.string().nullable(),
  /** The company's name as it is now (null before its KYC names it). */
  company_name: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

const dateText = z.string().date();

/** What a reader filters the log by: who, what, and inclusive days of `time_zone` (UTC when absent). */
export const AuditFilter = z
  .object({
    /** The email of the user who acted. */
    actor_email: singleLineText(emailMaxLength).optional(),
    category: AuditCategory.optional(),
    from: dateText.optional(),
    to: dateText.optional(),
    time_zone: TimeZoneName.optional(),
  })
  .strict();
export type AuditFilter = z.infer<typeof AuditFilter>;

function checkPeriod(value: { from?: string | undefined; to?: string | undefined }, context: z.RefinementCtx) {
  if (value.from && value.to && value.from > value.to)
    context.addIssue({ code: 'custom', path: ['to'], message: 'validation.period_order' });
}

/** A download's period is required, at most a year, as every record's is. */
function checkDownloadPeriod(value: { from: string; to: string }, context: z.RefinementCtx) {
  checkPeriod(value, context);
  if (value.from <= value.to && (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 >= statementMaxDays)
    context.addIssue({ code: 'custom', path: ['to'], message: 'validation.period_too_long' });
}

const DownloadFields = z.object({ format: ExportFormat, from: dateText, to: dateText });

/** The staff's choice of one company. */
const CompanyChoice = z.object({ company_id: identifierText(64).optional() });

// Clients -----------------------------------------------------------------------------------------

export const listCompanyAuditLog = defineCall({
  path: '/api/v1/audit/list',
  permission: 'company_audit_log',
  summary: "The company's audit log, newest first: who did what, when and from where (the administrator only)",
  request: PageRequest.extend(AuditFilter.shape).strict().superRefine(checkPeriod),
  response: page(AuditEntry),
});

export const downloadCompanyAuditLog = defineCall({
  path: '/api/v1/audit/download',
  permission: 'company_audit_log',
  isFile: true,
  summary: "The company's audit log of a period, filtered as the list is, as a PDF, CSV or XLSX file (audited)",
  request: AuditFilter.extend(DownloadFields.shape).strict().superRefine(checkDownloadPeriod),
  response: z.null(),
});

// Back office -------------------------------------------------------------------------------------

export const listAuditLog = defineCall({
  path: '/api/v1/admin/audit/list',
  permission: 'audit_log',
  summary: "Back office: the audit log, newest first, of every company or one company's",
  request: PageRequest.extend({ ...AuditFilter.shape, ...CompanyChoice.shape, action: singleLineText(64).optional() })
    .strict()
    .superRefine(checkPeriod),
  response: page(AuditEntry),
});

export const downloadAuditLog = defineCall({
  path: '/api/v1/admin/audit/download',
  permission: 'audit_log',
  isFile: true,
  errors: ['not_found'],
  summary: "Back office: one company's audit log of a period, filtered as the list is, as a file (audited)",
  request: AuditFilter.extend({ ...DownloadFields.shape, company_id: identifierText(64) })
    .strict()
    .superRefine(checkDownloadPeriod),
  response: z.null(),
});

/** A client company: its name (null until its KYC gives one) and its administrator's email. */
const AuditCompany = z.object({ company_id: z.string(), name: z.string().nullable(), administrator_email: z.string() });

export const listAuditCompanies = defineCall({
  path: '/api/v1/admin/audit/companies',
  permission: 'audit_log',
  summary: "Back office: client companies by name or administrator's email, for choosing whose audit log to read",
  request: z
    .object({
      search: singleLineText(100).optional(),
      /** A company to answer whatever the search (the one chosen, to show its name). */
      company_id: identifierText(64).optional(),
    })
    .strict(),
  response: z.object({ items: z.array(AuditCompany) }),
});
