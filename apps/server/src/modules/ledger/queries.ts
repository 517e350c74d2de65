/**
 * The ledger's reads and the opening of accounts: query functions taking the database or
 * transaction handle first (the one writer of balances is ledger.ts).
 *
 * Accounts: a company's account per asset (opened on first use) and the bank's own accounts:
 * conversion per asset, fees per asset, clearing per asset and rail (a network for coins,
 * `bank_<currency>` for a fiat rail). Opening is idempotent and safe under concurrency (the unique
 * owner constraint decides).
 *
 * Entries: the movements behind one business record, a statement of a period (per asset the opening
 * and closing balance, credits, debits and fees, and every entry with its running balance, read in
 * pages so that a million lines never sit in memory), and the end-of-day balances the dashboard's
 * chart values, with the rates of those days.
 *
 * Rates: the newest kept quote of each asset (rates.ts keeps them).
 *
 * The back office's explorer: accounts with their balances, the bank's own first; transfers newest
 * first, of one account or all.
 */

import type { LedgerAccountLine, LedgerTransferLine } from '@bank/contract/ledger';
import { type Asset, assets, type DigitalAsset, digitalAssets, scaleOfAsset } from '@bank/contract/money';
import type { LedgerMovement } from '@bank/contract/transaction';
import { and, asc, desc, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type DbHandle, executeRows } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { StatementLine } from '../../platform/exports/statement.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { formatAmountForWire, type MoneyValue, parseAmount } from '../../platform/money.ts';
import { companies } from '../account/index.ts';
import { balanceThresholds, exchangeRates, type LedgerAccountKind, ledgerAccounts, ledgerTransfers } from './tables.ts';

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

const asTime = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** A posted transfer's two sides, each with the columns of its account, time and balance after. */
const sides = [
  {
    account: sql.raw('t.debit_account_id'),
    at: sql.raw('t.debit_at'),
    balanceAfter: sql.raw('t.debit_balance_after'),
    sign: sql.raw('-'),
  },
  {
    account: sql.raw('t.credit_account_id'),
    at: sql.raw('t.credit_at'),
    balanceAfter: sql.raw('t.credit_balance_after'),
    sign: sql.raw(''),
  },
];

/**
 * An account's entries in a time range, in time order (`asc`) or the latest first (`desc`), at most
 * `limit`: columns `at`, `kind`, `reference_id`, `amount` (signed: negative for a debit) and
 * `balance_after`. The same lines as the `ledger_entries` view, read as a union of the account's
 * debits and its credits, each on its own (account, time) index with its own limit: the planner
 * stays on the indexes whatever it guesses of an account's number of entries (a clearing account
 * has millions, a company's a few), where an ordered read of the view could sort them all.
 */
function entriesOf(
  accountId: SQL,
  range: { from?: SQL; after?: SQL; before?: SQL },
  order: 'asc' | 'desc',
  limit: number,
): SQL {
  const direction = sql.raw(order);
  const branches = sides.map(
    (side) => sql`(select ${side.at} as at, t.kind, t.reference_type, t.reference_id, ${side.sign}t.amount as amount,
        ${side.balanceAfter} as balance_after
      from ledger_transfers t
      where ${side.account} = ${accountId} and ${side.at} is not null
        ${range.from ? sql`and ${side.at} >= ${range.from}` : sql``}
        ${range.after ? sql`and ${side.at} > ${range.after}` : sql``}
        ${range.before ? sql`and ${side.at} < ${range.before}` : sql``}
      order by ${side.at} ${direction} limit ${limit})`,
  );
  return sql`(select * from (${sql.join(branches, sql` union all `)}) sides order by at ${direction} limit ${limit})`;
}

/** The account's balance after its last entry before `before` (after its last entry without it); null before its first. */
export function balanceBefore(accountId: SQL, before?: SQL): SQL {
  return sql`(select last.balance_after from ${entriesOf(accountId, { before }, 'desc', 1)} last)`;
}

