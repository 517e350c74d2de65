/**
 * API keys on the team page (decision 0041): the company's administrator lists, issues (fresh second
 * factor) and revokes keys. A key is `bk_<12 characters>_<43 characters>`: 256 random bits after a
 * prefix shown to recognise it; only its keyed hash is kept, so the issue answer is the only time the
 * key exists in clear.
 */
import { randomBytes } from 'node:crypto';
import {
  type ApiKey,
  apiKeyLimits,
  type CreateApiKeyRequest,
  normalisedCidr,
  permissionsOfApiKey,
} from '@bank/contract/api-keys';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit.ts';
import type { DbHandle } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { newId } from '../../../platform/ids.ts';
import type { SecretBox } from '../../../platform/secret-box.ts';
import { newSecretToken } from '../../../platform/secret-tokens.ts';
import { lockCompany } from '../../../platform/tenant.ts';
import { requireFreshSecondFactor } from '../../account/index.ts';
import type { TeamActor } from '../team-actions.ts';
import {
  companyApiKey,
  countLiveApiKeys,
  insertApiKey,
  listCompanyApiKeys,
  lockCompanyApiKey,
  markApiKeyRevoked,
} from './queries.ts';

const apiKeyHashPurpose = 'api-key';
const keyTag = 'bk';
const prefixBytes = 9;

/** The keyed hash a key is kept and found by. */
export function hashOfApiKey(secretBox: SecretBox, key: string): string {
  return secretBox.keyedHash(apiKeyHashPurpose, key);
}

function newApiKey(): { key: string; prefix: string } {
  const prefix = `${keyTag}_${randomBytes(prefixBytes).toString('base64url')}`;
  return { key: `${prefix}_${newSecretToken()}`, prefix };
}

/** Keys are the administrator's: a sub-account with the team permission manages people, not keys. */
function requireAdministrator(actor: TeamActor): void {
  if (actor.session.role !== 'administrator' || actor.session.api_key)
    throw new AppError('forbidden', {
      messageKey: 'team.errors.api_keys_administrator_only',
      detail: `${actor.userId} is not the company's administrator`,
    });
}

export async function listApiKeys(handle: DbHandle, actor: TeamActor): Promise<{ items: ApiKey[] }> {
  requireAdministrator(actor);
  return { items: await listCompanyApiKeys(handle, actor.companyId, 100) };
}

type CreateBody = z.output<typeof CreateApiKeyRequest>;

function expiryOf(body: CreateBody, now: Date): Date | null {
  const limits = apiKeyLimits;
  if (!body.expires_at) return null;
  const expiresAt = new Date(body.expires_at);
  const latest = now.getTime() + limits.maxValidityDays * 86_400_000;
  if (expiresAt.getTime() <= now.getTime() || expiresAt.getTime() > latest)
    throw new AppError('validation', {
      fields: { expires_at: { key: 'team.validation.key_expiry_range', params: { days: limits.maxValidityDays } } },
      detail: `expiry ${body.expires_at} outside (now, now + ${limits.maxValidityDays} days]`,
    });
  return expiresAt;
}

export async function createApiKey(
  tx: DbHandle,
  secretBox: SecretBox,
  actor: TeamActor,
  body: CreateBody,
): Promise<{ key: ApiKey; secret: string }> {
  requireAdministrator(actor);
  requireFreshSecondFactor(actor);
  const expiresAt = expiryOf(body, actor.now);
  await lockCompany(tx, actor.companyId);
  if ((await countLiveApiKeys(tx, actor.companyId)) >= apiKeyLimits.keysPerCompany)
    throw new AppError('illegal_state', {
      messageKey: 'team.errors.api_keys_too_many',
      params: { count: apiKeyLimits.keysPerCompany },
      detail: `${actor.companyId} holds ${apiKeyLimits.keysPerCompany} live keys`,
    });
  const { key, prefix } = newApiKey();
  const ranges = [...new Set(body.allowed_ips.map((range) => normalisedCidr(range) ?? range))];
  const row = await insertApiKey(tx, {
    id: newId(actor.now.getTime()),
    company_id: actor.companyId,
    name: body.name,
    prefix,
    key_hash: hashOfApiKey(secretBox, key),
    scope: body.scope,
    permissions: permissionsOfApiKey(body.scope, body.permissions),
    allowed_ips: ranges,
    created_by: actor.userId,
    created_at: actor.now,
    expires_at: expiresAt,
  });
  await writeAudit(tx, {
    action: 'api_key.created',
    at: actor.now,
    actorUserId: actor.userId,
    companyId: actor.companyId,
    ip: actor.ip,
    detail: { key_id: row.id, prefix, scope: body.scope, allowed_ips: ranges, expires_at: body.expires_at },
  });
  return { key: await companyApiKey(tx, actor.companyId, row.id), secret: key };
}

export async function revokeApiKey(tx: DbHandle, actor: TeamActor, keyId: string): Promise<ApiKey> {
  requireAdministrator(actor);
  const row = await lockCompanyApiKey(tx, actor.companyId, keyId);
  if (!row) throw new AppError('not_found', { detail: `no key ${keyId} in ${actor.companyId}` });
  if (row.revoked_at)
    throw new AppError('illegal_state', { messageKey: 'team.errors.api_key_revoked', detail: `${keyId} revoked` });
  await markApiKeyRevoked(tx, keyId, actor.now);
  await writeAudit(tx, {
    action: 'api_key.revoked',
    at: actor.now,
    actorUserId: actor.userId,
    companyId: actor.companyId,
    ip: actor.ip,
    detail: { key_id: keyId, prefix: row.prefix },
  });
  return companyApiKey(tx, actor.companyId, keyId);
}
