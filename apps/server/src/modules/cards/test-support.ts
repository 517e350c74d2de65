/**
 * Test support for cards: the processor simulator the app runs (its providers'), a company with a card
 * ordered for a test cardholder, moved along by the simulator to awaiting activation or activated,
 * and the processor's notifications applied as the schedule would; and card applications through
 * the real calls (the cardholder's documents uploaded, the email proven by its code, a body with
 * every field right, its idempotent submission).
 */
import { randomUUID } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import { addDays, dayOf } from '@bank/contract/calendar';
import type { CardApplication, SubmitCardApplicationRequest } from '@bank/contract/card-applications';
import { calcTopUp, type TopUpQuote } from '@bank/contract/card-money';
import type { CardFeeKind, CardLevel, PostalAddress } from '@bank/contract/cards';
import type { DocumentRef, UploadTicket } from '@bank/contract/documents';
import type { Asset } from '@bank/contract/money';
import type { GroupPermission } from '@bank/contract/permissions';
import { eq } from 'drizzle-orm';
import type { ProcessorCardholder } from '../../adapters/card-processor/card-processor.ts';
import type { CardProcessorSimulator } from '../../adapters/card-processor/simulator.ts';
import { pdfFile } from '../../adapters/storage/test-documents.ts';
import { call, codeIn, nextEmail, type RunningTestApp, readMailbox, uniqueEmail } from '../../platform/test-support.ts';
import { type KycTestApp, putFile } from '../kyc/test-support.ts';
import { colleague, fundedCompany, idempotent } from '../payouts/test-support.ts';
import { feeOf } from './fees.ts';
import { orderCard } from './issuing.ts';
import { moneyNotificationHandlers } from './processor/notification-handlers.ts';
import { syncProcessor } from './processor/sync.ts';
import type { CardRow } from './queries.ts';
import { cardholders, cards } from './tables.ts';

/** The card processor simulator the test app runs: the one of the providers the app made. */
export function testSimulator(test: RunningTestApp): CardProcessorSimulator {
  const simulator = test.providers.simulators.cardProcessor;
  if (!simulator) throw new Error('the test app runs no card processor simulator');
  return simulator;
}

/** Applies the processor's notifications now, as the schedule does. */
export async function syncNow(test: RunningTestApp) {
  return syncProcessor(test.database.db, testSimulator(test), moneyNotificationHandlers(), test.clock.now());
}

export const testAddress: PostalAddress = {
  line1: '1 Raffles Place',
  line2: '#20-01',
  city: 'Singapore',
  state: 'Singapore',
  country: 'SG',
  postal_code: '048616',
};

export function testCardholder(overrides: Partial<ProcessorCardholder> = {}): ProcessorCardholder {
  const suffix = randomUUID().slice(0, 8);
  return {
    title: 'Ms',
    first_name: 'Aiko',
    last_name: 'Tanaka',
    username: `aiko_${suffix}`,
    email: `aiko.${suffix}@example.com`,
    mobile: '+6591234567',
    date_of_birth: '1985-04-12',
    residence_address: testAddress,
    id_type: 'passport',
    id_number: 'TK1234567',
    id_issuing_country: 'JP',
    id_issue_date: '2020-01-15',
    id_expiry_date: '2030-01-14',
    proof_of_address_type: 'utility_bill',
    proof_of_address_issue_date: '2026-10-01',
    ...overrides,
  };
}

/** A funded company with a card ordered for a director, still at the processor (stage kyc_processing). */
export async function orderedCard(
  test: RunningTestApp,
  options: {
    funds?: Partial<Record<Asset, string>>;
    level?: CardLevel;
    /** A company that already has cards, for a second card of it. */
    client?: Awaited<ReturnType<typeof fundedCompany>>;
  } = {},
) {
  const client =
    options.client ?? (await fundedCompany(test, { funds: options.funds ?? { USDC: '100000', USDT: '100000' } }));
  const simulator = testSimulator(test);
  const now = test.clock.now();
  const ordered = await test.database.db.transaction((tx) =>
    orderCard(
      tx,
      simulator,
      {
        companyId: client.companyId,
        applicationId: randomUUID(),
        actorUserId: client.session.userid,
        cardholder: testCardholder(),
        applicantType: 'director',
        level: options.level ?? 'premier',
        network: 'visa',
        nameOnCard: 'AIKO TANAKA',
        mailingAddress: testAddress,
      },
      now,
    ),
  );
  const [card] = await test.database.db.select().from(cards).where(eq(cards.id, ordered.cardId));
  if (!card) throw new Error('ordered card not found');
  return { client, simulator, card, ...ordered };
}

