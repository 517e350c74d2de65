/**
 * Test support for the ledger: companies to own accounts, and funded accounts. Funding goes the
 * way money really arrives: a posted transfer from the asset's clearing account, so the sums stay
 * zero.
 */
import type { Asset } from '@bank/contract/money';
import type { DbHandle } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { companies } from '../account/index.ts';
import { ledger } from './ledger.ts';
import { accountIdOf } from './queries.ts';

export async function insertCompanies(handle: DbHandle, count: number, now: Date): Promise<string[]> {
  const ids = Array.from({ length: count }, () => newId(now.getTime()));
  if (count > 0) await handle.insert(companies).values(ids.map((id) => ({ id, created_at: now })));
  return ids;
}

export async function clearingAccountOf(handle: DbHandle, asset: Asset, now: Date): Promise<string> {
  return accountIdOf(handle, { kind: 'clearing', asset, rail: 'test' }, now);
}

/** A company's account of the asset, credited with `amount` from the clearing account. */
export async function fundedAccount(
  handle: DbHandle,
  companyId: string,
  asset: Asset,
  amount: string,
  now: Date,
): Promise<string> {
  const accountId = await accountIdOf(handle, { kind: 'customer', companyId, asset }, now);
  if (amount !== '0')
    await ledger.transfer(
      handle,
      [
        {
          idempotencyKey: `fund-${accountId}-${newId()}`,
          kind: 'deposit',
          asset,
          debitAccountId: await clearingAccountOf(handle, asset, now),
          creditAccountId: accountId,
          amount,
          reference: { type: 'test', id: accountId },
        },
      ],
      now,
    );
  return accountId;
}
