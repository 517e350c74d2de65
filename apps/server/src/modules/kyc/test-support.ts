/**
 * Test support for KYC: the identity test app with document storage in a folder of its own,
 * signed-in clients and reviewers, uploads through the real calls (authorise, PUT to the storage
 * URL through `inject`, complete), and the four sections filled in as complete.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SignedIn, UserInfo, UserRole } from '@bank/contract/account';
import type { DocumentKind, DocumentRef, KycSection, UploadTicket } from '@bank/contract/documents';
import type { AccountKycStatus } from '@bank/contract/states';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import {
  type CallOptions,
  call,
  createRunningTestApp,
  type Envelope,
  type RunningTestApp,
  uniqueEmail,
} from '../../platform/test-support.ts';
import { companies, ensureUser } from '../account/index.ts';
import { pairAuthenticator, registerUser, signIn, strongPassword } from '../account/test-support.ts';

export type KycTestApp = RunningTestApp & { storageDir: string };

export async function createKycTestApp(options: { config?: Partial<Config> } = {}): Promise<KycTestApp> {
  const storageDir = await mkdtemp(path.join(os.tmpdir(), 'kyc-storage-'));
  const test = await createRunningTestApp({
    config: { storage: { driver: 'disk', dir: storageDir, signingSecret: undefined }, ...options.config },
  });
  return {
    ...test,
    storageDir,
    async close() {
      await test.close();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

export type Client = { session: SignedIn; email: string; companyId: string };

/** A newly registered company administrator, signed in. */
export async function newClient(test: KycTestApp, options: { language?: 'en' | 'ch' | 'jp' } = {}): Promise<Client> {
  const user = await registerUser(test, { language: options.language });
  const session = await signIn(test, user);
  const info = await call<UserInfo>(test, '/api/v1/account/getUserInfo', {}, { session });
  if (!info.data.company) throw new Error('a registered client has no company');
  return { session, email: user.email, companyId: info.data.company.id };
}

/** A member of staff with an authenticator paired (staff may do nothing else before). */
export async function newStaff(
  test: KycTestApp,
  role: Extract<UserRole, 'compliance_officer' | 'system_admin' | 'sales_relationship_manager'>,
): Promise<SignedIn> {
  const email = uniqueEmail(role.replace(/_/g, '-'));
  await ensureUser(
    test.database.db,
    { email, password: strongPassword, fullName: 'Staff Member', role },
    test.clock.now(),
  );
  const session = await signIn(test, { email, password: strongPassword });
  await pairAuthenticator(test, session);
  return session;
}

export async function setKycStatus(test: KycTestApp, companyId: string, status: AccountKycStatus): Promise<void> {
  await test.database.db.update(companies).set({ kyc_status: status }).where(eq(companies.id, companyId));
}

/** The path of a storage URL (root-relative or absolute), for `inject`. */
export function pathOf(url: string): string {
  const parsed = new URL(url, 'http://bank.test');
  return `${parsed.pathname}${parsed.search}`;
}

export async function putFile(
  test: KycTestApp,
  ticket: UploadTicket,
  bytes: Buffer,
  headers: Record<string, string> = {},
) {
  return test.app.inject({
    method: 'PUT',
    url: pathOf(ticket.upload_url),
    headers: { 'content-type': 'application/octet-stream', ...ticket.headers, ...headers },
    payload: bytes,
  });
}

export type UploadOptions = {
  section?: KycSection;
  kind?: DocumentKind;
  fileName?: string;
  /** What the client announces; the real length by default. */
  declaredSize?: number;
  callOptions?: CallOptions;
};

export async function authorize(test: KycTestApp, session: SignedIn, bytes: Buffer, options: UploadOptions = {}) {
  return call<UploadTicket>(
    test,
    '/api/v1/init/awsS3Auth',
    {
      section: options.section ?? 'company',
      kind: options.kind ?? 'kyc_document',
      file_name: options.fileName ?? 'document.pdf',
      content_type: 'application/pdf',
      size_bytes: options.declaredSize ?? bytes.length,
    },
    { session, ...options.callOptions },
  );
}

export async function complete(test: KycTestApp, session: SignedIn, uploadId: string, options: CallOptions = {}) {
  return call<DocumentRef>(test, '/api/v1/init/uploadComplete', { upload_id: uploadId }, { session, ...options });
}

