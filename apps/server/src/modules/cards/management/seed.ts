/**
 * Demo cards: the card operations desk's staff account (cardops@bank.localhost, a system admin kept
 * for the card management journey, so that the authenticator it pairs is no other journey's), and
 * for the approved demo company (kyc-approved@demo.bank) one cardholder, its director, with a card
 * in the post (awaiting activation: staff read its letter in the simulator panel) and an active
 * card whose membership started some 320 days ago, so that its renewal is open. Runs once per
 * company (its demo cardholder's username marks it).
 */
import { dayOf } from '@bank/contract/calendar';
import type { PostalAddress } from '@bank/contract/cards';
import { and, eq, sql } from 'drizzle-orm';
import type { ProcessorCardholder } from '../../../adapters/card-processor/card-processor.ts';
import type { CardProcessorSimulator } from '../../../adapters/card-processor/simulator.ts';
import type { AppDatabase } from '../../../platform/db.ts';
import type { DemoAccount, DemoSeeder } from '../../../platform/module.ts';
import { ensureUser, users } from '../../account/index.ts';
import { feeOf } from '../fees.ts';
import { issueCardFor, orderCard } from '../issuing.ts';
import { moneyNotificationHandlers } from '../processor/notification-handlers.ts';
import { syncProcessor } from '../processor/sync.ts';
import { bringTermsUpToDate } from '../renewals/queries.ts';
import { cardFeeTerms } from '../renewals/tables.ts';
import { cardholders, cards } from '../tables.ts';
import { activateCard } from './management.ts';

const demoCompanyAdministrator = 'kyc-approved@demo.bank';
const demoCardholderUsername = 'ken_meridian_demo';
/** How long ago the active demo card's membership started: its renewal opens 60 days before a year. */
const membershipAgeDays = 320;

const cardOperationsStaff = {
  email: 'cardops@bank.localhost',
  password: 'Staff-CardOps#2026',
  fullName: 'Corin Cardops',
} as const;

const operationsDesk: DemoAccount = {
  email: cardOperationsStaff.email,
  password: cardOperationsStaff.password,
  role: 'system_admin',
  note: 'card operations',
};

const demoAddress: PostalAddress = {
  line1: '8 Marina View',
  line2: '#30-01 Asia Square Tower 1',
  city: 'Singapore',
  state: 'Singapore',
  country: 'SG',
  postal_code: '018960',
};

const demoCardholder: ProcessorCardholder = {
  title: 'Mr',
  first_name: 'Ken',
  last_name: 'Meridian',
  username: demoCardholderUsername,
  email: 'ken.meridian@demo.bank',
  mobile: '+6591234567',
  date_of_birth: '1980-06-15',
  residence_address: demoAddress,
  id_type: 'passport',
  id_number: 'E1234567K',
  id_issuing_country: 'SG',
  id_issue_date: '2021-03-01',
  id_expiry_date: '2031-02-28',
  proof_of_address_type: 'utility_bill',
  proof_of_address_issue_date: '2026-10-01',
};

export const cardsDemoSeeder: DemoSeeder = {
  name: 'cards',
  async seed({ db, now, config, providers }) {
    await ensureUser(db, { ...cardOperationsStaff, role: 'system_admin' }, now);
    // Demo cards are made at the simulated processor the app uses: none beside a real one, in production or without the configuration.
    const simulator = providers?.simulators.cardProcessor;
    if (!config || config.nodeEnv === 'production' || !simulator) return [operationsDesk];
    const [administrator] = await db
      .select({ id: users.id, company_id: users.company_id })
      .from(users)
      .where(eq(users.email, demoCompanyAdministrator))
      .limit(1);
    const companyId = administrator?.company_id;
    if (!administrator || !companyId) return [operationsDesk];
    const [seeded] = await db
      .select({ id: cardholders.id })
      .from(cardholders)
      .where(and(eq(cardholders.company_id, companyId), eq(cardholders.username, demoCardholderUsername)))
      .limit(1);
    if (seeded) return [operationsDesk];
    await seedCards(db, { companyId, administratorId: administrator.id }, simulator, now);
    return [operationsDesk];
  },
};

/** The demo cardholder's first card, ordered by the company's administrator. */
function demoOrderOf(company: { companyId: string; administratorId: string }): Parameters<typeof orderCard>[2] {
  return {
    companyId: company.companyId,
    applicationId: null,
    actorUserId: company.administratorId,
    cardholder: demoCardholder,
    applicantType: 'director',
    level: 'premier',
    network: 'visa',
    nameOnCard: 'KEN MERIDIAN',
    mailingAddress: demoAddress,
  };
}

/** The active card's membership as if it had started 320 days ago: the next term is open for renewal. */
async function ageMembership(db: AppDatabase, activeId: string): Promise<void> {
  const shift = sql`${membershipAgeDays}::int`;
  await db
    .update(cardFeeTerms)
    .set({
      starts_on: sql`${cardFeeTerms.starts_on} - ${shift}`,
      ends_on: sql`${cardFeeTerms.ends_on} - ${shift}`,
      due_on: sql`${cardFeeTerms.due_on} - ${shift}`,
    })
    .where(eq(cardFeeTerms.card_id, activeId));
  await db
    .update(cards)
    .set({ expires_on: sql`${cards.expires_on} - ${shift}` })
    .where(eq(cards.id, activeId));
}

async function seedCards(
  db: AppDatabase,
  company: { companyId: string; administratorId: string },
  simulator: CardProcessorSimulator,
  now: Date,
): Promise<void> {
  const handlers = moneyNotificationHandlers();
  const shipAndSync = async (cardId: string) => {
    const [card] = await db.select().from(cards).where(eq(cards.id, cardId));
    if (!card) throw new Error(`demo card ${cardId} not found`);
    await db.transaction((tx) => simulator.shipNow(tx, card.processor_reference, now));
    await syncProcessor(db, simulator, handlers, now);
    return card;
  };

  const ordered = await db.transaction((tx) => orderCard(tx, simulator, demoOrderOf(company), now));
  await shipAndSync(ordered.cardId);

  // The same cardholder's second card (its KYC has passed), activated as the holder would.
  const [holder] = await db.select().from(cardholders).where(eq(cardholders.id, ordered.cardholderId));
  if (!holder) throw new Error('demo cardholder not found');
  const activeId = await db.transaction((tx) =>
    issueCardFor(
      tx,
      simulator,
      {
        companyId: company.companyId,
        cardholderId: holder.id,
        memberId: holder.member_id,
        level: 'prestige',
        network: 'mastercard',
        nameOnCard: 'KEN MERIDIAN',
        mailingAddress: demoAddress,
        actorUserId: company.administratorId,
        replaces: null,
      },
      now,
    ),
  );
  const active = await shipAndSync(activeId);
  const letter = await simulator.letterOf(db, active.processor_reference);
  await activateCard(
    db,
    simulator,
    {
      userId: company.administratorId,
      companyId: company.companyId,
      holderUserId: null,
      actor: 'client_admin',
      ip: null,
      now,
    },
    {
      card_id: activeId,
      kit_code: letter.kit_code,
      activation_code: letter.activation_code,
      // The first annual fee as the activation dialog shows it.
      fee_quote: { amount: (await feeOf(db, 'prestige', 'annual')).amount, asset: 'USD' },
    },
  );
  await ageMembership(db, activeId);
  await bringTermsUpToDate(db, dayOf(now), company.companyId);
}
