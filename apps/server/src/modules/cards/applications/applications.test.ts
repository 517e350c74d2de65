import { randomUUID } from 'node:crypto';
import { addDays, addYears, dayOf } from '@bank/contract/calendar';
import {
  type CardApplication,
  type CardApplyConfig,
  type CardholderKyc,
  type CardholderKycSummary,
  getCardApplyConfig,
  type StaffCardApplication,
} from '@bank/contract/card-applications';
import { errorCatalogue } from '@bank/contract/errors';
import type { InboxMessage } from '@bank/contract/inbox';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../platform/audit-table.ts';
import { call, type Envelope, settleEmails } from '../../../platform/test-support.ts';
import { memberWithoutGroup } from '../../account/test-support.ts';
import { depositOperator } from '../../deposits/test-support.ts';
import { createKycTestApp, type KycTestApp, newStaff } from '../../kyc/test-support.ts';
import { accountBalance, accountIdOf, checkLedgerInvariants, ensureRates } from '../../ledger/index.ts';
import { colleague } from '../../payouts/test-support.ts';
import { cardholders, cards } from '../tables.ts';
import {
  applicationBody,
  cardCompany,
  proveEmail,
  submitApplication,
  syncNow,
  testSimulator,
  uploadCardDocument,
} from '../test-support.ts';
import { cardApplications } from './tables.ts';

let test: KycTestApp;
beforeAll(async () => {
  test = await createKycTestApp();
  await ensureRates(test.database.db, test.clock.now());
});
afterAll(async () => {
  await test?.close();
});

const codes = {
  ok: 200,
  validation: errorCatalogue.validation.code,
  forbidden: errorCatalogue.forbidden.code,
  notFound: errorCatalogue.not_found.code,
  illegal: errorCatalogue.illegal_state.code,
  insufficient: errorCatalogue.insufficient_balance.code,
  incorrectCode: errorCatalogue.verification_code_incorrect.code,
};

const fieldsOf = (envelope: Envelope) =>
  (envelope.data as { fields?: Record<string, string> } | null)?.fields ?? ({} as Record<string, string>);
const today = () => dayOf(test.clock.now());

const submit = submitApplication;

async function available(companyId: string, asset: 'USDT' | 'USDC' = 'USDT'): Promise<number> {
  const db = test.database.db;
  const balance = await accountBalance(
    db,
    await accountIdOf(db, { kind: 'customer', companyId, asset }, test.clock.now()),
  );
  return Number(balance?.available ?? '0');
}

async function decide(applicationId: string, decision: 'approve' | 'reject', reason = '') {
  return call<StaffCardApplication>(
    test,
    '/api/v1/admin/cardApplications/decide',
    { application_id: applicationId, decision, reason },
    { session: await depositOperator(test) },
  );
}

/** Every rate quoted now again (moving the clock makes them stale). */
async function advanceClock(seconds: number) {
  test.clock.advance(seconds);
  const answer = await call(test, '/api/v1/admin/simulator/rates', {}, { session: await depositOperator(test) });
  expect(answer.code, answer.msg).toBe(codes.ok);
}

/** Moves the processor on (its KYC decisions) and applies its notifications. */
async function processorAdvances() {
  await advanceClock(61);
  await test.database.db.transaction((tx) => testSimulator(test).advance(tx, test.clock.now()));
  await syncNow(test);
}

