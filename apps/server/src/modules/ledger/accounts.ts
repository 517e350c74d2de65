/**
 * Ledger accounts: a company's account per asset (opened on first use) and the bank's own
 * accounts: conversion per asset, fees per asset, clearing per asset and rail (a network for coins,
 * `bank_<currency>` for a fiat rail). Opening is idempotent and safe under concurrency (the
 * unique owner constraint decides).
 */
import type { Asset } from '@bank/contract/money';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { type LedgerAccountKind, ledgerAccounts } from './tables.ts';

/**
 * Who owns an account. A card's account (DECISIONS.md "Cards": a USD account of the company tied to
 * the card) is a customer account, so that it never goes below zero, told apart from the
 * company's own by its qualifier `card:<card id>` in the `rail` column.
 */
export type AccountOwner =
  | { kind: 'customer'; companyId: string; asset: Asset }
  | { kind: 'card'; companyId: string; cardId: string }
  | { kind: Exclude<LedgerAccountKind, 'customer'>; asset: Asset; rail?: string };

/** The `rail` qualifier of a card's account. */
const cardAccountQualifier = (cardId: string) => `card:${cardId}`;

function ownerColumns(owner: AccountOwner) {
  if (owner.kind === 'card') {
    return {
      company_id: owner.companyId,
      asset: 'USD',
      kind: 'customer' as const,
      rail: cardAccountQualifier(owner.cardId),
    };
  }
  return {
    company_id: owner.kind === 'customer' ? owner.companyId : null,
    asset: owner.asset,
    kind: owner.kind,
    rail: owner.kind === 'customer' ? '' : (owner.rail ?? ''),
  };
}

/** The id of the owner's account, opened if it does not exist yet. */
export async function accountIdOf(handle: DbHandle, owner: AccountOwner, now: Date): Promise<string> {
  const columns = ownerColumns(owner);
  const [opened] = await handle
    .insert(ledgerAccounts)
    .values({ id: newId(now.getTime()), ...columns, created_at: now })
    .onConflictDoNothing()
    .returning({ id: ledgerAccounts.id });
  if (opened) return opened.id;
  const [existing] = await handle
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        columns.company_id === null
          ? isNull(ledgerAccounts.company_id)
          : eq(ledgerAccounts.company_id, columns.company_id),
        eq(ledgerAccounts.asset, columns.asset),
        eq(ledgerAccounts.kind, columns.kind),
        eq(ledgerAccounts.rail, columns.rail),
      ),
    );
  if (!existing) throw new Error(`ledger account ${JSON.stringify(columns)} neither opened nor found`);
  return existing.id;
}

export type AccountBalance = {
  accountId: string;
  asset: Asset;
  /** Posted: credits minus debits. */
  balance: string;
  /** Reserved by pending transfers. */
  held: string;
  /** What can be spent: balance less held. */
  available: string;
  version: number;
};

const balanceColumns = {
  accountId: ledgerAccounts.id,
  asset: ledgerAccounts.asset,
  balance: ledgerAccounts.balance,
  held: ledgerAccounts.held,
  available: sql<string>`(${ledgerAccounts.balance} - ${ledgerAccounts.held})::text`,
  version: ledgerAccounts.version,
};

type BalanceRow = Omit<AccountBalance, 'asset'> & { asset: string };
const asBalance = (row: BalanceRow): AccountBalance => ({ ...row, asset: row.asset as Asset });

/** A company's accounts with their balances. */
export async function companyBalances(handle: DbHandle, companyId: string): Promise<AccountBalance[]> {
  const rows = await handle
    .select(balanceColumns)
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.company_id, companyId), eq(ledgerAccounts.kind, 'customer'), eq(ledgerAccounts.rail, '')),
    );
  return rows.map(asBalance);
}

/** One account's balance (tests, the back office's explorer). */
export async function accountBalance(handle: DbHandle, accountId: string): Promise<AccountBalance | undefined> {
  const [row] = await handle.select(balanceColumns).from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId));
  return row ? asBalance(row) : undefined;
}

/**
 * Cards whose account has money to spend (balance less held above zero), by card id, in id order
 * after `afterCardId` (keyset pages of at most `limit`): the cards module keeps the money of ended
 * cards from staying stranded.
 */
export async function cardsWithAvailableBalance(
  handle: DbHandle,
  page: { afterCardId: string | null; limit: number },
): Promise<string[]> {
  const prefix = cardAccountQualifier('');
  const rows = await handle
    .select({ rail: ledgerAccounts.rail })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.kind, 'customer'),
        eq(ledgerAccounts.asset, 'USD'),
        sql`${ledgerAccounts.rail} like ${`${prefix}%`}`,
        page.afterCardId === null ? undefined : sql`${ledgerAccounts.rail} > ${cardAccountQualifier(page.afterCardId)}`,
        sql`${ledgerAccounts.balance} - ${ledgerAccounts.held} > 0`,
      ),
    )
    .orderBy(ledgerAccounts.rail)
    .limit(page.limit);
  return rows.map((row) => row.rail.slice(prefix.length));
}
