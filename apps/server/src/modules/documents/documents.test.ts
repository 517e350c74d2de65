import { stat } from 'node:fs/promises';
import path from 'node:path';
import { uploadLimits } from '@bank/contract/constants';
import type { DocumentRef } from '@bank/contract/documents';
import { errorCatalogue } from '@bank/contract/errors';
import { translate } from '@bank/i18n/resources';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  elfExecutable,
  htmlPage,
  jpegFile,
  pdfFile,
  pdfWithOpeningScript,
  pngFile,
  svgImage,
  zipArchive,
} from '../../adapters/storage/test-documents.ts';
import { call, type Envelope } from '../../platform/test-support.ts';
import {
  authorize,
  type Client,
  complete,
  createKycTestApp,
  type KycTestApp,
  newClient,
  newStaff,
  pathOf,
  putFile,
  upload,
  uploadDocument,
} from '../kyc/test-support.ts';
import { uploads } from './tables.ts';

let test: KycTestApp;
let client: Client;
const codes = errorCatalogue;
const megabyte = 1024 * 1024;

beforeAll(async () => {
  test = await createKycTestApp();
  client = await newClient(test);
});

afterAll(async () => {
  await test?.close();
});

function fieldsOf(envelope: Envelope): Record<string, string> {
  return (envelope.data as { fields?: Record<string, string> } | null)?.fields ?? {};
}

async function documentUrl(documentId: string, session = client.session) {
  return call<{ url: string; expires_at: string; disposition: string }>(
    test,
    '/api/v1/init/documentUrl',
    { document_id: documentId },
    { session },
  );
}