describe('applying for a card', () => {
  it('checks the username at the processor, proves the email, holds the card cost and records the application pending', async () => {
    const client = await cardCompany(test);
    const before = await available(client.companyId);
    const config = await call<{ levels: { level: string; card_cost: string }[] }>(
      test,
      '/api/v1/card/applyConfig',
      {},
      { session: client.session },
    );
    expect(config.code).toBe(codes.ok);
    const premier = config.data.levels.find((level) => level.level === 'premier');
    expect(Number(premier?.card_cost)).toBeGreaterThan(0);

    const body = await applicationBody(test, client.session);
    const free = await call(
      test,
      '/api/v1/card/verifyUsername',
      { username: body.username },
      { session: client.session },
    );
    expect(free).toMatchObject({ code: codes.ok, data: { is_available: true } });

    const answer = await submit(test, client.session, body);
    expect(answer.code, answer.msg).toBe(codes.ok);
    expect(answer.data).toMatchObject({
      status: 'pending',
      applicant_name: 'Aiko Tanaka',
      name_on_card: 'AIKO TANAKA',
      card_cost: premier?.card_cost,
      funding_asset: 'USDT',
      card: null,
    });
    // Held, not taken: the available balance fell by the debit, the posted balance did not.
    expect(before - (await available(client.companyId))).toBeCloseTo(Number(answer.data.debit_amount), 6);

    const [row] = await test.database.db
      .select()
      .from(cardApplications)
      .where(eq(cardApplications.id, answer.data.application_id));
    expect(row?.hold_transfer_id).not.toBeNull();
    const [audit] = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'card_application.submitted'), eq(auditLog.company_id, client.companyId)));
    expect(audit?.detail).toMatchObject({ application_id: answer.data.application_id, level: 'premier' });

    // The username is now taken by the live application.
    const taken = await call(
      test,
      '/api/v1/card/verifyUsername',
      { username: body.username.toUpperCase() },
      { session: client.session },
    );
    expect(taken).toMatchObject({ code: codes.ok, data: { is_available: false } });
    const again = await submit(
      test,
      client.session,
      await applicationBody(test, client.session, { username: body.username }),
    );
    expect(again.code).toBe(codes.validation);
    expect(fieldsOf(again).username).toBe('This username is already taken. Choose another one.');

    const listed = await call<{ items: CardApplication[] }>(
      test,
      '/api/v1/card/applicationList',
      {},
      { session: client.session },
    );
    expect(listed.data.items.map((item) => item.application_id)).toEqual([answer.data.application_id]);
    await settleEmails(test);
    const inbox = await call<{ items: InboxMessage[] }>(test, '/api/v1/msg/list', {}, { session: client.session });
    expect(inbox.data.items.map((message) => message.kind)).toContain('card_application_submitted');
    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
  });

  it('answers a repeat with the same Idempotency-Key with the first application, holding once', async () => {
    const client = await cardCompany(test);
    const body = await applicationBody(test, client.session);
    const key = randomUUID();
    const first = await submit(test, client.session, body, key);
    const held = await available(client.companyId);
    const second = await submit(test, client.session, body, key);
    expect(second.code).toBe(codes.ok);
    expect(second.data.application_id).toBe(first.data.application_id);
    expect(await available(client.companyId)).toBe(held);
    const rows = await test.database.db
      .select()
      .from(cardApplications)
      .where(eq(cardApplications.company_id, client.companyId));
    expect(rows).toHaveLength(1);
  });

  it('refuses every field that breaks its rule, with its message', async () => {
    const client = await cardCompany(test);
    const body = await applicationBody(test, client.session);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ first_name: ' ' }, 'first_name', 'Please fill in this field'],
      [{ username: 'ab' }, 'username', 'Use letters, digits and underscores only'],
      [{ username: 'has space' }, 'username', 'Use letters, digits and underscores only'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid e-mail address'],
      [{ phone: '123' }, 'phone', 'Please enter a valid phone number'],
      [{ name_on_card: 'A' }, 'name_on_card', 'Use 2 to 26 Latin letters, spaces, hyphens, apostrophes or dots'],
      [
        { name_on_card: 'Zoë Müller' },
        'name_on_card',
        'Use 2 to 26 Latin letters, spaces, hyphens, apostrophes or dots',
      ],
      [{ name_on_card: 'A'.repeat(27) }, 'name_on_card', 'Enter at most 26 characters'],
      [{ id_number: '' }, 'id_number', 'ID number is required'],
      [{ accept_terms: false }, 'accept_terms', 'Please accept the terms to continue'],
      [{ declare_source_of_funds: false }, 'declare_source_of_funds', 'Please declare the source of funds'],
      [
        { documents_in_english: false },
        'documents_in_english',
        'Please confirm the documents are in English or carry a certified translation',
      ],
      [
        { applicant_type: 'staff', sponsor_user_id: '' },
        'sponsor_user_id',
        'A member of staff needs a director or partner as sponsor',
      ],
      [{ mailing_same_as_residence: false, mailing_address: null }, 'mailing_address', 'Please fill in this field'],
      [
        { id_type: 'national_id', id_back_document_id: null },
        'id_back_document_id',
        'A national ID needs its back as well',
      ],
      [{ level: 'gold' }, 'level', 'Choose one of the options'],
      [{ funding_asset: 'BTC' }, 'funding_asset', 'Choose one of the options'],
    ];
    for (const [change, field, message] of cases) {
      const answer = await submit(test, client.session, { ...body, ...change });
      expect(answer.code, `${field}: ${answer.msg}`).toBe(codes.validation);
      expect(fieldsOf(answer)[field], JSON.stringify(change)).toBe(message);
    }
    // Stored upper case, spaces folded.
    const accepted = await submit(test, client.session, { ...body, name_on_card: "  o'neil-smith  jr. " });
    expect(accepted.data.name_on_card).toBe("O'NEIL-SMITH JR.");
  });

  it('applies SPEC.md’s ID dates: no issue date is the 18th birthday, no expiry the birth date plus 55 years', async () => {
    const client = await cardCompany(test);
    const body = await applicationBody(test, client.session, {
      date_of_birth: '1990-02-28',
      id_issue_date: null,
      id_expiry_date: null,
    });
    const answer = await submit(test, client.session, body);
    expect(answer.code, answer.msg).toBe(codes.ok);
    const staff = await call<StaffCardApplication>(
      test,
      '/api/v1/admin/cardApplications/get',
      { application_id: answer.data.application_id },
      { session: await depositOperator(test) },
    );
    expect(staff.data.details).toMatchObject({
      id_issue_date: '2008-02-28',
      id_expiry_date: '2045-02-28',
      id_issue_date_defaulted: true,
      id_expiry_date_defaulted: true,
    });
  });

  it('refuses an applicant under 18, an expired ID, an issue date in the future and a default expiry already past', async () => {
    const client = await cardCompany(test);
    const body = await applicationBody(test, client.session);
    const now = today();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { date_of_birth: addDays(addYears(now, -18), 1) },
        'date_of_birth',
        'The cardholder must be at least 18 years old',
      ],
      [{ id_expiry_date: addDays(now, -1) }, 'id_expiry_date', 'This document has expired'],
      [
        { id_issue_date: addDays(now, 1) },
        'id_issue_date',
        'The issue date must be after the date of birth and not in the future',
      ],
      [
        { id_issue_date: '2020-01-15', id_expiry_date: '2019-01-01' },
        'id_expiry_date',
        'The expiry date must be after the issue date',
      ],
      [
        { date_of_birth: addYears(now, -60), id_issue_date: addYears(now, -5), id_expiry_date: null },
        'id_expiry_date',
        'Without an expiry date the document counts as expired at the holder’s 55th birthday: enter its expiry date',
      ],
    ];
    for (const [change, field, message] of cases) {
      const answer = await submit(test, client.session, { ...body, ...change });
      expect(answer.code, `${field}: ${answer.msg}`).toBe(codes.validation);
      expect(fieldsOf(answer)[field]).toBe(message);
    }
    // Exactly 18 today is old enough.
    const eighteen = await submit(test, client.session, { ...body, date_of_birth: addYears(now, -18) });
    expect(eighteen.code, eighteen.msg).toBe(codes.ok);
  });

  it('takes a proof of address dated within 90 days and not in the future', async () => {
    const client = await cardCompany(test);
    const body = await applicationBody(test, client.session);
    const old = await submit(test, client.session, { ...body, proof_of_address_issue_date: addDays(today(), -91) });
    expect(fieldsOf(old).proof_of_address_issue_date).toBe(
      'The proof of address must be dated within the last 90 days',
    );
    const future = await submit(test, client.session, { ...body, proof_of_address_issue_date: addDays(today(), 1) });
    expect(fieldsOf(future).proof_of_address_issue_date).toBe('The date cannot be in the future');
    const edge = await submit(test, client.session, { ...body, proof_of_address_issue_date: addDays(today(), -90) });
    expect(edge.code, edge.msg).toBe(codes.ok);
  });

  it('needs the email proven by its code, for this company and this address', async () => {
    const client = await cardCompany(test);
    const other = await cardCompany(test);
    const body = await applicationBody(test, client.session);
    const missing = await submit(test, client.session, { ...body, email_proof: '' });
    expect(fieldsOf(missing).email_proof).toBe('Confirm this email with the code we send to it.');
    const forged = await submit(test, client.session, { ...body, email_proof: 'v1.forged.proof.value' });
    expect(fieldsOf(forged).email).toBe('Confirm this email with the code we send to it.');
    const otherAddress = await submit(test, client.session, { ...body, email: 'someone.else@example.com' });
    expect(fieldsOf(otherAddress).email).toBe('Confirm this email with the code we send to it.');
    // Another company's proof of the same address proves nothing here (after the address's cool-down).
    await advanceClock(61);
    const theirs = await proveEmail(test, other.session, body.email);
    const borrowed = await submit(test, client.session, { ...body, email_proof: theirs });
    expect(fieldsOf(borrowed).email).toBe('Confirm this email with the code we send to it.');
    // The proof expires after 30 minutes (the session kept alive meanwhile: it ends after 15 idle minutes).
    for (let minutes = 0; minutes < 31; minutes += 11) {
      await advanceClock(11 * 60);
      expect((await call(test, '/api/v1/card/applicationList', {}, { session: client.session })).code).toBe(codes.ok);
    }
    const expired = await submit(test, client.session, body);
    expect(fieldsOf(expired).email).toBe('Confirm this email with the code we send to it.');
  });

  it('refuses a wrong code, and limits how often codes are sent to an address', async () => {
    const client = await cardCompany(test);
    const email = `limits-${randomUUID().slice(0, 8)}@example.com`;
    expect((await call(test, '/api/v1/card/sendCode', { email }, { session: client.session })).code).toBe(codes.ok);
    const wrong = await call(test, '/api/v1/card/verifyCode', { email, code: '000000' }, { session: client.session });
    expect(wrong.code).toBe(codes.incorrectCode);
    const tooSoon = await call(test, '/api/v1/card/sendCode', { email }, { session: client.session });
    expect(tooSoon.code).toBe(errorCatalogue.rate_limited.code);
  });

  it('refuses documents that are not the company’s cardholder documents of the right purpose', async () => {
    const client = await cardCompany(test);
    const other = await cardCompany(test);
    const body = await applicationBody(test, client.session);
    const theirs = await uploadCardDocument(test, other.session, 'cardholder_id');
    const foreign = await submit(test, client.session, { ...body, id_front_document_id: theirs.document_id });
    expect(fieldsOf(foreign).id_front_document_id).toBe('Upload this document again');
    const swapped = await submit(test, client.session, {
      ...body,
      id_front_document_id: body.proof_of_address_front_document_id,
    });
    expect(fieldsOf(swapped).id_front_document_id).toBe('Upload this document again');
  });

  it('takes a staff member’s application only with a director or partner of the company as sponsor', async () => {
    const client = await cardCompany(test);
    const director = await colleague(test, client.companyId, ['view_balances'], { role: 'director' });
    const staffMember = await colleague(test, client.companyId, ['view_balances']);
    const config = await call<CardApplyConfig>(test, getCardApplyConfig.path, {}, { session: client.session });
    expect(config.data.sponsors).toEqual([
      expect.objectContaining({ user_id: director.userId, company_role: 'director' }),
    ]);
    const byStaff = await submit(
      test,
      client.session,
      await applicationBody(test, client.session, { applicant_type: 'staff', sponsor_user_id: staffMember.userId }),
    );
    expect(byStaff.code).toBe(errorCatalogue.validation.code);
    expect(byStaff.data).toMatchObject({ fields: { sponsor_user_id: expect.any(String) } });
    const sponsored = await submit(
      test,
      client.session,
      await applicationBody(test, client.session, { applicant_type: 'staff', sponsor_user_id: director.userId }),
    );
    expect(sponsored.code).toBe(200);
    const [row] = await test.database.db
      .select()
      .from(cardApplications)
      .where(eq(cardApplications.company_id, client.companyId));
    expect(row?.details.sponsor_name).toBe('Casey Checker');
  });

  it('refuses when the chosen stable coin does not cover the card cost', async () => {
    const client = await cardCompany(test, { USDT: '10' });
    const body = await applicationBody(test, client.session, { level: 'prestige' });
    const answer = await submit(test, client.session, body);
    expect(answer.code).toBe(codes.insufficient);
    expect(
      await test.database.db.select().from(cardApplications).where(eq(cardApplications.company_id, client.companyId)),
    ).toHaveLength(0);
  });
});

