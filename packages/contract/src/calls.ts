/**
 * The calls of SPEC.md section 7 as one typed table. Every call is POST with a JSON body to
 * `/api/v1/...` and answers the envelope. A call's request and response schemas are defined in the
 * domain file of the contract by the capability that builds it; until then its entry has none and
 * the server does not answer it.
 */
import type { z } from 'zod';
import { apiKeyCalls } from './api-key-calls.ts';
import { type ErrorKey, errorCatalogue } from './errors.ts';
import { type CallPermission, isStaffPermission } from './permissions.ts';

/** Who may make a call: anyone, a signed-in user (client or staff), or the bank's staff only. */
export type CallAuth = 'public' | 'session' | 'staff';

export type CallSpec = {
  path: `/api/v1/${string}`;
  /** Who may make the call, derived from its permission: public, any session, or staff. */
  auth: CallAuth;
  /** What the caller must hold (permissions.ts), or 'session' / 'public'. Checked by registerCall. */
  permission: CallPermission;
  /** Answers `kyc_not_approved` until the caller's company KYC is approved. */
  isKycGated: boolean;
  /** Answers a file (Content-Disposition) instead of the envelope when it succeeds. */
  isFile: boolean;
  /**
   * Takes an Idempotency-Key header (envelope.ts): the first answer is kept for a day and replayed
   * to a repeat with the same key and body, so that a retry never makes a second effect.
   */
  isIdempotent: boolean;
};

export type CallDefinition<Request extends z.ZodType = z.ZodType, Response extends z.ZodType = z.ZodType> = CallSpec & {
  summary: string;
  /** Error keys the call may answer beyond the common ones. */
  errors: readonly ErrorKey[];
  request: Request;
  response: Response;
};

export type RequestOf<C> = C extends CallDefinition<infer Request, z.ZodType> ? z.input<Request> : never;
export type ResponseOf<C> = C extends CallDefinition<z.ZodType, infer Response> ? z.output<Response> : never;

type Spec = [path: CallSpec['path'], permission: CallPermission, isKycGated?: boolean, isFile?: boolean];

/** A call's session rule follows from its permission: none for public, staff for a back-office one. */
export function authOfPermission(permission: CallPermission): CallAuth {
  if (permission === 'public') return 'public';
  if (permission === 'session') return 'session';
  return isStaffPermission(permission) ? 'staff' : 'session';
}

const listed: readonly Spec[] = [
  // Account
  ['/api/v1/account/login', 'public'],
  ['/api/v1/account/verify', 'public'],
  ['/api/v1/account/register', 'public'],
  ['/api/v1/sendEmail', 'public'],
  ['/api/v1/account/getUserInfo', 'session'],
  ['/api/v1/account/modify', 'session'],
  ['/api/v1/account/modifyLoginPassword', 'session'],
  ['/api/v1/account/forgetLoginPassword', 'public'],
  ['/api/v1/account/verifyLoginPassword', 'session'],
  ['/api/v1/account/approve', 'session'],
  ['/api/v1/account/exitLogin', 'session'],
  ['/api/v1/account/modifyProtocolStatus', 'session'],
  // KYC
  ['/api/v1/account/kyc/getKycInfo', 'company_profile'],
  ['/api/v1/account/kyc/corporate', 'company_profile'],
  ['/api/v1/account/kyc/company', 'company_profile'],
  ['/api/v1/account/kyc/shareholder', 'company_profile'],
  ['/api/v1/account/kyc/trading', 'company_profile'],
  ['/api/v1/account/kyc/submit', 'company_profile'],
  // Other
  ['/api/v1/init/awsS3Auth', 'session'],
  ['/api/v1/feedback/submit', 'session'],
  // Dashboard
  ['/api/v1/dashboard/home', 'view_balances'],
  ['/api/v1/dashboard/block', 'cards', true],
  ['/api/v1/dashboard/unblock', 'cards', true],
  ['/api/v1/dashboard/getReplaceConfig', 'card_management', true],
  ['/api/v1/dashboard/getAnnualConfig', 'cards', true],
  ['/api/v1/dashboard/replace', 'card_management', true],
  ['/api/v1/dashboard/annualSetting', 'card_management', true],
  ['/api/v1/dashboard/renewList', 'card_management', true],
  ['/api/v1/dashboard/renew', 'card_management', true],
  // Deposit
  ['/api/v1/deposit/details', 'deposit', true],
  ['/api/v1/deposit/record', 'deposit', true],
  ['/api/v1/deposit/get', 'deposit', true],
  ['/api/v1/deposit/submit', 'deposit', true],
  ['/api/v1/deposit/getConfig', 'deposit', true],
  ['/api/v1/deposit/download', 'exports', true, true],
  // Withdraw
  ['/api/v1/withdraw/details', 'prepare_payouts', true],
  ['/api/v1/withdraw/crypto/record', 'prepare_payouts', true],
  ['/api/v1/withdraw/crypto/get', 'prepare_payouts', true],
  ['/api/v1/withdraw/crypto/download', 'exports', true, true],
  ['/api/v1/withdraw/crypto/addressList', 'prepare_payouts', true],
  ['/api/v1/withdraw/crypto/withdraw', 'prepare_payouts', true],
  ['/api/v1/withdraw/crypto/check', 'prepare_payouts', true],
  ['/api/v1/withdraw/crypto/calc', 'prepare_payouts', true],
  ['/api/v1/withdraw/address/add', 'manage_payees', true],
  ['/api/v1/withdraw/address/edit', 'manage_payees', true],
  ['/api/v1/withdraw/address/del', 'manage_payees', true],
  ['/api/v1/withdraw/address/list', 'prepare_payouts', true],
  ['/api/v1/withdraw/payee/list', 'prepare_payouts', true],
  ['/api/v1/withdraw/payee/add', 'manage_payees', true],
  ['/api/v1/withdraw/payee/edit', 'manage_payees', true],
  ['/api/v1/withdraw/payee/del', 'manage_payees', true],
  // Transaction
  ['/api/v1/transaction/record', 'view_balances'],
  ['/api/v1/transaction/download', 'exports', false, true],
  ['/api/v1/transaction/get', 'view_balances'],
  ['/api/v1/transaction/details', 'view_balances'],
  // Card
  ['/api/v1/card/audit', 'card_management', true],
  ['/api/v1/card/active', 'cards', true],
  ['/api/v1/card/getTopUpConfig', 'card_management', true],
  ['/api/v1/card/topUp', 'card_management', true],
  ['/api/v1/card/topRecord', 'cards', true],
  ['/api/v1/card/download', 'exports', true, true],
  ['/api/v1/card/refreshData', 'cards', true],
  ['/api/v1/card/setPin', 'cards', true],
  ['/api/v1/card/transactionDetails', 'cards', true],
  ['/api/v1/card/transactionDownload', 'cards', true, true],
  ['/api/v1/card/transactionStatement', 'cards', true, true],
  ['/api/v1/card/calc', 'card_management', true],
  ['/api/v1/card/accountKycList', 'card_management', true],
  ['/api/v1/card/updateIdKycInfo', 'card_management', true],
  ['/api/v1/card/updateAccountInfo', 'card_management', true],
  ['/api/v1/card/updateAddressKycInfo', 'card_management', true],
  ['/api/v1/card/getCardKyc', 'card_management', true],
  ['/api/v1/card/verifyUsername', 'card_management', true],
  ['/api/v1/card/verifyCode', 'card_management', true],
  ['/api/v1/card/updateMemberInfo', 'card_management', true],
  // Messages
  ['/api/v1/msg/list', 'session'],
  ['/api/v1/msg/read', 'session'],
  ['/api/v1/msg/count', 'session'],
  ['/api/v1/msg/clear', 'session'],
  ['/api/v1/msg/box', 'session'],
  ['/api/v1/msg/delete', 'session'],
];

