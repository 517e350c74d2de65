/**
 * Emailed codes: 6 digits from a CSPRNG, valid 10 minutes, single use, at most 5 wrong tries, kept
 * only as a keyed hash. Only the newest code of an address and purpose counts: asking again makes
 * the previous one useless. Sending is limited per address: one code per purpose every 60 s and 5
 * per hour in all. Every accepted request leaves a row, delivered or not, so that the limits (and so
 * the answers) are the same whether or not the address has an account.
 */
import { randomInt } from 'node:crypto';
import type { StoredEmailCodePurpose } from '@bank/contract/account';
import { codeLengths } from '@bank/contract/constants';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbHandle } from '../../../platform/db.ts';
import { newId } from '../../../platform/ids.ts';
import { countHit, rateLimitedError } from '../../../platform/rate-limit.ts';
import type { SecretBox } from '../../../platform/secret-box.ts';
import { emailCodeRules } from '../rules.ts';
import { emailCodes } from '../tables.ts';

const hashPurpose = 'email-code';
const secondsMs = 1000;
const hourSeconds = 60 * 60;

function newCode(): string {
  return String(randomInt(0, 10 ** codeLengths.emailCode)).padStart(codeLengths.emailCode, '0');
}

/** Bound to the row, so that a hash tells nothing about any other code. */
function hashInput(codeId: string, code: string): string {
  return `${codeId}:${code}`;
}

/**
 * Serialises code requests and checks for one address across transactions (and server instances),
 * so that two simultaneous requests cannot both pass the cool-down.
 */
export async function lockAddress(handle: DbHandle, email: string): Promise<void> {
  await handle.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`email-code:${email}`}, 0))`);
}

/**
 * Refuses (rate_limited, with the time to wait) when the address may not be sent another code of
 * this purpose yet, or the client has asked for too many codes this hour. The client's count is
 * taken last, so a request refused for the address does not use up the client's allowance.
 */
export async function assertMaySendCode(
  handle: DbHandle,
  request: {
    email: string;
    purpose: StoredEmailCodePurpose;
    now: Date;
    /**
     * The client asking, and its cap per clock hour across all addresses (config): what stops one
     * client from mailing many addresses. Generous, as a company's staff may share one address.
     */
    client: { ip: string; maxPerHour: number };
  },
): Promise<void> {
  const hourAgo = new Date(request.now.getTime() - hourSeconds * secondsMs);
  const recent = await handle
    .select({ created_at: emailCodes.created_at })
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.email, request.email),
        eq(emailCodes.purpose, request.purpose),
        // A send exactly an hour ago has left the hour: the wait the answer names ends then.
        gt(emailCodes.created_at, hourAgo),
      ),
    )
    .orderBy(desc(emailCodes.created_at))
    .limit(emailCodeRules.maxSendsPerAddressAndPurposePerHour);
  const latest = recent[0];
  if (latest) {
    const waitMs =
      latest.created_at.getTime() + emailCodeRules.resendCooldownSeconds * secondsMs - request.now.getTime();
    if (waitMs > 0) throw rateLimitedError(waitMs / secondsMs, `code cool-down for ${request.purpose}`);
  }
  if (recent.length >= emailCodeRules.maxSendsPerAddressAndPurposePerHour) {
    // The oldest send of the hour leaves the window first: that is when the next one is allowed.
    const oldest = recent.at(-1)?.created_at ?? request.now;
    const waitMs = oldest.getTime() + hourSeconds * secondsMs - request.now.getTime();
    throw rateLimitedError(waitMs / secondsMs, `hourly code cap of the address for ${request.purpose}`);
  }

  const count = await countHit(handle, `email_code:ip:${request.client.ip}`, hourSeconds, request.now);
  if (count.hits > request.client.maxPerHour) {
    const waitMs = count.windowEndsAt.getTime() - request.now.getTime();
    throw rateLimitedError(waitMs / secondsMs, `hourly code cap of client ${request.client.ip}`);
  }
}

/** Whether a code of this purpose was sent to the address within the cool-down (a sign-in reuses it). */
export async function hasRecentDeliveredCode(
  handle: DbHandle,
  query: { email: string; purpose: StoredEmailCodePurpose; now: Date },
): Promise<boolean> {
  const [latest] = await handle
    .select({ created_at: emailCodes.created_at, is_delivered: emailCodes.is_delivered, used_at: emailCodes.used_at })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, query.email), eq(emailCodes.purpose, query.purpose)))
    .orderBy(desc(emailCodes.created_at))
    .limit(1);
  if (!latest?.is_delivered || latest.used_at) return false;
  return query.now.getTime() - latest.created_at.getTime() < emailCodeRules.resendCooldownSeconds * secondsMs;
}

/** Records a code and answers its digits, which only the email (when delivered) ever carries. */
export async function issueEmailCode(
  handle: DbHandle,
  secretBox: SecretBox,
  request: { email: string; purpose: StoredEmailCodePurpose; isDelivered: boolean; now: Date; ip: string | null },
): Promise<string> {
  const id = newId(request.now.getTime());
  const code = newCode();
  await handle.insert(emailCodes).values({
    id,
    email: request.email,
    purpose: request.purpose,
    code_hash: secretBox.keyedHash(hashPurpose, hashInput(id, code)),
    is_delivered: request.isDelivered,
    expires_at: new Date(request.now.getTime() + emailCodeRules.validitySeconds * secondsMs),
    created_at: request.now,
    requested_ip: request.ip,
  });
  return code;
}

export type CodeCheck = {
  email: string;
  purpose: StoredEmailCodePurpose;
  code: string;
  now: Date;
  /** Use the code up when right (a call that acts on it); the verify call only checks. */
  shouldConsume: boolean;
};

/**
 * Checks a code against the newest one of the address and purpose. Every check counts as a try, so
 * a code can be checked 5 times at most, rightly or wrongly. Run it in a transaction that commits
 * even when the caller then refuses, or the count of tries would be rolled back.
 */
export async function checkEmailCode(handle: DbHandle, secretBox: SecretBox, check: CodeCheck): Promise<boolean> {
  const [latest] = await handle
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, check.email), eq(emailCodes.purpose, check.purpose)))
    .orderBy(desc(emailCodes.created_at), desc(emailCodes.id))
    .limit(1)
    .for('update');
  if (!latest || latest.used_at || latest.expires_at <= check.now || latest.attempts >= emailCodeRules.maxAttempts) {
    return false;
  }
  const isRight = secretBox.matchesKeyedHash(hashPurpose, hashInput(latest.id, check.code), latest.code_hash);
  await handle
    .update(emailCodes)
    .set({
      attempts: sql`${emailCodes.attempts} + 1`,
      ...(isRight && check.shouldConsume ? { used_at: check.now } : {}),
    })
    .where(eq(emailCodes.id, latest.id));
  return isRight;
}
