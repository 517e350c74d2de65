/** Totals of membership fee records, as the fees page shows them before paying. */
import type { MembershipFeeRecord } from '@bank/contract/programme';

/** The sum of the records' fees (USD, cents), without floating point. */
export function totalUsdOf(records: readonly MembershipFeeRecord[]): string {
  const cents = records.reduce((sum, record) => {
    const [units = '0', fraction = ''] = record.fee_due.split('.');
    return sum + BigInt(units) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  }, 0n);
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}
