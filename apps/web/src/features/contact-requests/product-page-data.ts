/**
 * What a product page (private_b_p, structured_p, investment_b) loads first: the user's latest
 * requests about its product, shown beside the form (contact-request-card.tsx); started before the
 * page's code has arrived (app/page-data.ts).
 */
import { type BankingProduct, listContactRequests } from '@bank/contract/contact-requests';
import { prefetchScreenData } from '../../lib/screen-query.ts';

/** The latest requests shown beside the form; older ones are the relationship manager's record. */
const shownRequests = 5;

export function requestsOf(product: BankingProduct) {
  return { product, page_size: shownRequests };
}

/** Starts the product's latest requests before its page's code has arrived. */
function prefetchProductRequests(product: BankingProduct) {
  return prefetchScreenData(listContactRequests, requestsOf(product));
}

export function loadPrivateBankingPage(): void {
  void prefetchProductRequests('private_banking');
}

export function loadStructuredProductsPage(): void {
  void prefetchProductRequests('structured_products');
}

export function loadInvestmentBankingPage(): void {
  void prefetchProductRequests('investment_banking');
}
