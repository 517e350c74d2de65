/**
 * What the payout pages ask for and load first, shared by several of them: a history's request from
 * its filters, the payout a details page names, the payout configuration and the balances a payout
 * form shows. Their first loads start before the pages' code has arrived (app/page-data.ts).
 */
import { defaultPageSize } from '@bank/contract/constants';
import type { DigitalAsset } from '@bank/contract/money';
import {
  downloadCryptoPayouts,
  downloadFiatPayouts,
  getCryptoPayout,
  getFiatPayout,
  getPayoutConfig,
  listCryptoPayouts,
  listFiatPayouts,
  type Payout,
  type PayoutKind,
} from '@bank/contract/payouts';
import { prefetchScreenData, prefetchScreenPages } from '../../lib/screen-query.ts';
import { historyValuesOf } from '../../ui/history-values.ts';

/** Starts the payout configuration's load before a page that reads it renders. */
export function prefetchPayoutConfig() {
  return prefetchScreenData(getPayoutConfig, {});
}

const pageSize = defaultPageSize;
/** A payout history's filters, as its address holds them. */
export const historyFilterKeys = ['text', 'from', 'to', 'status', 'asset'] as const;
export type HistoryFilterKey = (typeof historyFilterKeys)[number];

/** A payout history's calls and pages, of each kind. */
export const historyCallsOf = {
  fiat: { list: listFiatPayouts, download: downloadFiatPayouts, page: 'fiat_transfer', form: 'new_fiat_transfer' },
  crypto: {
    list: listCryptoPayouts,
    download: downloadCryptoPayouts,
    page: 'crypto_transfer',
    form: 'new_crypto_transfer',
  },
} as const;

/** A payout history's request: its first page, filtered. */
export function historyRequestOf(values: Record<HistoryFilterKey, string>) {
  return {
    page_size: pageSize,
    ...(values.text ? { text: values.text } : {}),
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
    ...(values.status ? { status: values.status as Payout['status'] } : {}),
    ...(values.asset ? { asset: values.asset as DigitalAsset } : {}),
  };
}

/**
 * Starts a history's first page, filtered from the address, before its page renders: before the
 * page's code has arrived.
 */
export function prefetchPayoutHistory(kind: PayoutKind, search: URLSearchParams) {
  return prefetchScreenPages(historyCallsOf[kind].list, historyRequestOf(historyValuesOf(search, historyFilterKeys)));
}

/** A payout details page, of each kind: its own page, the list it goes back to, and its call. */
export const detailPagesOf = {
  fiat: { detail: 'fiat_transfer_detail', list: 'fiat_transfer', call: getFiatPayout },
  crypto: { detail: 'crypto_transfer_detail', list: 'crypto_transfer', call: getCryptoPayout },
} as const;

/** The payout the address names (`?id=`). */
export function detailRequestOf(search: URLSearchParams) {
  return { payout_id: search.get('id') ?? '' };
}

/**
 * Starts the payout's load before its page renders, before the page's code has arrived: through the
 * payouts' own call, as the page asks before it knows whether the reader only approves payouts.
 */
export function prefetchPayoutDetail(kind: PayoutKind, search: URLSearchParams) {
  const { call } = detailPagesOf[kind];
  const request = detailRequestOf(search);
  if (call.request.safeParse(request).success) void prefetchScreenData(call, request);
}
