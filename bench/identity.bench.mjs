/**
 * Identity figures: the argon2id hash time (m=19456 KiB, t=2, p=1, the server's parameters) and the
 * server's sign-in time, both steps (password, then the emailed code read from the development
 * mailbox) measured together and apart, against the production build on a fresh embedded database.
 * Each sample uses its own user: the code cool-down and the sign-in back-off would otherwise answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import { percentile, startServer } from './support.mjs';

const hashSamples = 20;
const loginSamples = 20;
const password = 'Bench-Lantern-42!';

async function post(url, path, body, headers = {}) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (answer.code !== 200) throw new Error(`${path} answered ${answer.code} ${answer.msg}`);
  return answer.data;
}

async function newestCode(url, email, knownCount) {
  for (let tries = 0; tries < 300; tries += 1) {
    const emails = await (await fetch(`${url}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json();
    if (emails.length > knownCount) return emails[0].text.match(/\b(\d{6})\b/)[1];
    await new Promise((wake) => setTimeout(wake, 20));
  }
  throw new Error(`no email for ${email}`);
}

async function registerUser(url, index) {
  const email = `bench-${index}-${Date.now()}@example.com`;
  await post(url, '/api/v1/sendEmail', { email, purpose: 'register' });
  const code = await newestCode(url, email, 0);
  await post(url, '/api/v1/account/register', {
    full_name: 'Bench User',
    email,
    email_code: code,
    phone_country: 'GB',
    phone: '+44 20 7946 0958',
    new_password: password,
    confirm_password: password,
    accept_terms: true,
  });
  return email;
}

function argon2Hash() {
  // Algorithm 2 is Argon2id (a const enum in the package's types).
  return hash(password, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

export async function run() {
  await argon2Hash();
  const hashTimes = [];
  for (let index = 0; index < hashSamples; index += 1) {
    const startedAt = performance.now();
    await argon2Hash();
    hashTimes.push(performance.now() - startedAt);
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'bank-bench-identity-'));
  // Every sample signs in from 127.0.0.1: the general per-address limit is not what is measured.
  const server = await startServer({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    RATE_LIMIT_PUBLIC_CALLS_PER_MINUTE: '100000',
  });
  try {
    const emails = [];
    for (let index = 0; index < loginSamples + 1; index += 1) emails.push(await registerUser(server.url, index));

    const passwordStepTimes = [];
    const secondFactorTimes = [];
    const totalTimes = [];
    for (const [index, email] of emails.entries()) {
      const mailCount = 1;
      const startedAt = performance.now();
      const challenge = await post(server.url, '/api/v1/account/login', { step: 'password', email, password });
      const passwordDoneAt = performance.now();
      // Waiting for the email (job queue, then the mailbox) is delivery, not the server's sign-in time.
      const code = await newestCode(server.url, email, mailCount);
      const secondStartedAt = performance.now();
      await post(server.url, '/api/v1/account/login', {
        step: 'second_factor',
        challenge_id: challenge.challenge_id,
        code,
      });
      const doneAt = performance.now();
      // The first sign-in warms the server up and is not counted.
      if (index === 0) continue;
      passwordStepTimes.push(passwordDoneAt - startedAt);
      secondFactorTimes.push(doneAt - secondStartedAt);
      totalTimes.push(passwordDoneAt - startedAt + (doneAt - secondStartedAt));
    }
    return {
      argon2id_hash_p50_ms: percentile(hashTimes, 0.5).toFixed(1),
      login_server_p50_ms: percentile(totalTimes, 0.5).toFixed(1),
      login_password_step_p50_ms: percentile(passwordStepTimes, 0.5).toFixed(1),
      login_second_factor_step_p50_ms: percentile(secondFactorTimes, 0.5).toFixed(1),
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
