/**
 * Every rule and message of the KYC contract (packages/contract/src/kyc.ts), enforced by the server
 * through the real calls: each row sends a body and expects the field named by its request path to
 * carry the rule's message, translated into the caller's language.
 */
import type { Language } from '@bank/contract/constants';
import { errorCatalogue } from '@bank/contract/errors';
import { declarationStatements, requiredCompanyFields } from '@bank/contract/kyc';
import { type TranslationParams, translate } from '@bank/i18n/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfFile, pngFile } from '../../adapters/storage/test-documents.ts';
import { call } from '../../platform/test-support.ts';
import {
  type Client,
  companyData,
  corporateData,
  createKycTestApp,
  type KycTestApp,
  newClient,
  newStaff,
  ownershipData,
  sectionPaths,
  tradingData,
  uploadDocument,
} from './test-support.ts';

let test: KycTestApp;
let client: Client;
let reviewerSession: Awaited<ReturnType<typeof newStaff>>;
const ids = { signature: '', tradingSignature: '', profile: '', form: '' };

beforeAll(async () => {
  test = await createKycTestApp();
  client = await newClient(test);
  reviewerSession = await newStaff(test, 'compliance_officer');
  ids.signature = await uploadDocument(test, client.session, pngFile(), { section: 'corporate', kind: 'signature' });
  ids.tradingSignature = await uploadDocument(test, client.session, pngFile(), {
    section: 'trading',
    kind: 'signature',
  });
  ids.profile = await uploadDocument(test, client.session, pdfFile(), { section: 'company' });
  ids.form = await uploadDocument(test, client.session, pdfFile(), { section: 'trading' });
});

afterAll(async () => {
  await test?.close();
});

type Row = {
  rule: string;
  path: string;
  body: () => unknown;
  field: string;
  key: string;
  params?: TranslationParams;
  /** Calls made by staff (the back office). */
  isStaff?: boolean;
};

const completeCorporate = () => corporateData(ids.signature);
const completeCompany = () => companyData([ids.profile]);
const completeTrading = () => tradingData(ids.tradingSignature, [ids.form]);
const save = (_section: keyof typeof sectionPaths, data: unknown, complete = true) => ({ complete, data });
const without = <T extends Record<string, unknown>>(value: T, key: string) => {
  const copy: Record<string, unknown> = { ...value };
  delete copy[key];
  return copy;
};

