/**
 * Demo deposits for the approved demo company (kyc-approved@demo.bank), made the way real ones are:
 * its TRC20 and BTC addresses from the custody simulator, coins received there, and the network's
 * confirmations. 25,000 USDT are credited at once; 0.15 BTC stays in process and confirms with the
 * simulated networks' minutes after start (one BTC block in ten minutes), so the demo shows both.
 * Runs once: a company that already has deposits is left as it is.
 */
import { eq } from 'drizzle-orm';
import { createSimulatedCustody } from '../../adapters/custody/custody.ts';
import type { DemoSeeder } from '../../platform/module.ts';
import { users } from '../account/index.ts';
import { depositAddress } from './addresses.ts';
import { confirm, receive } from './incoming.ts';
import { deposits } from './tables.ts';

const demoCompanyUser = 'kyc-approved@demo.bank';

export const depositsDemoSeeder: DemoSeeder = {
  name: 'deposits',
  async seed({ db, now }) {
    const [user] = await db.select({ companyId: users.company_id }).from(users).where(eq(users.email, demoCompanyUser));
    const companyId = user?.companyId;
    if (!companyId) return [];
    const [existing] = await db
      .select({ id: deposits.id })
      .from(deposits)
      .where(eq(deposits.company_id, companyId))
      .limit(1);
    if (existing) return [];
    const custody = createSimulatedCustody();
    const trc20 = await depositAddress(db, custody, { companyId, asset: 'USDT', network: 'TRC20' }, now);
    await receive(db, { address: trc20.address, asset: 'USDT', network: 'TRC20', amount: '25000' }, now);
    await confirm(db, (network) => (network === 'TRC20' ? trc20.confirmations : 0), now);
    const btc = await depositAddress(db, custody, { companyId, asset: 'BTC', network: 'BTC' }, now);
    await receive(db, { address: btc.address, asset: 'BTC', network: 'BTC', amount: '0.15' }, now);
    return [];
  },
};
