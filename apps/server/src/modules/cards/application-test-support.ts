/**
 * Test support for card applications, through the real calls: a funded company, its cardholder
 * documents uploaded (card/documentUpload, then card/documentComplete), the cardholder's email proven
 * by its code (card/sendCode, card/verifyCode), an application body with every field right, and its
 * submission (card/audit, idempotent).
 */
import { randomUUID } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import { addDays, dayOf } from '@bank/contract/calendar';
import type { CardApplication, SubmitCardApplicationRequest } from '@bank/contract/card-applications';
import type { DocumentRef, UploadTicket } from '@bank/contract/documents';
import { pdfFile } from '../../adapters/storage/test-documents.ts';
import { call, codeIn, nextEmail, readMailbox, uniqueEmail } from '../../platform/test-support.ts';
import { type KycTestApp, putFile } from '../kyc/test-support.ts';
import { fundedCompany, idempotent } from '../payouts/test-support.ts';

export async function cardCompany(test: KycTestApp, funds: Record<string, string> = { USDT: '10000', USDC: '10000' }) {
  return fundedCompany(test, { funds });
}

export async function uploadCardDocument(
  test: KycTestApp,
  session: SignedIn,
  purpose: 'cardholder_id' | 'proof_of_address',
  bytes: Buffer = pdfFile(),
): Promise<DocumentRef> {
  const ticket = await call<UploadTicket>(
    test,
    '/api/v1/card/documentUpload',
    { purpose, file_name: `${purpose}.pdf`, content_type: 'application/pdf', size_bytes: bytes.length },
    { session },
  );
  if (ticket.code !== 200) throw new Error(`card/documentUpload answered ${ticket.code} ${ticket.msg}`);
  const put = await putFile(test, ticket.data, bytes);
  if (put.statusCode !== 200) throw new Error(`storage answered ${put.statusCode}`);
  const completed = await call<DocumentRef>(
    test,
    '/api/v1/card/documentComplete',
    { upload_id: ticket.data.upload_id },
    { session },
  );
  if (completed.code !== 200) throw new Error(`card/documentComplete answered ${completed.code} ${completed.msg}`);
  return completed.data;
}

/** Sends the code to `email` and checks it: answers the proof card/audit takes. */
export async function proveEmail(test: KycTestApp, session: SignedIn, email: string): Promise<string> {
  const known = (await readMailbox(test, email)).length;
  const sent = await call(test, '/api/v1/card/sendCode', { email }, { session });
  if (sent.code !== 200) throw new Error(`card/sendCode answered ${sent.code} ${sent.msg}`);
  const code = codeIn(await nextEmail(test, email, known));
  const checked = await call<{ email_proof: string }>(test, '/api/v1/card/verifyCode', { email, code }, { session });
  if (checked.code !== 200) throw new Error(`card/verifyCode answered ${checked.code} ${checked.msg}`);
  return checked.data.email_proof;
}

/** An application with every field right (a director's passport, the proof of address 20 days old). */
export async function applicationBody(
  test: KycTestApp,
  session: SignedIn,
  overrides: Partial<SubmitCardApplicationRequest> = {},
): Promise<SubmitCardApplicationRequest> {
  const email = overrides.email ?? uniqueEmail('cardholder');
  const today = dayOf(test.clock.now());
  return {
    title: 'ms',
    first_name: 'Aiko',
    last_name: 'Tanaka',
    gender: 'female',
    date_of_birth: '1985-04-12',
    username: `aiko_${randomUUID().slice(0, 8)}`,
    email,
    email_proof: overrides.email_proof ?? (await proveEmail(test, session, email)),
    phone_country: 'SG',
    phone: '+65 9123 4567',
    applicant_type: 'director',
    sponsor_user_id: '',
    residence_address: {
      line1: '1 Raffles Place',
      line2: '#20-01',
      city: 'Singapore',
      state: '',
      country: 'SG',
      postal_code: '048616',
    },
    mailing_same_as_residence: true,
    mailing_address: null,
    id_type: 'passport',
    id_number: 'TK1234567',
    id_issuing_country: 'JP',
    id_language: 'en',
    id_issue_date: '2020-01-15',
    id_expiry_date: '2030-01-14',
    id_front_document_id: (await uploadCardDocument(test, session, 'cardholder_id')).document_id,
    id_back_document_id: null,
    proof_of_address_type: 'utility_bill',
    proof_of_address_issuer: 'SP Group',
    proof_of_address_language: 'en',
    proof_of_address_issue_date: addDays(today, -20),
    proof_of_address_front_document_id: (await uploadCardDocument(test, session, 'proof_of_address')).document_id,
    proof_of_address_back_document_id: null,
    documents_in_english: true,
    level: 'premier',
    network: 'visa',
    name_on_card: 'Aiko Tanaka',
    funding_asset: 'USDT',
    notes: '',
    accept_terms: true,
    declare_source_of_funds: true,
    ...overrides,
  };
}

export async function submitApplication(
  test: KycTestApp,
  session: SignedIn,
  body: SubmitCardApplicationRequest | Record<string, unknown>,
  key: string = randomUUID(),
) {
  return call<CardApplication>(test, '/api/v1/card/audit', body, { session, headers: idempotent(key) });
}