/** A card the simulator shipped: awaiting activation, its KIT code known to the product. */
export async function shippedCard(test: RunningTestApp, options: Parameters<typeof orderedCard>[1] = {}) {
  const ordered = await orderedCard(test, options);
  await test.database.db.transaction((tx) =>
    ordered.simulator.shipNow(tx, ordered.card.processor_reference, test.clock.now()),
  );
  await syncNow(test);
  const letter = await ordered.simulator.letterOf(test.database.db, ordered.card.processor_reference);
  return { ...ordered, letter };
}

/** A card activated at the processor (as the activation call would), its state applied by the sync. */
export async function activatedCard(test: RunningTestApp, options: Parameters<typeof orderedCard>[1] = {}) {
  const shipped = await shippedCard(test, options);
  const outcome = await shipped.simulator.activate(
    test.database.db,
    shipped.card.processor_reference,
    { kitCode: shipped.letter.kit_code, activationCode: shipped.letter.activation_code },
    test.clock.now(),
  );
  if (outcome !== 'activated') throw new Error(`activation answered ${outcome}`);
  await syncNow(test);
  return shipped;
}

export async function cardRow(test: RunningTestApp, cardId: string) {
  const [card] = await test.database.db.select().from(cards).where(eq(cards.id, cardId));
  if (!card) throw new Error(`no card ${cardId}`);
  return card;
}

/**
 * A member of the card's company who holds the card (their email is its cardholder's), in a
 * permission group of `permissions` (card use alone by default).
 */
export async function cardHolderMember(
  test: RunningTestApp,
  card: Pick<CardRow, 'company_id' | 'cardholder_id'>,
  permissions: GroupPermission[] = ['cards'],
) {
  const [holder] = await test.database.db
    .select({ email: cardholders.email })
    .from(cardholders)
    .where(eq(cardholders.id, card.cardholder_id));
  if (!holder) throw new Error(`no cardholder ${card.cardholder_id}`);
  return colleague(test, card.company_id, permissions, { email: holder.email });
}

/** The fee a charging call carries back (`fee_quote`): the level's scheduled fee of `kind`, as a dialog shows it. */
export async function scheduledFeeQuote(test: RunningTestApp, level: CardLevel, kind: CardFeeKind) {
  return { amount: (await feeOf(test.database.db, level, kind)).amount, asset: 'USD' as const };
}

/** A top-up's fee as card/calc quotes it for the amount and coin: what the top-up dialog shows. */
export async function topUpFeeQuote(
  test: RunningTestApp,
  session: Pick<SignedIn, 'token' | 'userid'>,
  request: { card_id: string; amount: string; asset: Asset },
) {
  const quote = await call<TopUpQuote>(test, calcTopUp.path, request, { session });
  if (quote.code !== 200) throw new Error(`card/calc answered ${quote.code} ${quote.msg}`);
  return { amount: quote.data.fee, asset: 'USD' as const };
}

// Card applications through the real calls.

export async function cardCompany(test: KycTestApp, funds: Record<string, string> = { USDT: '10000', USDC: '10000' }) {
  return fundedCompany(test, { funds });
}

