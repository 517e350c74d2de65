/**
 * The final refusal of a company's KYC (SPEC.md section 4's "KYC rejected", `kyc_rejected`),
 * beside the decisions that let the company submit again: a refusal with a reason, told to the
 * company on its KYC, in its inbox and by email with what it can do next; no resubmission after it;
 * sending back for changes unchanged; only the staff who review KYC may refuse.
 */
import type { SignedIn } from '@bank/contract/account';
import { errorCatalogue } from '@bank/contract/errors';
import type { InboxMessage } from '@bank/contract/inbox';
import type { KycInfo } from '@bank/contract/kyc';
import { translate } from '@bank/i18n/resources';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfFile, pngFile } from '../../adapters/storage/test-documents.ts';
import { auditLog } from '../../platform/audit-table.ts';
import { call, mailboxCount, nextEmail, settleEmails } from '../../platform/test-support.ts';
import {
  type Client,
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
const reason = 'The company’s beneficial owner appears on a sanctions list.';

beforeAll(async () => {
  test = await createKycTestApp();
  reviewer = await newStaff(test, 'compliance_officer');
});

afterAll(async () => {
  await test?.close();
});

const kycInfo = (client: Client) =>
  call<KycInfo>(test, '/api/v1/account/kyc/getKycInfo', {}, { session: client.session });
const submit = (client: Client) =>
  call<{ status: string }>(test, '/api/v1/account/kyc/submit', {}, { session: client.session });

function decide(companyId: string, body: Record<string, unknown>, session = reviewer) {
  return call<{ status: string }>(test, '/api/v1/admin/kyc/decide', { company_id: companyId, ...body }, { session });
}

/** A company whose four sections are complete and submitted: pending review. */
async function submittedClient(language: 'en' | 'ch' | 'jp' = 'en'): Promise<Client> {
  const client = await newClient(test, { language });
  await completeAllSections(test, client.session, files);
  const submitted = await submit(client);
  if (submitted.code !== 200) throw new Error(`submit answered ${submitted.code} ${submitted.msg}`);
  return client;
}

describe('a final refusal', () => {
  let client: Client;

  beforeAll(async () => {
    client = await submittedClient('ch');
  });

  it('needs a reason', async () => {
    const refused = await decide(client.companyId, { decision: 'refuse' });
    expect(refused.code).toBe(codes.validation.code);
    expect(refused.data).toMatchObject({ fields: { reason: expect.any(String) } });
    expect((await kycInfo(client)).data.status).toBe('pending_review');
  });

  it('makes the KYC kyc_rejected with its reason, audited, emailed with what to do next, and in the inbox', async () => {
    await settleEmails(test);
    const before = await mailboxCount(test, client.email);
    // Sections named with a refusal mean nothing: nothing is to be corrected.
    const refused = await decide(client.companyId, { decision: 'refuse', reason, sections_to_fix: ['company'] });
    expect(refused).toMatchObject({ code: 200, data: { status: 'kyc_rejected' } });

    const info = await kycInfo(client);
    expect(info.data).toMatchObject({ status: 'kyc_rejected', is_editable: false, refusal_reason: reason });
    for (const section of Object.values(info.data.sections)) expect(section.status).toBe('failed');
    expect(info.data.history).toEqual([expect.objectContaining({ round: 1, decision: 'refused', reason })]);

    const audit = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.company_id, client.companyId), eq(auditLog.action, 'kyc.decided')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor_user_id).toBe(reviewer.userid);
    expect(audit[0]?.detail).toMatchObject({
      decision: 'refused',
      from: 'pending_review',
      to: 'kyc_rejected',
      reason,
      sections_to_fix: null,
    });

    // The email, in the administrator's language (Chinese), says it is final, why, and where to turn.
    const email = await nextEmail(test, client.email, before);
    expect(email.subject).toBe(translate('ch', 'kyc_email.refused.subject'));
    expect(email.text).toContain(reason);
    expect(email.text).toContain(translate('ch', 'kyc_email.refused.next_steps'));

    const inbox = await call<{ items: InboxMessage[] }>(test, '/api/v1/msg/list', {}, { session: client.session });
    expect(inbox.data.items.find((message) => message.kind === 'kyc_refused')).toMatchObject({
      params: { reason },
      link: { page: 'kyc', id: null },
    });
  });

  it('refuses any change or resubmission afterwards, saying why', async () => {
    const resubmitted = await submit(client);
    expect(resubmitted.code).toBe(codes.illegal_state.code);
    expect(resubmitted.msg).toBe(translate('en', 'kyc_email.messages.refused_final'));
    const saved = await saveSection(test, client.session, 'shareholder', ownershipData(), true);
    expect(saved.code).toBe(codes.illegal_state.code);
    expect(saved.msg).toBe(translate('en', 'kyc_email.messages.refused_final'));
    expect((await kycInfo(client)).data.status).toBe('kyc_rejected');
  });

  it('is final for staff too: no later decision changes it', async () => {
    for (const decision of ['approve', 'reject', 'return', 'refuse'] as const) {
      const later = await decide(client.companyId, { decision, reason: 'A second look.' });
      expect(later.code).toBe(codes.illegal_state.code);
    }
    expect((await kycInfo(client)).data.status).toBe('kyc_rejected');
  });
});

describe('sending back for changes, beside the final refusal', () => {
  it('still returns for resubmission and rejects with a reason, and the company may submit again', async () => {
    const client = await submittedClient();
    expect(await decide(client.companyId, { decision: 'return', reason: 'Add the second director.' })).toMatchObject({
      code: 200,
      data: { status: 'pending_resubmission' },
    });
    expect((await kycInfo(client)).data).toMatchObject({
      is_editable: true,
      refusal_reason: 'Add the second director.',
    });
    expect(await submit(client)).toMatchObject({ code: 200, data: { status: 'pending_review' } });

    expect(
      await decide(client.companyId, { decision: 'reject', reason: 'The profile is not certified.' }),
    ).toMatchObject({ code: 200, data: { status: 'rejected' } });
    expect(await submit(client)).toMatchObject({ code: 200, data: { status: 'pending_review' } });
    expect((await kycInfo(client)).data.history.map((round) => round.decision)).toEqual(['returned', 'rejected', null]);
  });
});

describe('who may refuse', () => {
  it('lets the staff who review KYC refuse, and no one else', async () => {
    const manager = await newStaff(test, 'sales_relationship_manager');
    const client = await submittedClient();
    const colleague = await newClient(test);
    for (const session of [manager, client.session, colleague.session]) {
      const refused = await decide(client.companyId, { decision: 'refuse', reason }, session);
      expect(refused.code).toBe(codes.forbidden.code);
    }
    expect((await kycInfo(client)).data.status).toBe('pending_review');

    const admin = await newStaff(test, 'system_admin');
    expect(await decide(client.companyId, { decision: 'refuse', reason }, admin)).toMatchObject({
      code: 200,
      data: { status: 'kyc_rejected' },
    });
  });
});
