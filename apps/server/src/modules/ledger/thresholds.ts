/**
 * The balance crossing detector: the one place that decides a company's balance fell below a
 * threshold, for the company's balance webhook and for users' balance alerts alike.
 *
 * A transfer lowers the available balance (balance less holds) of the account it debits by its
 * amount, whether posted at once or held; posting a hold changes nothing available, and a void or a
 * credit only raises it. So the ledger checks after each `transfer` the company accounts it debited:
 * a threshold is crossed when the balance after is below it and the balance before (after plus what
 * the transfer took) was at or above it. That needs no stored "is below" state, fires once per
 * crossing (a further debit while below starts below: no second event), fires again after the
 * balance has gone back above and falls again, and costs one read per transfer, inside the
 * transfer's transaction (the accounts are still locked, so the balance read is the one it left).
 */
import type { DigitalAsset } from '@bank/contract/money';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { recordEvent } from '../../platform/events.ts';
import { formatAmountForWire, type MoneyValue, parseAmount } from '../../platform/money.ts';
import { balanceThresholds, ledgerAccounts } from './tables.ts';

/** What one transfer of a batch took from its debit account. */
export type Debit = { accountId: string; amount: string };

/** Records `balance.fell_below_threshold` for every threshold the debits took a company's balance across. */
export async function detectCrossings(handle: DbHandle, debits: readonly Debit[], now: Date): Promise<void> {
  if (debits.length === 0) return;
  const taken = new Map<string, MoneyValue>();
  for (const debit of debits)
    taken.set(debit.accountId, (taken.get(debit.accountId) ?? parseAmount('0')).plus(parseAmount(debit.amount)));
  const watched = await handle
    .select({
      id: balanceThresholds.id,
      company_id: balanceThresholds.company_id,
      asset: balanceThresholds.asset,
      threshold: balanceThresholds.threshold,
      watcher_user_id: balanceThresholds.watcher_user_id,
      account_id: ledgerAccounts.id,
      available: sql<string>`${ledgerAccounts.balance} - ${ledgerAccounts.held}`,
    })
    .from(ledgerAccounts)
    .innerJoin(
      balanceThresholds,
      and(
        eq(balanceThresholds.company_id, ledgerAccounts.company_id),
        eq(balanceThresholds.asset, ledgerAccounts.asset),
      ),
    )
    .where(
      and(
        inArray(ledgerAccounts.id, [...taken.keys()]),
        eq(ledgerAccounts.kind, 'customer'),
        eq(ledgerAccounts.rail, ''),
      ),
    );
  for (const row of watched) {
    const after = parseAmount(row.available);
    const before = after.plus(taken.get(row.account_id) ?? 0);
    const threshold = parseAmount(row.threshold);
    if (!(after.lt(threshold) && before.gte(threshold))) continue;
    const asset = row.asset as DigitalAsset;
    await recordEvent(
      handle,
      'balance.fell_below_threshold',
      {
        company_id: row.company_id,
        asset,
        threshold: formatAmountForWire(threshold, asset),
        available: formatAmountForWire(after, asset),
        threshold_id: row.id,
        watcher_user_id: row.watcher_user_id,
        at: now.toISOString(),
      },
      { companyId: row.company_id },
    );
  }
}