const rows: Row[] = [
  // Corporate declaration
  ...declarationStatements.map(
    (statement): Row => ({
      rule: `declaration ${statement} must be confirmed`,
      path: sectionPaths.corporate,
      body: () =>
        save('corporate', {
          ...completeCorporate(),
          declarations: { ...completeCorporate().declarations, [statement]: false },
        }),
      field: `data.declarations.${statement}`,
      key: 'validation.required',
    }),
  ),
  ...(['director_name', 'director_designation', 'director_date'] as const).map(
    (field): Row => ({
      rule: `${field} is required`,
      path: sectionPaths.corporate,
      body: () => save('corporate', without(completeCorporate(), field)),
      field: `data.${field}`,
      key: 'validation.required',
    }),
  ),
  {
    rule: "an empty text counts as missing ('please fill in')",
    path: sectionPaths.corporate,
    body: () => save('corporate', { ...completeCorporate(), director_name: '' }),
    field: 'data.director_name',
    key: 'validation.required',
  },
  {
    rule: "a signature is required ('Please sign before submitting')",
    path: sectionPaths.corporate,
    body: () => save('corporate', without(completeCorporate(), 'signature_document_id')),
    field: 'data.signature_document_id',
    key: 'validation.signature_required',
  },
  {
    rule: 'the director date is a real date, even in a draft',
    path: sectionPaths.corporate,
    body: () => save('corporate', { director_date: '2026-02-30x' }, false),
    field: 'data.director_date',
    key: 'validation.invalid_format',
  },
  {
    rule: 'the director date is in ISO form',
    path: sectionPaths.corporate,
    body: () => save('corporate', { director_date: '15/01/2026' }, false),
    field: 'data.director_date',
    key: 'validation.invalid_format',
  },
  {
    rule: 'names are at most 100 characters',
    path: sectionPaths.corporate,
    body: () => save('corporate', { director_name: 'A'.repeat(101) }, false),
    field: 'data.director_name',
    key: 'validation.too_long',
    params: { max: 100 },
  },
  {
    rule: 'no unknown field in a draft',
    path: sectionPaths.corporate,
    body: () => save('corporate', { favourite_colour: 'blue' }, false),
    field: 'data.favourite_colour',
    key: 'validation.unknown_field',
  },
  {
    rule: 'the signature is a document of the company (server)',
    path: sectionPaths.corporate,
    body: () =>
      save('corporate', { ...completeCorporate(), signature_document_id: '0190c9d2-7f00-7000-8000-000000000001' }),
    field: 'data.signature_document_id',
    key: 'kyc_email.messages.document_unknown',
  },
  {
    rule: 'the signature is of kind signature (server)',
    path: sectionPaths.corporate,
    body: () => save('corporate', { ...completeCorporate(), signature_document_id: ids.profile }),
    field: 'data.signature_document_id',
    key: 'kyc_email.messages.document_unknown',
  },
  {
    rule: 'the body says whether the section is complete',
    path: sectionPaths.corporate,
    body: () => ({ data: completeCorporate() }),
    field: 'complete',
    key: 'validation.required',
  },

  // Company information
  ...requiredCompanyFields.map(
    (field): Row => ({
      rule: `${field} is required`,
      path: sectionPaths.company,
      body: () => save('company', without(completeCompany(), field)),
      field: `data.${field}`,
      key: 'validation.required',
    }),
  ),
  {
    rule: "entity type 'other' needs its description",
    path: sectionPaths.company,
    body: () => save('company', { ...completeCompany(), entity_type: 'other' }),
    field: 'data.entity_type_other',
    key: 'validation.required',
  },
  ...(['business_countries', 'top_client_countries', 'top_currencies'] as const).map(
    (field): Row => ({
      rule: `${field} must not be empty ('Data cannot be empty')`,
      path: sectionPaths.company,
      body: () => save('company', { ...completeCompany(), [field]: [] }),
      field: `data.${field}`,
      key: 'validation.data_empty',
    }),
  ),
  {
    rule: "a company profile is required ('Must upload a company profile')",
    path: sectionPaths.company,
    body: () => save('company', { ...completeCompany(), document_ids: [] }),
    field: 'data.document_ids',
    key: 'validation.company_profile_required',
  },
  {
    rule: 'countries come from the ISO 3166 list',
    path: sectionPaths.company,
    body: () => save('company', { country: 'XX' }, false),
    field: 'data.country',
    key: 'validation.invalid_choice',
  },
  {
    rule: 'a listed country is checked too',
    path: sectionPaths.company,
    body: () => save('company', { business_countries: ['GB', 'ZZ'] }, false),
    field: 'data.business_countries.1',
    key: 'validation.invalid_choice',
  },
  {
    rule: 'the website is an http(s) URL',
    path: sectionPaths.company,
    body: () => save('company', { website: 'ftp://engines.example.com' }, false),
    field: 'data.website',
    key: 'validation.invalid_format',
  },
  {
    rule: 'the entity type is one of the list',
    path: sectionPaths.company,
    body: () => save('company', { entity_type: 'trust' }, false),
    field: 'data.entity_type',
    key: 'validation.invalid_choice',
  },
  {
    rule: 'the monthly volume is one of the bands',
    path: sectionPaths.company,
    body: () => save('company', { monthly_volume_band: 'a_lot' }, false),
    field: 'data.monthly_volume_band',
    key: 'validation.invalid_choice',
  },
  {
    rule: 'the monthly frequency is one of the bands',
    path: sectionPaths.company,
    body: () => save('company', { monthly_frequency_band: 'daily' }, false),
    field: 'data.monthly_frequency_band',
    key: 'validation.invalid_choice',
  },
  {
    rule: 'currencies are those of section 9',
    path: sectionPaths.company,
    body: () => save('company', { top_currencies: ['DOGE'] }, false),
    field: 'data.top_currencies.0',
    key: 'validation.invalid_choice',
  },
  {
    rule: 'at most 3 currencies',
    path: sectionPaths.company,
    body: () => save('company', { top_currencies: ['USD', 'GBP', 'SGD', 'HKD'] }, false),
    field: 'data.top_currencies',
    key: 'validation.too_many',
    params: { max: 3 },
  },
  {
    rule: 'at most 5 client countries',
    path: sectionPaths.company,
    body: () => save('company', { top_client_countries: ['GB', 'FR', 'DE', 'JP', 'SG', 'HK'] }, false),
    field: 'data.top_client_countries',
    key: 'validation.too_many',
    params: { max: 5 },
  },
  {
    rule: 'the turnover is a decimal string with at most 2 decimals',
    path: sectionPaths.company,
    body: () => save('company', { annual_turnover_usd: '1500000.125' }, false),
    field: 'data.annual_turnover_usd',
    key: 'validation.invalid_format',
  },
  {
    rule: 'counts are not negative',
    path: sectionPaths.company,
    body: () => save('company', { employee_count: -1 }, false),
    field: 'data.employee_count',
    key: 'validation.too_small',
    params: { min: 0 },
  },
  {
    rule: 'years in operation are at most 500',
    path: sectionPaths.company,
    body: () => save('company', { years_in_operation: 501 }, false),
    field: 'data.years_in_operation',
    key: 'validation.too_big',
    params: { max: 500 },
  },
  {
    rule: 'at most 10 documents',
    path: sectionPaths.company,
    body: () => save('company', { document_ids: Array.from({ length: 11 }, () => ids.profile) }, false),
    field: 'data.document_ids',
    key: 'validation.too_many',
    params: { max: 10 },
  },
  {
    rule: 'a company document is one of the company section (server)',
    path: sectionPaths.company,
    body: () => save('company', { document_ids: [ids.form] }, false),
    field: 'data.document_ids.0',
    key: 'kyc_email.messages.document_unknown',
  },

  // Ownership
  {
    rule: "a shareholder is required ('The information of a shareholder must be added')",
    path: sectionPaths.shareholder,
    body: () => save('shareholder', { shareholders: [], officers: [] }),
    field: 'data.shareholders',
    key: 'validation.shareholder_required',
  },
  ...(['name', 'ownership_percent', 'id_number', 'issuing_country'] as const).map(
    (field): Row => ({
      rule: `a shareholder's ${field} is required`,
      path: sectionPaths.shareholder,
      body: () => {
        const data = ownershipData();
        return save('shareholder', {
          ...data,
          shareholders: [data.shareholders[0], without(data.shareholders[1] ?? {}, field)],
        });
      },
      field: `data.shareholders.1.${field}`,
      key: 'validation.required',
    }),
  ),
  ...(['name', 'position'] as const).map(
    (field): Row => ({
      rule: `an officer's ${field} is required`,
      path: sectionPaths.shareholder,
      body: () => save('shareholder', { ...ownershipData(), officers: [{ name: 'A', position: 'B', [field]: '' }] }),
      field: `data.officers.0.${field}`,
      key: 'validation.required',
    }),
  ),
  {
    rule: 'ownership is more than 0%',
    path: sectionPaths.shareholder,
    body: () => save('shareholder', { shareholders: [{ ownership_percent: '0' }] }, false),
    field: 'data.shareholders.0.ownership_percent',
    key: 'validation.ownership_range',
  },
  {
    rule: 'ownership is at most 100%',
    path: sectionPaths.shareholder,
    body: () => save('shareholder', { shareholders: [{ ownership_percent: '100.01' }] }, false),
    field: 'data.shareholders.0.ownership_percent',
    key: 'validation.ownership_range',
  },
  {
    rule: 'ownership is a percentage with at most 2 decimals',
    path: sectionPaths.shareholder,
    body: () => save('shareholder', { shareholders: [{ ownership_percent: '12.345' }] }, false),
    field: 'data.shareholders.0.ownership_percent',
    key: 'validation.invalid_format',
  },
  {
    rule: 'ownership above 100% in total is refused, even in a draft',
    path: sectionPaths.shareholder,
    body: () =>
      save('shareholder', { shareholders: [{ ownership_percent: '60' }, { ownership_percent: '40.01' }] }, false),
    field: 'data.shareholders',
    key: 'validation.ownership_total',
  },
  {
    rule: 'at most 5 shareholders',
    path: sectionPaths.shareholder,
    body: () => save('shareholder', { shareholders: Array.from({ length: 6 }, () => ({ name: 'A' })) }, false),
    field: 'data.shareholders',
    key: 'validation.too_many',
    params: { max: 5 },
  },
  {
    rule: 'at most 5 officers',
    path: sectionPaths.shareholder,
    body: () => save('shareholder', { officers: Array.from({ length: 6 }, () => ({ name: 'A' })) }, false),
    field: 'data.officers',
    key: 'validation.too_many',
    params: { max: 5 },
  },
  {
    rule: 'the issuing country is an ISO 3166 code',
    path: sectionPaths.shareholder,
    body: () => save('shareholder', { shareholders: [{ issuing_country: 'Atlantis' }] }, false),
    field: 'data.shareholders.0.issuing_country',
    key: 'validation.invalid_choice',
  },

  // Trading authorisation
  {
    rule: "an authorised person is required ('Data cannot be empty')",
    path: sectionPaths.trading,
    body: () => save('trading', { ...completeTrading(), authorised_persons: [] }),
    field: 'data.authorised_persons',
    key: 'validation.data_empty',
  },
  ...(['name', 'position', 'email'] as const).map(
    (field): Row => ({
      rule: `an authorised person's ${field} is required`,
      path: sectionPaths.trading,
      body: () => {
        const data = completeTrading();
        return save('trading', { ...data, authorised_persons: [without(data.authorised_persons[0] ?? {}, field)] });
      },
      field: `data.authorised_persons.0.${field}`,
      key: 'validation.required',
    }),
  ),
  {
    rule: "an authorised person's specimen signature is required",
    path: sectionPaths.trading,
    body: () => {
      const data = completeTrading();
      return save('trading', {
        ...data,
        authorised_persons: [without(data.authorised_persons[0] ?? {}, 'signature_document_id')],
      });
    },
    field: 'data.authorised_persons.0.signature_document_id',
    key: 'validation.signature_required',
  },
  {
    rule: 'the email is valid',
    path: sectionPaths.trading,
    body: () => save('trading', { authorised_persons: [{ email: 'not-an-email' }] }, false),
    field: 'data.authorised_persons.0.email',
    key: 'validation.email_invalid',
  },
  {
    rule: 'the authorisation form is required',
    path: sectionPaths.trading,
    body: () => save('trading', { ...completeTrading(), document_ids: [] }),
    field: 'data.document_ids',
    key: 'validation.data_empty',
  },
  {
    rule: 'at most 5 authorised persons',
    path: sectionPaths.trading,
    body: () => save('trading', { authorised_persons: Array.from({ length: 6 }, () => ({ name: 'A' })) }, false),
    field: 'data.authorised_persons',
    key: 'validation.too_many',
    params: { max: 5 },
  },
  {
    rule: 'a specimen signature is a signature of the trading section (server)',
    path: sectionPaths.trading,
    body: () => save('trading', { authorised_persons: [{ signature_document_id: ids.signature }] }, false),
    field: 'data.authorised_persons.0.signature_document_id',
    key: 'kyc_email.messages.document_unknown',
  },

  // Back office
  ...(['reject', 'return'] as const).map(
    (decision): Row => ({
      rule: `${decision} needs a reason`,
      path: '/api/v1/admin/kyc/decide',
      body: () => ({ company_id: client.companyId, decision, reason: '   ' }),
      field: 'reason',
      key: 'validation.reason_required',
      isStaff: true,
    }),
  ),
  {
    rule: 'the decision is one of approve, reject, return',
    path: '/api/v1/admin/kyc/decide',
    body: () => ({ company_id: client.companyId, decision: 'escalate' }),
    field: 'decision',
    key: 'validation.invalid_choice',
    isStaff: true,
  },
  {
    rule: 'queue dates are ISO dates',
    path: '/api/v1/admin/kyc/list',
    body: () => ({ submitted_from: '01/02/2026' }),
    field: 'submitted_from',
    key: 'validation.invalid_format',
    isStaff: true,
  },
  {
    rule: 'the queue status is a KYC status',
    path: '/api/v1/admin/kyc/list',
    body: () => ({ status: 'waiting' }),
    field: 'status',
    key: 'validation.invalid_choice',
    isStaff: true,
  },
  {
    rule: 'a queue page holds at most 100',
    path: '/api/v1/admin/kyc/list',
    body: () => ({ page_size: 101 }),
    field: 'page_size',
    key: 'validation.too_big',
    params: { max: 100 },
    isStaff: true,
  },
];