export async function uploadCardDocument(
  test: KycTestApp,
  session: SignedIn,
  purpose: 'cardholder_id' | 'proof_of_address',
  bytes: Buffer = pdfFile(),
): Promise<DocumentRef> {
  const ticket = await call<UploadTicket>(
    test,
    '/api/v1/card/documentUpload',
    { purpose, file_name: `${purpose}.pdf`, content_type: 'application/pdf', size_bytes: bytes.length },
    { session },
  );
  if (ticket.code !== 200) throw new Error(`card/documentUpload answered ${ticket.code} ${ticket.msg}`);
  const put = await putFile(test, ticket.data, bytes);
  if (put.statusCode !== 200) throw new Error(`storage answered ${put.statusCode}`);
  const completed = await call<DocumentRef>(
    test,
    '/api/v1/card/documentComplete',
    { upload_id: ticket.data.upload_id },
    { session },
  );
  if (completed.code !== 200) throw new Error(`card/documentComplete answered ${completed.code} ${completed.msg}`);
  return completed.data;
}

/** Sends the code to `email` and checks it: answers the proof card/audit takes. */
export async function proveEmail(test: KycTestApp, session: SignedIn, email: string): Promise<string> {
  const known = (await readMailbox(test, email)).length;
  const sent = await call(test, '/api/v1/card/sendCode', { email }, { session });
  if (sent.code !== 200) throw new Error(`card/sendCode answered ${sent.code} ${sent.msg}`);
  const code = codeIn(await nextEmail(test, email, known));
  const checked = await call<{ email_proof: string }>(test, '/api/v1/card/verifyCode', { email, code }, { session });
  if (checked.code !== 200) throw new Error(`card/verifyCode answered ${checked.code} ${checked.msg}`);
  return checked.data.email_proof;
}

/** An application with every field right (a director's passport, the proof of address 20 days old). */
export async function applicationBody(
  test: KycTestApp,
  session: SignedIn,
  overrides: Partial<SubmitCardApplicationRequest> = {},
): Promise<SubmitCardApplicationRequest> {
  const email = overrides.email ?? uniqueEmail('cardholder');
  const today = dayOf(test.clock.now());
  return {
    title: 'ms',
    first_name: 'Aiko',
    last_name: 'Tanaka',
    gender: 'female',
    date_of_birth: '1985-04-12',
    username: `aiko_${randomUUID().slice(0, 8)}`,
    email,
    email_proof: overrides.email_proof ?? (await proveEmail(test, session, email)),
    phone_country: 'SG',
    phone: '+65 9123 4567',
    applicant_type: 'director',
    sponsor_user_id: '',
    residence_address: {
      line1: '1 Raffles Place',
      line2: '#20-01',
      city: 'Singapore',
      state: '',
      country: 'SG',
      postal_code: '048616',
    },
    mailing_same_as_residence: true,
    mailing_address: null,
    id_type: 'passport',
    id_number: 'TK1234567',
    id_issuing_country: 'JP',
    id_language: 'en',
    id_issue_date: '2020-01-15',
    id_expiry_date: '2030-01-14',
    id_front_document_id: (await uploadCardDocument(test, session, 'cardholder_id')).document_id,
    id_back_document_id: null,
    proof_of_address_type: 'utility_bill',
    proof_of_address_issuer: 'SP Group',
    proof_of_address_language: 'en',
    proof_of_address_issue_date: addDays(today, -20),
    proof_of_address_front_document_id: (await uploadCardDocument(test, session, 'proof_of_address')).document_id,
    proof_of_address_back_document_id: null,
    documents_in_english: true,
    level: 'premier',
    network: 'visa',
    name_on_card: 'Aiko Tanaka',
    funding_asset: 'USDT',
    notes: '',
    accept_terms: true,
    declare_source_of_funds: true,
    ...overrides,
  };
}

export async function submitApplication(
  test: KycTestApp,
  session: SignedIn,
  body: SubmitCardApplicationRequest | Record<string, unknown>,
  key: string = randomUUID(),
) {
  return call<CardApplication>(test, '/api/v1/card/audit', body, { session, headers: idempotent(key) });
}

export { renewalsSchedule } from './renewals/renewals.ts';
/** For other modules' tests of card fees: the annual fee terms and the schedule that renews and expires cards. */
export { cardFeeTerms } from './renewals/tables.ts';
