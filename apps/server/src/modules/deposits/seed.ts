/**
 * Demo deposits for the approved demo company (kyc-approved@demo.bank), made the way real ones are:
 * its TRC20 and BTC addresses from the custody the app uses (the simulator in a demo), coins received there, and the network's
 * confirmations. 25,000 USDT are credited at once; 0.15 BTC stays in process and confirms with the
 * simulated networks' minutes after start (one BTC block in ten minutes), so the demo shows both.
 * A notice of 12,500 USD to receive as USDC, whose bank transfer has arrived and waits for staff
 * (operations@bank.localhost) to credit it at /admin/deposits. Runs once: a company that already has deposits is left as it is.
 */
import { eq } from 'drizzle-orm';
import type { DemoSeeder } from '../../platform/module.ts';
import { users } from '../account/index.ts';
import { ensureRates } from '../ledger/index.ts';
import { depositAddress } from './addresses.ts';
import { referenceOf } from './bank-details.ts';
import { receiveBankCredit, submitNotice } from './fiat.ts';
import { confirm, receive } from './incoming.ts';
import { deposits } from './tables.ts';

const demoCompanyUser = 'kyc-approved@demo.bank';

export const depositsDemoSeeder: DemoSeeder = {
  name: 'deposits',
  async seed({ db, now, providers }) {
    // The demo's coins arrive at the custody the app uses: without the app's providers there is none to seed with.
    if (!providers) return [];
    const [user] = await db.select({ companyId: users.company_id }).from(users).where(eq(users.email, demoCompanyUser));
    const companyId = user?.companyId;
    if (!companyId) return [];
    const [existing] = await db
      .select({ id: deposits.id })
      .from(deposits)
      .where(eq(deposits.company_id, companyId))
      .limit(1);
    if (existing) return [];
    const { custody } = providers;
    const trc20 = await depositAddress(db, custody, { companyId, asset: 'USDT', network: 'TRC20' }, now);
    await receive(db, { address: trc20.address, asset: 'USDT', network: 'TRC20', amount: '25000' }, now);
    await confirm(db, (network) => (network === 'TRC20' ? trc20.confirmations : 0), now);
    const btc = await depositAddress(db, custody, { companyId, asset: 'BTC', network: 'BTC' }, now);
    await receive(db, { address: btc.address, asset: 'BTC', network: 'BTC', amount: '0.15' }, now);
    await ensureRates(db, now);
    const [administrator] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoCompanyUser));
    await db.transaction(async (tx) => {
      await submitNotice(
        tx,
        { companyId, userId: administrator?.id ?? '' },
        { currency: 'USD', amount: '12500', target: 'USDC', expected_date: now.toISOString().slice(0, 10) },
        now,
      );
      const reference = await referenceOf(tx, companyId, now);
      await receiveBankCredit(
        tx,
        {
          currency: 'USD',
          amount: '12500',
          reference: `INV 2026-118 ${reference}`,
          sender: 'MERIDIAN TREASURY SERVICES LTD',
        },
        now,
      );
    });
    return [];
  },
};
