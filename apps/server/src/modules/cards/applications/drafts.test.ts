import { randomUUID } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import { addDays, dayOf } from '@bank/contract/calendar';
import type { CardApplicationDraft, CardApplicationDraftValues } from '@bank/contract/card-application-drafts';
import type { CardApplication } from '@bank/contract/card-applications';
import { errorCatalogue } from '@bank/contract/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, uniqueEmail } from '../../../platform/test-support.ts';
import { memberWithoutGroup } from '../../account/test-support.ts';
import { documents } from '../../documents/index.ts';
import { createKycTestApp, type KycTestApp, setKycStatus } from '../../kyc/test-support.ts';
import { ensureRates } from '../../ledger/index.ts';
import { colleague, fundedCompany, idempotent } from '../../payouts/test-support.ts';
import { proveEmail, uploadCardDocument } from '../test-support.ts';
import { cardApplicationDrafts } from './tables.ts';

let test: KycTestApp;
beforeAll(async () => {
  test = await createKycTestApp();
  await ensureRates(test.database.db, test.clock.now());
});
afterAll(async () => {
  await test?.close();
});

const paths = {
  get: '/api/v1/card/applicationDraft/get',
  save: '/api/v1/card/applicationDraft/save',
  discard: '/api/v1/card/applicationDraft/discard',
};

const readDraft = (session: SignedIn) => call<{ draft: CardApplicationDraft | null }>(test, paths.get, {}, { session });
const saveDraft = (session: SignedIn, values: CardApplicationDraftValues, step = 'cardholder') =>
  call<{ saved_at: string }>(test, paths.save, { values, step }, { session });

/** What a user typed into the first three steps: the ID's dates left out. */
const typedSoFar = {
  title: 'ms',
  first_name: 'Aiko',
  last_name: 'Tanaka',
  gender: 'female',
  date_of_birth: '1985-04-12',
  username: 'aiko_draft',
  email: 'aiko.draft@example',
  applicant_type: 'director',
  residence_address: { line1: '1 Raffles Place', city: 'Singapore', country: 'SG' },
  mailing_same_as_residence: true,
  id_type: 'passport',
  id_number: 'TK12',
  id_issue_date: '',
  id_expiry_date: '',
  notes: 'Two lines\nof notes',
} satisfies CardApplicationDraftValues;