describe('files judged by their content', () => {
  it('accepts a real PNG and a minimal PDF, and keeps the type the content shows', async () => {
    const png = await upload(test, client.session, pngFile(), { section: 'company', fileName: 'scan.png' });
    expect(png).toMatchObject({
      code: 200,
      data: { file_name: 'scan.png', mime_type: 'image/png', size_bytes: pngFile().length },
    });
    const pdf = await upload(test, client.session, pdfFile(), { section: 'company', fileName: 'profile.pdf' });
    expect(pdf).toMatchObject({ code: 200, data: { mime_type: 'application/pdf' } });
    const jpeg = await upload(test, client.session, jpegFile(), { section: 'trading', fileName: 'photo.jpg' });
    expect(jpeg.data.mime_type).toBe('image/jpeg');
  });

  const refused: [string, () => Buffer, string][] = [
    ['a renamed executable (ELF named .pdf)', elfExecutable, 'report.pdf'],
    ['an HTML page named .png', htmlPage, 'picture.png'],
    ['an SVG named .png', svgImage, 'logo.png'],
    ['a ZIP archive named .pdf', zipArchive, 'bundle.pdf'],
  ];
  for (const [what, bytes, fileName] of refused) {
    it(`refuses ${what} with 'Wrong file type' and deletes it from storage`, async () => {
      const ticket = await authorize(test, client.session, bytes(), { section: 'company', fileName });
      expect(ticket.code).toBe(200);
      expect((await putFile(test, ticket.data, bytes())).statusCode).toBe(200);
      const completed = await complete(test, client.session, ticket.data.upload_id);
      expect(completed.code).toBe(codes.validation.code);
      expect(completed.msg).toBe('Wrong file type');
      expect(fieldsOf(completed)).toEqual({ upload_id: 'Wrong file type' });
      const [row] = await test.database.db.select().from(uploads).where(eq(uploads.id, ticket.data.upload_id));
      expect(row?.status).toBe('refused');
      // The object is gone: the URL it was sent to cannot put it back either.
      expect((await putFile(test, ticket.data, bytes())).statusCode).toBe(403);
      expect((await complete(test, client.session, ticket.data.upload_id)).code).toBe(codes.illegal_state.code);
    });
  }

  it('refuses a PDF that runs a script when opened, saying so, and deletes it', async () => {
    const scripted = await pdfWithOpeningScript();
    const ticket = await authorize(test, client.session, scripted, { section: 'company', fileName: 'profile.pdf' });
    expect((await putFile(test, ticket.data, scripted)).statusCode).toBe(200);
    const completed = await complete(test, client.session, ticket.data.upload_id);
    expect(completed.msg).toBe(
      'This PDF contains JavaScript. Please upload a PDF without scripts (for example, print it to a new PDF).',
    );
    expect(fieldsOf(completed)).toEqual({ upload_id: completed.msg });
    const [row] = await test.database.db.select().from(uploads).where(eq(uploads.id, ticket.data.upload_id));
    expect(row?.status).toBe('refused');
  });

  it('refuses a file announced above 10 MB at authorisation, with the size message', async () => {
    const refusedTicket = await authorize(test, client.session, pdfFile(), {
      declaredSize: uploadLimits.kycMaxFileBytes + 1,
    });
    expect(refusedTicket.code).toBe(codes.validation.code);
    expect(fieldsOf(refusedTicket)).toEqual({ size_bytes: 'File size cannot exceed 10M' });
    const jp = await authorize(test, client.session, pdfFile(), {
      declaredSize: uploadLimits.kycMaxFileBytes + 1,
      callOptions: { language: 'jp' },
    });
    expect(fieldsOf(jp).size_bytes).toBe(translate('jp', 'validation.file_too_large', { size: 10 }));
  });

  it('refuses a body larger than announced at the storage, and completion finds nothing to keep', async () => {
    const ticket = await authorize(test, client.session, pdfFile(), { declaredSize: 100 });
    expect(ticket.code).toBe(200);
    const put = await putFile(test, ticket.data, Buffer.concat([pdfFile(), Buffer.alloc(5000)]));
    expect([400, 413]).toContain(put.statusCode);
    const completed = await complete(test, client.session, ticket.data.upload_id);
    expect(completed.code).toBe(codes.illegal_state.code);
    expect(completed.msg).toBe(translate('en', 'kyc_email.messages.upload_not_received'));
  });

  it('limits a signature to PNG or JPEG of at most 1 MB, in the sections that take one', async () => {
    const pdfSignature = await upload(test, client.session, pdfFile(), { section: 'corporate', kind: 'signature' });
    expect(pdfSignature.code).toBe(codes.validation.code);
    expect(pdfSignature.msg).toBe('Wrong file type');
    const big = await authorize(test, client.session, pngFile(), {
      section: 'corporate',
      kind: 'signature',
      declaredSize: megabyte + 1,
    });
    expect(fieldsOf(big)).toEqual({ size_bytes: 'File size cannot exceed 1M' });
    const wrongSection = await authorize(test, client.session, pngFile(), {
      section: 'shareholder',
      kind: 'signature',
    });
    expect(wrongSection.code).toBe(codes.validation.code);
    expect(Object.keys(fieldsOf(wrongSection))).toEqual(['kind']);
    expect((await upload(test, client.session, pngFile(), { section: 'corporate', kind: 'signature' })).code).toBe(200);
  });

  it('refuses an 11th document in a section, uploads under way included', async () => {
    const other = await newClient(test);
    for (let index = 0; index < 9; index += 1)
      await uploadDocument(test, other.session, pdfFile(), { section: 'trading' });
    const tenth = await authorize(test, other.session, pdfFile(), { section: 'trading' });
    expect(tenth.code).toBe(200);
    const eleventh = await authorize(test, other.session, pdfFile(), { section: 'trading' });
    expect(eleventh.code).toBe(codes.validation.code);
    expect(fieldsOf(eleventh)).toEqual({ section: translate('en', 'validation.too_many', { max: 10 }) });
    // Another section and another kind have limits of their own.
    expect((await authorize(test, other.session, pdfFile(), { section: 'company' })).code).toBe(200);
    expect((await authorize(test, other.session, pngFile(), { section: 'trading', kind: 'signature' })).code).toBe(200);
  });

  it('frees a place when a document is removed from the draft and the draft saved again', async () => {
    const other = await newClient(test);
    const ids: string[] = [];
    for (let index = 0; index < 10; index += 1)
      ids.push(await uploadDocument(test, other.session, pdfFile(), { section: 'company' }));
    expect((await authorize(test, other.session, pdfFile(), { section: 'company' })).code).toBe(codes.validation.code);
    const save = (documentIds: string[]) =>
      call(
        test,
        '/api/v1/account/kyc/company',
        { complete: false, data: { document_ids: documentIds } },
        { session: other.session },
      );
    expect((await save(ids)).code).toBe(200);
    test.clock.advance(1);
    expect((await save(ids.slice(1))).code).toBe(200);
    expect((await authorize(test, other.session, pdfFile(), { section: 'company' })).code).toBe(200);
    // The removed document is no longer the company's to show.
    expect((await documentUrl(ids[0] as string, other.session)).code).toBe(codes.not_found.code);
  });

  it('completes an upload once', async () => {
    const ticket = await authorize(test, client.session, pngFile(), { section: 'company' });
    await putFile(test, ticket.data, pngFile());
    expect((await complete(test, client.session, ticket.data.upload_id)).code).toBe(200);
    const again = await complete(test, client.session, ticket.data.upload_id);
    expect(again.code).toBe(codes.illegal_state.code);
    // The upload URL is single use: a completed upload's key takes no new body.
    expect((await putFile(test, ticket.data, pngFile())).statusCode).toBe(403);
  });

  it('closes an upload sent but never completed once its time has passed, and deletes its file', async () => {
    const other = await newClient(test);
    const ticket = await authorize(test, other.session, pdfFile(), { section: 'company' });
    expect((await putFile(test, ticket.data, pdfFile())).statusCode).toBe(200);
    const key = (await test.database.db.select().from(uploads).where(eq(uploads.id, ticket.data.upload_id)))[0]
      ?.storage_key;
    // Two steps, the sessions used in between: they end after 16 idle minutes.
    for (const seconds of [12 * 60, 8 * 60 + 1]) {
      test.clock.advance(seconds);
      for (const session of [other.session, client.session])
        await call(test, '/api/v1/account/getUserInfo', {}, { session });
    }
    expect((await authorize(test, other.session, pdfFile(), { section: 'company' })).code).toBe(200);
    const [row] = await test.database.db.select().from(uploads).where(eq(uploads.id, ticket.data.upload_id));
    expect(row?.status).toBe('refused');
    await expect(stat(path.join(test.storageDir, ...(key ?? '').split('/')))).rejects.toThrow();
    expect((await complete(test, other.session, ticket.data.upload_id)).code).toBe(codes.illegal_state.code);
  });

  it('refuses an upload URL after its 15 minutes', async () => {
    const ticket = await authorize(test, client.session, pngFile(), { section: 'company' });
    test.clock.advance(15 * 60 + 1);
    expect((await putFile(test, ticket.data, pngFile())).statusCode).toBe(403);
  });
});

