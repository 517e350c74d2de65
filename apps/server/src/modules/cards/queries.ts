/**
 * The cards' shared reads: query functions taking the database or transaction handle first. The
 * card's row type, the users who reach a card (who hears of it), and what a card's view gathers
 * beside its row: its holder and who blocked it, its latest transaction, its company's relationship
 * manager. Finding a card for a caller, with its access rule and refusals, is card-view.ts's.
 */
import type { RelationshipManagerContact } from '@bank/contract/roles';
import { and, eq, inArray, max, sql } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { companies, companyUsersHolding, users } from '../account/index.ts';
import { cardTransactions } from './money/tables.ts';
import { cardholders, cards } from './tables.ts';

export type CardRow = typeof cards.$inferSelect;

/**
 * The company's users who reach a card by `reachableCards`' rule: those with card management, and
 * its holder with card use. Who hears of what happens to the card (the inbox).
 */
export async function usersReachingCard(handle: DbHandle, companyId: string, cardId: string): Promise<string[]> {
  const managers = await companyUsersHolding(handle, companyId, 'card_management');
  const cardUsers = await companyUsersHolding(handle, companyId, 'cards');
  const holders =
    cardUsers.length === 0
      ? []
      : await handle
          .select({ id: users.id })
          .from(users)
          .innerJoin(cardholders, sql`lower(${cardholders.email}) = ${users.email}`)
          .innerJoin(cards, eq(cards.cardholder_id, cardholders.id))
          .where(
            and(
              eq(cards.id, cardId),
              eq(cards.company_id, companyId),
              eq(users.company_id, companyId),
              inArray(
                users.id,
                cardUsers.map((user) => user.id),
              ),
            ),
          );
  return [...new Set([...managers, ...holders].map((user) => user.id))];
}

/** The cardholders of the cards, and the names of who blocked them. */
export async function peopleOfCards(handle: DbHandle, rows: readonly CardRow[]) {
  const holders = await handle
    .select()
    .from(cardholders)
    .where(
      inArray(
        cardholders.id,
        rows.map((row) => row.cardholder_id),
      ),
    );
  const holderOf = new Map(holders.map((holder) => [holder.id, holder]));
  const blockerIds = [...new Set(rows.flatMap((row) => (row.blocked_by ? [row.blocked_by] : [])))];
  const blockers =
    blockerIds.length === 0
      ? []
      : await handle.select({ id: users.id, name: users.full_name }).from(users).where(inArray(users.id, blockerIds));
  const nameOf = new Map(blockers.map((blocker) => [blocker.id, blocker.name]));
  return { holderOf, nameOf };
}

/** When each card's latest transaction happened (cards without one are absent). */
export async function lastTransactionTimes(handle: DbHandle, cardIds: readonly string[]): Promise<Map<string, Date>> {
  const latest = await handle
    .select({ card_id: cardTransactions.card_id, at: max(cardTransactions.at) })
    .from(cardTransactions)
    .where(inArray(cardTransactions.card_id, [...cardIds]))
    .groupBy(cardTransactions.card_id);
  return new Map(latest.flatMap((line) => (line.at ? [[line.card_id, line.at] as const] : [])));
}

/** The sales relationship manager of each company that has one: the bank's person linked to its cards. */
export async function relationshipManagersOf(
  handle: DbHandle,
  companyIds: readonly string[],
): Promise<Map<string, RelationshipManagerContact>> {
  const managers = await handle
    .select({ company_id: companies.id, full_name: users.full_name, email: users.email })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.relationship_manager_id))
    .where(inArray(companies.id, [...new Set(companyIds)]));
  return new Map(managers.map(({ company_id, ...manager }) => [company_id, manager]));
}
