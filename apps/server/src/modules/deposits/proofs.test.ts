import { randomUUID } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import type { BankDetails, DepositDetails, DepositHistory } from '@bank/contract/deposit';
import type { DocumentRef, UploadTicket } from '@bank/contract/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elfExecutable, pdfFile, pngFile } from '../../adapters/storage/test-documents.ts';
import { call, type Envelope } from '../../platform/test-support.ts';
import {
  createKycTestApp,
  type KycTestApp,
  newClient,
  putFile,
  setKycStatus,
  uploadDocument,
} from '../kyc/test-support.ts';
import { approvedCompany, type ClientOfCompany, depositOperator } from './test-support.ts';

let test: KycTestApp;
let operator: SignedIn;

beforeAll(async () => {
  test = await createKycTestApp();
  operator = await depositOperator(test);
});
afterAll(async () => {
  await test?.close();
});

const today = () => test.clock.now().toISOString().slice(0, 10);
const idempotent = () => ({ 'idempotency-key': `proof-test-${randomUUID()}` });
const fieldsOf = (envelope: Envelope) =>
  (envelope.data as { fields?: Record<string, string> } | null)?.fields ?? ({} as Record<string, string>);

async function authorizeProof(session: SignedIn, bytes: Buffer, fileName = 'confirmation.pdf') {
  return call<UploadTicket>(
    test,
    '/api/v1/deposit/proofUpload',
    { file_name: fileName, content_type: 'application/pdf', size_bytes: bytes.length },
    { session },
  );
}

/** Authorise, PUT to storage, complete: the documents' flow through the deposits' calls. */
async function uploadProof(session: SignedIn, bytes: Buffer, fileName = 'confirmation.pdf') {
  const ticket = await authorizeProof(session, bytes, fileName);
  if (ticket.code !== 200) throw new Error(`authorize answered ${ticket.code} ${ticket.msg}`);
  expect((await putFile(test, ticket.data, bytes)).statusCode).toBe(200);
  return call<DocumentRef>(test, '/api/v1/deposit/proofComplete', { upload_id: ticket.data.upload_id }, { session });
}

function notice(client: ClientOfCompany, body: Record<string, unknown>) {
  return call<{ transaction_id: string }>(
    test,
    '/api/v1/deposit/submit',
    { currency: 'USD', target: 'USDC', amount: '5000', expected_date: today(), ...body },
    { session: client.session, headers: idempotent() },
  );
}

const documentUrl = (session: SignedIn, documentId: string) =>
  call<{ url: string }>(test, '/api/v1/init/documentUrl', { document_id: documentId }, { session });