/** The posted movements of the company's accounts that a business record caused, in order. */
export async function movementsOfReference(
  handle: DbHandle,
  companyId: string,
  reference: { type: string; id: string },
): Promise<LedgerMovement[]> {
  const rows = await executeRows<{
    kind: string;
    asset: string;
    amount: string;
    balance_after: string;
    created_at: string | Date;
  }>(
    handle,
    sql`select e.kind, e.asset, e.amount::text as amount, e.balance_after::text as balance_after, e.created_at
        from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        where e.reference_type = ${reference.type} and e.reference_id = ${reference.id}
          and a.company_id = ${companyId} and a.kind = 'customer' and a.rail = ''
        order by e.created_at, e.transfer_id`,
  );
  return rows.map((row) => {
    const asset = row.asset as Asset;
    const amount = parseAmount(row.amount);
    return {
      kind: row.kind,
      asset,
      direction: amount.isNegative() ? 'debit' : 'credit',
      amount: formatAmountForWire(amount.abs(), asset),
      balance_after: formatAmountForWire(parseAmount(row.balance_after), asset),
      at: asTime(row.created_at).toISOString(),
    };
  });
}

export type StatementPeriod = { from: Date; until: Date };

export type AssetStatementTotals = {
  asset: DigitalAsset;
  accountId: string | null;
  opening: string;
  credits: string;
  debits: string;
  fees: string;
  closing: string;
};

const feeKind = 'fee';

/** The balance before the period, and the period's credits, debits other than fees and fees, of the account `accountId` names. */
function periodTotalsColumns(accountId: SQL, period: StatementPeriod): SQL {
  return sql`${balanceBefore(accountId, sql`${period.from.toISOString()}::timestamptz`)}::text as opening,
          s.credits::text as credits, s.debits::text as debits, s.fees::text as fees
        from ledger_accounts a
        left join lateral (
          select sum(e.amount) filter (where e.amount > 0) as credits,
                 -sum(e.amount) filter (where e.amount < 0 and e.kind <> ${feeKind}) as debits,
                 -sum(e.amount) filter (where e.amount < 0 and e.kind = ${feeKind}) as fees
          from ledger_entries e
          where e.account_id = ${accountId}
            and e.created_at >= ${period.from.toISOString()}::timestamptz
            and e.created_at < ${period.until.toISOString()}::timestamptz
        ) s on true`;
}

type TotalsRow = {
  asset: string;
  account_id: string;
  opening: string | null;
  credits: string | null;
  debits: string | null;
  fees: string | null;
};

function totalsOf<A extends Asset>(asset: A, row: TotalsRow | undefined) {
  const value = (text: string | null | undefined) => parseAmount(text ?? '0');
  const opening = value(row?.opening);
  const credits = value(row?.credits);
  const debits = value(row?.debits);
  const fees = value(row?.fees);
  const format = (amount: MoneyValue) => formatAmountForWire(amount, asset);
  return {
    asset,
    accountId: row?.account_id ?? null,
    opening: format(opening),
    credits: format(credits),
    debits: format(debits),
    fees: format(fees),
    closing: format(opening.plus(credits).minus(debits).minus(fees)),
  };
}

/**
 * Per asset (those asked, in the contract's order): the balance before the period, the credits,
 * the debits other than fees, the fees, and the balance at its end. opening + credits − debits −
 * fees = closing, by construction of the ledger; the statement's test checks it.
 */
export async function statementTotals(
  handle: DbHandle,
  companyId: string,
  period: StatementPeriod,
  only?: DigitalAsset,
): Promise<AssetStatementTotals[]> {
  const rows = await executeRows<TotalsRow>(
    handle,
    sql`select a.asset, a.id::text as account_id, ${periodTotalsColumns(sql`a.id`, period)}
        where a.company_id = ${companyId} and a.kind = 'customer' and a.rail = ''`,
  );
  const assets = only ? [only] : digitalAssets;
  return assets.flatMap((asset) => {
    const row = rows.find((candidate) => candidate.asset === asset);
    if (!row && !only) return [];
    return [totalsOf(asset, row)];
  });
}

/** The same totals of one account (a card's USD account): its statement's summary. */
export async function accountStatementTotals<A extends Asset>(
  handle: DbHandle,
  account: { accountId: string; asset: A },
  period: StatementPeriod,
) {
  const [row] = await executeRows<TotalsRow>(
    handle,
    sql`select a.asset, a.id::text as account_id, ${periodTotalsColumns(sql`a.id`, period)}
        where a.id = ${account.accountId}`,
  );
  return totalsOf(account.asset, row);
}

