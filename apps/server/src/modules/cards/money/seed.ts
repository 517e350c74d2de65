/**
 * Demo card money for the approved demo company (kyc-approved@demo.bank), made
 * the way real ones are: a director's card ordered, shipped and activated at the processor
 * simulator, then top-ups from USDT loaded by it (two loaded, one returned), and purchases at
 * merchants (settled, one still unsettled, one refunded in part, one declined) and a monthly fee,
 * each applied by the sync and its handlers. Runs once: a company with the demo cardholder is left
 * as it is. Also the card money journey's staff account.
 */
import { eq } from 'drizzle-orm';
import type { ProcessorCardholder } from '../../../adapters/card-processor/card-processor.ts';
import type { CardProcessorSimulator } from '../../../adapters/card-processor/simulator.ts';
import type { AppDatabase, Transaction } from '../../../platform/db.ts';
import type { DemoAccount, DemoSeeder } from '../../../platform/module.ts';
import { ensureUser, users } from '../../account/index.ts';
import { ensureRates } from '../../ledger/index.ts';
import { companyCard } from '../card-view.ts';
import { feeOf, shareFee } from '../fees.ts';
import { orderCard } from '../issuing.ts';
import { moneyNotificationHandlers } from '../processor/notification-handlers.ts';
import { syncProcessor } from '../processor/sync.ts';
import { cardholders } from '../tables.ts';
import { submitTopUp } from './top-ups.ts';

const demoCompanyAdministrator = 'kyc-approved@demo.bank';
const demoCardholderUsername = 'demo_card_money';

/** A system administrator kept for the card money journey, which pairs its authenticator. */
const cardMoneyStaff = {
  email: 'cardmoney@bank.localhost',
  password: 'Staff-CardMoney#2026',
  fullName: 'Casey Cardmoney',
} as const;

export const cardMoneyDemoSeeder: DemoSeeder = {
  name: 'card-money',
  async seed({ db, now, config, providers }) {
    await ensureUser(db, { ...cardMoneyStaff, role: 'system_admin' }, now);
    const accounts: DemoAccount[] = [
      {
        email: cardMoneyStaff.email,
        password: cardMoneyStaff.password,
        role: 'system_admin',
        note: 'card operations',
      },
    ];
    // Demo card money is made at the simulated processor the app uses: none without the configuration or beside a real processor.
    const simulator = providers?.simulators.cardProcessor;
    if (!config || !simulator) return accounts;
    const [administrator] = await db
      .select({ id: users.id, companyId: users.company_id })
      .from(users)
      .where(eq(users.email, demoCompanyAdministrator))
      .limit(1);
    if (!administrator?.companyId) return accounts;
    const [seeded] = await db
      .select({ id: cardholders.id })
      .from(cardholders)
      .where(eq(cardholders.username, demoCardholderUsername));
    if (seeded) return accounts;
    await seedCardMoney(db, simulator, { companyId: administrator.companyId, userId: administrator.id }, now);
    return accounts;
  },
};

/** The demo cardholder, a director; her proof of address dated today. */
function demoCardholderOf(now: Date): ProcessorCardholder {
  return {
    title: 'Ms',
    first_name: 'Mei',
    last_name: 'Lin',
    username: demoCardholderUsername,
    email: 'mei.lin@demo.bank',
    mobile: '+6591234567',
    date_of_birth: '1986-03-14',
    residence_address: demoAddress,
    id_type: 'passport',
    id_number: 'E1234567K',
    id_issuing_country: 'SG',
    id_issue_date: '2021-05-10',
    id_expiry_date: '2031-05-09',
    proof_of_address_type: 'utility_bill',
    proof_of_address_issue_date: now.toISOString().slice(0, 10),
  };
}

