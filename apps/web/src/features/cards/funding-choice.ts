/**
 * Which of the company's stable coins a top-up starts from: the one with the most money, when it
 * covers the smallest top-up (the minimum and the least load fee). Stable coins trade at about one
 * US dollar, so their balances compare with a USD amount directly; the server's quote then says
 * exactly what the top-up takes, and refuses it if the balance falls short.
 */
import { type CardFundingAsset, cardFundingAssets } from '@bank/contract/cards';

const scale = 18;

/** A non-negative decimal string as whole units of 10^-18, so that amounts compare exactly. */
function unitsOf(value: string): bigint {
  const [whole = '', fraction = ''] = value.trim().split('.');
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction)) return 0n;
  return BigInt(whole || '0') * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0').slice(0, scale) || '0');
}

/** The sum of decimal strings, as a decimal string of 2 places (USD). */
export function sumUsd(...amounts: string[]): string {
  const total = amounts.reduce((sum, amount) => sum + unitsOf(amount), 0n);
  const cents = (total + 10n ** BigInt(scale - 2) - 1n) / 10n ** BigInt(scale - 2);
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

export type FundingChoice = { asset: CardFundingAsset; canPay: boolean };

/**
 * The coin with the largest available balance that covers `smallestTopUp` (USD); when none does,
 * the largest anyway, with `canPay` false so that the form can say why the top-up cannot go ahead.
 * Equal balances keep the order of `cardFundingAssets`.
 */
export function preferredFundingAsset(
  funding: readonly { asset: CardFundingAsset; available: string }[],
  smallestTopUp: string,
): FundingChoice {
  const ranked = cardFundingAssets
    .map((asset) => ({ asset, available: unitsOf(funding.find((line) => line.asset === asset)?.available ?? '0') }))
    .sort((a, b) => (a.available === b.available ? 0 : a.available > b.available ? -1 : 1));
  const largest = ranked[0] ?? { asset: cardFundingAssets[0], available: 0n };
  return { asset: largest.asset, canPay: largest.available >= unitsOf(smallestTopUp) };
}
