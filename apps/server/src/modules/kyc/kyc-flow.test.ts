import type { SignedIn } from '@bank/contract/account';
import { errorCatalogue } from '@bank/contract/errors';
import type { KycInfo } from '@bank/contract/kyc';
import { translate } from '@bank/i18n/resources';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfFile, pngFile } from '../../adapters/storage/test-documents.ts';
import { auditLog } from '../../platform/audit-table.ts';
import { outboxEvents } from '../../platform/outbox-table.ts';
import { call, mailboxCount, nextEmail, settleEmails } from '../../platform/test-support.ts';
import { companies } from '../account/index.ts';
import {
  type Client,
  companyData,
  completeAllSections,
  createKycTestApp,
  type KycTestApp,
  newClient,
  newStaff,
  ownershipData,
  saveSection,
} from './test-support.ts';

let test: KycTestApp;
let reviewer: SignedIn;
const files = { png: pngFile(), pdf: pdfFile() };
const codes = errorCatalogue;

beforeAll(async () => {
  test = await createKycTestApp();
  reviewer = await newStaff(test, 'compliance_officer');
});

afterAll(async () => {
  await test?.close();
});

async function kycInfo(client: Client) {
  return call<KycInfo>(test, '/api/v1/account/kyc/getKycInfo', {}, { session: client.session });
}

async function submit(client: Client, language?: 'en' | 'ch' | 'jp') {
  return call<{ status: string }>(test, '/api/v1/account/kyc/submit', {}, { session: client.session, language });
}

async function decide(
  companyId: string,
  decision: 'approve' | 'reject' | 'return',
  reason?: string,
  session = reviewer,
  sectionsToFix?: string[],
) {
  return call<{ status: string }>(
    test,
    '/api/v1/admin/kyc/decide',
    {
      company_id: companyId,
      decision,
      ...(reason ? { reason } : {}),
      ...(sectionsToFix ? { sections_to_fix: sectionsToFix } : {}),
    },
    { session },
  );
}

async function statusEvents(companyId: string) {
  return test.database.db
    .select({ payload: outboxEvents.payload })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.type, 'kyc.status_changed'), eq(outboxEvents.company_id, companyId)))
    .orderBy(asc(outboxEvents.created_at), asc(outboxEvents.id));
}

describe('a new company', () => {
  it('reads four empty, editable sections', async () => {
    const client = await newClient(test);
    const info = await kycInfo(client);
    expect(info.code).toBe(200);
    expect(info.data).toMatchObject({ status: 'not_submitted', is_editable: true, refusal_reason: null, history: [] });
    for (const section of Object.values(info.data.sections)) {
      expect(section).toEqual({ status: 'not_submitted', is_complete: false, updated_at: null, data: null });
    }
  });

  it('keeps a draft across calls and marks a section complete only when saved as complete', async () => {
    const client = await newClient(test);
    expect(
      (await saveSection(test, client.session, 'shareholder', { shareholders: [{ name: 'Ada' }] }, false)).code,
    ).toBe(200);
    let info = await kycInfo(client);
    expect(info.data.sections.shareholder).toMatchObject({
      is_complete: false,
      data: { shareholders: [{ name: 'Ada' }], officers: [] },
    });
    const saved = await saveSection(test, client.session, 'shareholder', ownershipData(), true);
    expect(saved).toMatchObject({ code: 200, data: { status: 'not_submitted', is_complete: true } });
    info = await kycInfo(client);
    expect(info.data.sections.shareholder.is_complete).toBe(true);
    expect(info.data.sections.shareholder.data).toEqual(ownershipData());
  });

  it('answers "Please complete all the sections before submission" until all four are complete', async () => {
    const client = await newClient(test);
    await saveSection(test, client.session, 'shareholder', ownershipData(), true);
    await saveSection(test, client.session, 'company', companyData([]), false);
    const refused = await submit(client);
    expect(refused.code).toBe(codes.validation.code);
    expect(refused.msg).toBe('Please complete all the sections before submission');
    expect(Object.keys((refused.data as unknown as { fields: Record<string, string> }).fields).sort()).toEqual([
      'sections.company',
      'sections.corporate',
      'sections.trading',
    ]);
    const [company] = await test.database.db.select().from(companies).where(eq(companies.id, client.companyId));
    expect(company?.kyc_status).toBe('not_submitted');
  });

  it('names the company after its company information', async () => {
    const client = await newClient(test);
    await saveSection(test, client.session, 'company', { company_name: 'Difference Engines plc' }, false);
    const [company] = await test.database.db.select().from(companies).where(eq(companies.id, client.companyId));
    expect(company?.name).toBe('Difference Engines plc');
    // The back office's audit log names the company, not only its id.
    const audit = await call<{ items: { company_id: string | null; company_name: string | null }[] }>(
      test,
      '/api/v1/admin/audit/list',
      { action: 'kyc.section_saved' },
      { session: reviewer },
    );
    expect(audit.data.items.find((item) => item.company_id === client.companyId)?.company_name).toBe(
      'Difference Engines plc',
    );
  });
});