/** Every call SPEC.md section 7 lists, by path: who may make it, whether KYC gates it, whether it answers a file. */
export const listedCalls: ReadonlyMap<string, CallSpec> = new Map(
  listed.map(([path, permission, isKycGated = false, isFile = false]) => [
    path,
    { path, permission, auth: authOfPermission(permission), isKycGated, isFile, isIdempotent: false },
  ]),
);

type DefineCallInput<Request extends z.ZodType, Response extends z.ZodType> = {
  path: CallSpec['path'];
  summary: string;
  request: Request;
  response: Response;
  /** Error keys of the catalogue the call may answer beyond the common ones (OpenAPI lists them). */
  errors?: readonly ErrorKey[];
} & Partial<Omit<CallSpec, 'path' | 'auth'>>;

/**
 * Defines a call's schemas. A call SPEC.md lists takes its auth, gate and file flags from the table
 * above (one place); a call SPEC.md does not list (back office, sub-accounts, ...) states them here.
 */
export function defineCall<Request extends z.ZodType, Response extends z.ZodType>(
  input: DefineCallInput<Request, Response>,
): CallDefinition<Request, Response> {
  const spec = listedCalls.get(input.path);
  const permission = input.permission ?? spec?.permission;
  if (!permission) throw new Error(`${input.path} is not in SPEC.md's list: state its permission`);
  if (input.isIdempotent && permission === 'public') {
    throw new Error(`${input.path}: an idempotent call needs a caller to keep its keys apart`);
  }
  if (input.isIdempotent && (input.isFile ?? spec?.isFile)) {
    throw new Error(`${input.path}: a file answer is not kept for replay`);
  }
  return {
    isKycGated: false,
    isFile: false,
    isIdempotent: false,
    errors: [],
    ...spec,
    ...input,
    permission,
    auth: authOfPermission(permission),
  };
}

/**
 * Every catalogue error a call can answer: those every call of its kind can (bad input, an outage;
 * no session or no permission unless it is public; throttled if public or open to API keys; KYC not approved if gated;
 * a reused idempotency key if idempotent; busy, to be asked again) and those it declares. OpenAPI lists them per operation,
 * and outside production the server answers 500 for an error a call did not declare.
 */
export function errorKeysOf(spec: CallSpec & { errors?: readonly ErrorKey[] }): ErrorKey[] {
  // busy: the server under pressure, or a transaction that lost to contention on every try.
  const keys = new Set<ErrorKey>(['validation', 'internal', 'busy']);
  if (spec.permission === 'public') keys.add('rate_limited');
  else {
    keys.add('session_invalid');
    // A role without the permission, or staff who must pair an authenticator first.
    keys.add('forbidden');
  }
  // A call API keys may make is limited per key (decision 0041).
  if (Object.hasOwn(apiKeyCalls, spec.path)) keys.add('rate_limited');
  if (spec.isKycGated) keys.add('kyc_not_approved');
  if (spec.isIdempotent) keys.add('idempotency_conflict');
  for (const key of spec.errors ?? []) keys.add(key);
  return [...keys].sort((a, b) => errorCatalogue[a].code - errorCatalogue[b].code);
}
