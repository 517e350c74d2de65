/**
 * What /admin/ledger loads first: the accounts' first page, of every kind and asset; started before
 * the page's code has arrived (app/page-data.ts).
 */
import { defaultPageSize } from '@bank/contract/constants';
import { type LedgerAccountLine, listLedgerAccounts } from '@bank/contract/ledger';
import type { Asset } from '@bank/contract/money';
import { prefetchScreenPages } from '../../../lib/screen-query.ts';

/** The accounts listed: of one kind and one asset, or all (the list opens on all). */
export function accountsRequestOf(kind: LedgerAccountLine['kind'] | '', asset: Asset | '') {
  return { page_size: defaultPageSize, ...(kind ? { kind } : {}), ...(asset ? { asset } : {}) };
}

export function loadLedgerExplorerPage(): void {
  void prefetchScreenPages(listLedgerAccounts, accountsRequestOf('', ''));
}
