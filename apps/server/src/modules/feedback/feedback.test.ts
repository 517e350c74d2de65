import { randomUUID } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import type { DocumentRef, UploadTicket } from '@bank/contract/documents';
import { errorCatalogue } from '@bank/contract/errors';
import { type Feedback, feedbackPerUserPerHour, type StaffFeedback } from '@bank/contract/feedback';
import type { InboxMessage } from '@bank/contract/inbox';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elfExecutable, jpegFile, pdfFile, pngFile } from '../../adapters/storage/test-documents.ts';
import { auditLog } from '../../platform/audit-table.ts';
import { type CallOptions, call, type Envelope, settleEmails } from '../../platform/test-support.ts';
import { createKycTestApp, type KycTestApp, newClient, newStaff, putFile } from '../kyc/test-support.ts';

let test: KycTestApp;
let staff: SignedIn;

beforeAll(async () => {
  test = await createKycTestApp();
  staff = await newStaff(test, 'compliance_officer');
});
afterAll(async () => {
  await test?.close();
});

const forbidden = errorCatalogue.forbidden.code;
const notFound = errorCatalogue.not_found.code;
const illegalState = errorCatalogue.illegal_state.code;
const invalid = errorCatalogue.validation.code;

const fieldsOf = (envelope: Envelope) =>
  (envelope.data as { fields?: Record<string, string> } | null)?.fields ?? ({} as Record<string, string>);

/** Authorise, PUT to storage, complete: the documents' flow through the feedback's calls. */
async function uploadScreenshot(session: SignedIn, bytes: Buffer, fileName = 'screen.png') {
  const ticket = await call<UploadTicket>(
    test,
    '/api/v1/feedback/screenshotUpload',
    { file_name: fileName, content_type: 'image/png', size_bytes: bytes.length },
    { session },
  );
  if (ticket.code !== 200) return ticket as unknown as Envelope<DocumentRef>;
  expect((await putFile(test, ticket.data, bytes)).statusCode).toBe(200);
  return call<DocumentRef>(
    test,
    '/api/v1/feedback/screenshotComplete',
    { upload_id: ticket.data.upload_id },
    { session },
  );
}

function submit(session: SignedIn, body: Record<string, unknown>, options: CallOptions = {}) {
  return call<Feedback>(
    test,
    '/api/v1/feedback/submit',
    { category: 'payments', text: 'The payee list does not sort by name.\nIt sorts by date.', ...body },
    { session, ...options, headers: { 'idempotency-key': randomUUID(), ...options.headers } },
  );
}

const staffCall = <Data>(path: string, body: object, session = staff) =>
  call<Data>(test, `/api/v1/admin/feedback/${path}`, body, { session });

async function supportMessages(session: SignedIn): Promise<InboxMessage[]> {
  await settleEmails(test);
  const page = await call<{ items: InboxMessage[] }>(test, '/api/v1/msg/list', { category: 'support' }, { session });
  return page.data.items;
}

describe('sending feedback', () => {
  it('keeps feedback without a screenshot, open, and shows it to its sender only', async () => {
    const client = await newClient(test);
    const sent = await submit(client.session, {});
    expect(sent.code, sent.msg).toBe(200);
    expect(sent.data).toMatchObject({ category: 'payments', status: 'open', screenshot: null, answer: null });
    expect(sent.data.text).toContain('\nIt sorts');

    const list = await call<{ items: Feedback[] }>(test, '/api/v1/feedback/list', {}, { session: client.session });
    expect(list.data.items.map((item) => item.feedback_id)).toEqual([sent.data.feedback_id]);

    const other = await newClient(test);
    const otherList = await call<{ items: Feedback[] }>(test, '/api/v1/feedback/list', {}, { session: other.session });
    expect(otherList.data.items).toEqual([]);
    const otherGet = await call(
      test,
      '/api/v1/feedback/get',
      { feedback_id: sent.data.feedback_id },
      { session: other.session },
    );
    expect(otherGet.code).toBe(notFound);
  });

  it('takes a PNG or JPEG screenshot through the documents’ upload flow; staff open it', async () => {
    const client = await newClient(test);
    const png = await uploadScreenshot(client.session, pngFile());
    expect(png).toMatchObject({ code: 200, data: { mime_type: 'image/png' } });
    const jpeg = await uploadScreenshot(client.session, jpegFile(), 'screen.jpg');
    expect(jpeg).toMatchObject({ code: 200, data: { mime_type: 'image/jpeg' } });

    const sent = await submit(client.session, { category: 'bug', screenshot_document_id: png.data.document_id });
    expect(sent.code, sent.msg).toBe(200);
    expect(sent.data.screenshot).toMatchObject({ document_id: png.data.document_id, file_name: 'screen.png' });

    const seen = await staffCall<StaffFeedback>('get', { feedback_id: sent.data.feedback_id });
    expect(seen.data.screenshot?.document_id).toBe(png.data.document_id);
    const link = await call<{ url: string }>(
      test,
      '/api/v1/init/documentUrl',
      { document_id: png.data.document_id },
      { session: staff },
    );
    expect(link.code, link.msg).toBe(200);

    // A screenshot goes with one feedback only.
    const again = await submit(client.session, { screenshot_document_id: png.data.document_id });
    expect(again.code).toBe(invalid);
    expect(fieldsOf(again)).toHaveProperty('screenshot_document_id');
  });

  it('refuses a screenshot that is not an image by its content, and another company’s document', async () => {
    const client = await newClient(test);
    const pdf = await uploadScreenshot(client.session, pdfFile(), 'screen.png');
    expect(pdf.code).toBe(invalid);
    expect(pdf.msg).toBe('Wrong file type');
    const executable = await uploadScreenshot(client.session, elfExecutable(), 'screen.png');
    expect(executable.code).toBe(invalid);

    const other = await newClient(test);
    const theirs = await uploadScreenshot(other.session, pngFile());
    const refused = await submit(client.session, { screenshot_document_id: theirs.data.document_id });
    expect(refused.code).toBe(invalid);
    expect(fieldsOf(refused).screenshot_document_id).toBe(
      'This screenshot cannot be sent with feedback. Upload it again.',
    );
  });

  it('refuses an empty text in the caller’s language, and replays a repeated submission', async () => {
    const client = await newClient(test);
    const empty = await submit(client.session, { text: '   ' }, { language: 'jp' });
    expect(empty.code).toBe(invalid);
    expect(fieldsOf(empty).text).toBe('ご意見を入力してください');

    const key = randomUUID();
    const first = await submit(client.session, {}, { headers: { 'idempotency-key': key } });
    const repeat = await submit(client.session, {}, { headers: { 'idempotency-key': key } });
    expect(repeat.data.feedback_id).toBe(first.data.feedback_id);
    const list = await call<{ items: Feedback[] }>(test, '/api/v1/feedback/list', {}, { session: client.session });
    expect(list.data.items).toHaveLength(1);
  });

  it('takes at most the hourly number of feedback from one user, and says how long to wait', async () => {
    const client = await newClient(test);
    // The clock standing still, at least two minutes before the hour's window ends (moved into the
    // next window when it is nearer): the window cannot end while the submissions are sent, and the
    // wait is said in minutes (a wait under a minute is said in seconds: email-codes.test.ts).
    const hourMs = 60 * 60 * 1000;
    const leftMs = hourMs - (test.clock.now().getTime() % hourMs);
    if (leftMs < 2 * 60 * 1000) test.clock.advance(leftMs / 1000 + 1);
    const refused = await test.clock.standingStill(async () => {
      for (let sent = 0; sent < feedbackPerUserPerHour; sent += 1)
        expect((await submit(client.session, {})).code).toBe(200);
      return submit(client.session, {});
    });
    expect(refused.code).toBe(errorCatalogue.rate_limited.code);
    expect(refused.msg).toMatch(/^Too many attempts\. Please try again in \d+ minutes\.$/);
  });
});