describe('submission and review', () => {
  let client: Client;

  beforeAll(async () => {
    client = await newClient(test, { language: 'jp' });
    await completeAllSections(test, client.session, files);
  });

  it('submits: pending review, locked sections, a round, an event, an audit entry and an email in the user language', async () => {
    await settleEmails(test);
    const before = await mailboxCount(test, client.email);
    const submitted = await submit(client);
    expect(submitted).toMatchObject({ code: 200, data: { status: 'pending_review' } });

    const info = await kycInfo(client);
    expect(info.data).toMatchObject({ status: 'pending_review', is_editable: false });
    for (const section of Object.values(info.data.sections))
      expect(section).toMatchObject({ status: 'under_review', is_complete: true });
    expect(info.data.history).toEqual([
      { round: 1, submitted_at: expect.any(String), decision: null, reason: null, decided_at: null },
    ]);
    expect(info.data.documents).toHaveLength(4);

    const email = await nextEmail(test, client.email, before);
    expect(email.subject).toBe(translate('jp', 'kyc_email.submitted.subject'));
    expect(await statusEvents(client.companyId)).toEqual([
      { payload: expect.objectContaining({ from: 'not_submitted', to: 'pending_review', round: 1 }) },
    ]);
    const audit = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.company_id, client.companyId), eq(auditLog.action, 'kyc.submitted')));
    expect(audit).toHaveLength(1);

    const session = await call<{ kyc_status: string }>(
      test,
      '/api/v1/account/getUserInfo',
      {},
      { session: client.session },
    );
    expect(session.data.kyc_status).toBe('pending_review');
  });

  it('refuses changes, uploads, phone links and a second submission while under review', async () => {
    const save = await saveSection(test, client.session, 'shareholder', ownershipData(), true);
    expect(save.code).toBe(codes.illegal_state.code);
    expect(save.msg).toBe(translate('en', 'kyc_email.messages.not_editable'));
    const upload = await call(
      test,
      '/api/v1/init/awsS3Auth',
      { section: 'company', file_name: 'a.pdf', content_type: 'application/pdf', size_bytes: 10 },
      { session: client.session },
    );
    expect(upload.code).toBe(codes.illegal_state.code);
    expect((await call(test, '/api/v1/init/phoneLink', { section: 'company' }, { session: client.session })).code).toBe(
      codes.illegal_state.code,
    );
    expect((await submit(client)).code).toBe(codes.illegal_state.code);
  });

  it('is in the review queue and its detail shows every section and document', async () => {
    const queue = await call<{
      items: { company_id: string; status: string; round: number; applicant_email: string }[];
    }>(test, '/api/v1/admin/kyc/list', { status: 'pending_review' }, { session: reviewer });
    expect(queue.code).toBe(200);
    expect(queue.data.items).toContainEqual(
      expect.objectContaining({
        company_id: client.companyId,
        status: 'pending_review',
        round: 1,
        applicant_email: client.email,
      }),
    );
    const detail = await call<KycInfo & { company_name: string }>(
      test,
      '/api/v1/admin/kyc/get',
      { company_id: client.companyId },
      { session: reviewer },
    );
    expect(detail.code).toBe(200);
    expect(detail.data.company_name).toBe('Analytical Engines Ltd');
    expect(detail.data.sections.company.data?.document_ids).toHaveLength(1);
    expect(detail.data.documents.map((document) => document.section).sort()).toEqual([
      'company',
      'corporate',
      'trading',
      'trading',
    ]);
  });

  it('rejects with a reason: the client reads it, is emailed in their language, may correct and submit again', async () => {
    await settleEmails(test);
    const before = await mailboxCount(test, client.email);
    const rejected = await decide(client.companyId, 'reject', 'The profile is not certified.');
    expect(rejected).toMatchObject({ code: 200, data: { status: 'rejected' } });

    const info = await kycInfo(client);
    expect(info.data).toMatchObject({
      status: 'rejected',
      is_editable: true,
      refusal_reason: 'The profile is not certified.',
    });
    // No section named: every section is to be reviewed again.
    for (const section of Object.values(info.data.sections)) expect(section.status).toBe('failed');
    expect(info.data.history[0]).toMatchObject({
      round: 1,
      decision: 'rejected',
      reason: 'The profile is not certified.',
    });

    const email = await nextEmail(test, client.email, before);
    expect(email.subject).toBe(translate('jp', 'kyc_email.rejected.subject'));
    expect(email.text).toContain('The profile is not certified.');

    const audit = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.company_id, client.companyId), eq(auditLog.action, 'kyc.decided')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor_user_id).toBe(reviewer.userid);
    expect(audit[0]?.detail).toMatchObject({ decision: 'rejected', reason: 'The profile is not certified.' });

    expect((await saveSection(test, client.session, 'shareholder', ownershipData(), true)).code).toBe(200);
    expect(await submit(client)).toMatchObject({ code: 200, data: { status: 'pending_review' } });
  });

  it('returns for resubmission, then approves the next round; every change is an event', async () => {
    expect(
      await decide(client.companyId, 'return', 'Add the second director.', reviewer, ['shareholder', 'shareholder']),
    ).toMatchObject({ code: 200, data: { status: 'pending_resubmission' } });
    const returned = await kycInfo(client);
    expect(returned.data).toMatchObject({
      is_editable: true,
      refusal_reason: 'Add the second director.',
    });
    // Only the section the reviewer named is to be corrected; the others stand as accepted.
    expect(
      Object.fromEntries(Object.entries(returned.data.sections).map(([section, state]) => [section, state.status])),
    ).toEqual({ corporate: 'success', company: 'success', shareholder: 'failed', trading: 'success' });
    expect((await submit(client)).data).toEqual({ status: 'pending_review' });
    await settleEmails(test);
    const before = await mailboxCount(test, client.email);
    expect(await decide(client.companyId, 'approve')).toMatchObject({ code: 200, data: { status: 'kyc_approved' } });

    const info = await kycInfo(client);
    expect(info.data).toMatchObject({ status: 'kyc_approved', is_editable: false, refusal_reason: null });
    expect(info.data.sections.trading.status).toBe('success');
    expect(info.data.history.map((round) => [round.round, round.decision])).toEqual([
      [1, 'rejected'],
      [2, 'returned'],
      [3, 'approved'],
    ]);
    expect((await statusEvents(client.companyId)).map((event) => (event.payload as { to: string }).to)).toEqual([
      'pending_review',
      'rejected',
      'pending_review',
      'pending_resubmission',
      'pending_review',
      'kyc_approved',
    ]);
    const email = await nextEmail(test, client.email, before);
    expect(email.subject).toBe(translate('jp', 'kyc_email.approved.subject'));
  });

  it('refuses a decision outside pending review (illegal_state)', async () => {
    const approvedAgain = await decide(client.companyId, 'reject', 'Too late');
    expect(approvedAgain.code).toBe(codes.illegal_state.code);
    const fresh = await newClient(test);
    expect((await decide(fresh.companyId, 'approve')).code).toBe(codes.illegal_state.code);
  });
});

