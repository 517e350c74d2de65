import { errorCatalogue } from '@bank/contract/errors';
import type { KycInfo } from '@bank/contract/kyc';
import { translate } from '@bank/i18n/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfFile, pngFile } from '../../adapters/storage/test-documents.ts';
import { call } from '../../platform/test-support.ts';
import {
  authorize,
  type Client,
  companyData,
  complete,
  corporateData,
  createKycTestApp,
  type KycTestApp,
  newClient,
  putFile,
  saveSection,
  tradingData,
  uploadDocument,
} from './test-support.ts';

let test: KycTestApp;
let companyA: Client;
let companyB: Client;
let documentOfA: string;
let signatureOfA: string;
const codes = errorCatalogue;

beforeAll(async () => {
  test = await createKycTestApp();
  companyA = await newClient(test);
  companyB = await newClient(test);
  documentOfA = await uploadDocument(test, companyA.session, pdfFile(), { section: 'company' });
  signatureOfA = await uploadDocument(test, companyA.session, pngFile(), { section: 'corporate', kind: 'signature' });
  await saveSection(test, companyA.session, 'company', companyData([documentOfA], 'Company A Ltd'), false);
});

afterAll(async () => {
  await test?.close();
});

const unknownDocument = translate('en', 'kyc_email.messages.document_unknown');

describe('one company and another', () => {
  it('reads only its own KYC', async () => {
    const info = await call<KycInfo>(test, '/api/v1/account/kyc/getKycInfo', {}, { session: companyB.session });
    expect(info.data.sections.company.data).toBeNull();
    expect(info.data.documents).toEqual([]);
  });

  it('cannot get a link to the other company documents (not_found)', async () => {
    const link = await call(
      test,
      '/api/v1/init/documentUrl',
      { document_id: documentOfA },
      { session: companyB.session },
    );
    expect(link.code).toBe(codes.not_found.code);
    expect(
      (await call(test, '/api/v1/init/documentUrl', { document_id: documentOfA }, { session: companyA.session })).code,
    ).toBe(200);
  });

  it('cannot complete the other company upload (not_found), which stays completable by its owner', async () => {
    const ticket = await authorize(test, companyA.session, pdfFile(), { section: 'company' });
    await putFile(test, ticket.data, pdfFile());
    expect((await complete(test, companyB.session, ticket.data.upload_id)).code).toBe(codes.not_found.code);
    expect((await complete(test, companyA.session, ticket.data.upload_id)).code).toBe(200);
  });

  it('cannot refer to the other company documents in its sections', async () => {
    const company = await saveSection(test, companyB.session, 'company', companyData([documentOfA]), false);
    expect(company.code).toBe(codes.validation.code);
    expect(company.data).toEqual({ fields: { 'data.document_ids.0': unknownDocument } });
    const corporate = await saveSection(test, companyB.session, 'corporate', corporateData(signatureOfA), false);
    expect(corporate.data).toEqual({ fields: { 'data.signature_document_id': unknownDocument } });
  });

  it('cannot change the other company KYC: its own save never touches it', async () => {
    await saveSection(test, companyB.session, 'company', { company_name: 'Company B Ltd' }, false);
    const info = await call<KycInfo>(test, '/api/v1/account/kyc/getKycInfo', {}, { session: companyA.session });
    expect(info.data.sections.company.data?.company_name).toBe('Company A Ltd');
  });

  it('may use its own documents only where they belong: section and kind', async () => {
    const ownDocument = await uploadDocument(test, companyB.session, pdfFile(), { section: 'company' });
    const ownSignature = await uploadDocument(test, companyB.session, pngFile(), {
      section: 'trading',
      kind: 'signature',
    });
    const wrongSection = await saveSection(
      test,
      companyB.session,
      'trading',
      tradingData(ownSignature, [ownDocument]),
      false,
    );
    expect(wrongSection.data).toEqual({ fields: { 'data.document_ids.0': unknownDocument } });
    const documentAsSignature = await saveSection(
      test,
      companyB.session,
      'company',
      companyData([ownSignature]),
      false,
    );
    expect(documentAsSignature.data).toEqual({ fields: { 'data.document_ids.0': unknownDocument } });
    const notAnId = await saveSection(test, companyB.session, 'company', companyData(['not-a-uuid']), false);
    expect(notAnId.data).toEqual({ fields: { 'data.document_ids.0': unknownDocument } });
    expect((await saveSection(test, companyB.session, 'company', companyData([ownDocument]), false)).code).toBe(200);
  });

  it('cannot call the review calls as a client (forbidden)', async () => {
    const session = companyB.session;
    expect((await call(test, '/api/v1/admin/kyc/list', {}, { session })).code).toBe(codes.forbidden.code);
    expect((await call(test, '/api/v1/admin/kyc/get', { company_id: companyA.companyId }, { session })).code).toBe(
      codes.forbidden.code,
    );
    const decide = await call(
      test,
      '/api/v1/admin/kyc/decide',
      { company_id: companyB.companyId, decision: 'approve' },
      { session },
    );
    expect(decide.code).toBe(codes.forbidden.code);
  });

  it('answers 9400 to every KYC and document call without a session', async () => {
    for (const path of [
      '/api/v1/account/kyc/getKycInfo',
      '/api/v1/account/kyc/submit',
      '/api/v1/init/awsS3Auth',
      '/api/v1/init/uploadComplete',
      '/api/v1/init/documentUrl',
      '/api/v1/init/phoneLink',
      '/api/v1/admin/kyc/list',
    ]) {
      expect((await call(test, path, {})).code, path).toBe(codes.session_invalid.code);
    }
  });
});
