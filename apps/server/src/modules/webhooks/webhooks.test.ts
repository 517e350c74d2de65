import type { SignedIn } from '@bank/contract/account';
import type { Language } from '@bank/contract/constants';
import type { WebhookAttempt, WebhookDelivery, WebhookSettings } from '@bank/contract/webhooks';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { auditLog } from '../../platform/audit-table.ts';
import { recordEvent } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import { createSecretBox } from '../../platform/secret-box.ts';
import { systemClock } from '../../platform/session.ts';
import { testConfig } from '../../platform/test-app.ts';
import { createOffsetClock } from '../../platform/test-clock.ts';
import { createTestDatabase } from '../../platform/test-database.ts';
import {
  type CallOptions,
  call,
  createRunningTestApp,
  type RunningTestApp,
  settleEmails,
  uniqueEmail,
} from '../../platform/test-support.ts';
import { ensureUser } from '../account/index.ts';
import { signIn, strongPassword } from '../account/test-support.ts';
import { approvedCompany, depositOperator } from '../deposits/test-support.ts';
import { deleteOldWebhookDeliveriesSchedule, deliverDueWebhooksSchedule } from './module.ts';
import { retryDelaysSeconds } from './rules.ts';
import { issueSigningSecret } from './secrets.ts';
import { webhookDeliveries, webhookEndpoints } from './tables.ts';
import { isPrivateAddress } from './target.ts';
import { type Receiver, startReceiver, webhookHeaders } from './test-support.ts';

let test: RunningTestApp;
let receiver: Receiver;

