/** Small conversions between what people type in the KYC steps and what the contract carries. */

/** What people type in an amount that the wire does not carry: thousands separators and spaces. */
export function normaliseAmount(value: string): string {
  return value.replace(/[,\s\u00a0\u3000]/g, '');
}

/** "100", "33.5", "33.05" from hundredths of a percent (contract totalOwnershipHundredths). */
export function percentOfHundredths(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const fraction = hundredths % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}
