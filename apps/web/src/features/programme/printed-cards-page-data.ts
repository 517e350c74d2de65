/**
 * What /programme/cards lists and loads first: the stage group the address asks for (`?stage=`), the
 * list's request, and the page's first loads (the list of the stage group and batch the address
 * names), started before the page's code has arrived (app/page-data.ts).
 */
import { listProgrammeCards, type StockStageGroup, stockStageGroups } from '@bank/contract/programme-cards';
import { type PagePlace, prefetchScreenPages } from '../../lib/screen-query.ts';
import { addressChoiceOf } from '../../ui/history-values.ts';

const pageSize = 25;
export const groupFilters = ['all', ...stockStageGroups] as const;
export type GroupFilter = (typeof groupFilters)[number];

/** The stage group the list shows (`?stage=`), all when none is given. */
export function groupOf(search: URLSearchParams): GroupFilter {
  return addressChoiceOf(search, 'stage', groupFilters);
}

/** The list's request: only the filters set (the batch number and the words already trimmed). */
export function listRequestOf(group: GroupFilter, batch: string, words: string) {
  const stageGroup: StockStageGroup | undefined = group === 'all' ? undefined : group;
  return {
    page_size: pageSize,
    ...(stageGroup ? { stage_group: stageGroup } : {}),
    ...(batch ? { batch_number: batch } : {}),
    ...(words ? { search: words } : {}),
  };
}

export function loadPrintedCardsPage({ search }: PagePlace): void {
  // The address may name a stage group and a batch (a batch's link); the search box starts empty.
  void prefetchScreenPages(listProgrammeCards, listRequestOf(groupOf(search), (search.get('batch') ?? '').trim(), ''));
}
