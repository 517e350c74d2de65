/**
 * The calls of SPEC.md section 7 as one typed table. Every call is POST with a JSON body to
 * `/api/v1/...` and answers the envelope. A call's request and response schemas are defined in the
 * domain file of the contract by the capability that builds it; until then its entry has none and
 * the server does not answer it.
 */
import type { z } from 'zod';

/** Who may make a call: anyone, a signed-in user (client or staff), or the bank's staff only. */
export type CallAuth = 'public' | 'session' | 'staff';

export type CallSpec = {
  path: `/api/v1/${string}`;
  auth: CallAuth;
  /** Answers `kyc_not_approved` until the caller's company KYC is approved. */
  isKycGated: boolean;
  /** Answers a file (Content-Disposition) instead of the envelope when it succeeds. */
  isFile: boolean;
};

export type CallDefinition<Request extends z.ZodType = z.ZodType, Response extends z.ZodType = z.ZodType> = CallSpec & {
  summary: string;
  request: Request;
  response: Response;
};

export type RequestOf<C> = C extends CallDefinition<infer Request, z.ZodType> ? z.input<Request> : never;
export type ResponseOf<C> = C extends CallDefinition<z.ZodType, infer Response> ? z.output<Response> : never;

type Spec = [path: CallSpec['path'], auth: CallAuth, isKycGated?: boolean, isFile?: boolean];

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
  ['/api/v1/account/kyc/getKycInfo', 'session'],
  ['/api/v1/account/kyc/corporate', 'session'],
  ['/api/v1/account/kyc/company', 'session'],
  ['/api/v1/account/kyc/shareholder', 'session'],
  ['/api/v1/account/kyc/trading', 'session'],
  ['/api/v1/account/kyc/submit', 'session'],
  // Other
  ['/api/v1/init/awsS3Auth', 'session'],
  ['/api/v1/feedback/submit', 'session'],
  // Dashboard
  ['/api/v1/dashboard/home', 'session'],
  ['/api/v1/dashboard/block', 'session', true],
  ['/api/v1/dashboard/unblock', 'session', true],
  ['/api/v1/dashboard/getReplaceConfig', 'session', true],
  ['/api/v1/dashboard/getAnnualConfig', 'session', true],
  ['/api/v1/dashboard/replace', 'session', true],
  ['/api/v1/dashboard/annualSetting', 'session', true],
  ['/api/v1/dashboard/renewList', 'session', true],
  ['/api/v1/dashboard/renew', 'session', true],
  // Deposit
  ['/api/v1/deposit/details', 'session', true],
  ['/api/v1/deposit/record', 'session', true],
  ['/api/v1/deposit/get', 'session', true],
  ['/api/v1/deposit/submit', 'session', true],
  ['/api/v1/deposit/getConfig', 'session', true],
  ['/api/v1/deposit/download', 'session', true, true],
  // Withdraw
  ['/api/v1/withdraw/details', 'session', true],
  ['/api/v1/withdraw/crypto/record', 'session', true],
  ['/api/v1/withdraw/crypto/get', 'session', true],
  ['/api/v1/withdraw/crypto/download', 'session', true, true],
  ['/api/v1/withdraw/crypto/addressList', 'session', true],
  ['/api/v1/withdraw/crypto/withdraw', 'session', true],
  ['/api/v1/withdraw/crypto/check', 'session', true],
  ['/api/v1/withdraw/crypto/calc', 'session', true],
  ['/api/v1/withdraw/address/add', 'session', true],
  ['/api/v1/withdraw/address/edit', 'session', true],
  ['/api/v1/withdraw/address/del', 'session', true],
  ['/api/v1/withdraw/address/list', 'session', true],
  ['/api/v1/withdraw/payee/list', 'session', true],
  ['/api/v1/withdraw/payee/add', 'session', true],
  ['/api/v1/withdraw/payee/edit', 'session', true],
  ['/api/v1/withdraw/payee/del', 'session', true],
  // Transaction
  ['/api/v1/transaction/record', 'session'],
  ['/api/v1/transaction/download', 'session', false, true],
  ['/api/v1/transaction/get', 'session'],
  ['/api/v1/transaction/details', 'session'],
  // Card
  ['/api/v1/card/audit', 'session', true],
  ['/api/v1/card/active', 'session', true],
  ['/api/v1/card/getTopUpConfig', 'session', true],
  ['/api/v1/card/topUp', 'session', true],
  ['/api/v1/card/topRecord', 'session', true],
  ['/api/v1/card/download', 'session', true, true],
  ['/api/v1/card/refreshData', 'session', true],
  ['/api/v1/card/setPin', 'session', true],
  ['/api/v1/card/transactionDetails', 'session', true],
  ['/api/v1/card/transactionDownload', 'session', true, true],
  ['/api/v1/card/transactionStatement', 'session', true],
  ['/api/v1/card/calc', 'session', true],
  ['/api/v1/card/accountKycList', 'session', true],
  ['/api/v1/card/updateIdKycInfo', 'session', true],
  ['/api/v1/card/updateAccountInfo', 'session', true],
  ['/api/v1/card/updateAddressKycInfo', 'session', true],
  ['/api/v1/card/getCardKyc', 'session', true],
  ['/api/v1/card/verifyUsername', 'session', true],
  ['/api/v1/card/verifyCode', 'session', true],
  ['/api/v1/card/updateMemberInfo', 'session', true],
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
  listed.map(([path, auth, isKycGated = false, isFile = false]) => [path, { path, auth, isKycGated, isFile }]),
);

type DefineCallInput<Request extends z.ZodType, Response extends z.ZodType> = {
  path: CallSpec['path'];
  summary: string;
  request: Request;
  response: Response;
} & Partial<Omit<CallSpec, 'path'>>;

/**
 * Defines a call's schemas. A call SPEC.md lists takes its auth, gate and file flags from the table
 * above (one place); a call SPEC.md does not list (back office, sub-accounts, ...) states them here.
 */
export function defineCall<Request extends z.ZodType, Response extends z.ZodType>(
  input: DefineCallInput<Request, Response>,
): CallDefinition<Request, Response> {
  const spec = listedCalls.get(input.path);
  if (!spec && !input.auth) throw new Error(`${input.path} is not in SPEC.md's list: state its auth`);
  return { auth: 'session', isKycGated: false, isFile: false, ...spec, ...input };
}
