/**
 * Fiat deposits' bank details: the bank's receiving account for the currency and the company's
 * reference, made on first ask: "CB" and 8 characters of Crockford's base32 (no I, L, O or U, so
 * nothing is misread when typed into a transfer), random and unique (a taken one is drawn again).
 */
import { randomInt } from 'node:crypto';
import type { BankDetails } from '@bank/contract/deposit';
import type { FiatCurrency } from '@bank/contract/money';
import { eq } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { receivingAccounts } from './receiving-accounts.ts';
import { depositReferences } from './tables.ts';

const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function newReference(): string {
  let reference = 'CB';
  for (let index = 0; index < 8; index += 1) reference += alphabet[randomInt(alphabet.length)];
  return reference;
}

export async function referenceOf(handle: DbHandle, companyId: string, now: Date): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [kept] = await handle
      .select({ reference: depositReferences.reference })
      .from(depositReferences)
      .where(eq(depositReferences.company_id, companyId));
    if (kept) return kept.reference;
    // Conflicts on either key (another first ask of this company, or a reference already taken) insert nothing.
    await handle
      .insert(depositReferences)
      .values({ company_id: companyId, reference: newReference(), created_at: now })
      .onConflictDoNothing();
  }
  throw new Error('no deposit reference could be made');
}

export async function bankDetails(
  handle: DbHandle,
  companyId: string,
  currency: FiatCurrency,
  now: Date,
): Promise<BankDetails> {
  return {
    currency,
    lines: receivingAccounts[currency].map(([field, value]) => ({ field, value })),
    reference: await referenceOf(handle, companyId, now),
  };
}