beforeAll(async () => {
  test = await createRunningTestApp({ config: { webhooksAllowPrivateTargets: true } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await test?.close();
  await receiver?.close();
});

type Saved = { settings: WebhookSettings; secret: string | null };
type DeliveryDetail = WebhookDelivery & { payload: string; attempts: WebhookAttempt[] };

function settingsWith(kycUrl: string, isEnabled = true) {
  return {
    kyc_status_changed_url: kycUrl,
    kyc_status_changed_enabled: isEnabled,
    top_up_status_url: '',
    top_up_status_enabled: false,
    card_operation_status_url: '',
    card_operation_status_enabled: false,
    card_activation_url: '',
    card_activation_enabled: false,
  };
}

function save(app: RunningTestApp, session: SignedIn, body: object, options: CallOptions = {}) {
  return call<Saved>(app, '/api/v1/webhook/settings/save', body, { session, ...options });
}

let keyCount = 0;
function idempotent(session: SignedIn): CallOptions {
  keyCount += 1;
  return { session, headers: { 'idempotency-key': `webhook-test-key-${Date.now()}-${keyCount}` } };
}

/** A KYC status change of the company, recorded as the KYC module records it. */
async function kycChanged(app: RunningTestApp, companyId: string): Promise<string> {
  return app.database.db.transaction((tx) =>
    recordEvent(
      tx,
      'kyc.status_changed',
      {
        company_id: companyId,
        from: 'pending_review',
        to: 'kyc_approved',
        round: 1,
        actor_user_id: '0190d7a0-0000-7000-8000-000000000001',
        decision: 'approved',
        reason: null,
        at: app.clock.now().toISOString(),
      },
      { companyId },
    ),
  );
}

async function configuredCompany(app: RunningTestApp, url: string) {
  const client = await approvedCompany(app);
  const saved = await save(app, client.session, settingsWith(url));
  expect(saved.code).toBe(200);
  return { ...client, secret: saved.data.secret ?? '' };
}

async function deliveriesOf(session: SignedIn) {
  return (
    await call<{ items: WebhookDelivery[]; next_cursor: string | null }>(
      test,
      '/api/v1/webhook/delivery/list',
      {},
      { session },
    )
  ).data;
}

async function detailOf(session: SignedIn, deliveryId: string) {
  return call<DeliveryDetail>(test, '/api/v1/webhook/delivery/get', { delivery_id: deliveryId }, { session });
}

describe('settings', () => {
  it('saves the four URLs, makes the signing secret once, and shows it never again', async () => {
    const client = await approvedCompany(test);
    const saved = await save(test, client.session, settingsWith(receiver.url));
    expect(saved.code).toBe(200);
    expect(saved.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(saved.data.settings.endpoints.kyc_status_changed).toEqual({ url: receiver.url, is_enabled: true });
    expect(saved.data.settings.secret_created_at).not.toBeNull();

    const again = await save(test, client.session, settingsWith(receiver.url, false));
    expect(again.data.secret).toBeNull();
    const read = await call<WebhookSettings>(test, '/api/v1/webhook/settings/get', {}, { session: client.session });
    expect(read.data.endpoints.kyc_status_changed.is_enabled).toBe(false);
    expect(JSON.stringify(read.data)).not.toContain('whsec_');
    // Kept sealed: the database never holds the secret as it was shown.
    const audit = await test.database.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.company_id, client.companyId));
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['webhooks.settings_changed', 'webhooks.secret_created']),
    );
    expect(JSON.stringify(audit)).not.toContain(saved.data.secret);
    // A token in a receiver's URL stays out of the audit log.
    await save(test, client.session, settingsWith(`${receiver.url}?token=receiver-token-123`));
    const entries = await test.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.company_id, client.companyId));
    expect(JSON.stringify(entries)).not.toContain('receiver-token-123');
  });

  it.each([
    ['en', 'please fill in the API link'],
    ['ch', '请填写API链接'],
    ['jp', 'API リンクを入力してください'],
  ] as [Language, string][])('refuses an enabled type without a URL, in %s', async (language, message) => {
    const client = await approvedCompany(test);
    const refused = await save(test, client.session, settingsWith('', true), { language });
    expect(refused.code).toBe(9422);
    expect(refused.data).toEqual({ fields: { kyc_status_changed_url: message } });
  });

  it('needs a fresh second factor to change the settings or rotate the secret', async () => {
    const client = await approvedCompany(test);
    // The second factor of sign-in was given more than 5 minutes ago.
    await test.database.db.execute(
      sql`update sessions set step_up_until = ${new Date(test.clock.now().getTime() - 1000)} where user_id = ${client.session.userid}`,
    );
    expect((await save(test, client.session, settingsWith(receiver.url))).code).toBe(9406);
    expect((await call(test, '/api/v1/webhook/secret/rotate', {}, { session: client.session })).code).toBe(9406);
    // Reading is not a change.
    expect((await call(test, '/api/v1/webhook/settings/get', {}, { session: client.session })).code).toBe(200);
  });

  it('is refused to a company user without the webhooks permission, and to staff', async () => {
    const client = await approvedCompany(test);
    const email = uniqueEmail('member');
    await ensureUser(
      test.database.db,
      { email, password: strongPassword, fullName: 'Member', role: 'staff_member', companyId: client.companyId },
      test.clock.now(),
    );
    const member = await signIn(test, { email, password: strongPassword });
    expect((await call(test, '/api/v1/webhook/settings/get', {}, { session: member })).code).toBe(9403);
    expect((await save(test, member, settingsWith(receiver.url))).code).toBe(9403);
    const staff = await depositOperator(test);
    expect((await call(test, '/api/v1/webhook/delivery/list', {}, { session: staff })).code).toBe(9403);
  });
});

