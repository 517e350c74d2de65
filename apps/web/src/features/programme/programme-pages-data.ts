/**
 * What the company's card programme pages load first (/programme, /programme/contracts/:contractId,
 * /programme/orders, /programme/issuing): each one's list or contract, and the order figures above
 * the lists, started before the page's code has arrived (app/page-data.ts).
 */
import {
  getOrderSummary,
  getProgrammeContract,
  listPreOrders,
  listPrintBatches,
  listProgrammeContracts,
} from '@bank/contract/programme-orders';
import { prefetchIfPermitted } from '../../api/user-info.ts';
import { type PagePlace, prefetchScreenData } from '../../lib/screen-query.ts';
import { prefetchProgrammeList } from './programme-queries.ts';

/** The contract the path names (`/programme/contracts/:contractId`). */
export function contractRequestOf(params: PagePlace['params']) {
  return { contract_id: params.contractId ?? '' };
}

// The order figures above the lists wait for the reader's card_programme permission (ProgrammeFrame):
// they are started once it is known.
export function loadProgrammeContractsPage(): void {
  void prefetchProgrammeList(listProgrammeContracts);
  void prefetchIfPermitted('card_programme', getOrderSummary, {});
}

export function loadProgrammeContractPage({ params }: PagePlace): void {
  void prefetchScreenData(getProgrammeContract, contractRequestOf(params));
}

export function loadProgrammeOrdersPage(): void {
  // The list opens on every status.
  void prefetchProgrammeList(listPreOrders);
  void prefetchIfPermitted('card_programme', getOrderSummary, {});
}

export function loadProgrammeIssuingPage(): void {
  void prefetchProgrammeList(listPrintBatches);
}
