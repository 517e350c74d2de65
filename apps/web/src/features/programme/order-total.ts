/**
 * What a pre-order holds: the unit price (USD, 2 decimals, from the server) times a whole number of
 * cards, in cents so that no binary floating point touches money. Null while the quantity is not a
 * whole number of cards.
 */
export function orderTotalUsd(unitPrice: string, quantity: unknown): string | null {
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(unitPrice);
  if (!match) return null;
  const cents = BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  const total = cents * BigInt(quantity);
  return `${total / 100n}.${String(total % 100n).padStart(2, '0')}`;
}