describe('the draft of a card application', () => {
  it('keeps what the user typed, their documents and their step, and reads it back as it was', async () => {
    const client = await fundedCompany(test);
    expect((await readDraft(client.session)).data).toEqual({ draft: null });

    const idFront = await uploadCardDocument(test, client.session, 'cardholder_id');
    const saved = await saveDraft(client.session, { ...typedSoFar, id_front_document_id: idFront.document_id }, 'id');
    expect(saved.code).toBe(200);
    expect(Date.parse(saved.data.saved_at)).not.toBeNaN();

    const read = await readDraft(client.session);
    expect(read.code).toBe(200);
    expect(read.data.draft).toEqual({
      values: { ...typedSoFar, id_front_document_id: idFront.document_id },
      step: 'id',
      documents: { id_front: idFront, id_back: null, proof_of_address_front: null, proof_of_address_back: null },
      saved_at: saved.data.saved_at,
    });
    // No date the user did not type: the ID's dates stay empty in the draft.
    expect(read.data.draft?.values.id_issue_date).toBe('');
    expect(read.data.draft?.values.id_expiry_date).toBe('');

    // A later save replaces the draft (one per user).
    test.clock.advance(5);
    const later = await saveDraft(client.session, { first_name: 'Aiko', id_issue_date: '2020-01-15' }, 'address');
    expect(later.code).toBe(200);
    const replaced = await readDraft(client.session);
    expect(replaced.data.draft).toMatchObject({
      values: { first_name: 'Aiko', id_issue_date: '2020-01-15' },
      step: 'address',
      saved_at: later.data.saved_at,
    });
    expect(replaced.data.draft?.values).not.toHaveProperty('last_name');

    expect((await call(test, paths.discard, {}, { session: client.session })).data).toEqual({ is_discarded: true });
    expect((await readDraft(client.session)).data).toEqual({ draft: null });
    expect((await call(test, paths.discard, {}, { session: client.session })).data).toEqual({ is_discarded: false });
  });

  // Before the tests that move the clock: the card cost is charged at the current rates.
  it('is gone once the application is submitted', async () => {
    const client = await fundedCompany(test, { funds: { USDT: '10000' } });
    const email = uniqueEmail('cardholder');
    const idFront = await uploadCardDocument(test, client.session, 'cardholder_id');
    const proofFront = await uploadCardDocument(test, client.session, 'proof_of_address');
    const body = {
      ...typedSoFar,
      username: `aiko_${randomUUID().slice(0, 8)}`,
      email,
      email_proof: await proveEmail(test, client.session, email),
      phone_country: 'SG',
      phone: '+65 9123 4567',
      sponsor_user_id: '',
      mailing_address: null,
      id_number: 'TK1234567',
      id_issuing_country: 'JP',
      id_language: 'en',
      id_issue_date: null,
      id_expiry_date: null,
      id_front_document_id: idFront.document_id,
      id_back_document_id: null,
      proof_of_address_type: 'utility_bill',
      proof_of_address_issuer: 'SP Group',
      proof_of_address_language: 'en',
      proof_of_address_issue_date: addDays(dayOf(test.clock.now()), -20),
      proof_of_address_front_document_id: proofFront.document_id,
      proof_of_address_back_document_id: null,
      documents_in_english: true,
      level: 'premier',
      network: 'visa',
      name_on_card: 'Aiko Tanaka',
      funding_asset: 'USDT',
      notes: '',
      accept_terms: true,
      declare_source_of_funds: true,
    };
    expect((await saveDraft(client.session, { ...typedSoFar, email }, 'review')).code).toBe(200);
    const submitted = await call<CardApplication>(test, '/api/v1/card/audit', body, {
      session: client.session,
      headers: idempotent(),
    });
    expect(submitted.code).toBe(200);
    expect((await readDraft(client.session)).data).toEqual({ draft: null });
    const rows = await test.database.db
      .select()
      .from(cardApplicationDrafts)
      .where(eq(cardApplicationDrafts.company_id, client.companyId));
    expect(rows).toEqual([]);
  });

  it('is its writer’s alone: a colleague of the same company neither reads nor replaces it', async () => {
    const client = await fundedCompany(test);
    const other = await colleague(test, client.companyId, ['card_management']);
    expect((await saveDraft(client.session, typedSoFar, 'address')).code).toBe(200);

    expect((await readDraft(other)).data).toEqual({ draft: null });
    expect((await saveDraft(other, { first_name: 'Someone else' })).code).toBe(200);
    expect((await call(test, paths.discard, {}, { session: other })).data).toEqual({ is_discarded: true });

    const mine = await readDraft(client.session);
    expect(mine.data.draft).toMatchObject({ values: typedSoFar, step: 'address' });
    // Another company's administrator reads nothing either.
    const stranger = await fundedCompany(test);
    expect((await readDraft(stranger.session)).data).toEqual({ draft: null });
  });

  it('refuses a document that is not one of the company’s card documents, and drops one removed since', async () => {
    const client = await fundedCompany(test);
    const stranger = await fundedCompany(test);
    const theirs = await uploadCardDocument(test, stranger.session, 'cardholder_id');
    const refused = await saveDraft(client.session, { id_front_document_id: theirs.document_id });
    expect(refused.code).toBe(errorCatalogue.validation.code);
    expect((refused.data as unknown as { fields: Record<string, string> }).fields).toHaveProperty(
      'id_front_document_id',
    );
    const proof = await uploadCardDocument(test, client.session, 'proof_of_address');
    const wrongPurpose = await saveDraft(client.session, { id_front_document_id: proof.document_id });
    expect(wrongPurpose.code).toBe(errorCatalogue.validation.code);
    expect((await readDraft(client.session)).data).toEqual({ draft: null });

    expect((await saveDraft(client.session, { proof_of_address_front_document_id: proof.document_id })).code).toBe(200);
    await test.database.db
      .update(documents)
      .set({ deleted_at: test.clock.now() })
      .where(eq(documents.id, proof.document_id));
    const read = await readDraft(client.session);
    expect(read.data.draft?.values.proof_of_address_front_document_id).toBeNull();
    expect(read.data.draft?.documents.proof_of_address_front).toBeNull();
  });

  it('reads the email’s proof back only while it is valid', async () => {
    const client = await fundedCompany(test);
    const email = uniqueEmail('drafted');
    const proof = await proveEmail(test, client.session, email);
    expect((await saveDraft(client.session, { email, email_proof: proof })).code).toBe(200);
    expect((await readDraft(client.session)).data.draft?.values.email_proof).toBe(proof);
    // 31 minutes on (the session kept alive meanwhile): the proof's 30 minutes have passed.
    test.clock.advance(14 * 60);
    expect((await readDraft(client.session)).data.draft?.values.email_proof).toBe(proof);
    test.clock.advance(14 * 60);
    expect((await readDraft(client.session)).data.draft?.values.email_proof).toBe(proof);
    test.clock.advance(3 * 60);
    expect((await readDraft(client.session)).data.draft?.values).toEqual({ email, email_proof: '' });
  });

  it('needs card management and an approved company, like the application', async () => {
    const client = await fundedCompany(test);
    const member = await memberWithoutGroup(test, client.companyId);
    expect((await readDraft(member)).code).toBe(errorCatalogue.forbidden.code);
    expect((await saveDraft(member, typedSoFar)).code).toBe(errorCatalogue.forbidden.code);
    await setKycStatus(test, client.companyId, 'pending_review');
    expect((await readDraft(client.session)).code).toBe(errorCatalogue.kyc_not_approved.code);
  });

  it('refuses an answer longer than the application takes, and a field it does not know', async () => {
    const client = await fundedCompany(test);
    expect((await saveDraft(client.session, { first_name: 'A'.repeat(51) })).code).toBe(errorCatalogue.validation.code);
    expect((await saveDraft(client.session, { secret: 'x' } as never)).code).toBe(errorCatalogue.validation.code);
    expect((await saveDraft(client.session, { date_of_birth: 'soon' })).code).toBe(errorCatalogue.validation.code);
  });
});