describe('who may review', () => {
  it('lets a system admin review, and refuses a relationship manager and a client (forbidden)', async () => {
    const admin = await newStaff(test, 'system_admin');
    expect((await call(test, '/api/v1/admin/kyc/list', {}, { session: admin })).code).toBe(200);
    const manager = await newStaff(test, 'sales_relationship_manager');
    const client = await newClient(test);
    for (const session of [manager, client.session]) {
      expect((await call(test, '/api/v1/admin/kyc/list', {}, { session })).code).toBe(codes.forbidden.code);
      expect((await call(test, '/api/v1/admin/kyc/get', { company_id: client.companyId }, { session })).code).toBe(
        codes.forbidden.code,
      );
      expect((await decide(client.companyId, 'approve', undefined, session)).code).toBe(codes.forbidden.code);
    }
  });

  it('answers not_found for a company that does not exist', async () => {
    const missing = '0190c9d2-7f00-7000-8000-00000000dead';
    expect((await call(test, '/api/v1/admin/kyc/get', { company_id: missing }, { session: reviewer })).code).toBe(
      codes.not_found.code,
    );
    expect((await call(test, '/api/v1/admin/kyc/get', { company_id: 'not-a-uuid' }, { session: reviewer })).code).toBe(
      codes.not_found.code,
    );
  });

  it('keeps staff out of the client KYC calls', async () => {
    expect((await call(test, '/api/v1/account/kyc/getKycInfo', {}, { session: reviewer })).code).toBe(
      codes.forbidden.code,
    );
  });
});
