/**
 * API keys of a company (issue 33, item 1; decision 0041): a company's administrator issues keys on
 * the team page with a fresh second factor, and a company's finance systems send one as
 * `Authorization: Bearer <key>` to the same /api/v1 calls a person makes. A key is shown once and
 * kept as a keyed hash beside a visible prefix; it acts for the company with the permissions of its
 * scope, only on the calls listed here (`apiKeyCalls`: every other call, a person's own, staff's and
 * those needing a person's fresh second factor, refuses keys); a write scope works only from the IP
 * ranges of its allow-list.
 */
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { apiKeyCalls } from './api-key-calls.ts';
import { defineCall } from './calls.ts';
import { type ClientPermission, clientPermissions, type GroupPermission, groupPermissions } from './permissions.ts';
import { identifierText, singleLineText } from './text.ts';

export const apiKeyScopes = ['read_only', 'read_write', 'custom'] as const;
export const ApiKeyScope = z.enum(apiKeyScopes);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

export const apiKeyLimits = {
  keysPerCompany: 25,
  nameMaxLength: 60,
  allowListMaxRanges: 20,
  /** A CIDR range as typed: `203.0.113.0/24`, `2001:db8::/32`. */
  cidrMaxLength: 49,
  /** Calls one key may make a minute (platform rate limit per key). */
  callsPerMinute: 120,
  maxValidityDays: 730,
} as const;

/** Whether a key of this scope may make writes: those need an IP allow-list. */
export function isWriteScope(scope: ApiKeyScope): boolean {
  return scope !== 'read_only';
}

/**
 * Permissions a key may hold: what a permission group may hold (so not the administrator's own audit
 * log), less the team and webhook settings, which stay with people.
 */
export const apiKeyPermissions = groupPermissions.filter(
  (permission) => permission !== 'team' && permission !== 'webhooks',
) as readonly GroupPermission[];

/** What a key of `scope` holds: read-only and read-write every key permission, custom its chosen ones. */
export function permissionsOfApiKey(scope: ApiKeyScope, chosen: readonly ClientPermission[]): ClientPermission[] {
  if (scope !== 'custom') return [...apiKeyPermissions];
  return apiKeyPermissions.filter((permission) => chosen.includes(permission));
}

/**
 * Whether a key of `scope` may make the call at `path` (the permission is checked beside, as for a
 * person): a listed read for any scope, a listed write for a write scope.
 */
export function apiKeyMayCall(scope: ApiKeyScope, path: string): boolean {
  const access = apiKeyCalls[path];
  if (!access) return false;
  return access === 'read' || isWriteScope(scope);
}

/** A CIDR range in its normal form (`10.0.0.0/8`), or null when the text is not one. */
export function normalisedCidr(text: string): string | null {
  const trimmed = text.trim();
  if (!ipaddr.isValidCIDR(trimmed)) return null;
  const [address, prefix] = ipaddr.parseCIDR(trimmed);
  // The network's own address, so that 10.1.2.3/8 reads as the 10.0.0.0/8 it stands for.
  const network =
    address.kind() === 'ipv4'
      ? ipaddr.IPv4.networkAddressFromCIDR(trimmed)
      : ipaddr.IPv6.networkAddressFromCIDR(trimmed);
  return `${network.toString()}/${prefix}`;
}

/** Whether the address `ip` is inside one of the ranges (an IPv4-mapped IPv6 address counts as IPv4). */
export function isAddressAllowed(ip: string, ranges: readonly string[]): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const parsed = ipaddr.process(ip);
  return ranges.some((range) => {
    const [network, prefix] = ipaddr.parseCIDR(range);
    return parsed.kind() === network.kind() && parsed.match(network, prefix);
  });
}

const Cidr = singleLineText(apiKeyLimits.cidrMaxLength).refine((text) => normalisedCidr(text) !== null, {
  message: 'team.validation.cidr_invalid',
});

const ApiKeyPermission = z.enum(apiKeyPermissions as [ClientPermission, ...ClientPermission[]]);

export const CreateApiKeyRequest = z
  .object({
    name: singleLineText(apiKeyLimits.nameMaxLength).pipe(
      z.string().min(1, { message: 'team.validation.key_name_required' }),
    ),
    scope: ApiKeyScope,
    /** The chosen permissions of a custom scope (ignored by the others). */
    permissions: z.array(ApiKeyPermission).max(apiKeyPermissions.length).default([]),
    /** The ranges a write scope works from; required for write scopes. */
    allowed_ips: z.array(Cidr).max(apiKeyLimits.allowListMaxRanges).default([]),
    /** Until when the key works (ISO 8601); none: until revoked. */
    expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .strict()
  .superRefine((body, context) => {
    if (isWriteScope(body.scope) && body.allowed_ips.length === 0)
      context.addIssue({ code: 'custom', path: ['allowed_ips'], message: 'team.validation.allow_list_required' });
    if (body.scope === 'custom' && body.permissions.length === 0)
      context.addIssue({ code: 'custom', path: ['permissions'], message: 'team.validation.permissions_required' });
  });

export const ApiKey = z.object({
  key_id: z.string(),
  name: z.string(),
  /** The key's first characters, shown to recognise it (the rest is never kept). */
  prefix: z.string(),
  scope: ApiKeyScope,
  permissions: z.array(z.enum(clientPermissions)),
  allowed_ips: z.array(z.string()),
  created_at: z.string(),
  created_by: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const listApiKeys = defineCall({
  path: '/api/v1/team/apiKey/list',
  permission: 'team',
  summary: "The company's API keys, newest first (administrator only), with their last use",
  request: z.object({}).strict(),
  response: z.object({ items: z.array(ApiKey) }),
});

export const createApiKey = defineCall({
  path: '/api/v1/team/apiKey/create',
  permission: 'team',
  isIdempotent: true,
  errors: ['illegal_state', 'fresh_second_factor_required'],
  summary: 'Issue an API key (administrator only, fresh second factor): the key is in this answer only, never again',
  request: CreateApiKeyRequest,
  response: z.object({ key: ApiKey, secret: z.string() }),
});

export const revokeApiKey = defineCall({
  path: '/api/v1/team/apiKey/revoke',
  permission: 'team',
  errors: ['not_found', 'illegal_state'],
  summary: 'Revoke an API key: refused from the next call on (administrator only; audited)',
  request: z.object({ key_id: identifierText(64) }).strict(),
  response: ApiKey,
});
