/**
 * What /transaction_record lists and loads first: the card the list is of, the filters the address
 * holds (period, type, status), the list's request, and the page's first loads (the cards, the
 * card's first page of transactions), started before the page's code has arrived (app/page-data.ts).
 */
import { type CardTransaction, listCardTransactions } from '@bank/contract/card-money';
import type { Card as MoneyCard } from '@bank/contract/cards';
import { defaultPageSize } from '@bank/contract/constants';
import { type PagePlace, prefetchScreenPages } from '../../lib/screen-query.ts';
import { historyValuesOf } from '../../ui/history-values.ts';
import { prefetchMoneyCards } from './card-queries.ts';

const pageSize = defaultPageSize;
export const filterKeys = ['from', 'to', 'kind', 'status'] as const;
export type FilterKey = (typeof filterKeys)[number];

/**
 * The card whose latest transaction is the most recent: the one a card's transactions open on.
 * Without any card with a transaction, the newest card.
 */
export function latestActiveCard<T extends Pick<MoneyCard, 'last_transaction_at'>>(cards: readonly T[]): T | undefined {
  let latest: T | undefined;
  for (const card of cards) {
    // ISO 8601 instants in UTC compare as text.
    if (
      card.last_transaction_at &&
      (!latest?.last_transaction_at || card.last_transaction_at > latest.last_transaction_at)
    )
      latest = card;
  }
  return latest ?? cards[0];
}

/** The card the list is of: the address's (`?card=`), else the one whose latest transaction is the most recent. */
export function cardIdOf(search: URLSearchParams, cards: readonly MoneyCard[]): string {
  return search.get('card') ?? latestActiveCard(cards)?.id ?? '';
}

export function requestOf(cardId: string, values: Record<FilterKey, string>) {
  return {
    card_id: cardId,
    page_size: pageSize,
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
    ...(values.kind ? { kind: values.kind as CardTransaction['kind'] } : {}),
    ...(values.status ? { status: values.status as CardTransaction['status'] } : {}),
  };
}

export function loadCardTransactionsPage({ search }: PagePlace): void {
  const values = historyValuesOf(search, filterKeys);
  const startList = (cardId: string) => {
    if (cardId) void prefetchScreenPages(listCardTransactions, requestOf(cardId, values));
  };
  const cards = prefetchMoneyCards();
  // A card named by the address starts at once; otherwise the cards' answer says which card the list is of.
  if (search.has('card')) startList(cardIdOf(search, []));
  else void cards.then((answer) => startList(cardIdOf(search, answer?.items ?? [])));
}