describe('deliveries', () => {
  it('delivers a KYC status change signed as Standard Webhooks says, and logs the attempt', async () => {
    const client = await configuredCompany(test, receiver.url);
    const before = receiver.received.length;
    const eventId = await kycChanged(test, client.companyId);
    await settleEmails(test);

    const received = receiver.received.slice(before);
    expect(received).toHaveLength(1);
    const [request] = received;
    if (!request) throw new Error('nothing received');
    const verified = new Webhook(client.secret).verify(request.body, webhookHeaders(request)) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(verified.type).toBe('kyc.status_changed');
    expect(verified.data).toMatchObject({ company_id: client.companyId, to: 'kyc_approved', decision: 'approved' });
    expect(verified.data).not.toHaveProperty('actor_user_id');
    expect(request.headers['webhook-id']).toBe(`msg_${eventId.replaceAll('-', '')}`);
    // Another secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(request.body, webhookHeaders(request)),
    ).toThrow();

    const [delivery] = (await deliveriesOf(client.session)).items;
    expect(delivery).toMatchObject({ status: 'succeeded', attempt_count: 1, last_status_code: 200, is_test: false });
    const detail = await detailOf(client.session, delivery?.delivery_id ?? '');
    expect(detail.data.attempts).toEqual([
      expect.objectContaining({
        trigger: 'event',
        status_code: 200,
        is_success: true,
        response_excerpt: 'ok',
        url: receiver.url,
      }),
    ]);
    expect(detail.data.attempts[0]?.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it('sends nothing for a type that is not enabled', async () => {
    const client = await approvedCompany(test);
    await save(test, client.session, settingsWith(receiver.url, false));
    const before = receiver.received.length;
    await kycChanged(test, client.companyId);
    await settleEmails(test);
    expect(receiver.received.length).toBe(before);
    expect((await deliveriesOf(client.session)).items).toEqual([]);
  });

  it('sends a test delivery to the URL, and refuses one for a type without a URL', async () => {
    const client = await configuredCompany(test, receiver.url);
    const before = receiver.received.length;
    const sent = await call<WebhookDelivery>(
      test,
      '/api/v1/webhook/test',
      { event_type: 'kyc_status_changed' },
      idempotent(client.session),
    );
    expect(sent.code).toBe(200);
    expect(sent.data.is_test).toBe(true);
    await settleEmails(test);
    const [request] = receiver.received.slice(before);
    if (!request) throw new Error('no test delivery');
    expect((new Webhook(client.secret).verify(request.body, webhookHeaders(request)) as { type: string }).type).toBe(
      'webhook.test',
    );
    const refused = await call(
      test,
      '/api/v1/webhook/test',
      { event_type: 'card_activation' },
      idempotent(client.session),
    );
    expect(refused).toMatchObject({ code: 9422, data: { fields: { event_type: 'please fill in the API link' } } });
  });

  it('signs with the new secret once it is rotated, beside the old one for 24 hours only', async () => {
    const client = await configuredCompany(test, receiver.url);
    const rotated = await call<{ secret: string }>(
      test,
      '/api/v1/webhook/secret/rotate',
      {},
      { session: client.session },
    );
    expect(rotated.code).toBe(200);
    expect(rotated.data.secret).not.toBe(client.secret);
    const deliveredNow = async () => {
      const before = receiver.received.length;
      await kycChanged(test, client.companyId);
      await settleEmails(test);
      const [request] = receiver.received.slice(before);
      if (!request) throw new Error('nothing received');
      const headers = webhookHeaders(request);
      const signedBy = (secret: string) =>
        (headers['webhook-signature'] ?? '')
          .split(' ')
          .includes(
            new Webhook(secret).sign(
              headers['webhook-id'] ?? '',
              new Date(Number(headers['webhook-timestamp']) * 1000),
              request.body,
            ),
          );
      return { request, signedBy };
    };
    const during = await deliveredNow();
    expect(() =>
      new Webhook(rotated.data.secret).verify(during.request.body, webhookHeaders(during.request)),
    ).not.toThrow();
    expect(() => new Webhook(client.secret).verify(during.request.body, webhookHeaders(during.request))).not.toThrow();
    test.clock.advance(24 * 3600 + 60);
    const after = await deliveredNow();
    expect(after.signedBy(rotated.data.secret)).toBe(true);
    expect(after.signedBy(client.secret)).toBe(false);
  });

  it('keeps other companies’ deliveries out of reach: not found, never listed, never replayed', async () => {
    const client = await configuredCompany(test, receiver.url);
    await kycChanged(test, client.companyId);
    await settleEmails(test);
    const [delivery] = (await deliveriesOf(client.session)).items;
    const other = await approvedCompany(test);
    expect((await detailOf(other.session, delivery?.delivery_id ?? '')).code).toBe(9404);
    const replay = await call(
      test,
      '/api/v1/webhook/delivery/replay',
      { delivery_id: delivery?.delivery_id },
      idempotent(other.session),
    );
    expect(replay.code).toBe(9404);
    expect((await deliveriesOf(other.session)).items).toEqual([]);
    expect((await detailOf(client.session, 'not-a-uuid')).code).toBe(9404);
  });
});

describe('retries and replays', () => {
  it('retries a failing receiver with exponential back-off for about 3 days, with the same webhook-id, then gives up', async () => {
    const failing = await startReceiver();
    try {
      failing.answerWith(500);
      const client = await configuredCompany(test, failing.url);
      const email = (await emailOf(client.session)) ?? '';
      await kycChanged(test, client.companyId);
      await settleEmails(test);
      const deliveryOf = async () =>
        (
          await test.database.db
            .select()
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.company_id, client.companyId))
        )[0];

      const waits: number[] = [];
      let delivery = await deliveryOf();
      expect(delivery).toMatchObject({ status: 'retrying', attempt_count: 1, last_status_code: 500 });
      // The clock moves only as the test says: "2 seconds before due" stays so on a busy machine.
      await test.clock.standingStill(async () => {
        while (delivery?.status === 'retrying' && delivery.next_attempt_at && delivery.last_attempt_at) {
          const waitSeconds = (delivery.next_attempt_at.getTime() - delivery.last_attempt_at.getTime()) / 1000;
          waits.push(Math.round(waitSeconds));
          // Not due a second early.
          test.clock.advance(Math.max(1, Math.floor(waitSeconds) - 2));
          await test.app.jobs.runSchedule(deliverDueWebhooksSchedule);
          expect((await deliveryOf())?.attempt_count).toBe(delivery.attempt_count);
          test.clock.advance(3);
          await test.app.jobs.runSchedule(deliverDueWebhooksSchedule);
          delivery = await deliveryOf();
        }
      });
      expect(waits).toEqual([...retryDelaysSeconds]);
      const totalDays = waits.reduce((sum, wait) => sum + wait, 0) / 86_400;
      expect(totalDays).toBeGreaterThan(2.5);
      expect(totalDays).toBeLessThan(3.2);
      expect(delivery).toMatchObject({ status: 'failed', attempt_count: 13, next_attempt_at: null });
      expect(new Set(failing.received.map((request) => request.headers['webhook-id'])).size).toBe(1);
      expect(failing.received).toHaveLength(13);

      // Every attempt is logged, its answer truncated; then one replay delivers with the same id.
      const session = await signIn(test, { email, password: strongPassword });
      const detail = await detailOf(session, delivery?.id ?? '');
      expect(detail.data.attempts).toHaveLength(13);
      expect(detail.data.attempts.map((attempt) => attempt.trigger)).toEqual([...Array(12).fill('retry'), 'event']);
      expect(detail.data.attempts[0]?.response_excerpt.length).toBe(500);
      failing.answerWith(200);
      const replayed = await call<WebhookDelivery>(
        test,
        '/api/v1/webhook/delivery/replay',
        { delivery_id: delivery?.id },
        idempotent(session),
      );
      expect(replayed.data.status).toBe('pending');
      await settleEmails(test);
      expect((await deliveryOf())?.status).toBe('succeeded');
      expect(failing.received.at(-1)?.headers['webhook-id']).toBe(failing.received[0]?.headers['webhook-id']);
      expect((await detailOf(session, delivery?.id ?? '')).data.attempts[0]?.trigger).toBe('replay');
    } finally {
      await failing.close();
    }
  });

  it('replays once however often the same request is repeated (Idempotency-Key)', async () => {
    const client = await configuredCompany(test, receiver.url);
    await kycChanged(test, client.companyId);
    await settleEmails(test);
    const [delivery] = (await deliveriesOf(client.session)).items;
    const before = receiver.received.length;
    const sameKey = idempotent(client.session);
    for (let repeat = 0; repeat < 3; repeat += 1) {
      const answer = await call(
        test,
        '/api/v1/webhook/delivery/replay',
        { delivery_id: delivery?.delivery_id },
        sameKey,
      );
      expect(answer.code).toBe(200);
    }
    await settleEmails(test);
    expect(receiver.received.length - before).toBe(1);
  });

  it('forgets finished deliveries after 90 days, their attempts with them', async () => {
    const client = await configuredCompany(test, receiver.url);
    await kycChanged(test, client.companyId);
    await settleEmails(test);
    const [delivery] = (await deliveriesOf(client.session)).items;
    const keptAfterDays = async (days: number) => {
      test.clock.advance(days * 24 * 60 * 60);
      await test.app.jobs.runSchedule(deleteOldWebhookDeliveriesSchedule);
      const rows = await test.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, delivery?.delivery_id ?? ''));
      return rows.length === 1;
    };
    expect(await keptAfterDays(89)).toBe(true);
    expect(await keptAfterDays(2)).toBe(false);
  });

  it('replays the deliveries of a time range', async () => {
    const client = await configuredCompany(test, receiver.url);
    await kycChanged(test, client.companyId);
    await kycChanged(test, client.companyId);
    await settleEmails(test);
    const before = receiver.received.length;
    const from = new Date(test.clock.now().getTime() - 60 * 60 * 1000).toISOString();
    const to = new Date(test.clock.now().getTime() + 1000).toISOString();
    const onlyFailed = await call<{ replayed: number }>(
      test,
      '/api/v1/webhook/delivery/replay_range',
      { from, to },
      idempotent(client.session),
    );
    expect(onlyFailed.data.replayed).toBe(0);
    const all = await call<{ replayed: number }>(
      test,
      '/api/v1/webhook/delivery/replay_range',
      { from, to, is_failed_only: false },
      idempotent(client.session),
    );
    expect(all.data.replayed).toBe(2);
    await settleEmails(test);
    expect(receiver.received.length - before).toBe(2);
    const refused = await call(
      test,
      '/api/v1/webhook/delivery/replay_range',
      { from: to, to: from },
      idempotent(client.session),
    );
    expect(refused).toMatchObject({ code: 9422, data: { fields: { to: 'The end must be after the start' } } });
  });
});

