/**
 * The company's signing secret: `whsec_` and 32 random bytes in base64, as Standard Webhooks
 * libraries read it. Shown once (the answer that made it); kept sealed with the server's key,
 * because signing needs it back; never logged.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { webhookSecrets } from './tables.ts';

const sealPurpose = 'webhook_signing_secret';
const secretBytes = 32;

/** Makes a new secret for the company (replacing any), in the caller's transaction; answers it once. */
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
    .onConflictDoUpdate({ target: webhookSecrets.company_id, set: values });
  return secret;
}

export async function secretCreatedAt(handle: DbHandle, companyId: string): Promise<Date | null> {
  const [row] = await handle
    .select({ created_at: webhookSecrets.created_at })
    .from(webhookSecrets)
    .where(eq(webhookSecrets.company_id, companyId));
  return row?.created_at ?? null;
}

export async function openSigningSecret(handle: DbHandle, secretBox: SecretBox, companyId: string) {
  const [row] = await handle
    .select({ secret_sealed: webhookSecrets.secret_sealed })
    .from(webhookSecrets)
    .where(eq(webhookSecrets.company_id, companyId));
  return row ? secretBox.open(sealPurpose, row.secret_sealed) : null;
}