describe('the review', () => {
  it('approves once: the card is ordered, the hold posted, the application processing, then approved once KYC passes', async () => {
    const client = await cardCompany(test);
    const body = await applicationBody(test, client.session);
    const submitted = await submit(test, client.session, body);
    const posted = await available(client.companyId);
    const queue = await call<{ items: StaffCardApplication[] }>(
      test,
      '/api/v1/admin/cardApplications/list',
      { status: 'pending', page_size: 100 },
      { session: await depositOperator(test) },
    );
    expect(queue.data.items.map((item) => item.application_id)).toContain(submitted.data.application_id);
    // The queue's search box: a part of the company's name, the applicant's email or the id, case aside.
    const found = async (search: string) =>
      (
        await call<{ items: StaffCardApplication[] }>(
          test,
          '/api/v1/admin/cardApplications/list',
          { status: 'pending', page_size: 100, search },
          { session: await depositOperator(test) },
        )
      ).data.items.map((item) => item.application_id);
    const mine = queue.data.items.find((item) => item.application_id === submitted.data.application_id);
    for (const search of [
      mine?.company_name.slice(2, 12).toUpperCase() ?? '',
      body.email.slice(0, 12),
      submitted.data.application_id.slice(-12),
    ])
      expect(await found(search), search).toContain(submitted.data.application_id);
    expect(await found('no company is called this')).toEqual([]);
    expect(await found('%')).toEqual([]);

    const approved = await decide(submitted.data.application_id, 'approve');
    expect(approved.code, approved.msg).toBe(codes.ok);
    expect(approved.data).toMatchObject({
      status: 'processing',
      card: { status: 'approved', operation_stage: 'kyc_processing' },
    });
    // Posted: the money stays gone, nothing more is taken.
    expect(await available(client.companyId)).toBe(posted);
    const [card] = await test.database.db
      .select()
      .from(cards)
      .where(eq(cards.id, approved.data.card?.card_id ?? ''));
    expect(card?.card_fee_paid).toBe(true);

    const twice = await decide(submitted.data.application_id, 'reject', 'Changed our mind');
    expect(twice.code).toBe(codes.illegal);

    const kycList = await call<{ items: CardholderKycSummary[] }>(
      test,
      '/api/v1/card/accountKycList',
      {},
      { session: client.session },
    );
    expect(kycList.data.items).toEqual([
      expect.objectContaining({
        name: 'Aiko Tanaka',
        kyc_id_status: 'under_review',
        kyc_address_status: 'under_review',
      }),
    ]);

    await processorAdvances();
    const after = await call<{ items: CardApplication[] }>(
      test,
      '/api/v1/card/applicationList',
      {},
      { session: client.session },
    );
    expect(after.data.items[0]?.status).toBe('approved');
    await settleEmails(test);
    const inbox = await call<{ items: InboxMessage[] }>(test, '/api/v1/msg/list', {}, { session: client.session });
    expect(inbox.data.items.map((message) => message.kind)).toContain('card_application_approved');
    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
  });

  it('enrols an applicant for a programme card: no card cost held, no card ordered, the cardholder’s KYC decided by the processor', async () => {
    const client = await cardCompany(test);
    const before = await available(client.companyId);
    const body = { ...(await applicationBody(test, client.session)), is_programme_enrolment: true };
    const submitted = await submit(test, client.session, body);
    expect(submitted.code, submitted.msg).toBe(codes.ok);
    expect(submitted.data).toMatchObject({ is_programme_enrolment: true, card_cost: '0.00' });
    expect(await available(client.companyId)).toBe(before);
    const approved = await decide(submitted.data.application_id, 'approve');
    expect(approved.code, approved.msg).toBe(codes.ok);
    expect(approved.data).toMatchObject({ status: 'approved', card: null });
    const cardholderId = approved.data.cardholder_id ?? '';
    expect(await test.database.db.select().from(cards).where(eq(cards.cardholder_id, cardholderId))).toEqual([]);
    await processorAdvances();
    const [holder] = await test.database.db.select().from(cardholders).where(eq(cardholders.id, cardholderId));
    expect(holder).toMatchObject({ kyc_id_status: 'success', kyc_address_status: 'success' });
  });

  it('rejects with a required reason: the hold is voided and the company reads the reason', async () => {
    const client = await cardCompany(test);
    const before = await available(client.companyId);
    const submitted = await submit(test, client.session, await applicationBody(test, client.session));
    const noReason = await decide(submitted.data.application_id, 'reject', '  ');
    expect(noReason.code).toBe(codes.validation);
    expect(fieldsOf(noReason).reason).toBe('Please fill in the reason');
    const rejected = await decide(submitted.data.application_id, 'reject', 'The passport scan is unreadable.');
    expect(rejected.data).toMatchObject({ status: 'rejected', rejection_reason: 'The passport scan is unreadable.' });
    expect(await available(client.companyId)).toBe(before);
    const listed = await call<{ items: CardApplication[] }>(
      test,
      '/api/v1/card/applicationList',
      {},
      { session: client.session },
    );
    expect(listed.data.items[0]).toMatchObject({
      status: 'rejected',
      rejection_reason: 'The passport scan is unreadable.',
    });
    // A rejected application's username is free again.
    const free = await call(
      test,
      '/api/v1/card/verifyUsername',
      { username: rejected.data.details.username },
      { session: client.session },
    );
    expect(free.data).toMatchObject({ is_available: true });
    await settleEmails(test);
    const inbox = await call<{ items: InboxMessage[] }>(test, '/api/v1/msg/list', {}, { session: client.session });
    expect(inbox.data.items.find((message) => message.kind === 'card_application_rejected')?.params).toMatchObject({
      reason: 'The passport scan is unreadable.',
    });
  });

  it('lets staff read the documents, and answers not_found for an unknown application', async () => {
    const client = await cardCompany(test);
    const submitted = await submit(test, client.session, await applicationBody(test, client.session));
    const officer = await newStaff(test, 'compliance_officer');
    const detail = await call<StaffCardApplication>(
      test,
      '/api/v1/admin/cardApplications/get',
      { application_id: submitted.data.application_id },
      { session: officer },
    );
    expect(detail.code).toBe(codes.ok);
    const documentId = detail.data.documents.id_front?.document_id ?? '';
    const link = await call(test, '/api/v1/init/documentUrl', { document_id: documentId }, { session: officer });
    expect(link.code).toBe(codes.ok);
    const unknown = await call(
      test,
      '/api/v1/admin/cardApplications/get',
      { application_id: randomUUID() },
      { session: officer },
    );
    expect(unknown.code).toBe(codes.notFound);
  });
});

