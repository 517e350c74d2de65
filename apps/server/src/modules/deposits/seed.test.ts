import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createProviders } from '../../adapters/providers.ts';
import type { Database } from '../../platform/db.ts';
import { createSecretBox } from '../../platform/secret-box.ts';
import { createTestDatabase } from '../../platform/test-database.ts';
import { ensureCompanyAdministrator } from '../account/index.ts';
import { checkLedgerInvariants, companyBalances } from '../ledger/index.ts';
import { depositsDemoSeeder } from './seed.ts';
import { bankCredits, deposits } from './tables.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

it("credits the demo company's USDT, leaves its BTC confirming, has a bank transfer waiting for staff, and runs once", async () => {
  const now = new Date('2026-11-25T09:00:00Z');
  const { companyId } = await ensureCompanyAdministrator(
    database.db,
    {
      companyName: 'Meridian Demo',
      kycStatus: 'kyc_approved',
      administrator: { email: 'kyc-approved@demo.bank', password: 'Demo-Approved#2026', fullName: 'Ken Meridian' },
    },
    now,
  );
  const simulators = {
    cardProcessor: 'simulator',
    custody: 'simulator',
    bankRail: 'simulator',
    rates: 'simulator',
  } as const;
  const providers = createProviders(
    { providers: simulators },
    createSecretBox('a test secret of at least 32 characters'),
  );
  await depositsDemoSeeder.seed({ db: database.db, now, providers });
  await depositsDemoSeeder.seed({ db: database.db, now, providers });
  const rows = await database.db.select().from(deposits).where(eq(deposits.company_id, companyId));
  expect(rows.map((row) => [row.asset, row.status]).sort()).toEqual([
    ['BTC', 'in_process'],
    ['USDT', 'success'],
  ]);
  const balances = await companyBalances(database.db, companyId);
  expect(balances.find((line) => line.asset === 'USDT')?.balance).toBe('25000.000000000000000000');
  const [credit] = await database.db.select().from(bankCredits).where(eq(bankCredits.company_id, companyId));
  expect(credit).toMatchObject({ status: 'unmatched', currency: 'USD', amount: '12500.000000000000000000' });
  expect(credit?.notice_id).not.toBeNull();
  expect(await checkLedgerInvariants(database.db)).toEqual([]);
});
