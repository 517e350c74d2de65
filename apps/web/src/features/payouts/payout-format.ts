/**
 * The payout screens' small rules: where a payout's details live, whether a payee or address is
 * still in the bank's cooling period, how an account number is masked, and the draft a payout keeps
 * between its form and its confirmation page (sessionStorage: a reload of the confirmation page
 * keeps it, closing the tab or signing out forgets it).
 */

import {
  type PayoutCheck,
  PayoutCheck as PayoutCheckSchema,
  type PayoutKind,
  type PayoutPurpose,
} from '@bank/contract/payouts';
import { pathOf } from '@bank/contract/routes';
import type { TransactionStatus } from '@bank/contract/states';
import type { QueryClient } from '@tanstack/react-query';

export function detailPathOfPayout(kind: PayoutKind, payoutId: string): string {
  const page = kind === 'fiat' ? 'fiat_transfer_detail' : 'crypto_transfer_detail';
  return `${pathOf(page)}?id=${encodeURIComponent(payoutId)}`;
}

/** A payout that is still on its way: its pages ask again now and then. */
export function isPayoutMoving(status: TransactionStatus): boolean {
  return status === 'pending_approval' || status === 'admin_review' || status === 'in_process';
}

/**
 * Whether a payee or address may not be paid yet (the server refuses it too, by its own clock). One
 * whose usable time is its change's own time had no cooling period (the demo company's), whatever
 * the skew between this browser's clock and the server's.
 */
export function isCooling(entry: { usable_from: string; updated_at: string }, now: number = Date.now()): boolean {
  const usableFrom = Date.parse(entry.usable_from);
  return usableFrom > Date.parse(entry.updated_at) && usableFrom > now;
}

/** "•••• 3000": an account number as a list shows it until its owner asks for the whole. */
export function maskedAccountNumber(accountNumber: string): string {
  return accountNumber.length <= 4 ? accountNumber : `•••• ${accountNumber.slice(-4)}`;
}

/** An IBAN or account number in groups of four, as a bank prints it. */
export function groupedAccountNumber(accountNumber: string): string {
  return accountNumber.replace(/(.{4})(?=.)/g, '$1 ');
}

export type FiatDraftValues = {
  asset: 'USDC' | 'USDT';
  payee_id: string;
  /** Which amount the user fixes: what is sent (`amount`) or what the payee receives (`receive_amount`). */
  fixed_side: 'send' | 'receive';
  amount: string;
  receive_amount: string;
  purpose: PayoutPurpose | '';
  sender_account_name: string;
  remarks: string;
};

export type CryptoDraftValues = {
  asset: 'USDT' | 'USDC' | 'BTC' | 'ETH';
  network: 'ERC20' | 'BEP20' | 'TRC20' | 'BTC' | 'ETH';
  address_id: string;
  amount: string;
  purpose: PayoutPurpose | '';
  sender_account_name: string;
  remarks: string;
};

type ValuesOf<Kind extends PayoutKind> = Kind extends 'fiat' ? FiatDraftValues : CryptoDraftValues;

/**
 * A payout between its two pages: the form's values, and once "Continue" has quoted and checked
 * it, what the server answered and when (by this browser's clock) the quote runs out.
 */
export type PayoutDraft<Kind extends PayoutKind> = {
  values: ValuesOf<Kind>;
  check: PayoutCheck | null;
  /** Epoch milliseconds of this browser's clock: the quote's validity counted from its arrival. */
  expiresAt: number | null;
};

const draftKey = (kind: PayoutKind) => `payout_draft_${kind}`;

export function readDraft<Kind extends PayoutKind>(kind: Kind): PayoutDraft<Kind> | null {
  try {
    const stored = window.sessionStorage.getItem(draftKey(kind));
    if (!stored) return null;
    const draft = JSON.parse(stored) as PayoutDraft<Kind>;
    if (typeof draft !== 'object' || draft === null || typeof draft.values !== 'object') return null;
    // A check kept by an older version of the page is dropped rather than shown wrongly.
    const check = draft.check === null ? null : PayoutCheckSchema.safeParse(draft.check);
    return {
      values: draft.values,
      check: check?.success ? check.data : null,
      expiresAt: typeof draft.expiresAt === 'number' ? draft.expiresAt : null,
    };
  } catch {
    return null;
  }
}

export function writeDraft<Kind extends PayoutKind>(kind: Kind, draft: PayoutDraft<Kind>): void {
  try {
    window.sessionStorage.setItem(draftKey(kind), JSON.stringify(draft));
  } catch {
    // Storage full or refused: the confirmation page then asks to start again.
  }
}

export function clearDraft(kind: PayoutKind): void {
  window.sessionStorage.removeItem(draftKey(kind));
}

/**
 * After a payout, a decision or a change of payees: the payout lists, counts and details, the
 * company's history and its balances are out of date.
 */
export function refreshPayoutData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => /^\/api\/v1\/(withdraw|transaction|dashboard)\//.test(String(query.queryKey[0])),
  });
}

/** -1, 0 or 1: two plain decimal strings compared exactly (no floating point). */
export function compareDecimals(left: string, right: string): number {
  const [leftWhole = '0', leftFraction = ''] = left.split('.');
  const [rightWhole = '0', rightFraction = ''] = right.split('.');
  const wholeA = leftWhole.replace(/^0+(?=\d)/, '');
  const wholeB = rightWhole.replace(/^0+(?=\d)/, '');
  if (wholeA.length !== wholeB.length) return wholeA.length < wholeB.length ? -1 : 1;
  if (wholeA !== wholeB) return wholeA < wholeB ? -1 : 1;
  const places = Math.max(leftFraction.length, rightFraction.length);
  const fractionA = leftFraction.padEnd(places, '0');
  const fractionB = rightFraction.padEnd(places, '0');
  if (fractionA === fractionB) return 0;
  return fractionA < fractionB ? -1 : 1;
}

/** A rate as a percentage, by moving the decimal point (no floating point): "0.005" -> "0.5". */
export function percentOf(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const digits = `${whole}${fraction.padEnd(2, '0')}`;
  const integer = digits.slice(0, whole.length + 2).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(whole.length + 2).replace(/0+$/, '');
  return rest ? `${integer}.${rest}` : integer;
}
