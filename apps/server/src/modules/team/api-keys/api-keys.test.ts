/**
 * API keys (issue 33, item 1; decision 0041), through real HTTP calls on a real database: issued by
 * the administrator with a fresh second factor, shown once, a bearer key reads what its scope allows
 * and nothing more, writes only from its allow-list, is refused at once when revoked or expired,
 * makes payouts that wait for a person's approval, is counted and audited on every use, and never
 * appears in a log line or an answer after the one that issued it.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { SignedIn } from '@bank/contract/account';
import type { ApiKey } from '@bank/contract/api-keys';
import { errorCatalogue } from '@bank/contract/errors';
import type { DashboardHome } from '@bank/contract/ledger';
import type { Payout, PayoutDetails } from '@bank/contract/payouts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../platform/audit-table.ts';
import {
  type CallOptions,
  call,
  createRunningTestApp,
  type Envelope,
  type RunningTestApp,
} from '../../../platform/test-support.ts';
import { addAddress, colleague, fundedCompany, idempotent, instructions } from '../../payouts/test-support.ts';

const logLines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

/** Every answer of the run but the one that issued each key, to be scanned for the keys. */
const answers: string[] = [];
const issuedKeys: string[] = [];

let test: RunningTestApp;
let administrator: SignedIn;
let companyId: string;

async function answered<Data>(path: string, body: unknown, options: CallOptions): Promise<Envelope<Data>> {
  const answer = await call<Data>(test, path, body, options);
  answers.push(JSON.stringify(answer));
  return answer;
}

/** A call made with `key` as `Authorization: Bearer`, from `ip`. */
function withKey<Data = unknown>(
  key: string,
  path: string,
  body: unknown,
  options: { ip?: string; headers?: Record<string, string> } = {},
) {
  return answered<Data>(path, body, {
    ip: options.ip,
    headers: { authorization: `Bearer ${key}`, ...options.headers },
  });
}

type Issued = { key: ApiKey; secret: string };

async function issueKey(session: SignedIn, body: Record<string, unknown>): Promise<Envelope<Issued>> {
  const answer = await call<Issued>(test, '/api/v1/team/apiKey/create', body, { session, headers: idempotent() });
  if (answer.code === 200) issuedKeys.push(answer.data.secret);
  else answers.push(JSON.stringify(answer));
  return answer;
}

async function issued(body: Record<string, unknown>): Promise<Issued> {
  const answer = await issueKey(administrator, body);
  if (answer.code !== 200) throw new Error(`apiKey/create answered ${answer.code} ${answer.msg}`);
  return answer.data;
}

const readOnly = { name: 'Reporting', scope: 'read_only' };
const readWrite = { name: 'Treasury', scope: 'read_write', allowed_ips: ['127.0.0.0/8'] };

beforeAll(async () => {
  test = await createRunningTestApp({ logger: { level: 'trace', stream: capture } });
  const client = await fundedCompany(test, { funds: { USDT: '100000' } });
  administrator = client.session;
  companyId = client.companyId;
}, 120_000);

afterAll(async () => {
  await test?.close();
});

describe('issuing keys', () => {
  it('shows a key once, with a prefix to recognise it, and lists it without its secret', async () => {
    const { key, secret } = await issued(readOnly);
    expect(secret.startsWith(`${key.prefix}_`)).toBe(true);
    expect(key).toMatchObject({ name: 'Reporting', scope: 'read_only', allowed_ips: [], last_used_at: null });
    const list = await answered<{ items: ApiKey[] }>('/api/v1/team/apiKey/list', {}, { session: administrator });
    expect(list.data.items.map((item) => item.key_id)).toContain(key.key_id);
  });

  it('needs an allow-list for a key that can write, and takes ranges only in CIDR form', async () => {
    const without = await issueKey(administrator, { name: 'No list', scope: 'read_write' });
    expect(without.code).toBe(errorCatalogue.validation.code);
    expect(Object.keys((without.data as unknown as { fields: object }).fields)).toContain('allowed_ips');
    const wrong = await issueKey(administrator, { ...readWrite, allowed_ips: ['10.0.0.300/8'] });
    expect(wrong.code).toBe(errorCatalogue.validation.code);
    const normalised = await issued({ ...readWrite, allowed_ips: ['10.1.2.3/8'] });
    expect(normalised.key.allowed_ips).toEqual(['10.0.0.0/8']);
  });
});

