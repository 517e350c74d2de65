/**
 * A long hash or address shortened in its middle for a narrow cell or an option (`0x1234abcd…9f3e21`):
 * its start and its end, which a person compares, are kept. Short values are left whole.
 */
export function shortenMiddle(value: string): string {
  return value.length > 18 ? `${value.slice(0, 10)}…${value.slice(-6)}` : value;
}
