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
import { newestCode, password, percentile, post, registerUser, startServer } from './support.mjs';

const hashSamples = 20;
const loginSamples = 20;

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
  // Every sample signs in from 127.0.0.1: the per-address limits (calls, and emailed codes, which
  // each sample's registration and sign-in ask for) are not what is measured.
  const server = await startServer({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    RATE_LIMIT_PUBLIC_CALLS_PER_MINUTE: '100000',
    RATE_LIMIT_EMAIL_CODES_PER_CLIENT_PER_HOUR: '100000',
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
