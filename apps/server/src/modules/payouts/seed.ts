/**
 * Demo payouts set-up for the approved demo company (kyc-approved@demo.bank): no cooling period
 * (DECISIONS.md: 0 in the demo company), payouts above 10,000 USDT or USDC wait for a second user's
 * approval, one payee in pounds and one TRC20 USDT address, so that a payout can be tried at once.
 * Runs once: a company with a policy is left as it is. Also the payout desk's staff account.
 */
import { addressOfKeyHash } from '@bank/contract/addresses';
import { eq } from 'drizzle-orm';
import { newId } from '../../platform/ids.ts';
import type { DemoSeeder } from '../../platform/module.ts';
import { ensureUser, users } from '../account/index.ts';
import { payees, payoutAddresses, payoutPolicies } from './tables.ts';

const demoCompanyAdministrator = 'kyc-approved@demo.bank';

/**
 * The demo's payout desk: a system administrator (payout review, and the rail simulators outside
 * production) kept for payouts, so that the browser journey pairing its authenticator shares it
 * with no other journey.
 */
const payoutDeskStaff = {
  email: 'payouts@bank.localhost',
  password: 'Staff-Payouts#2026',
  fullName: 'Parker Payouts',
} as const;

export const payoutsDemoSeeder: DemoSeeder = {
  name: 'payouts',
  async seed({ db, now }) {
    await ensureUser(db, { ...payoutDeskStaff, role: 'system_admin' }, now);
    const desk = [
      { email: payoutDeskStaff.email, password: payoutDeskStaff.password, role: 'system_admin', note: 'payout review' },
    ];
    const [administrator] = await db
      .select({ id: users.id, company_id: users.company_id })
      .from(users)
      .where(eq(users.email, demoCompanyAdministrator))
      .limit(1);
    const companyId = administrator?.company_id;
    if (!administrator || !companyId) return desk;
    const [policy] = await db.select().from(payoutPolicies).where(eq(payoutPolicies.company_id, companyId));
    if (policy) return desk;
    await db.insert(payoutPolicies).values({
      company_id: companyId,
      cooling_hours: 0,
      approve_all: false,
      thresholds: { USDT: '10000', USDC: '10000' },
      updated_at: now,
    });
    const common = {
      company_id: companyId,
      usable_from: now,
      created_by: administrator.id,
      created_at: now,
      updated_at: now,
    };
    await db.insert(payees).values({
      id: newId(now.getTime()),
      beneficiary_name: 'Northwind Supplies Ltd',
      account_number: 'GB33BUKB20201555555555',
      bank_country: 'GB',
      bank_name: 'Barclays Bank UK PLC',
      swift_code: 'BUKBGB22',
      bank_address: '1 Churchill Place, London E14 5HP',
      beneficiary_address: '12 Harbour Road, Southampton SO14 2AQ, United Kingdom',
      local_bank_code: '202015',
      currency: 'GBP',
      email: 'accounts@northwind.example',
      intermediary: null,
      ...common,
    });
    await db.insert(payoutAddresses).values({
      id: newId(now.getTime()),
      name: 'Treasury cold wallet',
      asset: 'USDT',
      network: 'TRC20',
      address: addressOfKeyHash('TRC20', new Uint8Array(20).fill(7)),
      ...common,
    });
    return desk;
  },
};