/** The director's card ordered, shipped at once and activated with its letter's codes, each step synced. */
async function orderAndActivateCard(
  db: AppDatabase,
  simulator: CardProcessorSimulator,
  demo: { companyId: string; userId: string },
  steps: { at: () => Date; sync: (time: Date) => Promise<number> },
  now: Date,
) {
  const { at, sync } = steps;
  const ordered = await db.transaction((tx) =>
    orderCard(
      tx,
      simulator,
      {
        companyId: demo.companyId,
        applicationId: null,
        actorUserId: demo.userId,
        cardholder: demoCardholderOf(now),
        applicantType: 'director',
        level: 'premier',
        network: 'visa',
        nameOnCard: 'MEI LIN',
        mailingAddress: demoAddress,
      },
      at(),
    ),
  );
  const card = await companyCard(db, demo.companyId, ordered.cardId);
  const shippedAt = at();
  await db.transaction((tx) => simulator.shipNow(tx, card.processor_reference, shippedAt));
  await sync(shippedAt);
  const letter = await simulator.letterOf(db, card.processor_reference);
  const activatedAt = at();
  await simulator.activate(
    db,
    card.processor_reference,
    { kitCode: letter.kit_code, activationCode: letter.activation_code },
    activatedAt,
  );
  await sync(activatedAt);
  return card;
}

async function seedCardMoney(
  db: AppDatabase,
  simulator: CardProcessorSimulator,
  demo: { companyId: string; userId: string },
  now: Date,
): Promise<void> {
  // Each step a minute after the one before, ending now, so that the lines read in order.
  let step = 0;
  const at = () => new Date(now.getTime() - (30 - step++) * 60_000);
  const handlers = moneyNotificationHandlers();
  const sync = (time: Date) => syncProcessor(db, simulator, handlers, time);
  await ensureRates(db, at());

  const card = await orderAndActivateCard(db, simulator, demo, { at, sync }, now);

  const caller = { companyId: demo.companyId, userId: demo.userId, actor: 'client_admin' as const };
  const topUp = async (amount: string, outcome: 'returned' | null) => {
    const time = at();
    const active = await companyCard(db, demo.companyId, card.id);
    // The load fee as calc would show it to the administrator.
    const fee = shareFee(await feeOf(db, active.level, 'load'), amount);
    const request = {
      amount,
      asset: 'USDT' as const,
      source_of_funds: 'business_revenue' as const,
      fee_quote: { amount: fee, asset: 'USD' as const },
    };
    await db.transaction((tx) => submitTopUp(tx, simulator, active, caller, request, time));
    await db.transaction(async (tx) => {
      await simulator.setNextLoadOutcome(tx, card.processor_reference, outcome);
      await simulator.completeLoads(tx, card.processor_reference, time);
    });
    await sync(time);
  };
  await topUp('2500.00', null);
  await topUp('150.00', 'returned');
  await topUp('400.00', null);

  const purchase = async (amount: string, merchant: string, category: string, country: string) => {
    const time = at();
    const line = await db.transaction((tx) =>
      simulator.purchase(
        tx,
        card.processor_reference,
        { amount, merchant_name: merchant, merchant_category: category, merchant_country: country },
        time,
      ),
    );
    await sync(time);
    return line;
  };
  const then = async (action: (tx: Transaction, time: Date) => Promise<unknown>) => {
    const time = at();
    await db.transaction((tx) => action(tx, time));
    await sync(time);
  };
  const flight = await purchase('820.40', 'Skyline Airways', 'airline', 'SG');
  await then((tx, time) => simulator.settle(tx, flight.id, time));
  const supplies = await purchase('189.90', 'Metro Office Supplies', 'office_supplies', 'SG');
  await then((tx, time) => simulator.settle(tx, supplies.id, time));
  await then((tx, time) => simulator.refund(tx, supplies.id, '39.90', time));
  await purchase('99999.00', 'Grand Harbour Hotel', 'lodging', 'HK');
  await then((tx, time) =>
    simulator.chargeFee(tx, card.processor_reference, { kind: 'monthly_service', amount: '3.00' }, time),
  );
  await purchase('64.25', 'Harbour Café', 'restaurant', 'SG');
}

const demoAddress = {
  line1: '8 Marina View',
  line2: '#30-01',
  city: 'Singapore',
  state: 'Singapore',
  country: 'SG',
  postal_code: '018960',
};
