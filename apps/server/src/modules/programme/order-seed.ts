/**
 * Demo contracts and orders: the programme desk's staff account (programme@bank.localhost, a system
 * admin), and for the approved demo company (kyc-approved@demo.bank) a running contract of 100
 * cards (minimum 10, abbreviation DEMO) with an approved order of 20, 12 of them in a batch the
 * simulator printed (printed, pending bind), and a pending order of 10. Runs once per company (any
 * contract of the company marks it). The binding and membership fee seeder runs after this one.
 */

import { dayOf } from '@bank/contract/calendar';
import { CreateContractRequest, CreatePreOrderRequest } from '@bank/contract/programme-orders';
import { eq } from 'drizzle-orm';
import type { CardProcessorSimulator } from '../../adapters/card-processor/simulator.ts';
import type { AppDatabase } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { DemoAccount, DemoSeeder } from '../../platform/module.ts';
import { demoCompanyOf, ensureUser } from '../account/index.ts';
import { applyProcessorNotifications } from '../cards/index.ts';
import { ensureRates } from '../ledger/index.ts';
import { allocateCards, printBatchNow } from './allocation.ts';
import { createContract } from './contracts.ts';
import { decideOrder, placeOrder } from './orders.ts';
import { programmeContracts } from './tables.ts';

const demoCompanyAdministrator = 'kyc-approved@demo.bank';

const programmeDeskStaff = {
  email: 'programme@bank.localhost',
  password: 'Staff-Programme#2026',
  fullName: 'Priya Programme',
} as const;

const programmeDesk: DemoAccount = {
  email: programmeDeskStaff.email,
  password: programmeDeskStaff.password,
  role: 'system_admin',
  note: 'card programme desk',
};

const demoMailingAddress = {
  line1: '8 Marina View',
  line2: '#30-01 Asia Square Tower 1',
  city: 'Singapore',
  state: 'Singapore',
  country: 'SG',
  postal_code: '018960',
};

async function seedProgramme(
  db: AppDatabase,
  people: { staffId: string; administratorId: string; companyId: string },
  simulator: CardProcessorSimulator,
  now: Date,
): Promise<void> {
  const staff = { userId: people.staffId, ip: null, now };
  const client = { userId: people.administratorId, companyId: people.companyId, ip: '127.0.0.1', now };
  const orderOf = (quantity: number) =>
    CreatePreOrderRequest.parse({
      contract_id: contract.id,
      quantity,
      level: 'premier',
      network: 'visa',
      delivery_type: 'courier',
      mailing_address: demoMailingAddress,
      asset: 'USDT',
    });

  const contract = await db.transaction((tx) =>
    createContract(
      tx,
      staff,
      CreateContractRequest.parse({
        company_id: people.companyId,
        company_abbreviation: 'DEMO',
        term_months: 24,
        total_quantity: 100,
        minimum_order_quantity: 10,
        prepayment_per_card: '20.00',
        // Started a month ago: it is running, and takes orders.
        starts_on: dayOf(new Date(now.getTime() - 30 * 86_400_000)),
      }),
    ),
  );
  const approved = await db.transaction((tx) => placeOrder(tx, client, orderOf(20)));
  await db.transaction((tx) => decideOrder(tx, staff, { order_id: approved.id, decision: 'approve', reason: '' }));
  const batch = await db.transaction((tx) =>
    allocateCards(tx, simulator, staff, { order_id: approved.id, quantity: 12 }),
  );
  // Printed and mailed at once, and the processor's report applied: the cards wait to be bound.
  await db.transaction((tx) => printBatchNow(tx, simulator, staff, batch.id));
  await applyProcessorNotifications(db, simulator, now);
  await db.transaction((tx) => placeOrder(tx, client, orderOf(10)));
}

/** Needs the configuration and the app's card processor simulator, which prints the demo batch. */
export const programmeOrdersDemoSeeder: DemoSeeder = {
  name: 'programme_orders',
  async seed({ db, now, config, providers }) {
    const staffId = await ensureUser(db, { ...programmeDeskStaff, role: 'system_admin' }, now);
    const simulator = providers?.simulators.cardProcessor;
    if (!config || config.nodeEnv === 'production' || !simulator) return [programmeDesk];
    const demo = await demoCompanyOf(db, demoCompanyAdministrator);
    if (!demo) return [programmeDesk];
    const { companyId } = demo;
    const [seeded] = await db
      .select({ id: programmeContracts.id })
      .from(programmeContracts)
      .where(eq(programmeContracts.company_id, companyId))
      .limit(1);
    if (seeded) return [programmeDesk];
    await ensureRates(db, now);
    try {
      await seedProgramme(db, { staffId, administratorId: demo.administratorId, companyId }, simulator, now);
    } catch (error) {
      // A company without the USDT for the orders (its demo deposit not credited): no demo orders.
      if (!(error instanceof AppError)) throw error;
    }
    return [programmeDesk];
  },
};