describe('the feedback queue', () => {
  it('is searched by the server: words of the text, the sender’s email, the company’s name', async () => {
    const client = await newClient(test);
    const other = await newClient(test);
    const word = `Quokka${randomUUID().slice(0, 8)}`;
    const sent = await submit(client.session, { text: `The ${word} report does not load.` });
    await submit(other.session, {});
    const ids = async (search: string) =>
      (await staffCall<{ items: StaffFeedback[] }>('list', { search, page_size: 100 })).data.items.map(
        (item) => item.feedback_id,
      );
    expect(await ids(word.toLowerCase())).toEqual([sent.data.feedback_id]);
    expect(await ids(client.email)).toEqual([sent.data.feedback_id]);
    expect(await ids(`${word}%`)).toEqual([]);
    // An empty box searches nothing away.
    expect((await ids('   ')).length).toBeGreaterThan(1);
  });
});

describe('answering feedback', () => {
  it('reaches the sender’s inbox once, is audited, and cannot be answered twice', async () => {
    const client = await newClient(test);
    const sent = await submit(client.session, { category: 'cards' });
    const open = await staffCall<{ items: StaffFeedback[] }>('list', { status: 'open', page_size: 100 });
    expect(open.data.items.map((item) => item.feedback_id)).toContain(sent.data.feedback_id);

    const answered = await staffCall<StaffFeedback>('answer', {
      feedback_id: sent.data.feedback_id,
      answer: 'Thank you: sorting by name ships next week.',
    });
    expect(answered.code, answered.msg).toBe(200);
    expect(answered.data).toMatchObject({ status: 'answered', answer: 'Thank you: sorting by name ships next week.' });

    const twice = await staffCall('answer', { feedback_id: sent.data.feedback_id, answer: 'Again' });
    expect(twice.code).toBe(illegalState);
    expect(twice.msg).toBe('This feedback has already been answered.');

    await test.app.jobs.relayNow();
    const messages = await supportMessages(client.session);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      kind: 'feedback_answered',
      link: { page: 'feedback', id: sent.data.feedback_id },
    });
    const read = await call<Feedback>(
      test,
      '/api/v1/feedback/get',
      { feedback_id: sent.data.feedback_id },
      {
        session: client.session,
      },
    );
    expect(read.data).toMatchObject({ status: 'answered', answer: 'Thank you: sorting by name ships next week.' });

    const audits = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'feedback.answered'), eq(auditLog.company_id, client.companyId)));
    expect(audits).toHaveLength(1);

    const answeredList = await staffCall<{ items: StaffFeedback[] }>('list', { status: 'answered', page_size: 100 });
    expect(answeredList.data.items.map((item) => item.feedback_id)).toContain(sent.data.feedback_id);
  });

  it('is refused to staff without the permission and to clients; an unknown id is not found', async () => {
    const manager = await newStaff(test, 'sales_relationship_manager');
    expect((await staffCall('list', {}, manager)).code).toBe(forbidden);
    const client = await newClient(test);
    expect((await staffCall('list', {}, client.session)).code).toBe(forbidden);
    expect((await staffCall('get', { feedback_id: randomUUID() })).code).toBe(notFound);
    // Staff belong to no company: they send no feedback.
    expect((await submit(staff, {})).code).toBe(forbidden);
  });
});
