import type { SignedIn } from '@bank/contract/account';
import { errorCatalogue } from '@bank/contract/errors';
import type { AccountKycStatus } from '@bank/contract/states';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../platform/test-support.ts';
import { companies } from '../account/index.ts';
import { insertRound } from './queries.ts';
import { kycRounds } from './tables.ts';
import { type Client, createKycTestApp, type KycTestApp, newClient, newStaff, setKycStatus } from './test-support.ts';

let test: KycTestApp;
let reviewer: SignedIn;

type Queue = {
  items: {
    company_id: string;
    company_name: string | null;
    status: string;
    round: number;
    submitted_at: string | null;
  }[];
  next_cursor: string | null;
};

async function queue(body: Record<string, unknown>) {
  const answer = await call<Queue>(test, '/api/v1/admin/kyc/list', body, { session: reviewer });
  if (answer.code !== 200) throw new Error(`list answered ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** A company named `name` that submitted on `submittedOn` (ISO day), now in `status`. */
async function submittedCompany(
  name: string,
  submittedOn: string | null,
  status: AccountKycStatus = 'pending_review',
): Promise<Client> {
  const client = await newClient(test);
  await test.database.db.update(companies).set({ name }).where(eq(companies.id, client.companyId));
  if (submittedOn) {
    await insertRound(test.database.db, {
      companyId: client.companyId,
      submittedBy: client.session.userid,
      snapshot: {},
      now: new Date(`${submittedOn}T10:00:00Z`),
    });
  }
  await setKycStatus(test, client.companyId, status);
  return client;
}

let named: Record<string, Client> = {};

beforeAll(async () => {
  test = await createKycTestApp();
  reviewer = await newStaff(test, 'compliance_officer');
  named = {
    alpha: await submittedCompany('Alpha 100% Holdings', '2026-03-01'),
    beta: await submittedCompany('Beta_Trading', '2026-03-02'),
    gamma: await submittedCompany('Gamma Trading', '2026-03-03', 'rejected'),
    delta: await submittedCompany('Delta Back\\slash', '2026-03-03'),
    draft: await submittedCompany('Draft Only Ltd', null, 'not_submitted'),
  };
});

afterAll(async () => {
  await test?.close();
});

const idsOf = (page: Queue) => page.items.map((item) => item.company_id);

describe('the review queue', () => {
  it('lists by status, newest submission first', async () => {
    const pending = await queue({ status: 'pending_review' });
    expect(idsOf(pending)).toEqual([named.delta?.companyId, named.beta?.companyId, named.alpha?.companyId]);
    expect(pending.items[0]).toMatchObject({
      status: 'pending_review',
      round: 1,
      submitted_at: '2026-03-03T10:00:00.000Z',
    });
    expect(idsOf(await queue({ status: 'rejected' }))).toEqual([named.gamma?.companyId]);
    const never = await queue({ status: 'not_submitted' });
    expect(never.items).toContainEqual(
      expect.objectContaining({ company_id: named.draft?.companyId, round: 0, submitted_at: null }),
    );
  });

  it('lists never-submitted companies after the submitted ones', async () => {
    const all = await queue({ page_size: 100 });
    const positions = idsOf(all);
    expect(positions.indexOf(named.draft?.companyId ?? '')).toBeGreaterThan(
      positions.indexOf(named.alpha?.companyId ?? ''),
    );
    expect(all.items.at(-1)?.submitted_at).toBeNull();
  });

  it('filters by the day of the latest submission, both ends included', async () => {
    const page = await queue({ submitted_from: '2026-03-02', submitted_to: '2026-03-03' });
    expect(idsOf(page).sort()).toEqual(
      [named.beta, named.gamma, named.delta].map((client) => client?.companyId).sort(),
    );
    expect(idsOf(await queue({ submitted_to: '2026-03-01' }))).toEqual([named.alpha?.companyId]);
  });

  it('searches names as plain text: % and _ are not wildcards', async () => {
    expect(idsOf(await queue({ search: 'trading' })).sort()).toEqual(
      [named.beta, named.gamma].map((client) => client?.companyId).sort(),
    );
    expect(idsOf(await queue({ search: '100%' }))).toEqual([named.alpha?.companyId]);
    expect(idsOf(await queue({ search: '%' }))).toEqual([named.alpha?.companyId]);
    expect(idsOf(await queue({ search: 'a_t' }))).toEqual([named.beta?.companyId]);
    expect(idsOf(await queue({ search: 'k\\s' }))).toEqual([named.delta?.companyId]);
  });

  it('pages with an opaque cursor, every company once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Queue = await queue({ page_size: 2, ...(cursor ? { cursor } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...idsOf(page));
      cursor = page.next_cursor;
    } while (cursor);
    const all = idsOf(await queue({ page_size: 100 }));
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('refuses a forged cursor', async () => {
    const answer = await call(test, '/api/v1/admin/kyc/list', { cursor: 'bm90IGEgY3Vyc29y' }, { session: reviewer });
    expect(answer.code).toBe(errorCatalogue.validation.code);
  });

  it('counts rounds: the latest is listed', async () => {
    const client = named.alpha as Client;
    await insertRound(test.database.db, {
      companyId: client.companyId,
      submittedBy: client.session.userid,
      snapshot: {},
      now: new Date('2026-03-04T09:00:00Z'),
    });
    const page = await queue({ status: 'pending_review' });
    expect(page.items[0]).toMatchObject({ company_id: client.companyId, round: 2 });
    const latest = await test.database.db.select().from(kycRounds).where(eq(kycRounds.company_id, client.companyId));
    expect(latest.filter((round) => round.is_latest)).toHaveLength(1);
  });
});
