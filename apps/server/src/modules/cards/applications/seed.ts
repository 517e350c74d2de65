/**
 * Demo card applications: the card review desk's staff account (cardreview@bank.localhost, a
 * compliance officer kept for the card application journey, so that the authenticator it pairs is
 * no other journey's), and one pending application of the approved demo company
 * (kyc-approved@demo.bank) for its director, with an ID and a proof of address, the card cost held
 * from its USDT, so that staff have one to review at once. Runs once per company.
 */
import { randomUUID } from 'node:crypto';
import { addDays, dayOf } from '@bank/contract/calendar';
import { SubmitCardApplicationRequest } from '@bank/contract/card-applications';
import { eq, sql } from 'drizzle-orm';
import type { CardProcessor } from '../../../adapters/card-processor/card-processor.ts';
import { createCardProcessorSimulator } from '../../../adapters/card-processor/simulator.ts';
import { createDocumentStorage } from '../../../adapters/storage/create-document-storage.ts';
import type { DbHandle } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { newId } from '../../../platform/ids.ts';
import type { DemoAccount, DemoSeeder } from '../../../platform/module.ts';
import { createSecretBox, type SecretBox } from '../../../platform/secret-box.ts';
import { ensureUser, users } from '../../account/index.ts';
import { insertDocument } from '../../documents/index.ts';
import { demoPdf, storeObject } from '../../kyc/index.ts';
import { ensureRates } from '../../ledger/index.ts';
import { simulatorKeyOf } from '../context.ts';
import { cardDocumentSection, sealEmailProof, submitApplication } from './applications.ts';
import { cardApplications } from './applications-table.ts';

const demoCompanyAdministrator = 'kyc-approved@demo.bank';

const cardReviewStaff = {
  email: 'cardreview@bank.localhost',
  password: 'Staff-CardReview#2026',
  fullName: 'Carmen Review',
} as const;

const reviewDesk: DemoAccount = {
  email: cardReviewStaff.email,
  password: cardReviewStaff.password,
  role: 'compliance_officer',
  note: 'card application review',
};

async function seedApplication(
  tx: DbHandle,
  dependencies: { processor: CardProcessor; secretBox: SecretBox; storage: ReturnType<typeof createDocumentStorage> },
  now: Date,
): Promise<void> {
  const [administrator] = await tx
    .select({ id: users.id, company_id: users.company_id })
    .from(users)
    .where(eq(users.email, demoCompanyAdministrator))
    .limit(1);
  const companyId = administrator?.company_id;
  if (!administrator || !companyId) return;
  const [existing] = await tx
    .select({ id: cardApplications.id })
    .from(cardApplications)
    .where(eq(cardApplications.company_id, companyId))
    .limit(1);
  if (existing) return;

  const document = async (purpose: 'cardholder_id' | 'proof_of_address', fileName: string, lines: string[]) => {
    const bytes = demoPdf(fileName.replace(/\.pdf$/, ''), lines);
    const key = `companies/${companyId}/${randomUUID()}`;
    await storeObject(dependencies.storage, key, bytes, now);
    const id = newId(now.getTime());
    await insertDocument(tx, {
      id,
      company_id: companyId,
      section: cardDocumentSection,
      kind: purpose,
      storage_key: key,
      file_name: fileName,
      mime_type: 'application/pdf',
      size_bytes: bytes.length,
      uploaded_by: administrator.id,
      created_at: now,
    });
    return id;
  };
  const email = 'hana.sato@meridian-treasury.example';
  const body = SubmitCardApplicationRequest.parse({
    title: 'ms',
    first_name: 'Hana',
    last_name: 'Sato',
    gender: 'female',
    date_of_birth: '1984-06-02',
    username: 'hana_sato',
    email,
    email_proof: sealEmailProof(dependencies.secretBox, companyId, email, now).email_proof,
    phone_country: 'SG',
    phone: '+65 9123 4567',
    applicant_type: 'director',
    residence_address: {
      line1: '8 Marina View',
      line2: '#30-01',
      city: 'Singapore',
      country: 'SG',
      postal_code: '018960',
    },
    mailing_same_as_residence: true,
    id_type: 'passport',
    id_number: 'TR4829175',
    id_issuing_country: 'JP',
    id_language: 'en',
    id_issue_date: '2021-03-15',
    id_expiry_date: '2031-03-14',
    id_front_document_id: await document('cardholder_id', 'passport-hana-sato.pdf', [
      'Passport TR4829175',
      'SATO, HANA - born 02/06/1984',
    ]),
    proof_of_address_type: 'utility_bill',
    proof_of_address_issuer: 'SP Group',
    proof_of_address_language: 'en',
    proof_of_address_issue_date: addDays(dayOf(now), -20),
    proof_of_address_front_document_id: await document('proof_of_address', 'utility-bill-hana-sato.pdf', [
      'SP Group electricity bill',
      '8 Marina View #30-01, Singapore 018960',
    ]),
    documents_in_english: true,
    level: 'prestige',
    network: 'visa',
    name_on_card: 'Hana Sato',
    funding_asset: 'USDT',
    accept_terms: true,
    declare_source_of_funds: true,
  });
  await submitApplication(
    tx,
    dependencies,
    { userId: administrator.id, companyId, ip: null, now, language: 'en' },
    body,
  );
}

/** Needs the configuration (the storage, and the server secret the processor simulator's key comes from). */
export const applicationDemoSeeder: DemoSeeder = {
  name: 'card_applications',
  async seed({ db, now, config }) {
    await ensureUser(db, { ...cardReviewStaff, role: 'compliance_officer' }, now);
    if (!config) return [reviewDesk];
    const secretBox = createSecretBox(config.appSecret);
    const processor = createCardProcessorSimulator({ secret: simulatorKeyOf(secretBox) });
    const storage = createDocumentStorage(config, { clock: { now: () => now } });
    try {
      await ensureRates(db, now);
      await db.transaction(async (tx) => {
        // As the other seeds: several instances starting together seed once.
        await tx.execute(sql`select pg_advisory_xact_lock(727014)`);
        try {
          await tx.transaction((savepoint) => seedApplication(savepoint, { processor, secretBox, storage }, now));
        } catch (error) {
          // A company without the USDT for the card cost (its demo deposit not credited): no demo application.
          if (!(error instanceof AppError)) throw error;
        }
      });
    } finally {
      await storage.close();
    }
    return [reviewDesk];
  },
};