async function emailOf(session: SignedIn): Promise<string | undefined> {
  const info = await call<{ email: string }>(test, '/api/v1/account/getUserInfo', {}, { session });
  return info.data.email;
}

describe('targets in production', () => {
  let strict: RunningTestApp;
  beforeAll(async () => {
    strict = await createRunningTestApp();
  });
  afterAll(async () => {
    await strict?.close();
  });

  it('knows private, loopback and link-local addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
      // IPv6 forms that carry an IPv4 address: IPv4-compatible, 6to4, Teredo, NAT64.
      '::7f00:1',
      '2002:7f00:1::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '64:ff9b::7f00:1',
      '0.0.0.0',
      '::',
      '255.255.255.255',
      '224.0.0.1',
      '2001:db8::1',
      '198.18.0.1',
      'not an address',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it.each([
    ['https://127.0.0.1/hooks', 'This address is private or local: use a URL reachable on the public internet'],
    ['https://10.0.0.5/hooks', 'This address is private or local: use a URL reachable on the public internet'],
    [
      'https://169.254.169.254/latest/meta-data',
      'This address is private or local: use a URL reachable on the public internet',
    ],
    ['https://[::1]/hooks', 'This address is private or local: use a URL reachable on the public internet'],
    ['https://[::7f00:1]/hooks', 'This address is private or local: use a URL reachable on the public internet'],
    ['https://[2002:7f00:1::1]/hooks', 'This address is private or local: use a URL reachable on the public internet'],
    ['https://localhost/hooks', 'This address is private or local: use a URL reachable on the public internet'],
    ['http://203.0.114.10/hooks', 'The URL must start with https://'],
  ])('refuses %s when saving', async (url, message) => {
    const client = await approvedCompany(strict);
    const refused = await save(strict, client.session, settingsWith(url));
    expect(refused).toMatchObject({ code: 9422, data: { fields: { kyc_status_changed_url: message } } });
  });

  it('checks the URL before asking for the second factor: a refused address is said first', async () => {
    const client = await approvedCompany(strict);
    await strict.database.db.execute(
      sql`update sessions set step_up_until = ${new Date(strict.clock.now().getTime() - 1000)} where user_id = ${client.session.userid}`,
    );
    const refused = await save(strict, client.session, settingsWith('https://10.0.0.5/hooks'));
    expect(refused).toMatchObject({
      code: 9422,
      data: {
        fields: {
          kyc_status_changed_url: 'This address is private or local: use a URL reachable on the public internet',
        },
      },
    });
    // A URL that passes the check then needs the second factor.
    expect((await save(strict, client.session, settingsWith('https://203.0.114.10/hooks'))).code).toBe(9406);
  });

  it('checks again at delivery, after resolving the name, and never connects to a private address', async () => {
    const client = await approvedCompany(strict);
    // A URL that was public when saved and now resolves to this machine (DNS rebinding): stored as is.
    const rebound = receiver.url.replace('127.0.0.1', 'localhost');
    await strict.database.db.transaction(async (tx) => {
      await issueSigningSecret(tx, createSecretBox(strict.config.appSecret), {
        companyId: client.companyId,
        userId: client.session.userid,
        now: strict.clock.now(),
      });
      await tx.insert(webhookEndpoints).values({
        company_id: client.companyId,
        event_type: 'kyc_status_changed',
        url: rebound.replace('http:', 'https:'),
        is_enabled: true,
        updated_at: strict.clock.now(),
      });
    });
    const before = receiver.received.length;
    await kycChanged(strict, client.companyId);
    await settleEmails(strict);
    expect(receiver.received.length).toBe(before);
    const [delivery] = await strict.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.company_id, client.companyId));
    const attempts = await call<DeliveryDetail>(
      strict,
      '/api/v1/webhook/delivery/get',
      { delivery_id: delivery?.id },
      { session: client.session },
    );
    expect(attempts.data.attempts[0]).toMatchObject({ error: 'private_address', status_code: null, is_success: false });
    // The same for an address literal.
    await strict.database.db
      .update(webhookEndpoints)
      .set({ url: 'https://[::1]:9/hooks' })
      .where(and(eq(webhookEndpoints.company_id, client.companyId)));
    await kycChanged(strict, client.companyId);
    await settleEmails(strict);
    const errors = await strict.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.company_id, client.companyId));
    expect(errors).toHaveLength(2);
  });
});

