/**
 * Reading a card for its company and checking an action against the transition table: the one way
 * every card call finds its card (another company's card is not found) and is refused or allowed.
 */
import {
  allowedCardActions,
  type Card,
  type CardAction,
  type CardActor,
  type CardRuleFacts,
  cardActionRefusal,
} from '@bank/contract/cards';
import { cardScopeOf } from '@bank/contract/permissions';
import type { FeePaymentStatus } from '@bank/contract/states';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseAmount } from '../../platform/money.ts';
import type { CallContext } from '../../platform/route.ts';
import type { SessionContext } from '../../platform/session.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import { users } from '../account/index.ts';
import { accountBalance, accountIdOf } from '../ledger/index.ts';
import { type CardRow, lastTransactionTimes, peopleOfCards, relationshipManagersOf } from './queries.ts';
import { cardholders, cards } from './tables.ts';

/**
 * How a user acts on cards: staff as staff; a company user as the company when they hold card
 * management, otherwise as the holder of their own cards (the contract's `cardScopeOf`).
 */
export function cardActorOf(session: SessionContext): Exclude<CardActor, 'system'> {
  if (session.is_staff) return 'staff';
  return cardScopeOf(session.permissions) === 'company' ? 'client_admin' : 'holder';
}

/**
 * Which cards a client call reaches: the company's, and of those only the ones the caller holds
 * when they hold card use alone. Every client card call reads its card or its list through this.
 */
export type CardAccess = {
  companyId: string;
  /** The caller, when they reach only the cards they hold; null when they reach every card of the company. */
  holderUserId: string | null;
  actor: 'client_admin' | 'holder';
};

export function cardAccessOf(call: CallContext): CardAccess {
  const companyId = clientCompanyId(call);
  const scope = cardScopeOf(call.session.permissions);
  if (scope === 'none')
    throw new AppError('forbidden', { detail: `${call.session.user_id} holds neither card use nor card management` });
  return {
    companyId,
    holderUserId: scope === 'own' ? call.session.user_id : null,
    actor: scope === 'company' ? 'client_admin' : 'holder',
  };
}

/**
 * The cards `access` reaches, as a condition on `cards`. A holder's cards are those of the company
 * whose cardholder has the holder's email: both are proven (a user's at sign-up or invitation, a
 * cardholder's by the code the application sends) and a user's email never changes.
 */
export function reachableCards(access: Pick<CardAccess, 'companyId' | 'holderUserId'>): SQL | undefined {
  const ofCompany = eq(cards.company_id, access.companyId);
  if (!access.holderUserId) return ofCompany;
  return and(
    ofCompany,
    inArray(
      cards.cardholder_id,
      sql`(select ${cardholders.id} from ${cardholders} where ${cardholders.company_id} = ${access.companyId}
        and lower(${cardholders.email}) = (select ${users.email} from ${users} where ${users.id} = ${access.holderUserId}))`,
    ),
  );
}

/** A card the caller reaches, locked for a change when `forUpdate`; any other answers not_found. */
export async function reachableCard(
  handle: DbHandle,
  access: Pick<CardAccess, 'companyId' | 'holderUserId'>,
  cardId: string,
  options: { forUpdate?: boolean } = {},
): Promise<CardRow> {
  if (!isUuid(cardId)) throw new AppError('not_found', { detail: `no card ${cardId}` });
  const query = handle
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), reachableCards(access)));
  const [card] = options.forUpdate ? await query.for('update') : await query;
  if (!card)
    throw new AppError('not_found', {
      detail: `no card ${cardId} in company ${access.companyId}${access.holderUserId ? ` held by ${access.holderUserId}` : ''}`,
    });
  return card;
}

export function ruleFactsOf(card: CardRow): CardRuleFacts {
  return {
    status: card.status,
    operation_stage: card.operation_stage,
    block_type: card.status === 'blocked' ? card.block_type : null,
    block_is_final: card.block_is_final,
    replacement_status: card.replacement_status,
    replacement_fee_owed: card.replacement_fee_owed,
    fee_rule: card.fee_rule,
  };
}

/** Throws the table's refusal of the action, if any. */
export function assertCardAction(card: CardRow, action: CardAction, actor: CardActor): void {
  const refusal = cardActionRefusal(ruleFactsOf(card), action, actor);
  if (refusal)
    throw new AppError(refusal, { detail: `card ${card.id}: ${action} by ${actor} refused (${card.status})` });
}