describe('documents served back', () => {
  let pdf: DocumentRef;
  let png: DocumentRef;

  beforeAll(async () => {
    pdf = (await upload(test, client.session, pdfFile(), { section: 'company', fileName: 'Profil société.pdf' })).data;
    png = (await upload(test, client.session, pngFile(), { section: 'company', fileName: 'scan.png' })).data;
  });

  it('gives a short-lived, unguessable link that shows a PDF inline, framable by our own pages only', async () => {
    const link = await documentUrl(pdf.document_id);
    expect(link.code).toBe(200);
    expect(link.data.disposition).toBe('inline');
    expect(Date.parse(link.data.expires_at) - test.clock.now().getTime()).toBeLessThanOrEqual(5 * 60 * 1000);
    expect(link.data.url).not.toContain(pdf.document_id);
    expect(link.data.url.length).toBeGreaterThan(80);

    const response = await test.app.inject({ method: 'GET', url: pathOf(link.data.url) });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(pdfFile())).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^inline; filename="Profil soci_t_.pdf"; filename\*=UTF-8''Profil%20soci%C3%A9t%C3%A9.pdf$/,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // The app-wide security headers (frame-ancestors 'none', X-Frame-Options DENY) must not win here.
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sandboxes an image shown inline', async () => {
    const link = await documentUrl(png.document_id);
    const response = await test.app.inject({ method: 'GET', url: pathOf(link.data.url) });
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-security-policy']).toContain('sandbox');
  });

  it('stops working after its 5 minutes', async () => {
    const link = await documentUrl(pdf.document_id);
    test.clock.advance(5 * 60 + 1);
    expect((await test.app.inject({ method: 'GET', url: pathOf(link.data.url) })).statusCode).toBe(403);
  });

  it('lets a KYC reviewer read any company document, not a relationship manager', async () => {
    const reviewer = await newStaff(test, 'compliance_officer');
    expect((await documentUrl(pdf.document_id, reviewer)).code).toBe(200);
    const manager = await newStaff(test, 'sales_relationship_manager');
    expect((await documentUrl(pdf.document_id, manager)).code).toBe(codes.forbidden.code);
  });

  it('answers not_found for an unknown or malformed id', async () => {
    expect((await documentUrl('0190c9d2-7f00-7000-8000-00000000beef')).code).toBe(codes.not_found.code);
    expect((await documentUrl('../../etc/passwd')).code).toBe(codes.not_found.code);
  });
});
