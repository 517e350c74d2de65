/**
 * The steps behind card money's calls (top-ups, card transactions, the statement): each checks who
 * may reach the card, takes the locks, writes the change and its audit row, and answers what the
 * call returns, so that the route only names the call.
 */
import type * as calls from '@bank/contract/card-money';
import { writeAudit } from '../../../platform/audit.ts';
import type { DbHandle } from '../../../platform/db.ts';
import { parseAmount } from '../../../platform/money.ts';
import type { CallContext } from '../../../platform/route.ts';
import { clientCompanyId, lockCompany } from '../../../platform/tenant.ts';
import { accountBalance } from '../../ledger/index.ts';
import { cardAccessOf, cardAccountId, cardActorOf, companyCard, reachableCard } from '../card-view.ts';
import type { CallBody, CardsContext } from '../context.ts';
import type { CardRow } from '../queries.ts';
import { cardTransactionPage, companyTopUp, topUpPage, usd } from './queries.ts';
import { cardStatementFile, cardTransactionsFile, topUpRecordFile } from './statement.ts';
import * as topUps from './top-ups.ts';

/** A card's USD balance, held and available amounts, as the money screens show them. */
export async function balanceOf(handle: DbHandle, card: CardRow, now: Date) {
  const balance = await accountBalance(handle, await cardAccountId(handle, card, now));
  const amount = (value: string | undefined) => usd(parseAmount(value ?? '0'));
  return { balance: amount(balance?.balance), held: amount(balance?.held), available: amount(balance?.available) };
}

/** An audit row of a money call, written by the caller outside any transaction of its own. */
export function auditMoneyCall(
  handle: DbHandle,
  call: CallContext,
  entry: { action: string; detail: Record<string, unknown>; companyId: string | null },
): Promise<void> {
  return writeAudit(handle, {
    action: entry.action,
    at: call.now,
    actorUserId: call.session.user_id,
    companyId: entry.companyId,
    ip: call.ip,
    detail: entry.detail,
  });
}

const cardOfCall = (cards: CardsContext, call: CallContext, cardId: string) =>
  reachableCard(cards.database.db, cardAccessOf(call), cardId);

export async function topUpConfig(cards: CardsContext, body: CallBody<typeof calls.getTopUpConfig>, call: CallContext) {
  return topUps.topUpConfig(cards.database.db, await cardOfCall(cards, call, body.card_id), call.now);
}

export async function checkTopUp(cards: CardsContext, body: CallBody<typeof calls.calcTopUp>, call: CallContext) {
  const card = await cardOfCall(cards, call, body.card_id);
  return topUps.checkTopUp(cards.database.db, card, cardActorOf(call.session), body, call.now);
}

/** The top-up in the call's transaction (it is idempotent), with the company and the card locked first. */
export async function submitTopUp(cards: CardsContext, body: CallBody<typeof calls.submitTopUp>, call: CallContext) {
  const tx = call.transaction;
  if (!tx) throw new Error('card/topUp is idempotent: it runs in the call’s transaction');
  const companyId = clientCompanyId(call);
  // The company's balance and the card's day of top-ups do not move while they are checked.
  await lockCompany(tx, companyId);
  const card = await companyCard(tx, companyId, body.card_id, { forUpdate: true });
  const row = await topUps.submitTopUp(
    tx,
    cards.processor,
    card,
    { companyId, userId: call.session.user_id, actor: cardActorOf(call.session) },
    body,
    call.now,
  );
  await auditMoneyCall(tx, call, {
    action: 'card.top_up_submitted',
    companyId,
    detail: { top_up_id: row.id, card_id: card.id, last4: card.last4, amount: row.amount, asset: row.asset },
  });
  return companyTopUp(tx, companyId, row.id);
}

export async function listTopUps(cards: CardsContext, body: CallBody<typeof calls.listTopUps>, call: CallContext) {
  const access = cardAccessOf(call);
  if (body.card_id) await reachableCard(cards.database.db, access, body.card_id);
  return topUpPage(cards.database.db, access, body);
}

/** The downloads and the statement are heavy reads: a replica's when it has caught up (platform/heavy-reads.ts). */
export async function downloadTopUps(
  cards: CardsContext,
  body: CallBody<typeof calls.downloadTopUps>,
  call: CallContext,
) {
  const db = cards.database.db;
  const companyId = clientCompanyId(call);
  if (body.card_id) await companyCard(db, companyId, body.card_id);
  await auditMoneyCall(db, call, { action: 'card.top_ups_downloaded', detail: { ...body }, companyId });
  const heavyRead = await cards.database.forHeavyRead();
  return topUpRecordFile(heavyRead, { companyId, language: call.language }, body, call.now);
}

export async function listCardTransactions(
  cards: CardsContext,
  { card_id, ...query }: CallBody<typeof calls.listCardTransactions>,
  call: CallContext,
) {
  const db = cards.database.db;
  const card = await cardOfCall(cards, call, card_id);
  return { ...(await cardTransactionPage(db, card, query)), ...(await balanceOf(db, card, call.now)) };
}

/** A download of a card's lines: the card the caller reaches, the download audited, the file from a heavy read. */
async function downloadOfCard<Body extends { card_id: string }>(
  cards: CardsContext,
  body: Body,
  call: CallContext,
  download: {
    action: string;
    file: (
      handle: DbHandle,
      card: CardRow,
      caller: { companyId: string; language: CallContext['language'] },
      request: Body,
      now: Date,
    ) => ReturnType<typeof cardStatementFile>;
  },
) {
  const card = await cardOfCall(cards, call, body.card_id);
  const detail = { ...body, last4: card.last4 };
  await auditMoneyCall(cards.database.db, call, { action: download.action, detail, companyId: card.company_id });
  const caller = { companyId: card.company_id, language: call.language };
  return download.file(await cards.database.forHeavyRead(), card, caller, body, call.now);
}

export function downloadCardTransactions(
  cards: CardsContext,
  body: CallBody<typeof calls.downloadCardTransactions>,
  call: CallContext,
) {
  return downloadOfCard(cards, body, call, { action: 'card.transactions_downloaded', file: cardTransactionsFile });
}

export function downloadCardStatement(
  cards: CardsContext,
  body: CallBody<typeof calls.downloadCardStatement>,
  call: CallContext,
) {
  return downloadOfCard(cards, body, call, { action: 'card.statement_downloaded', file: cardStatementFile });
}
