/**
 * Demo programme cards: for the approved demo company (kyc-approved@demo.bank), one printed card of
 * its programme batch (printed by the orders part's demo seeder, which runs first) bound to its
 * KYC-approved demo cardholder (Ken Meridian, from the cards module's seed), opening the card's
 * first membership term. Does nothing when the company has no printed card waiting to be bound,
 * and runs once (a card of the company bound already marks it).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { DemoSeeder } from '../../platform/module.ts';
import { demoCompanyOf } from '../account/index.ts';
import { cardholders, cardStock } from '../cards/index.ts';
import { bindProgrammeCard } from './binding.ts';

const demoCompanyAdministrator = 'kyc-approved@demo.bank';
/** The cards module's demo cardholder. */
const demoCardholderUsername = 'ken_meridian_demo';

export const programmeCardsDemoSeeder: DemoSeeder = {
  name: 'programme_cards',
  async seed({ db, now, config, providers }) {
    // Bound at the app's processor simulator: none without the configuration, in production or beside a real processor.
    const simulator = providers?.simulators.cardProcessor;
    if (!config || config.nodeEnv === 'production' || !simulator) return [];
    const demo = await demoCompanyOf(db, demoCompanyAdministrator);
    if (!demo) return [];
    const { companyId } = demo;
    const [boundBefore] = await db
      .select({ id: cardStock.id })
      .from(cardStock)
      .where(and(eq(cardStock.company_id, companyId), eq(cardStock.is_bound_once, true)))
      .limit(1);
    if (boundBefore) return [];
    const [printed] = await db
      .select({ id: cardStock.id })
      .from(cardStock)
      .where(and(eq(cardStock.company_id, companyId), eq(cardStock.operation_stage, 'printed_pending_bind')))
      .orderBy(asc(cardStock.id))
      .limit(1);
    const [holder] = await db
      .select({ id: cardholders.id })
      .from(cardholders)
      .where(
        and(
          eq(cardholders.company_id, companyId),
          eq(cardholders.username, demoCardholderUsername),
          eq(cardholders.kyc_id_status, 'success'),
          eq(cardholders.kyc_address_status, 'success'),
        ),
      )
      .limit(1);
    if (!printed || !holder) return [];
    await db.transaction((tx) =>
      bindProgrammeCard(
        tx,
        simulator,
        { userId: demo.administratorId, companyId, ip: null, now },
        { stock_card_id: printed.id, cardholder_id: holder.id },
      ),
    );
    return [];
  },
};
