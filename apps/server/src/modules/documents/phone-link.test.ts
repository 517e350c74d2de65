import type { DocumentRef, UploadTicket } from '@bank/contract/documents';
import { errorCatalogue } from '@bank/contract/errors';
import type { KycInfo } from '@bank/contract/kyc';
import { translate } from '@bank/i18n/resources';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  framelessJpegFile,
  htmlPage,
  pdfFile,
  pdfWithOpeningScript,
  pngFile,
} from '../../adapters/storage/test-documents.ts';
import { type CallOptions, call, type Envelope } from '../../platform/test-support.ts';
import {
  authorize,
  type Client,
  createKycTestApp,
  type KycTestApp,
  newClient,
  putFile,
  uploadDocument,
} from '../kyc/test-support.ts';
import { phoneUploadLinks } from './tables.ts';

let test: KycTestApp;
let client: Client;
const codes = errorCatalogue;

beforeAll(async () => {
  test = await createKycTestApp();
  client = await newClient(test);
});

afterAll(async () => {
  await test?.close();
});

type PhoneLink = { url: string; expires_at: string; qr_svg: string };

async function createLink(section: string, options: CallOptions = {}) {
  const created = await call<PhoneLink>(
    test,
    '/api/v1/init/phoneLink',
    { section },
    { session: client.session, ...options },
  );
  if (created.code !== 200) throw new Error(`phoneLink answered ${created.code} ${created.msg}`);
  const token = new URL(created.data.url).searchParams.get('token') ?? '';
  return { ...created.data, token };
}

/** Phone calls come from their own address, as a phone's would, with no session. */
const phone = { ip: '198.51.100.7' };

async function info(token: string, options: CallOptions = phone) {
  return call<{ section: string; expires_at: string }>(test, '/api/v1/upload/info', { token }, options);
}

async function phoneAuthorize(token: string, bytes: Buffer, options: CallOptions = phone) {
  return call<UploadTicket>(
    test,
    '/api/v1/upload/authorize',
    { token, file_name: 'photo.pdf', content_type: 'application/pdf', size_bytes: bytes.length },
    options,
  );
}

async function phoneComplete(token: string, uploadId: string, options: CallOptions = phone) {
  return call<DocumentRef>(test, '/api/v1/upload/complete', { token, upload_id: uploadId }, options);
}

async function phoneUpload(token: string, bytes: Buffer): Promise<Envelope<DocumentRef>> {
  const ticket = await phoneAuthorize(token, bytes);
  if (ticket.code !== 200) throw new Error(`phone authorize answered ${ticket.code} ${ticket.msg}`);
  expect((await putFile(test, ticket.data, bytes)).statusCode).toBe(200);
  return phoneComplete(token, ticket.data.upload_id);
}

async function kycInfo() {
  return (await call<KycInfo>(test, '/api/v1/account/kyc/getKycInfo', {}, { session: client.session })).data;
}