/**
 * A page of 500 lines (about 0.2 MB of row objects) is written long before V8's next young-generation
 * collection, so that it rarely survives two of them and is promoted into the old generation, whose
 * garbage waits for a full collection; a 2,000-line page often did. Measured on a million lines, 500
 * is no slower than 2,000: the time goes to the joins, not to the round trips.
 */
const linesPerRead = 500;

/**
 * An account's entries of the period in time order, read a page at a time on its (account, time)
 * indexes: memory holds one page whatever the period's size.
 */
export async function* statementEntries(
  handle: DbHandle,
  account: { accountId: string; asset: Asset },
  period: StatementPeriod,
): AsyncGenerator<StatementLine> {
  const scale = scaleOfAsset[account.asset];
  // An account's entries have strictly increasing times (ledger_accounts.last_entry_at): the time
  // alone is the page's key.
  let after: string | null = null;
  for (;;) {
    // Amounts come formatted by the database (rounded to the asset's scale, trailing zeros dropped,
    // as formatAmountForWire writes them): a million lines make no decimal objects to collect.
    const rows: {
      at: string;
      kind: string;
      reference_type: string;
      reference_id: string;
      is_debit: boolean;
      amount: string;
      balance_after: string;
    }[] = await executeRows(
      handle,
      sql`select to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
            e.kind, e.reference_type, e.reference_id, e.amount < 0 as is_debit,
            trim_scale(round(abs(e.amount), ${scale}))::text as amount,
            trim_scale(round(e.balance_after, ${scale}))::text as balance_after
          from ${entriesOf(
            sql`${account.accountId}::uuid`,
            after
              ? { after: sql`${after}::timestamptz`, before: sql`${period.until.toISOString()}::timestamptz` }
              : {
                  from: sql`${period.from.toISOString()}::timestamptz`,
                  before: sql`${period.until.toISOString()}::timestamptz`,
                },
            'asc',
            linesPerRead,
          )} e
          order by e.at`,
    );
    for (const row of rows) {
      yield {
        asset: account.asset,
        at: new Date(row.at),
        kind: row.kind,
        reference: row.reference_id,
        referenceType: row.reference_type,
        direction: row.is_debit ? 'debit' : 'credit',
        amount: row.amount,
        balance: row.balance_after,
        // A statement lists posted entries only: holds are not entries until posted.
        isSettled: true,
      };
    }
    const last = rows.at(-1);
    if (!last || rows.length < linesPerRead) return;
    after = last.at;
  }
}

export type DailyBalance = { date: string; asset: DigitalAsset; balance: MoneyValue };

/**
 * The company's balance of each asset at the end of each of the `days` UTC days up to `now`'s day:
 * each from the last entry before the day's end (one index probe per account and day).
 */
export async function dailyBalances(
  handle: DbHandle,
  companyId: string,
  days: number,
  now: Date,
): Promise<DailyBalance[]> {
  const rows = await executeRows<{ day: string; asset: string; balance: string | null }>(
    handle,
    sql`select to_char(d.day at time zone 'UTC', 'YYYY-MM-DD') as day, a.asset,
          ${balanceBefore(sql`a.id`, sql`d.day + interval '1 day'`)}::text as balance
        from generate_series(
          date_trunc('day', ${now.toISOString()}::timestamptz, 'UTC') - ${days - 1} * interval '1 day',
          date_trunc('day', ${now.toISOString()}::timestamptz, 'UTC'),
          interval '1 day') as d(day)
        cross join ledger_accounts a
        where a.company_id = ${companyId} and a.kind = 'customer' and a.rail = ''
        order by d.day`,
  );
  return rows
    .filter((row) => (digitalAssets as readonly string[]).includes(row.asset))
    .map((row) => ({ date: row.day, asset: row.asset as DigitalAsset, balance: parseAmount(row.balance ?? '0') }));
}

export type Rate = { asset: Asset; usdRate: string; quotedAt: Date };

