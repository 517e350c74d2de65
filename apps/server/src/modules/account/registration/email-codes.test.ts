import { errorCatalogue } from '@bank/contract/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createRunningTestApp,
  mailboxCount,
  nextEmail,
  type RunningTestApp,
  readMailbox,
  settleEmails,
  uniqueEmail,
} from '../../../platform/test-support.ts';
import { codeEmail } from '../account-emails.ts';
import { emailCodes } from '../tables.ts';
import { emailedCode, registerUser, signIn } from '../test-support.ts';

let test: RunningTestApp;

beforeAll(async () => {
  test = await createRunningTestApp();
});

afterAll(async () => {
  await test?.close();
});

const incorrect = errorCatalogue.verification_code_incorrect.code;
const rateLimited = errorCatalogue.rate_limited.code;

function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

async function verify(email: string, code: string, purpose = 'register') {
  return call(test, '/api/v1/account/verify', { email, purpose, code });
}

describe('emailed codes', () => {
  it('are 6 digits, stored only as a keyed hash', async () => {
    const email = uniqueEmail();
    const code = await emailedCode(test, email, 'register');
    expect(code).toMatch(/^\d{6}$/);
    const rows = await test.database.db.select().from(emailCodes).where(eq(emailCodes.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('vary from one send to the next (CSPRNG)', async () => {
    const codes = new Set<string>();
    for (let index = 0; index < 4; index += 1) codes.add(await emailedCode(test, uniqueEmail(), 'register'));
    expect(codes.size).toBeGreaterThan(1);
  });

  it('are valid for 10 minutes', async () => {
    const email = uniqueEmail();
    // The clock moves only as the test says, however long the machine takes over the calls.
    await test.clock.standingStill(async () => {
      const code = await emailedCode(test, email, 'register');
      test.clock.advance(9 * 60 + 50);
      expect((await verify(email, code)).code).toBe(200);
      test.clock.advance(11);
      expect((await verify(email, code)).code).toBe(incorrect);
    });
  });

  it('are single use', async () => {
    const user = await registerUser(test);
    test.clock.advance(61);
    const code = await emailedCode(test, user.email, 'reset_password');
    const reset = { email: user.email, code, new_password: 'Brass-Compass-77!', confirm_password: 'Brass-Compass-77!' };
    expect((await call(test, '/api/v1/account/forgetLoginPassword', reset)).code).toBe(200);
    const again = { ...reset, new_password: 'Other-Compass-78!', confirm_password: 'Other-Compass-78!' };
    expect((await call(test, '/api/v1/account/forgetLoginPassword', again)).code).toBe(incorrect);
  });

  it('die after 5 tries, even when the next one is right', async () => {
    const email = uniqueEmail();
    const code = await emailedCode(test, email, 'register');
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await verify(email, otherCode(code))).code).toBe(incorrect);
    expect((await verify(email, code)).code).toBe(incorrect);
  });

  it('count a right check as a try too (verify does not use the code up)', async () => {
    const email = uniqueEmail();
    const code = await emailedCode(test, email, 'register');
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await verify(email, code)).code).toBe(200);
    expect((await verify(email, code)).code).toBe(incorrect);
  });

  it('only the newest code of an address and purpose counts', async () => {
    const email = uniqueEmail();
    const first = await emailedCode(test, email, 'register');
    test.clock.advance(61);
    const second = await emailedCode(test, email, 'register');
    if (first !== second) expect((await verify(email, first)).code).toBe(incorrect);
    expect((await verify(email, second)).code).toBe(200);
  });

  it('cannot be sent again within 60 s for the same purpose; the answer says how long to wait', async () => {
    const email = uniqueEmail();
    // Exactly 20 s after the first send, however long the machine takes over the calls.
    await test.clock.standingStill(async () => {
      await emailedCode(test, email, 'register');
      test.clock.advance(20);
      const refused = await call<{ retry_after_seconds: number }>(test, '/api/v1/sendEmail', {
        email,
        purpose: 'register',
      });
      expect(refused.code).toBe(rateLimited);
      expect(refused.data.retry_after_seconds).toBe(40);
      expect(refused.msg).toBe('Too many attempts. Please try again in 40 seconds.');
      test.clock.advance(40);
      expect((await call(test, '/api/v1/sendEmail', { email, purpose: 'register' })).code).toBe(200);
    });
  });

  it('are capped at 5 sends per address and purpose per hour; the answer says the minutes to wait', async () => {
    const user = await registerUser(test);
    // The clock moves only as the test says, however long the machine takes over the sends.
    await test.clock.standingStill(async () => {
      test.clock.advance(61);
      for (let send = 0; send < 5; send += 1) {
        expect((await call(test, '/api/v1/sendEmail', { email: user.email, purpose: 'reset_password' })).code).toBe(
          200,
        );
        test.clock.advance(10 * 60);
      }
      // Five resets 10 minutes apart: the first leaves the hour 10 minutes from now.
      const capped = await call<{ retry_after_seconds: number }>(
        test,
        '/api/v1/sendEmail',
        { email: user.email, purpose: 'reset_password' },
        { language: 'jp' },
      );
      expect(capped.code).toBe(rateLimited);
      expect(capped.data.retry_after_seconds).toBe(10 * 60);
      expect(capped.msg).toBe('試行回数が多すぎます。10 分後にもう一度お試しください。');
      const inEnglish = await call(test, '/api/v1/sendEmail', { email: user.email, purpose: 'reset_password' });
      expect(inEnglish.msg).toBe('Too many attempts. Please try again in 10 minutes.');
      const inChinese = await call(
        test,
        '/api/v1/sendEmail',
        { email: user.email, purpose: 'reset_password' },
        { language: 'ch' },
      );
      expect(inChinese.msg).toBe('尝试次数过多，请10分钟后重试。');
      test.clock.advance(capped.data.retry_after_seconds);
      expect((await call(test, '/api/v1/sendEmail', { email: user.email, purpose: 'reset_password' })).code).toBe(200);
    });
  });

  it('flooded with registration codes for an address, still send its password reset code', async () => {
    const user = await registerUser(test);
    for (let send = 0; send < 6; send += 1) {
      test.clock.advance(61);
      await call(test, '/api/v1/sendEmail', { email: user.email, purpose: 'register' }, { ip: '203.0.113.66' });
    }
    const flooded = await call(test, '/api/v1/sendEmail', { email: user.email, purpose: 'register' });
    expect(flooded.code).toBe(rateLimited);
    const code = await emailedCode(test, user.email, 'reset_password', { ip: '198.51.100.7' });
    const reset = { email: user.email, code, new_password: 'Brass-Compass-77!', confirm_password: 'Brass-Compass-77!' };
    expect((await call(test, '/api/v1/account/forgetLoginPassword', reset)).code).toBe(200);
  });

  it('answer alike for a registered and an unknown address, and send nothing to the unknown one', async () => {
    const user = await registerUser(test);
    test.clock.advance(61);
    const unknown = uniqueEmail('nobody');
    for (const purpose of ['reset_password', 'login'] as const) {
      const forUser = await call(test, '/api/v1/sendEmail', { email: user.email, purpose });
      const forUnknown = await call(test, '/api/v1/sendEmail', { email: unknown, purpose });
      expect(forUnknown).toEqual(forUser);
      const againForUser = await call(test, '/api/v1/sendEmail', { email: user.email, purpose });
      const againForUnknown = await call(test, '/api/v1/sendEmail', { email: unknown, purpose });
      expect(againForUnknown).toEqual(againForUser);
      expect(againForUser.code).toBe(rateLimited);
    }
    await settleEmails(test);
    expect(await readMailbox(test, unknown)).toEqual([]);
  });

  it('for a step-up name the action they confirm', async () => {
    const user = await registerUser(test);
    const session = await signIn(test, user);
    const before = await mailboxCount(test, user.email);
    const sent = await call(
      test,
      '/api/v1/sendEmail',
      { email: user.email, purpose: 'step_up', action: 'payout' },
      { session },
    );
    expect(sent.code, sent.msg).toBe(200);
    const email = await nextEmail(test, user.email, before);
    expect(email.subject).toBe('Your code to confirm a payout');
    expect(email.text).toContain('Use this code to confirm the payout you are sending, approving or cancelling.');
  });

  it.each([
    ['ch', '确认 Webhook 变更的验证码', '请使用此验证码确认对 Webhook 链接或签名密钥的变更。'],
    ['jp', 'Webhook の変更を確認するためのコード', 'Webhook の URL または署名シークレットの変更の確認に'],
    ['en', 'Your confirmation code', 'Use this code to confirm the action you started.'],
  ] as const)('a step-up code’s email in %s says what it confirms', (language, subject, line) => {
    const email = codeEmail(
      language,
      'someone@example.com',
      'step_up',
      '123456',
      language === 'en' ? undefined : 'webhooks',
    );
    expect(email.subject).toBe(subject);
    expect(email.text).toContain(line);
  });

  it('for a step-up go only to the signed-in user, at their own address', async () => {
    const user = await registerUser(test);
    const anonymous = await call(test, '/api/v1/sendEmail', { email: user.email, purpose: 'step_up' });
    expect(anonymous.code).toBe(errorCatalogue.session_invalid.code);
  });
});