describe('the one-time phone link', () => {
  it('is a link to /upload with a 256-bit token, a QR code of it, valid 15 minutes, stored only hashed', async () => {
    const link = await createLink('company', { headers: { host: 'bank.example:8443' } });
    expect(link.url).toMatch(/^http:\/\/bank\.example:8443\/upload\?token=[A-Za-z0-9_-]{43}$/);
    expect(link.qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(Date.parse(link.expires_at) - test.clock.now().getTime()).toBeGreaterThan(14 * 60 * 1000);
    expect(Date.parse(link.expires_at) - test.clock.now().getTime()).toBeLessThanOrEqual(15 * 60 * 1000);
    const rows = await test.database.db
      .select()
      .from(phoneUploadLinks)
      .where(eq(phoneUploadLinks.company_id, client.companyId));
    expect(rows.some((row) => row.token_hash.includes(link.token))).toBe(false);
    expect(await info(link.token)).toMatchObject({
      code: 200,
      data: { section: 'company', expires_at: link.expires_at },
    });
  });

  it('uploads one document, which joins the section draft so that the desktop sees it arrive', async () => {
    const desktopDocument = await uploadDocument(test, client.session, pdfFile(), { section: 'company' });
    await call(
      test,
      '/api/v1/account/kyc/company',
      { complete: false, data: { company_name: 'Phone Co', document_ids: [desktopDocument] } },
      { session: client.session },
    );
    const link = await createLink('company');
    const uploaded = await phoneUpload(link.token, pngFile());
    expect(uploaded).toMatchObject({ code: 200, data: { mime_type: 'image/png', file_name: 'photo.pdf' } });

    const kyc = await kycInfo();
    expect(kyc.sections.company.data).toMatchObject({
      company_name: 'Phone Co',
      document_ids: [desktopDocument, uploaded.data.document_id],
    });
    expect(kyc.documents).toContainEqual(
      expect.objectContaining({ document_id: uploaded.data.document_id, section: 'company' }),
    );
  });

  it('works once: a second completion, a second authorisation and its info are refused', async () => {
    const link = await createLink('trading');
    const ticket = await phoneAuthorize(link.token, pdfFile());
    await putFile(test, ticket.data, pdfFile());
    expect((await phoneComplete(link.token, ticket.data.upload_id)).code).toBe(200);

    const again = await phoneComplete(link.token, ticket.data.upload_id);
    expect(again.code).toBe(codes.illegal_state.code);
    expect(again.msg).toBe(translate('en', 'kyc_email.messages.phone_link_used'));
    expect((await phoneAuthorize(link.token, pdfFile())).msg).toBe(
      translate('en', 'kyc_email.messages.phone_link_used'),
    );
    expect((await info(link.token)).code).toBe(codes.illegal_state.code);
    expect((await kycInfo()).sections.trading.data?.document_ids).toHaveLength(1);
  });

  it('lets the phone retry before completing: the new upload supersedes the old one', async () => {
    const link = await createLink('company');
    const first = await phoneAuthorize(link.token, pdfFile());
    const second = await phoneAuthorize(link.token, pdfFile());
    expect(second.code).toBe(200);
    expect((await putFile(test, first.data, pdfFile())).statusCode).toBe(403);
    await putFile(test, second.data, pdfFile());
    expect((await phoneComplete(link.token, first.data.upload_id)).code).toBe(codes.illegal_state.code);
    expect((await phoneComplete(link.token, second.data.upload_id)).code).toBe(200);
  });

  it('keeps its link unused when the file is refused, so another file can be sent', async () => {
    const link = await createLink('company');
    const refused = await phoneUpload(link.token, htmlPage());
    expect(refused).toMatchObject({ code: codes.validation.code, msg: 'Wrong file type' });
    // The phone goes through the same content check as the desktop: a scripted PDF is refused too.
    const scripted = await phoneUpload(link.token, await pdfWithOpeningScript());
    expect(scripted).toMatchObject({ code: codes.validation.code, msg: translate('en', 'validation.pdf_javascript') });
    // An image that does not open as one is named as such (SPEC.md section 8).
    const unreadable = await phoneUpload(link.token, framelessJpegFile());
    expect(unreadable).toMatchObject({ code: codes.validation.code, msg: translate('en', 'validation.image_format') });
    expect((await phoneUpload(link.token, pdfFile())).code).toBe(200);
  });

  it('expires after 15 minutes', async () => {
    const link = await createLink('company');
    const ticket = await phoneAuthorize(link.token, pdfFile());
    test.clock.advance(15 * 60);
    const expired = await info(link.token);
    expect(expired.code).toBe(codes.illegal_state.code);
    expect(expired.msg).toBe(translate('en', 'kyc_email.messages.phone_link_expired'));
    expect((await phoneAuthorize(link.token, pdfFile())).msg).toBe(
      translate('en', 'kyc_email.messages.phone_link_expired'),
    );
    expect((await putFile(test, ticket.data, pdfFile())).statusCode).toBe(403);
    expect((await phoneComplete(link.token, ticket.data.upload_id)).code).toBe(codes.illegal_state.code);
  });

  it('is for its section only: its document goes there, and it completes no other upload', async () => {
    const link = await createLink('shareholder');
    const ticket = await phoneAuthorize(link.token, pdfFile());
    const desktop = await authorize(test, client.session, pdfFile(), { section: 'shareholder' });
    await putFile(test, desktop.data, pdfFile());
    // The token is no key to the desktop's upload, even of the same section.
    expect((await phoneComplete(link.token, desktop.data.upload_id)).code).toBe(codes.not_found.code);
    await putFile(test, ticket.data, pdfFile());
    const done = await phoneComplete(link.token, ticket.data.upload_id);
    expect(done.code).toBe(200);
    // A section without a document list keeps the document without a draft change.
    expect((await kycInfo()).sections.shareholder.data).toBeNull();
    // And a phone upload cannot be completed from the desktop.
    const other = await createLink('company');
    const phoneTicket = await phoneAuthorize(other.token, pdfFile());
    await putFile(test, phoneTicket.data, pdfFile());
    expect(
      (
        await call(
          test,
          '/api/v1/init/uploadComplete',
          { upload_id: phoneTicket.data.upload_id },
          { session: client.session },
        )
      ).code,
    ).toBe(codes.not_found.code);
  });

  it('answers not_found for an unknown token', async () => {
    const unknown = await info('x'.repeat(43));
    expect(unknown.code).toBe(codes.not_found.code);
    expect(unknown.msg).toBe(translate('en', 'kyc_email.messages.phone_link_invalid'));
  });

  it('is limited per client address', async () => {
    const crowd = { ip: '203.0.113.99' };
    // In one minute of the limit's count, however long a busy machine takes over the 31 calls.
    const last = await test.clock.standingStill(async () => {
      let answer = await info('y'.repeat(43), crowd);
      for (let attempt = 1; attempt < 31; attempt += 1) answer = await info('y'.repeat(43), crowd);
      return answer;
    });
    expect(last.code).toBe(codes.rate_limited.code);
    expect((await info('y'.repeat(43), { ip: '203.0.113.100' })).code).toBe(codes.not_found.code);
  });
});