/** The newest rate of each asset that has one. */
export async function latestRates(handle: DbHandle): Promise<Map<Asset, Rate>> {
  const rows = await executeRows<{ asset: Asset; usd_rate: string; quoted_at: string | Date }>(
    handle,
    sql`select distinct on (asset) asset, usd_rate::text as usd_rate, quoted_at
        from ${exchangeRates} order by asset, quoted_at desc`,
  );
  return new Map(
    rows
      .filter((row) => (assets as readonly string[]).includes(row.asset))
      .map((row) => [
        row.asset,
        { asset: row.asset, usdRate: parseAmount(row.usd_rate).toFixed(), quotedAt: new Date(row.quoted_at) },
      ]),
  );
}

/** Per day of the chart, each digital asset's last rate quoted before the day ended (else its first). */
export async function dailyRates(handle: DbHandle, days: number, now: Date): Promise<Map<string, Map<string, string>>> {
  const rows = await executeRows<{ day: string; asset: string; usd_rate: string | null; first_rate: string | null }>(
    handle,
    sql`select to_char(d.day at time zone 'UTC', 'YYYY-MM-DD') as day, x.asset,
          (select r.usd_rate::text from exchange_rates r
            where r.asset = x.asset and r.quoted_at < d.day + interval '1 day'
            order by r.quoted_at desc limit 1) as usd_rate,
          (select r.usd_rate::text from exchange_rates r where r.asset = x.asset
            order by r.quoted_at limit 1) as first_rate
        from generate_series(
          date_trunc('day', ${now.toISOString()}::timestamptz, 'UTC') - ${days - 1} * interval '1 day',
          date_trunc('day', ${now.toISOString()}::timestamptz, 'UTC'),
          interval '1 day') as d(day)
        cross join unnest(${sql.raw(`array[${digitalAssets.map((asset) => `'${asset}'`).join(', ')}]`)}::text[]) as x(asset)
        order by d.day`,
  );
  const rates = new Map<string, Map<string, string>>();
  for (const row of rows) {
    const day = rates.get(row.day) ?? new Map<string, string>();
    const rate = row.usd_rate ?? row.first_rate;
    if (rate !== null) day.set(row.asset, rate);
    rates.set(row.day, day);
  }
  return rates;
}

function checkedCursor(cursor: string | undefined): string | undefined {
  if (cursor !== undefined && !isUuid(cursor))
    throw new AppError('validation', { fields: { cursor: { key: 'validation.invalid' } } });
  return cursor;
}

const amountOf = (value: string, asset: string) => formatAmountForWire(parseAmount(value), asset as Asset);

/** Accounts ordered by (is a company's, id): the bank's own accounts come first. */
export async function ledgerAccountPage(
  handle: DbHandle,
  request: {
    kind?: LedgerAccountKind | undefined;
    asset?: Asset | undefined;
    cursor?: string | undefined;
    page_size: number;
  },
): Promise<{ items: LedgerAccountLine[]; next_cursor: string | null }> {
  const conditions: SQL[] = [];
  if (request.kind) conditions.push(eq(ledgerAccounts.kind, request.kind));
  if (request.asset) conditions.push(eq(ledgerAccounts.asset, request.asset));
  const isCompanys = sql<boolean>`(${ledgerAccounts.company_id} is not null)`;
  const cursor = checkedCursor(request.cursor);
  if (cursor) {
    const [after] = await handle
      .select({ company_id: ledgerAccounts.company_id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, cursor));
    const afterIsCompanys = after?.company_id != null;
    const next = afterIsCompanys
      ? and(sql`${isCompanys}`, gt(ledgerAccounts.id, cursor))
      : or(sql`${isCompanys}`, gt(ledgerAccounts.id, cursor));
    if (next) conditions.push(next);
  }
  const rows = await handle
    .select({ account: ledgerAccounts, name: companies.name })
    .from(ledgerAccounts)
    .leftJoin(companies, eq(companies.id, ledgerAccounts.company_id))
    .where(and(...conditions))
    .orderBy(asc(isCompanys), asc(ledgerAccounts.id))
    .limit(request.page_size + 1);
  const shown = rows.slice(0, request.page_size);
  return {
    items: shown.map(({ account, name }) => ({
      account_id: account.id,
      kind: account.kind,
      asset: account.asset,
      rail: account.rail,
      company: account.company_id ? { company_id: account.company_id, name: name ?? '' } : null,
      balance: amountOf(account.balance, account.asset),
      held: amountOf(account.held, account.asset),
      available: amountOf(parseAmount(account.balance).minus(account.held).toFixed(), account.asset),
      version: account.version,
    })),
    next_cursor: rows.length > request.page_size ? (shown.at(-1)?.account.id ?? null) : null,
  };
}