describe('emailed codes per client address', () => {
  let limited: RunningTestApp;
  const maxPerHour = 3;

  beforeAll(async () => {
    limited = await createRunningTestApp({ config: { rateLimitEmailCodesPerClientPerHour: maxPerHour } });
  });

  afterAll(async () => {
    await limited?.close();
  });

  it('are capped per client across addresses, while other clients are still served', async () => {
    const flooder = { ip: '203.0.113.9' };
    // Start at an hour boundary, so the wait is the whole clock hour less what has passed.
    const now = limited.clock.now().getTime();
    limited.clock.advance((3600_000 - (now % 3600_000)) / 1000);
    for (let send = 0; send < maxPerHour; send += 1) {
      const sent = await call(limited, '/api/v1/sendEmail', { email: uniqueEmail(), purpose: 'register' }, flooder);
      expect(sent.code).toBe(200);
    }
    limited.clock.advance(18 * 60);
    const capped = await call<{ retry_after_seconds: number }>(
      limited,
      '/api/v1/sendEmail',
      { email: uniqueEmail(), purpose: 'register' },
      flooder,
    );
    expect(capped.code).toBe(rateLimited);
    // The test clock runs on from real time: the seconds this test itself took come off the wait.
    expect(capped.data.retry_after_seconds).toBeLessThanOrEqual(42 * 60);
    expect(capped.data.retry_after_seconds).toBeGreaterThan(42 * 60 - 30);
    expect(capped.msg).toBe('Too many attempts. Please try again in 42 minutes.');
    // A refused request does not count, and another client is not held back by this one.
    const other = await call(
      limited,
      '/api/v1/sendEmail',
      { email: uniqueEmail(), purpose: 'register' },
      { ip: '198.51.100.20' },
    );
    expect(other.code).toBe(200);
    limited.clock.advance(42 * 60);
    expect(
      (await call(limited, '/api/v1/sendEmail', { email: uniqueEmail(), purpose: 'register' }, flooder)).code,
    ).toBe(200);
  });
});
