import type { KycInfo } from '@bank/contract/kyc';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../platform/db.ts';
import { runDemoSeed } from '../../platform/module.ts';
import { call } from '../../platform/test-support.ts';
import { companies } from '../account/index.ts';
import { signIn } from '../account/test-support.ts';
import { demoSeeders } from '../index.ts';
import { kycDemoAccounts, rejectedDemoReason } from './seed.ts';
import { createKycTestApp, type KycTestApp, pathOf } from './test-support.ts';

let test: KycTestApp;
let printed: Awaited<ReturnType<typeof runDemoSeed>>;

beforeAll(async () => {
  test = await createKycTestApp();
  printed = await runDemoSeed(
    { db: test.database.db, now: test.clock.now(), config: test.config, providers: test.providers },
    demoSeeders,
  );
});

afterAll(async () => {
  await test?.close();
});

async function kycOf(account: { email: string; password: string }) {
  const session = await signIn(test, account);
  return { session, info: (await call<KycInfo>(test, '/api/v1/account/kyc/getKycInfo', {}, { session })).data };
}

describe('the KYC demo seed', () => {
  it('prints an administrator of a company in each KYC state', () => {
    for (const account of Object.values(kycDemoAccounts)) {
      expect(printed).toContainEqual(
        expect.objectContaining({ email: account.email, password: account.password, role: 'administrator' }),
      );
    }
  });

  it('has a draft started, a complete submission under review, a rejection with its reason, and an approval', async () => {
    const draft = await kycOf(kycDemoAccounts.draft);
    expect(draft.info).toMatchObject({ status: 'not_submitted', is_editable: true });
    expect(draft.info.sections.company.data?.company_name).toBe('Harbour Logistics Pte Ltd');

    const pending = await kycOf(kycDemoAccounts.pending);
    expect(pending.info).toMatchObject({ status: 'pending_review', is_editable: false });
    for (const section of Object.values(pending.info.sections)) expect(section.is_complete).toBe(true);
    expect(pending.info.documents.map((document) => document.mime_type).sort()).toEqual([
      'application/pdf',
      'application/pdf',
      'application/pdf',
      'image/png',
      'image/png',
    ]);
    const pdf = pending.info.documents.find((document) => document.mime_type === 'application/pdf');
    const link = await call<{ url: string }>(
      test,
      '/api/v1/init/documentUrl',
      { document_id: pdf?.document_id },
      { session: pending.session },
    );
    const file = await test.app.inject({ method: 'GET', url: pathOf(link.data.url) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');

    const rejected = await kycOf(kycDemoAccounts.rejected);
    expect(rejected.info).toMatchObject({ status: 'rejected', is_editable: true, refusal_reason: rejectedDemoReason });
    expect(rejected.info.history).toEqual([expect.objectContaining({ round: 1, decision: 'rejected' })]);

    const approved = await kycOf(kycDemoAccounts.approved);
    expect(approved.info).toMatchObject({ status: 'kyc_approved', is_editable: false });
    expect(approved.session.kyc_status).toBe('kyc_approved');
  });

  it('creates nothing the second time', async () => {
    const totals = async () => ({
      companies: (await test.database.db.select({ total: count() }).from(companies))[0]?.total,
      // The documents module's table, read by name: a test reaches no module's internals either.
      documents: (
        await executeRows<{ total: number }>(test.database.db, sql`select count(*)::int as total from documents`)
      )[0]?.total,
    });
    const before = await totals();
    await runDemoSeed(
      { db: test.database.db, now: test.clock.now(), config: test.config, providers: test.providers },
      demoSeeders,
    );
    expect(await totals()).toEqual(before);
  });

  it('adds nothing without a configuration (no storage to keep documents in)', async () => {
    const kycSeeder = demoSeeders.find((seeder) => seeder.name === 'kyc');
    expect(await kycSeeder?.seed({ db: test.database.db, now: test.clock.now() })).toEqual([]);
  });
});
