/**
 * The company's signing secret: `whsec_` and 32 random bytes in base64, as Standard Webhooks
 * libraries read it. Shown once (the answer that made it); kept sealed with the server's key,
 * because signing needs it back; never logged.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { webhookSecrets } from './tables.ts';

const sealPurpose = 'webhook_signing_secret';
const secretBytes = 32;
/** How long a rotated-out secret keeps signing beside the new one (as Svix and Stripe allow). */
const previousSecretValidityHours = 24;

/**
 * Makes a new secret for the company, in the caller's transaction; answers it once. A secret it
 * replaces keeps signing beside it for previousSecretValidityHours (`webhook-signature` then
 * carries both signatures, which Standard Webhooks verifiers accept), so that a receiver can
 * deploy the new one without refusing deliveries meanwhile.
 */
export async function issueSigningSecret(
  tx: DbHandle,
  secretBox: SecretBox,
  issue: { companyId: string; userId: string; now: Date },
): Promise<string> {
  const secret = `whsec_${randomBytes(secretBytes).toString('base64')}`;
  const values = {
    secret_sealed: secretBox.seal(sealPurpose, secret),
    created_at: issue.now,
    created_by: issue.userId,
  };
  await tx
    .insert(webhookSecrets)
    .values({ company_id: issue.companyId, ...values })
    .onConflictDoUpdate({
      target: webhookSecrets.company_id,
      set: {
        ...values,
        previous_secret_sealed: sql`${webhookSecrets.secret_sealed}`,
        previous_expires_at: new Date(issue.now.getTime() + previousSecretValidityHours * 3_600_000),
      },
    });
  return secret;
}

/** The secrets that sign a delivery now: the company's current one, and the one it replaced while that still signs. */
export async function openSigningSecrets(
  handle: DbHandle,
  secretBox: SecretBox,
  companyId: string,
  now: Date,
): Promise<string[]> {
  const [row] = await handle.select().from(webhookSecrets).where(eq(webhookSecrets.company_id, companyId));
  if (!row) return [];
  const secrets = [secretBox.open(sealPurpose, row.secret_sealed)];
  if (row.previous_secret_sealed && row.previous_expires_at && row.previous_expires_at > now)
    secrets.push(secretBox.open(sealPurpose, row.previous_secret_sealed));
  return secrets;
}