describe('calls made with a key', () => {
  it('reads balances with a read-only key, and refuses it every write, staff call and person’s call', async () => {
    const { secret } = await issued(readOnly);
    const home = await withKey<DashboardHome>(secret, '/api/v1/dashboard/home', {});
    expect(home.code).toBe(200);
    expect(home.data.balances.find((line) => line.asset === 'USDT')?.balance).toBe('100000');
    for (const path of [
      '/api/v1/withdraw/crypto/calc',
      '/api/v1/fx/quote',
      '/api/v1/withdraw/payee/add',
      '/api/v1/account/getUserInfo',
      '/api/v1/team/apiKey/list',
      '/api/v1/admin/payouts/list',
    ]) {
      const answer = await withKey(secret, path, {}, { headers: idempotent() as Record<string, string> });
      expect(answer.code, path).toBe(errorCatalogue.forbidden.code);
    }
  });

  it('refuses a write from an address outside the allow-list, and keeps the read open', async () => {
    const { secret } = await issued({ ...readWrite, allowed_ips: ['203.0.113.0/24'] });
    const quote = { asset: 'USDT', network: 'TRC20', amount: '50' };
    const outside = await withKey(secret, '/api/v1/withdraw/crypto/calc', quote, { ip: '198.51.100.7' });
    expect(outside.code).toBe(errorCatalogue.forbidden.code);
    const inside = await withKey(secret, '/api/v1/withdraw/crypto/calc', quote, { ip: '203.0.113.9' });
    expect(inside.code).toBe(200);
    const read = await withKey(secret, '/api/v1/dashboard/home', {}, { ip: '198.51.100.7' });
    expect(read.code).toBe(200);
  });

  it('sends a payout made with a key to approval, as its maker, whatever the policy', async () => {
    const address = await addAddress(test, administrator);
    const { secret } = await issued(readWrite);
    const quote = await withKey<{ quote_id: string }>(secret, '/api/v1/withdraw/crypto/calc', {
      asset: 'USDT',
      network: 'TRC20',
      amount: '25',
    });
    const body = { quote_id: quote.data.quote_id, address_id: address.address_id, ...instructions };
    const key = randomUUID();
    const payout = await withKey<Payout>(secret, '/api/v1/withdraw/crypto/withdraw', body, {
      headers: { 'idempotency-key': key },
    });
    expect(payout.code, payout.msg).toBe(200);
    expect(payout.data.status).toBe('pending_approval');
    // Its timeline names the key that submitted it, not a person.
    const details = await withKey<PayoutDetails>(secret, '/api/v1/withdraw/crypto/get', {
      payout_id: payout.data.payout_id,
    });
    expect(details.data.timeline.map((step) => [step.step, step.actor])).toEqual([
      ['submitted', { kind: 'api_key', name: 'Treasury' }],
      ['approval_requested', { kind: 'api_key', name: 'Treasury' }],
    ]);
    // Idempotent as a person's: the same key and body replay the payout, the company owning the key.
    const again = await withKey<Payout>(secret, '/api/v1/withdraw/crypto/withdraw', body, {
      headers: { 'idempotency-key': key },
    });
    expect(again.data.payout_id).toBe(payout.data.payout_id);
    // The key's issuer is its maker: the four eyes are another person's.
    const decided = await answered(
      '/api/v1/withdraw/approval/decide',
      { payout_id: payout.data.payout_id, decision: 'approve' },
      { session: administrator },
    );
    expect(decided.code).toBe(errorCatalogue.forbidden.code);
  });

  it('refuses a revoked key at once', async () => {
    const { key, secret } = await issued(readOnly);
    expect((await withKey(secret, '/api/v1/dashboard/home', {})).code).toBe(200);
    const revoked = await answered<ApiKey>(
      '/api/v1/team/apiKey/revoke',
      { key_id: key.key_id },
      { session: administrator },
    );
    expect(revoked.data.revoked_at).not.toBeNull();
    expect((await withKey(secret, '/api/v1/dashboard/home', {})).code).toBe(errorCatalogue.session_invalid.code);
  });

  it('refuses an unknown key, and another company’s key is not found by this company', async () => {
    expect((await withKey('bk_unknown_key', '/api/v1/dashboard/home', {})).code).toBe(
      errorCatalogue.session_invalid.code,
    );
    const other = await fundedCompany(test);
    const { key } = await issued(readOnly);
    const revoke = await answered('/api/v1/team/apiKey/revoke', { key_id: key.key_id }, { session: other.session });
    expect(revoke.code).toBe(errorCatalogue.not_found.code);
  });

  it('audits every use with the key, the address and the call, and shows the last use', async () => {
    const { key, secret } = await issued(readOnly);
    await withKey(secret, '/api/v1/transaction/record', {}, { ip: '192.0.2.44' });
    const rows = await test.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'api_key.used'), eq(auditLog.company_id, companyId), eq(auditLog.ip, '192.0.2.44')),
      );
    expect(rows.map((row) => row.detail)).toEqual([{ key_id: key.key_id, call: '/api/v1/transaction/record' }]);
    const list = await answered<{ items: ApiKey[] }>('/api/v1/team/apiKey/list', {}, { session: administrator });
    const shown = list.data.items.find((item) => item.key_id === key.key_id);
    expect(shown).toMatchObject({ last_used_ip: '192.0.2.44' });
    expect(shown?.last_used_at).not.toBeNull();
  });

  it('limits the calls of one key a minute', async () => {
    const { secret } = await issued(readOnly);
    const codes: number[] = [];
    // In one minute of the limit's count, however long a busy machine takes over the 121 calls.
    await test.clock.standingStill(async () => {
      for (let index = 0; index < 121; index += 1) codes.push((await withKey(secret, '/api/v1/otc/list', {})).code);
    });
    expect(codes.slice(0, 120).every((code) => code !== errorCatalogue.rate_limited.code)).toBe(true);
    expect(codes[120]).toBe(errorCatalogue.rate_limited.code);
  });

  it('counts calls made at once exactly: each audited, only those over the limit refused', async () => {
    const { key, secret } = await issued(readOnly);
    const answers = await test.clock.standingStill(() =>
      Promise.all(Array.from({ length: 125 }, () => withKey(secret, '/api/v1/otc/list', {}))),
    );
    expect(answers.filter((answer) => answer.code === errorCatalogue.rate_limited.code)).toHaveLength(5);
    const audited = await test.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_key.used'), sql`${auditLog.detail}->>'key_id' = ${key.key_id}`));
    expect(audited).toHaveLength(125);
  });
});

