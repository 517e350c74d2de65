/**
 * Test support for payouts: a funded approved company, a colleague in a permission group (paired,
 * as sub-accounts must be), a payee and an address, and a payout taken from quote to submission.
 */
import { randomUUID } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import { addressOfKeyHash } from '@bank/contract/addresses';
import type { Asset, Network } from '@bank/contract/money';
import type { AddressBookEntry, Payee, Payout, PayoutQuote } from '@bank/contract/payouts';
import type { GroupPermission } from '@bank/contract/permissions';
import { eq } from 'drizzle-orm';
import { newId } from '../../platform/ids.ts';
import { type CallOptions, call, type RunningTestApp, uniqueEmail } from '../../platform/test-support.ts';
import { ensureUser, permissionGroups, users } from '../account/index.ts';
import { pairAuthenticator, signIn, strongPassword } from '../account/test-support.ts';
import { approvedCompany } from '../deposits/test-support.ts';
import { accountBalance, accountIdOf } from '../ledger/index.ts';
import { fundedAccount } from '../ledger/test-support.ts';
import { payoutPolicies } from './tables.ts';

export const idempotent = (key: string = randomUUID()): CallOptions['headers'] => ({ 'idempotency-key': key });

/**
 * An approved company with `funds` of each asset, and the cooling period (hours) the bank set for it:
 * none by default, so that a payee or address is usable at once; null leaves the bank's default.
 */
export async function fundedCompany(
  test: RunningTestApp,
  options: { funds?: Partial<Record<Asset, string>>; coolingHours?: number | null } = {},
) {
  const client = await approvedCompany(test, `Payout Test ${randomUUID().slice(0, 6)}`);
  const now = test.clock.now();
  for (const [asset, amount] of Object.entries(options.funds ?? { USDT: '100000' }))
    await fundedAccount(test.database.db, client.companyId, asset as Asset, amount, now);
  const coolingHours = options.coolingHours === undefined ? 0 : options.coolingHours;
  if (coolingHours !== null)
    await test.database.db
      .insert(payoutPolicies)
      .values({ company_id: client.companyId, cooling_hours: coolingHours, updated_at: now });
  return client;
}

/** A sub-account of the company in a new group holding `permissions`, signed in with its authenticator. */
export async function colleague(
  test: RunningTestApp,
  companyId: string,
  permissions: GroupPermission[],
  options: { email?: string; role?: 'staff_member' | 'director' | 'partner' } = {},
): Promise<SignedIn & { userId: string }> {
  const db = test.database.db;
  const now = test.clock.now();
  const groupId = newId(now.getTime());
  await db.insert(permissionGroups).values({
    id: groupId,
    company_id: companyId,
    name: `Group ${groupId.slice(-6)}`,
    description: '',
    permissions,
    created_at: now,
    updated_at: now,
  });
  const email = options.email ?? uniqueEmail('colleague');
  const userId = await ensureUser(
    db,
    { email, password: strongPassword, fullName: 'Casey Checker', role: options.role ?? 'staff_member', companyId },
    now,
  );
  await db.update(users).set({ permission_group_id: groupId }).where(eq(users.id, userId));
  const first = await signIn(test, { email, password: strongPassword });
  const secret = await pairAuthenticator(test, first);
  test.clock.advance(31);
  const session = await signIn(test, { email, password: strongPassword }, { authenticatorSecret: secret });
  return { ...session, userId };
}

export const trc20Address = (seed = 7) => addressOfKeyHash('TRC20', new Uint8Array(20).fill(seed));

export const payeeFields = {
  beneficiary_name: 'Northwind Supplies Ltd',
  account_number: 'GB33 BUKB 2020 1555 5555 55',
  bank_country: 'GB',
  bank_name: 'Barclays Bank UK PLC',
  swift_code: 'BUKBGB22',
  bank_address: '1 Churchill Place, London',
  beneficiary_address: '12 Harbour Road, Southampton SO14 2AQ, United Kingdom',
  local_bank_code: '202015',
  currency: 'GBP',
  email: '',
  intermediary: null,
};

export async function addAddress(
  test: RunningTestApp,
  session: SignedIn,
  fields: { asset?: Asset; network?: Network; address?: string; name?: string } = {},
): Promise<AddressBookEntry> {
  const answer = await call<AddressBookEntry>(
    test,
    '/api/v1/withdraw/address/add',
    { name: 'Cold wallet', asset: 'USDT', network: 'TRC20', address: trc20Address(), ...fields },
    { session, headers: idempotent() },
  );
  if (answer.code !== 200) throw new Error(`address/add answered ${answer.code} ${answer.msg}`);
  return answer.data;
}

export async function addPayee(
  test: RunningTestApp,
  session: SignedIn,
  fields: Record<string, unknown> = {},
): Promise<Payee> {
  const answer = await call<Payee>(
    test,
    '/api/v1/withdraw/payee/add',
    { ...payeeFields, ...fields },
    { session, headers: idempotent() },
  );
  if (answer.code !== 200) throw new Error(`payee/add answered ${answer.code} ${answer.msg}`);
  return answer.data;
}

export async function cryptoQuote(
  test: RunningTestApp,
  session: SignedIn,
  amount: string,
  selection: { asset: Asset; network: Network } = { asset: 'USDT', network: 'TRC20' },
): Promise<PayoutQuote> {
  const answer = await call<PayoutQuote>(test, '/api/v1/withdraw/crypto/calc', { ...selection, amount }, { session });
  if (answer.code !== 200) throw new Error(`crypto/calc answered ${answer.code} ${answer.msg}`);
  return answer.data;
}

export const instructions = { purpose: 'supplier_payment', sender_account_name: 'Payout Test Treasury', remarks: '' };

/** Submits a crypto payout of `amount` to the address (quote, then withdraw). */
export async function submitCrypto(
  test: RunningTestApp,
  session: SignedIn,
  addressId: string,
  amount: string,
  key: string = randomUUID(),
) {
  const quote = await cryptoQuote(test, session, amount);
  return call<Payout>(
    test,
    '/api/v1/withdraw/crypto/withdraw',
    { quote_id: quote.quote_id, address_id: addressId, ...instructions },
    { session, headers: idempotent(key) },
  );
}

/** A company's available balance of an asset, as the wire writes it (the ledger's NUMERIC, no trailing zeros). */
export async function availableBalance(
  test: RunningTestApp,
  companyId: string,
  asset: 'USDT' | 'USDC' = 'USDT',
): Promise<string> {
  const db = test.database.db;
  const balance = await accountBalance(
    db,
    await accountIdOf(db, { kind: 'customer', companyId, asset }, test.clock.now()),
  );
  return String(Number(balance?.available ?? '0'));
}