describe('a notice’s proof of transfer', () => {
  it('goes through the upload flow, is kept with the notice, and the company and staff open it', async () => {
    const client = await approvedCompany(test);
    const proof = await uploadProof(client.session, pngFile(), 'bank-confirmation.png');
    expect(proof).toMatchObject({ code: 200, data: { file_name: 'bank-confirmation.png', mime_type: 'image/png' } });
    const submitted = await notice(client, { proof_document_id: proof.data.document_id });
    expect(submitted.code).toBe(200);

    const details = await call<DepositDetails>(
      test,
      '/api/v1/deposit/get',
      { transaction_id: submitted.data.transaction_id },
      { session: client.session },
    );
    expect(details.data.notice).toMatchObject({
      currency: 'USD',
      amount: '5000',
      target: 'USDC',
      expected_date: today(),
      status: 'open',
      proof: { document_id: proof.data.document_id, file_name: 'bank-confirmation.png', mime_type: 'image/png' },
    });
    expect((await documentUrl(client.session, proof.data.document_id)).code).toBe(200);
    // Staff with deposit operations (system administrators) read it through the same call.
    expect((await documentUrl(operator, proof.data.document_id)).code).toBe(200);
    const history = await call<DepositHistory>(
      test,
      '/api/v1/admin/deposits/history',
      { id: submitted.data.transaction_id },
      { session: operator },
    );
    expect(history.data.notice?.proof?.document_id).toBe(proof.data.document_id);
    expect(history.data.audit.map((entry) => entry.action)).toEqual([
      'deposit.proof_uploaded',
      'deposit.notice_submitted',
    ]);
  });

  it('is optional: a notice without one shows none', async () => {
    const client = await approvedCompany(test);
    const submitted = await notice(client, {});
    const details = await call<DepositDetails>(
      test,
      '/api/v1/deposit/get',
      { transaction_id: submitted.data.transaction_id },
      { session: client.session },
    );
    expect(details.data.notice?.proof).toBeNull();
  });

  it('refuses a file that is not a JPEG, PNG or PDF by its content, whatever its name', async () => {
    const client = await approvedCompany(test);
    const refused = await uploadProof(client.session, elfExecutable(), 'receipt.pdf');
    expect(refused.code).toBe(9422);
    expect(refused.msg).toBe('Wrong file type');
    const tooLarge = await authorizeProof(client.session, Buffer.alloc(6 * 1024 * 1024, 1));
    expect(tooLarge.code).toBe(9422);
    expect(tooLarge.msg).toBe('File size cannot exceed 5M');
  });

  it('refuses another company’s proof, another user’s, a KYC document and a proof already sent, on the field', async () => {
    const client = await approvedCompany(test);
    const other = await approvedCompany(test);
    const othersProof = await uploadProof(other.session, pdfFile());
    const refused = await notice(client, { proof_document_id: othersProof.data.document_id });
    expect(refused.code).toBe(9422);
    expect(fieldsOf(refused)).toEqual({
      proof_document_id: 'This file cannot be sent with the notice. Upload the proof of transfer again.',
    });
    // In Chinese, the same refusal in the user's words.
    const chinese = await call(
      test,
      '/api/v1/deposit/submit',
      {
        currency: 'USD',
        target: 'USDC',
        amount: '5000',
        expected_date: today(),
        proof_document_id: othersProof.data.document_id,
      },
      { session: client.session, headers: idempotent(), language: 'ch' },
    );
    expect(fieldsOf(chinese).proof_document_id).toBe('此文件无法随通知发送，请重新上传转账凭证。');
    expect((await notice(client, { proof_document_id: randomUUID() })).code).toBe(9422);
    expect((await notice(client, { proof_document_id: 'not-an-id' })).code).toBe(9422);

    // A KYC document of a company still filling in its KYC is not a proof of transfer.
    const filling = await newClient(test);
    const kycDocumentId = await uploadDocument(test, filling.session, pdfFile(), { section: 'company' });
    expect((await notice(client, { proof_document_id: kycDocumentId })).code).toBe(9422);

    const proof = await uploadProof(client.session, pdfFile());
    expect((await notice(client, { proof_document_id: proof.data.document_id })).code).toBe(200);
    const again = await notice(client, { proof_document_id: proof.data.document_id });
    expect(again.code).toBe(9422);
    expect(Object.keys(fieldsOf(again))).toEqual(['proof_document_id']);
  });

  it('keeps each company to its own proofs and uploads, and the upload calls to approved companies', async () => {
    const client = await approvedCompany(test);
    const other = await approvedCompany(test);
    const proof = await uploadProof(client.session, pdfFile());
    expect((await documentUrl(other.session, proof.data.document_id)).code).toBe(9404);
    // Another company's upload cannot be completed by this one.
    const ticket = await authorizeProof(client.session, pdfFile());
    await putFile(test, ticket.data, pdfFile());
    const stolen = await call(
      test,
      '/api/v1/deposit/proofComplete',
      { upload_id: ticket.data.upload_id },
      { session: other.session },
    );
    expect(stolen.code).toBe(9404);
    // Before KYC approval a company sends no proof (the deposit calls are gated).
    const filling = await newClient(test);
    expect((await authorizeProof(filling.session, pdfFile())).code).toBe(9451);
    // Nor can a KYC upload be completed through the deposits' call once the company is approved.
    const kycTicket = await call<UploadTicket>(
      test,
      '/api/v1/init/awsS3Auth',
      {
        section: 'company',
        kind: 'kyc_document',
        file_name: 'a.pdf',
        content_type: 'application/pdf',
        size_bytes: pdfFile().length,
      },
      { session: filling.session },
    );
    await putFile(test, kycTicket.data, pdfFile());
    await setKycStatus(test, filling.companyId, 'kyc_approved');
    const crossed = await call(
      test,
      '/api/v1/deposit/proofComplete',
      { upload_id: kycTicket.data.upload_id },
      { session: filling.session },
    );
    expect(crossed.code).toBe(9404);
    // Staff do not upload proofs for a company.
    expect((await authorizeProof(operator, pdfFile())).code).toBe(9403);
    const details = await call<BankDetails>(test, '/api/v1/deposit/bankDetails', { currency: 'USD' }, client);
    expect(details.code).toBe(200);
  });
});
