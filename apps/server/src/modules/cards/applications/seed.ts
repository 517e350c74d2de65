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
import { cardDocumentSection, sealEmailProof, submitApplication } from './applications.ts';
import { cardApplications } from './tables.ts';

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

const demoApplicantEmail = 'hana.sato@meridian-treasury.example';

/** A demo document, stored and recorded as the company's card document, as an upload would be. */
async function storeDemoDocument(
  tx: DbHandle,
  storage: ReturnType<typeof createDocumentStorage>,
  owner: { companyId: string; userId: string },
  now: Date,
  file: { purpose: 'cardholder_id' | 'proof_of_address'; fileName: string; lines: string[] },
): Promise<string> {
  const bytes = demoPdf(file.fileName.replace(/\.pdf$/, ''), file.lines);
  const key = `companies/${owner.companyId}/${randomUUID()}`;
  await storeObject(storage, key, bytes, now);
  const id = newId(now.getTime());
  await insertDocument(tx, {
    id,
    company_id: owner.companyId,
    section: cardDocumentSection,
    kind: file.purpose,
    storage_key: key,
    file_name: file.fileName,
    mime_type: 'application/pdf',
    size_bytes: bytes.length,
    uploaded_by: owner.userId,
    created_at: now,
  });
  return id;
}

/** The demo application's answers: a director's prestige card, with her ID and proof of address. */
function demoApplicationOf(proofs: { emailProof: string; idDocument: string; addressDocument: string }, now: Date) {
  return SubmitCardApplicationRequest.parse({
    title: 'ms',
    first_name: 'Hana',
    last_name: 'Sato',
    gender: 'female',
    date_of_birth: '1984-06-02',
    username: 'hana_sato',
    email: demoApplicantEmail,
    email_proof: proofs.emailProof,
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
    id_front_document_id: proofs.idDocument,
    proof_of_address_type: 'utility_bill',
    proof_of_address_issuer: 'SP Group',
    proof_of_address_language: 'en',
    proof_of_address_issue_date: addDays(dayOf(now), -20),
    proof_of_address_front_document_id: proofs.addressDocument,
    documents_in_english: true,
    level: 'prestige',
    network: 'visa',
    name_on_card: 'Hana Sato',
    funding_asset: 'USDT',
    accept_terms: true,
    declare_source_of_funds: true,
  });
}

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

  const owner = { companyId, userId: administrator.id };
  const idDocument = await storeDemoDocument(tx, dependencies.storage, owner, now, {
    purpose: 'cardholder_id',
    fileName: 'passport-hana-sato.pdf',
    lines: ['Passport TR4829175', 'SATO, HANA - born 02/06/1984'],
  });
  const addressDocument = await storeDemoDocument(tx, dependencies.storage, owner, now, {
    purpose: 'proof_of_address',
    fileName: 'utility-bill-hana-sato.pdf',
    lines: ['SP Group electricity bill', '8 Marina View #30-01, Singapore 018960'],
  });
  const emailProof = sealEmailProof(dependencies.secretBox, companyId, demoApplicantEmail, now).email_proof;
  const body = demoApplicationOf({ emailProof, idDocument, addressDocument }, now);
  await submitApplication(
    tx,
    dependencies,
    { userId: administrator.id, companyId, ip: null, now, language: 'en' },
    body,
  );
}

/** Needs the configuration (the storage, and the server secret the email's proof is sealed with) and the app's processor simulator. */
export const applicationDemoSeeder: DemoSeeder = {
  name: 'card_applications',
  async seed({ db, now, config, providers }) {
    await ensureUser(db, { ...cardReviewStaff, role: 'compliance_officer' }, now);
    const processor = providers?.simulators.cardProcessor;
    if (!config || !processor) return [reviewDesk];
    const secretBox = createSecretBox(config.appSecret);
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