describe('after a crash', () => {
  it('attempts again a delivery whose sender stopped mid-attempt, once its claim runs out', async () => {
    const client = await configuredCompany(test, receiver.url);
    const now = test.clock.now();
    // A sender took it (claimed for a minute) and died before sending: no event will wake another.
    await test.database.db.insert(webhookDeliveries).values({
      id: newId(now.getTime()),
      company_id: client.companyId,
      webhook_id: 'msg_interrupted',
      event_type: 'kyc_status_changed',
      event_id: null,
      is_test: false,
      payload: { type: 'kyc.status_changed', timestamp: now.toISOString(), data: {} },
      status: 'pending',
      next_attempt_at: now,
      claimed_until: new Date(now.getTime() + 60_000),
      created_at: now,
    });
    const before = receiver.received.length;
    await test.app.jobs.runSchedule(deliverDueWebhooksSchedule);
    expect(receiver.received.length).toBe(before);
    test.clock.advance(61);
    await test.app.jobs.runSchedule(deliverDueWebhooksSchedule);
    expect(receiver.received.slice(before).map((request) => request.headers['webhook-id'])).toEqual([
      'msg_interrupted',
    ]);
  });

  it('delivers an event recorded but not delivered once the server starts again, with the webhook-id of the event', async () => {
    const database = await createTestDatabase();
    const clock = createOffsetClock(systemClock);
    const config = testConfig({
      webhooksAllowPrivateTargets: true,
      rateLimitPublicCallsPerMinute: 100_000,
      rateLimitEmailCodesPerClientPerHour: 100_000,
    });
    try {
      const first = await buildApp(config, { database, clock });
      await first.jobs.start();
      const running = { app: first, database, config, clock, close: async () => undefined } as RunningTestApp;
      const client = await configuredCompany(running, receiver.url);
      // The server stops (its queue with it) right after the change committed: nothing is sent.
      await first.jobs.stop();
      const eventId = await kycChanged(running, client.companyId);
      await first.close();
      const before = receiver.received.length;

      const second = await buildApp(config, { database, clock });
      try {
        await second.jobs.start();
        await settleEmails({ ...running, app: second });
        const received = receiver.received.slice(before);
        expect(received).toHaveLength(1);
        expect(received[0]?.headers['webhook-id']).toBe(`msg_${eventId.replaceAll('-', '')}`);
        expect(() =>
          new Webhook(client.secret).verify(received[0]?.body ?? '', webhookHeaders(received[0] as never)),
        ).not.toThrow();
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
    }
  });
});