/** Authorise, PUT and complete; answers the completion's envelope (the steps before must succeed). */
export async function upload(
  test: KycTestApp,
  session: SignedIn,
  bytes: Buffer,
  options: UploadOptions = {},
): Promise<Envelope<DocumentRef>> {
  const ticket = await authorize(test, session, bytes, options);
  if (ticket.code !== 200) throw new Error(`authorize answered ${ticket.code} ${ticket.msg}`);
  const put = await putFile(test, ticket.data, bytes);
  if (put.statusCode !== 200) throw new Error(`storage answered ${put.statusCode} ${put.body}`);
  return complete(test, session, ticket.data.upload_id);
}

/** An upload that must succeed: answers the document's id. */
export async function uploadDocument(
  test: KycTestApp,
  session: SignedIn,
  bytes: Buffer,
  options: UploadOptions = {},
): Promise<string> {
  const completed = await upload(test, session, bytes, options);
  if (completed.code !== 200) throw new Error(`complete answered ${completed.code} ${completed.msg}`);
  return completed.data.document_id;
}

// Complete sections ------------------------------------------------------------------------------

export function corporateData(signatureId: string) {
  return {
    declarations: {
      information_accurate: true,
      not_sanctioned: true,
      no_shell_bank: true,
      funds_lawful: true,
      notify_changes: true,
    },
    director_name: 'Ada Lovelace',
    director_designation: 'Managing Director',
    director_date: '2026-01-15',
    signature_document_id: signatureId,
  };
}

export function companyData(documentIds: string[], name = 'Analytical Engines Ltd') {
  return {
    company_name: name,
    registered_address: '1 Babbage Street, London',
    country: 'GB',
    mailing_address: '1 Babbage Street, London',
    telephone: '+44 20 7946 0958',
    website: 'https://engines.example.com',
    registration_number: '01234567',
    registration_country: 'GB',
    registration_date: '2018-05-01',
    nature_of_business: 'Computing machinery',
    entity_type: 'limited_liability_company',
    business_countries: ['GB', 'FR'],
    employee_count: 12,
    client_count: 40,
    top_client_countries: ['GB'],
    annual_turnover_usd: '1500000.00',
    source_of_wealth: 'Revenue',
    top_currencies: ['USD', 'GBP'],
    monthly_volume_band: '100k_500k',
    monthly_frequency_band: '10_20',
    years_in_operation: 7,
    document_ids: documentIds,
  };
}

export function ownershipData() {
  return {
    shareholders: [
      { name: 'Ada Lovelace', ownership_percent: '60', id_number: 'P1234567', issuing_country: 'GB' },
      { name: 'Charles Babbage', ownership_percent: '40', id_number: 'P7654321', issuing_country: 'GB' },
    ],
    officers: [{ name: 'Ada Lovelace', position: 'Director' }],
  };
}

export function tradingData(signatureId: string, documentIds: string[]) {
  return {
    authorised_persons: [
      {
        name: 'Ada Lovelace',
        position: 'Director',
        email: 'ada@engines.example.com',
        signature_document_id: signatureId,
      },
    ],
    document_ids: documentIds,
  };
}

export const sectionPaths: Record<KycSection, string> = {
  corporate: '/api/v1/account/kyc/corporate',
  company: '/api/v1/account/kyc/company',
  shareholder: '/api/v1/account/kyc/shareholder',
  trading: '/api/v1/account/kyc/trading',
};

export async function saveSection(
  test: KycTestApp,
  session: SignedIn,
  section: KycSection,
  data: unknown,
  isComplete = true,
  options: CallOptions = {},
) {
  return call(test, sectionPaths[section], { complete: isComplete, data }, { session, ...options });
}

/** Uploads what the four sections need and saves each as complete. */
export async function completeAllSections(
  test: KycTestApp,
  session: SignedIn,
  files: { png: Buffer; pdf: Buffer },
): Promise<void> {
  const directorSignature = await uploadDocument(test, session, files.png, {
    section: 'corporate',
    kind: 'signature',
    fileName: 'signature.png',
  });
  const profile = await uploadDocument(test, session, files.pdf, { section: 'company', fileName: 'profile.pdf' });
  const traderSignature = await uploadDocument(test, session, files.png, {
    section: 'trading',
    kind: 'signature',
    fileName: 'signature.png',
  });
  const form = await uploadDocument(test, session, files.pdf, { section: 'trading', fileName: 'form.pdf' });
  const saves = [
    await saveSection(test, session, 'corporate', corporateData(directorSignature)),
    await saveSection(test, session, 'company', companyData([profile])),
    await saveSection(test, session, 'shareholder', ownershipData()),
    await saveSection(test, session, 'trading', tradingData(traderSignature, [form])),
  ];
  for (const saved of saves) if (saved.code !== 200) throw new Error(`save answered ${saved.code} ${saved.msg}`);
}