export async function ledgerTransferPage(
  handle: DbHandle,
  request: { account_id?: string | undefined; cursor?: string | undefined; page_size: number },
): Promise<{ items: LedgerTransferLine[]; next_cursor: string | null }> {
  const conditions: SQL[] = [];
  if (request.account_id !== undefined) {
    if (!isUuid(request.account_id)) throw new AppError('not_found', { detail: `no account ${request.account_id}` });
    const either = or(
      eq(ledgerTransfers.debit_account_id, request.account_id),
      eq(ledgerTransfers.credit_account_id, request.account_id),
    );
    if (either) conditions.push(either);
  }
  const cursor = checkedCursor(request.cursor);
  if (cursor) conditions.push(lt(ledgerTransfers.id, cursor));
  const rows = await handle
    .select()
    .from(ledgerTransfers)
    .where(and(...conditions))
    .orderBy(desc(ledgerTransfers.id))
    .limit(request.page_size + 1);
  const shown = rows.slice(0, request.page_size);
  return {
    items: shown.map((row) => ({
      transfer_id: row.id,
      kind: row.kind,
      asset: row.asset,
      amount: amountOf(row.amount, row.asset),
      state: row.state,
      debit_account_id: row.debit_account_id,
      credit_account_id: row.credit_account_id,
      reference_type: row.reference_type,
      reference_id: row.reference_id,
      created_at: row.created_at.toISOString(),
      resolved_at: row.resolved_at?.toISOString() ?? null,
    })),
    next_cursor: rows.length > request.page_size ? (shown.at(-1)?.id ?? null) : null,
  };
}

// Balance thresholds (the crossing detector's, thresholds.ts) ------------------------------------

/** A user's balance alert's threshold (its id is the alert's), set or changed. */
export async function watchBalance(
  handle: DbHandle,
  watch: { id: string; companyId: string; asset: DigitalAsset; threshold: string; userId: string; now: Date },
): Promise<void> {
  const values = { asset: watch.asset, threshold: watch.threshold };
  await handle
    .insert(balanceThresholds)
    .values({
      id: watch.id,
      company_id: watch.companyId,
      watcher_user_id: watch.userId,
      created_at: watch.now,
      ...values,
    })
    .onConflictDoUpdate({ target: balanceThresholds.id, set: values });
}

/** A user's balance alert removed (or turned into another kind). */
export async function unwatchBalance(handle: DbHandle, id: string): Promise<void> {
  await handle.delete(balanceThresholds).where(eq(balanceThresholds.id, id));
}

/** The company's own thresholds per asset (its balance webhook). */
export async function companyThresholds(handle: DbHandle, companyId: string): Promise<Map<string, string>> {
  const rows = await handle
    .select({ asset: balanceThresholds.asset, threshold: balanceThresholds.threshold })
    .from(balanceThresholds)
    .where(and(eq(balanceThresholds.company_id, companyId), isNull(balanceThresholds.watcher_user_id)));
  return new Map(
    rows.map((row) => [row.asset, formatAmountForWire(parseAmount(row.threshold), row.asset as DigitalAsset)]),
  );
}

/** Sets (an amount) or clears (null) the company's own threshold of an asset. */
export async function setCompanyThreshold(
  handle: DbHandle,
  threshold: { companyId: string; asset: DigitalAsset; amount: string | null; id: string; now: Date },
): Promise<void> {
  const own = and(
    eq(balanceThresholds.company_id, threshold.companyId),
    eq(balanceThresholds.asset, threshold.asset),
    isNull(balanceThresholds.watcher_user_id),
  );
  if (threshold.amount === null) {
    await handle.delete(balanceThresholds).where(own);
    return;
  }
  const [updated] = await handle
    .update(balanceThresholds)
    .set({ threshold: threshold.amount })
    .where(own)
    .returning({ id: balanceThresholds.id });
  if (!updated)
    await handle.insert(balanceThresholds).values({
      id: threshold.id,
      company_id: threshold.companyId,
      asset: threshold.asset,
      threshold: threshold.amount,
      watcher_user_id: null,
      created_at: threshold.now,
    });
}