/** The company's card, locked for a change when `forUpdate`; another company's answers not_found. */
export function companyCard(
  handle: DbHandle,
  companyId: string,
  cardId: string,
  options: { forUpdate?: boolean } = {},
): Promise<CardRow> {
  return reachableCard(handle, { companyId, holderUserId: null }, cardId, options);
}

/** Any company's card, for staff. */
export async function anyCard(
  handle: DbHandle,
  cardId: string,
  options: { forUpdate?: boolean } = {},
): Promise<CardRow> {
  if (!isUuid(cardId)) throw new AppError('not_found', { detail: `no card ${cardId}` });
  const query = handle.select().from(cards).where(eq(cards.id, cardId));
  const [card] = options.forUpdate ? await query.for('update') : await query;
  if (!card) throw new AppError('not_found', { detail: `no card ${cardId}` });
  return card;
}

/** The card's USD ledger account (opened on first use). */
export function cardAccountId(handle: DbHandle, card: Pick<CardRow, 'id' | 'company_id'>, now: Date): Promise<string> {
  return accountIdOf(handle, { kind: 'card', companyId: card.company_id, cardId: card.id }, now);
}

/** The annual fee state a card shows: filled in by the renewals part through `annualFeeStatusOf`. */
export type AnnualFeeStatusReader = (
  handle: DbHandle,
  cardIds: readonly string[],
) => Promise<Map<string, FeePaymentStatus>>;

/** Cards as the wire shows them, with what the actor may do with each. */
export async function cardViews(
  handle: DbHandle,
  rows: readonly CardRow[],
  actor: CardActor,
  now: Date,
  annualFeeStatusOf?: AnnualFeeStatusReader,
): Promise<Card[]> {
  if (rows.length === 0) return [];
  const { holderOf, nameOf } = await peopleOfCards(handle, rows);
  const annual = annualFeeStatusOf
    ? await annualFeeStatusOf(
        handle,
        rows.map((row) => row.id),
      )
    : new Map<string, FeePaymentStatus>();
  const lastTransactionAt = await lastTransactionTimes(
    handle,
    rows.map((row) => row.id),
  );
  const managerOf = await relationshipManagersOf(
    handle,
    rows.map((row) => row.company_id),
  );
  const views: Card[] = [];
  for (const row of rows) {
    const holder = holderOf.get(row.cardholder_id);
    if (!holder) throw new Error(`card ${row.id} has no cardholder`);
    const balance = await accountBalance(handle, await cardAccountId(handle, row, now));
    views.push({
      id: row.id,
      last4: row.last4,
      name_on_card: row.name_on_card,
      cardholder_name: `${holder.first_name} ${holder.last_name}`,
      applicant_type: holder.applicant_type,
      level: row.level,
      network: row.network,
      status: row.status,
      operation_stage: row.operation_stage,
      anomaly_cause: row.anomaly_cause,
      stage_updated_at: row.stage_updated_at.toISOString(),
      block: blockOf(row, nameOf),
      replacement_status: row.replacement_status,
      replaces_card_id: row.replaces_card_id,
      replaced_by_card_id: row.replaced_by_card_id,
      kit_code: row.kit_code,
      issued_on: row.issued_on,
      expires_on: row.expires_on,
      balance: money(balance?.balance),
      held: money(balance?.held),
      available: money(balance?.available),
      last_transaction_at: lastTransactionAt.get(row.id)?.toISOString() ?? null,
      mailing_address: row.mailing_address,
      card_fee_status: row.card_fee_paid ? 'paid' : 'unpaid',
      annual_fee_status: annual.get(row.id) ?? 'upcoming',
      auto_renewal: row.auto_renewal,
      replacement_fee_owed: row.replacement_fee_owed,
      fee_rule: row.fee_rule,
      sales_type: 'general',
      relationship_manager: managerOf.get(row.company_id) ?? null,
      allowed_actions: allowedCardActions(ruleFactsOf(row), actor),
    });
  }
  return views;
}

/** A blocked card's block as the wire shows it: its type, why, by whom and when. */
function blockOf(row: CardRow, nameOf: ReadonlyMap<string, string>): Card['block'] {
  if (row.status !== 'blocked' || !row.block_type || !row.blocked_at) return null;
  return {
    type: row.block_type,
    reason: row.block_reason ?? '',
    cause: row.block_cause,
    is_final: row.block_is_final,
    by_name: row.blocked_by ? (nameOf.get(row.blocked_by) ?? '') : '',
    at: row.blocked_at.toISOString(),
  };
}

/** USD at 2 decimals (a card account holds cents only). */
const money = (value: string | undefined) => parseAmount(value ?? '0').toFixed(2);
