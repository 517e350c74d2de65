/**
 * The calls an API key may make (decision 0041), apart from api-keys.ts so that the call table
 * (calls.ts) can read it: a key's calls may also answer its rate limit.
 */
/** Whether a call's effect is a read (any scope) or a write (a write scope, from an allowed address). */
export type ApiKeyAccess = 'read' | 'write';

/**
 * The calls a key may make, each a read or a write: an allow-list, so that a call added later is
 * closed to keys until it is named here. A person's own calls (sign-in, password, sessions), staff
 * calls and those needing a person's fresh second factor (payees, webhooks, team, card PINs) are not
 * here. Payout submissions are, as writes: a key's payout always waits for a person's approval.
 */
export const apiKeyCalls: Readonly<Record<string, ApiKeyAccess>> = {
  // Balances
  '/api/v1/dashboard/home': 'read',
  '/api/v1/dashboard/balanceHistory': 'read',
  // Transactions and statements
  '/api/v1/transaction/record': 'read',
  '/api/v1/transaction/get': 'read',
  '/api/v1/transaction/details': 'read',
  '/api/v1/transaction/receipt': 'read',
  '/api/v1/transaction/download': 'read',
  // Deposits and deposit addresses
  '/api/v1/deposit/getConfig': 'read',
  '/api/v1/deposit/details': 'read',
  '/api/v1/deposit/record': 'read',
  '/api/v1/deposit/get': 'read',
  '/api/v1/deposit/bankDetails': 'read',
  // Payouts
  '/api/v1/withdraw/payee/list': 'read',
  '/api/v1/withdraw/address/list': 'read',
  '/api/v1/withdraw/crypto/addressList': 'read',
  '/api/v1/withdraw/details': 'read',
  '/api/v1/withdraw/policy/get': 'read',
  '/api/v1/withdraw/crypto/record': 'read',
  '/api/v1/withdraw/fiat/record': 'read',
  '/api/v1/withdraw/crypto/get': 'read',
  '/api/v1/withdraw/fiat/get': 'read',
  '/api/v1/withdraw/approval/list': 'read',
  '/api/v1/withdraw/approval/count': 'read',
  '/api/v1/withdraw/approval/get': 'read',
  '/api/v1/withdraw/crypto/calc': 'write',
  '/api/v1/withdraw/fiat/calc': 'write',
  '/api/v1/withdraw/crypto/check': 'write',
  '/api/v1/withdraw/fiat/check': 'write',
  '/api/v1/withdraw/crypto/withdraw': 'write',
  '/api/v1/withdraw/fiat/withdraw': 'write',
  // Cards
  '/api/v1/card/refreshData': 'read',
  '/api/v1/card/get': 'read',
  '/api/v1/card/topRecord': 'read',
  '/api/v1/card/transactionDetails': 'read',
  // Exchange
  '/api/v1/otc/list': 'read',
  '/api/v1/fx/quote': 'write',
  '/api/v1/fx/accept': 'write',
};