describe('refusals that come with time or role', () => {
  it('refuses an expired key', async () => {
    const expiresAt = new Date(test.clock.now().getTime() + 3_600_000).toISOString();
    const { secret } = await issued({ ...readOnly, expires_at: expiresAt });
    expect((await withKey(secret, '/api/v1/dashboard/home', {})).code).toBe(200);
    test.clock.advance(3601);
    expect((await withKey(secret, '/api/v1/dashboard/home', {})).code).toBe(errorCatalogue.session_invalid.code);
  });

  it('needs a fresh second factor, and is the administrator’s alone', async () => {
    const client = await fundedCompany(test);
    const teamManager = await colleague(test, client.companyId, ['team']);
    expect((await issueKey(teamManager, readOnly)).code).toBe(errorCatalogue.forbidden.code);
    const listed = await answered('/api/v1/team/apiKey/list', {}, { session: teamManager });
    expect(listed.code).toBe(errorCatalogue.forbidden.code);
    test.clock.advance(6 * 60);
    const stale = await issueKey(client.session, readOnly);
    expect(stale.code).toBe(errorCatalogue.fresh_second_factor_required.code);
  });
});

describe('secrecy', () => {
  it('never writes a key in a log line or an answer after the one that issued it', () => {
    expect(issuedKeys.length).toBeGreaterThan(5);
    expect(logLines.length).toBeGreaterThan(50);
    for (const secret of issuedKeys) {
      // The secret part (256 random bits, 43 characters) after the prefix, which is no secret.
      const hidden = secret.slice(-43);
      expect(logLines.filter((line) => line.includes(hidden))).toEqual([]);
      expect(answers.filter((answer) => answer.includes(hidden))).toEqual([]);
    }
  });
});