const languages: Language[] = ['en', 'ch', 'jp'];

describe('KYC validation on the server', () => {
  rows.forEach((row, index) => {
    const language = languages[index % languages.length] as Language;
    it(`${row.rule} (${language})`, async () => {
      const session = row.isStaff ? reviewerSession : client.session;
      const answer = await call<{ fields: Record<string, string> }>(test, row.path, row.body(), { session, language });
      expect(answer.code).toBe(errorCatalogue.validation.code);
      expect(answer.data.fields[row.field], JSON.stringify(answer.data.fields)).toBe(
        translate(language, row.key, row.params),
      );
    });
  });

  it('accepts each complete section as the rows above start from', async () => {
    for (const [path, data] of [
      [sectionPaths.corporate, completeCorporate()],
      [sectionPaths.company, completeCompany()],
      [sectionPaths.shareholder, ownershipData()],
      [sectionPaths.trading, completeTrading()],
    ] as const) {
      expect((await call(test, path, { complete: true, data }, { session: client.session })).code, path).toBe(200);
    }
  });

  it("submits only complete sections ('Please complete all the sections before submission')", async () => {
    const other = await newClient(test, { language: 'ch' });
    const answer = await call(test, '/api/v1/account/kyc/submit', {}, { session: other.session, language: 'ch' });
    expect(answer.code).toBe(errorCatalogue.validation.code);
    expect(answer.msg).toBe(translate('ch', 'validation.sections_incomplete'));
  });
});