describe('who may', () => {
  it('refuses a company user without the cards permission and staff without card_review', async () => {
    const client = await cardCompany(test);
    const member = await memberWithoutGroup(test, client.companyId);
    for (const path of ['/api/v1/card/applyConfig', '/api/v1/card/accountKycList', '/api/v1/card/applicationList']) {
      expect((await call(test, path, {}, { session: member })).code, path).toBe(codes.forbidden);
    }
    const manager = await newStaff(test, 'sales_relationship_manager');
    const queue = await call(test, '/api/v1/admin/cardApplications/list', {}, { session: manager });
    expect(queue.code).toBe(codes.forbidden);
    // Staff are no company: the client calls refuse them.
    const officer = await newStaff(test, 'compliance_officer');
    expect((await call(test, '/api/v1/card/accountKycList', {}, { session: officer })).code).toBe(codes.forbidden);
  });
});

describe('cardholders’ KYC (kycManage)', () => {
  async function approvedCardholder() {
    const client = await cardCompany(test);
    const body = await applicationBody(test, client.session);
    const submitted = await submit(test, client.session, body);
    const approved = await decide(submitted.data.application_id, 'approve');
    return { client, body, cardholderId: approved.data.cardholder_id ?? '' };
  }

  it('shows the cardholder to its company only; another company’s id is not found', async () => {
    const { client, cardholderId } = await approvedCardholder();
    const mine = await call<CardholderKyc>(
      test,
      '/api/v1/card/getCardKyc',
      { cardholder_id: cardholderId },
      { session: client.session },
    );
    expect(mine.code).toBe(codes.ok);
    expect(mine.data.documents.id_front).not.toBeNull();
    expect(mine.data.member_id).toMatch(/^[A-Z0-9]{5,20}$/);
    const other = await cardCompany(test);
    for (const [path, body] of [
      ['/api/v1/card/getCardKyc', { cardholder_id: cardholderId }],
      ['/api/v1/card/updateMemberInfo', { cardholder_id: cardholderId, username: 'someone_else' }],
    ] as const) {
      expect((await call(test, path, body, { session: other.session })).code, path).toBe(codes.notFound);
    }
  });

  it('takes an ID correction after the processor refused it, and puts the ID under review again', async () => {
    const { client, body, cardholderId } = await approvedCardholder();
    const correction = {
      cardholder_id: cardholderId,
      id_type: 'national_id',
      id_number: 'S1234567D',
      id_issuing_country: 'SG',
      id_language: 'en',
      id_issue_date: '2019-05-01',
      id_expiry_date: '',
      id_front_document_id: body.id_front_document_id,
      id_back_document_id: (await uploadCardDocument(test, client.session, 'cardholder_id')).document_id,
    };
    const whileReviewing = await call(test, '/api/v1/card/updateIdKycInfo', correction, { session: client.session });
    expect(whileReviewing.code).toBe(codes.illegal);

    const [holder] = await test.database.db.select().from(cardholders).where(eq(cardholders.id, cardholderId));
    await testSimulator(test).refuseNextKyc(test.database.db, holder?.member_id ?? '', 'id');
    await processorAdvances();
    const refused = await call<CardholderKyc>(
      test,
      '/api/v1/card/getCardKyc',
      { cardholder_id: cardholderId },
      { session: client.session },
    );
    expect(refused.data.kyc_id_status).toBe('failed');
    expect(refused.data.kyc_message).toBeTruthy();

    const corrected = await call<CardholderKyc>(test, '/api/v1/card/updateIdKycInfo', correction, {
      session: client.session,
    });
    expect(corrected.code, corrected.msg).toBe(codes.ok);
    expect(corrected.data).toMatchObject({ kyc_id_status: 'under_review', kyc_message: null });
    expect(corrected.data.details).toMatchObject({
      id_type: 'national_id',
      id_number: 'S1234567D',
      id_expiry_date: '2040-04-12',
    });
  });

  it('changes the mobile freely, the email only with its code proof, and the username when free', async () => {
    const { client, cardholderId } = await approvedCardholder();
    const newEmail = `new-${randomUUID().slice(0, 8)}@example.com`;
    const base = { cardholder_id: cardholderId, phone_country: 'SG', phone: '+65 9876 5432' };
    const unproven = await call(
      test,
      '/api/v1/card/updateAccountInfo',
      { ...base, email: newEmail },
      { session: client.session },
    );
    expect(fieldsOf(unproven).email).toBe('Confirm this email with the code we send to it.');
    const proof = await proveEmail(test, client.session, newEmail);
    const changed = await call<CardholderKyc>(
      test,
      '/api/v1/card/updateAccountInfo',
      { ...base, email: newEmail, email_proof: proof },
      { session: client.session },
    );
    expect(changed.code, changed.msg).toBe(codes.ok);
    expect(changed.data).toMatchObject({ email: newEmail, details: { phone: '+65 9876 5432' } });

    const taken = (await submit(test, client.session, await applicationBody(test, client.session))).data;
    const [takenRow] = await test.database.db
      .select()
      .from(cardApplications)
      .where(eq(cardApplications.id, taken.application_id));
    const refused = await call(
      test,
      '/api/v1/card/updateMemberInfo',
      { cardholder_id: cardholderId, username: takenRow?.username ?? '' },
      { session: client.session },
    );
    expect(fieldsOf(refused).username).toBe('This username is already taken. Choose another one.');
    const renamed = await call<CardholderKyc>(
      test,
      '/api/v1/card/updateMemberInfo',
      { cardholder_id: cardholderId, username: `renamed_${randomUUID().slice(0, 6)}` },
      { session: client.session },
    );
    expect(renamed.code, renamed.msg).toBe(codes.ok);
    expect(renamed.data.username).toMatch(/^renamed_/);
  });
});
