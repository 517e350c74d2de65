/**
 * The card's documents, through the shared writers of platform/exports:
 *
 * - card/transactionStatement: the card statement of a period from the card's USD ledger account
 *   (opening and closing balance, credits, purchases, fees, and every posted line with its running
 *   balance, each described by its top-up or its merchant), then the purchases still unsettled at
 *   the period's end (a hold is not an entry: they leave the balance as it is). The closing balance
 *   is the card's ledger balance at the period's end. Beside it, the card level's load limits
 *   (load-limits.ts) and its load capacity at the period's end: the level's maximum balance less
 *   the closing balance. PDF, CSV or XLSX in the reader's language.
 * - card/download: the company's top-ups of a period as a table.
 * - card/transactionDownload: a card's transactions of a period as a table.
 */
import type { CardTransactionKind, CardTransactionStatus } from '@bank/contract/card-money';
import type { Language } from '@bank/contract/constants';
import type { TopUpStatus } from '@bank/contract/states';
import type { ExportFormat } from '@bank/contract/transaction';
import { translate } from '@bank/i18n/resources';
import { and, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import type { DbHandle } from '../../../platform/db.ts';
import {
  type StatementFigures,
  type StatementIdentifier,
  type StatementLine,
  writeStatement,
} from '../../../platform/exports/statement.ts';
import { describeKind, periodInstants, rateTextIn, utcZone } from '../../../platform/exports/statement-text.ts';
import { type TableColumn, type TableRow, writeTable } from '../../../platform/exports/table.ts';
import { parseAmount } from '../../../platform/money.ts';
import { type FileReply, fileReply } from '../../../platform/route.ts';
import { companies } from '../../account/index.ts';
import { accountStatementTotals, statementEntries } from '../../ledger/index.ts';
import { companyHeading } from '../../transactions/index.ts';
import { cardAccountId } from '../card-view.ts';
import type { CardRow } from '../queries.ts';
import { cardholders } from '../tables.ts';
import { loadCapacityOf, loadLimitsOf } from './load-limits.ts';
import { allCardTransactions, topUpPage } from './queries.ts';
import { cardTransactions } from './tables.ts';

type Period = { format: ExportFormat; from: string; to: string; time_zone?: string | undefined };
type Caller = { companyId: string; language: Language };

async function companyName(handle: DbHandle, companyId: string): Promise<string> {
  const [company] = await handle.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return company?.name ?? '';
}

/** The card and its holder, under the company's name on the card statement. */
async function cardIdentifiers(handle: DbHandle, card: CardRow, language: Language): Promise<StatementIdentifier[]> {
  const [holder] = await handle
    .select({ first: cardholders.first_name, last: cardholders.last_name })
    .from(cardholders)
    .where(eq(cardholders.id, card.cardholder_id));
  return [
    {
      label: translate(language, 'cards.money.statement.card'),
      value: translate(language, 'cards.money.card_label', { last4: card.last4 }),
    },
    ...(holder
      ? [{ label: translate(language, 'cards.money.statement.cardholder'), value: `${holder.first} ${holder.last}` }]
      : []),
  ];
}

/** "Acme Ltd · Card •••• 1234 · AIKO TANAKA": whose document it is. */
async function cardHeading(handle: DbHandle, card: CardRow, language: Language): Promise<string> {
  const [holder] = await handle
    .select({ first: cardholders.first_name, last: cardholders.last_name })
    .from(cardholders)
    .where(eq(cardholders.id, card.cardholder_id));
  const cardLabel = translate(language, 'cards.money.card_label', { last4: card.last4 });
  return [await companyName(handle, card.company_id), cardLabel, holder ? `${holder.first} ${holder.last}` : null]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Posted lines described by their card transaction (merchant, fee kind) and carrying the reference
 * the card's transactions show (the processor's), a page of them at a time. A top-up keeps its id,
 * which the top-up record shows.
 */
async function* describedLines(
  handle: DbHandle,
  language: Language,
  lines: AsyncIterable<StatementLine>,
): AsyncGenerator<StatementLine> {
  const batchSize = 200;
  let batch: StatementLine[] = [];
  const flush = async function* () {
    const ids = batch.filter((line) => line.kind !== 'card_load').map((line) => line.reference);
    const rows =
      ids.length === 0
        ? []
        : await handle
            .select({
              id: cardTransactions.id,
              merchant: cardTransactions.merchant_name,
              fee_kind: cardTransactions.fee_kind,
              processor_reference: cardTransactions.processor_id,
            })
            .from(cardTransactions)
            .where(inArray(cardTransactions.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const line of batch) {
      const row = byId.get(line.reference);
      const detail = row?.fee_kind ? translate(language, `cards.money.fee_kinds.${row.fee_kind}`) : row?.merchant;
      const kind = describeKind(language, line.kind);
      yield {
        ...line,
        reference: row?.processor_reference ?? line.reference,
        description: detail ? `${kind} · ${detail}` : kind,
      };
    }
    batch = [];
  };
  for await (const line of lines) {
    batch.push(line);
    if (batch.length === batchSize) yield* flush();
  }
  if (batch.length > 0) yield* flush();
}

/** The card's load capacity beside its closing balance, and its level's limits. */
function cardLimitFigures(language: Language, card: Pick<CardRow, 'level'>, closing: string): StatementFigures {
  const limits = loadLimitsOf(card.level);
  const capacity = loadCapacityOf(card.level, parseAmount(closing), parseAmount('0'));
  const row = (key: string, amount: string) => ({
    label: translate(language, `cards.money.limits.${key}`),
    amount,
    asset: 'USD',
  });
  return {
    title: translate(language, 'cards.money.limits.title'),
    rows: [
      row('load_capacity', capacity.toFixed(2)),
      row('maximum_balance', limits.maximumBalance),
      row('per_transaction', limits.perTransaction),
      row('daily', limits.daily),
      row('monthly', limits.monthly),
    ],
  };
}

export async function cardStatementFile(
  handle: DbHandle,
  card: CardRow,
  caller: Caller,
  request: Period,
  now: Date,
): Promise<FileReply> {
  const { language } = caller;
  const timeZone = request.time_zone ?? utcZone;
  const period = periodInstants(request, timeZone, now);
  const account = { accountId: await cardAccountId(handle, card, now), asset: 'USD' as const };
  const totals = await accountStatementTotals(handle, account, period);
  async function* lines(): AsyncGenerator<StatementLine> {
    yield* describedLines(handle, language, statementEntries(handle, account, period));
    // Purchases authorised by the period's end and neither settled nor reversed by then.
    const unsettled = await handle
      .select()
      .from(cardTransactions)
      .where(
        and(
          eq(cardTransactions.card_id, card.id),
          eq(cardTransactions.kind, 'purchase'),
          inArray(cardTransactions.status, ['unsettled', 'settled', 'reversed']),
          lt(cardTransactions.at, period.until),
          or(isNull(cardTransactions.settled_at), gte(cardTransactions.settled_at, period.until)),
          or(isNull(cardTransactions.reversed_at), gte(cardTransactions.reversed_at, period.until)),
        ),
      )
      .orderBy(cardTransactions.at, cardTransactions.id);
    for (const purchase of unsettled)
      yield {
        asset: 'USD',
        at: purchase.at,
        kind: 'card_purchase',
        reference: purchase.processor_id,
        description: `${describeKind(language, 'card_purchase')} · ${purchase.merchant_name}`,
        direction: 'debit',
        amount: parseAmount(purchase.amount).toFixed(2),
        balance: totals.closing,
        isSettled: false,
      };
  }
  const company = await companyHeading(handle, card.company_id, language);
  const file = await writeStatement(request.format, {
    language,
    companyName: company.companyName,
    identifiers: [...company.identifiers, ...(await cardIdentifiers(handle, card, language))],
    timeZone,
    period: { from: request.from, to: request.to },
    generatedAt: now,
    labels: {
      title: translate(language, 'cards.money.statement.title'),
      'summary_columns.debits': translate(language, 'cards.money.statement.purchases'),
    },
    summaries: [
      {
        asset: 'USD',
        opening: totals.opening,
        credits: totals.credits,
        debits: totals.debits,
        fees: totals.fees,
        closing: totals.closing,
      },
    ],
    figures: cardLimitFigures(language, card, totals.closing),
    lines: lines(),
  });
  return fileReply(`card-${card.last4}-${file.fileName}`, file.contentType, file.body);
}

type Column = Omit<TableColumn, 'header'>;

/** A table of the card money namespace's `section` (its title, column headers and empty sentence) as a file. */
async function cardMoneyTableFile(
  request: Period,
  table: {
    language: Language;
    section: 'history' | 'transactions';
    heading: string;
    fileName: string;
    columns: readonly Column[];
    rows: AsyncIterable<TableRow>;
  },
  now: Date,
): Promise<FileReply> {
  const text = (key: string) => translate(table.language, `cards.money.${table.section}.${key}`);
  const file = await writeTable(request.format, {
    language: table.language,
    title: text('title'),
    companyName: table.heading,
    period: { from: request.from, to: request.to },
    generatedAt: now,
    fileName: table.fileName,
    columns: table.columns.map((column) => ({ ...column, header: text(`columns.${column.key}`) })),
    emptyMessage: text('empty_download'),
    rows: table.rows,
  });
  return fileReply(file.fileName, file.contentType, file.body);
}

const topUpColumns: readonly Column[] = [
  { key: 'date', align: 'left', width: 18, kind: 'time' },
  { key: 'card', align: 'left', width: 10 },
  { key: 'cardholder', align: 'left', width: 20 },
  { key: 'status', align: 'left', width: 12 },
  { key: 'amount', align: 'right', width: 14, kind: 'amount', assetKey: 'currency' },
  { key: 'fee', align: 'right', width: 10, kind: 'amount', assetKey: 'currency' },
  { key: 'asset', align: 'left', width: 6 },
  { key: 'debit_total', align: 'right', width: 16, kind: 'amount', assetKey: 'asset' },
  { key: 'rate', align: 'right', width: 12 },
  { key: 'source_of_funds', align: 'left', width: 20 },
  { key: 'top_up_id', align: 'left', width: 38, kind: 'identifier' },
];

export async function topUpRecordFile(
  handle: DbHandle,
  caller: Caller,
  request: Period & { status?: TopUpStatus | undefined; card_id?: string | undefined },
  now: Date,
): Promise<FileReply> {
  const { language } = caller;
  async function* rows(): AsyncGenerator<TableRow> {
    let cursor: string | undefined;
    do {
      // The company's record of card top-ups (the exports permission), every card's.
      const page = await topUpPage(
        handle,
        { companyId: caller.companyId, holderUserId: null },
        {
          from: request.from,
          to: request.to,
          ...(request.status ? { status: request.status } : {}),
          ...(request.card_id ? { card_id: request.card_id } : {}),
          page_size: 100,
          ...(cursor ? { cursor } : {}),
        },
      );
      for (const topUp of page.items)
        yield {
          date: new Date(topUp.created_at),
          card: `•••• ${topUp.last4}`,
          cardholder: topUp.cardholder_name,
          status: translate(language, `states.top_up.${topUp.status}`),
          amount: topUp.amount,
          fee: topUp.fee,
          currency: 'USD',
          asset: topUp.asset,
          debit_total: topUp.debit_total,
          // The card is loaded in USD from a coin: 1 USD = rate of the coin, as the top-up dialog says.
          rate: rateTextIn(language, { base: 'USD', quote: topUp.asset, rate: topUp.rate }),
          source_of_funds: translate(language, `cards.money.sources.${topUp.source_of_funds}`),
          top_up_id: topUp.top_up_id,
        };
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }
  return cardMoneyTableFile(
    request,
    {
      language,
      section: 'history',
      heading: await companyName(handle, caller.companyId),
      fileName: 'card-top-ups',
      columns: topUpColumns,
      rows: rows(),
    },
    now,
  );
}

const transactionColumns: readonly Column[] = [
  { key: 'date', align: 'left', width: 18, kind: 'time' },
  { key: 'description', align: 'left', width: 28 },
  { key: 'kind', align: 'left', width: 10 },
  { key: 'status', align: 'left', width: 12 },
  { key: 'direction', align: 'left', width: 5 },
  { key: 'amount', align: 'right', width: 14, kind: 'amount', assetKey: 'currency' },
  { key: 'original', align: 'right', width: 16 },
  { key: 'decline_reason', align: 'left', width: 20 },
  { key: 'reference', align: 'left', width: 24, kind: 'identifier' },
];

export async function cardTransactionsFile(
  handle: DbHandle,
  card: CardRow,
  caller: Caller,
  request: Period & { kind?: CardTransactionKind | undefined; status?: CardTransactionStatus | undefined },
  now: Date,
): Promise<FileReply> {
  const { language } = caller;
  async function* rows(): AsyncGenerator<TableRow> {
    const query = {
      from: request.from,
      to: request.to,
      ...(request.kind ? { kind: request.kind } : {}),
      ...(request.status ? { status: request.status } : {}),
    };
    for await (const line of allCardTransactions(handle, card, query))
      yield {
        date: new Date(line.at),
        description: line.fee_kind ? translate(language, `cards.money.fee_kinds.${line.fee_kind}`) : line.merchant_name,
        kind: translate(language, `cards.money.transactions.kinds.${line.kind}`),
        status: translate(language, `cards.money.transactions.statuses.${line.status}`),
        direction: translate(language, `statement.direction.${line.direction}`),
        amount: line.amount,
        currency: 'USD',
        original: line.original_amount ? `${line.original_amount} ${line.original_currency ?? ''}`.trim() : null,
        decline_reason: line.decline_reason
          ? translate(language, `cards.money.transactions.decline_reasons.${line.decline_reason}`)
          : null,
        reference: line.processor_reference,
      };
  }
  return cardMoneyTableFile(
    request,
    {
      language,
      section: 'transactions',
      heading: await cardHeading(handle, card, language),
      fileName: `card-${card.last4}-transactions`,
      columns: transactionColumns,
      rows: rows(),
    },
    now,
  );
}
