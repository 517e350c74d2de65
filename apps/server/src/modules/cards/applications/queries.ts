/**
 * Card applications' reads: query functions taking the database or transaction handle first, and
 * the views the calls answer. Applications (the company's, the review queue, one for staff, one
 * locked for a change) with their documents and the company's sponsors; cardholders and their KYC
 * records; a draft forgotten. The steps (configuration, the email's proof, submission, review,
 * corrections of a cardholder's KYC, drafts) are applications.ts's, review.ts's, cardholder-kyc.ts's
 * and drafts.ts's.
 */
import type {
  CardApplication,
  CardholderDocuments,
  CardholderKyc,
  CardholderKycSummary,
  StaffCardApplication,
} from '@bank/contract/card-applications';
import { cardSponsorRoles } from '@bank/contract/roles';
import type { CardApplicationStatus } from '@bank/contract/states';
import { and, asc, desc, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbHandle } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { isUuid } from '../../../platform/ids.ts';
import { formatAmountForWire, parseAmount } from '../../../platform/money.ts';
import { searchCondition } from '../../../platform/search.ts';
import { companies, users } from '../../account/index.ts';
import { type DocumentRow, documentRefOf, findDocumentsByIds } from '../../documents/index.ts';
import { cardholders, cards } from '../tables.ts';
import { type CardApplicationRow, cardApplicationDrafts, cardApplications } from './tables.ts';

// Applications ------------------------------------------------------------------------------------

export type Page<T> = { items: T[]; next_cursor: string | null };

/** The company's active members whose company role lets them sponsor a staff member's card. */
export async function sponsorsOf(handle: DbHandle, companyId: string, userId?: string) {
  const rows = await handle
    .select({ user_id: users.id, name: users.full_name, company_role: users.role })
    .from(users)
    .where(
      and(
        eq(users.company_id, companyId),
        eq(users.status, 'active'),
        inArray(users.role, [...cardSponsorRoles]),
        userId ? eq(users.id, userId) : undefined,
      ),
    )
    .orderBy(asc(users.full_name));
  return rows.map((row) => ({ ...row, company_role: row.company_role as 'director' | 'partner' }));
}

/** The four documents of a cardholder's KYC, whatever their state since (the review shows what was sent). */
async function documentsOfApplication(handle: DbHandle, row: CardApplicationRow): Promise<CardholderDocuments> {
  const ids = [
    row.id_front_document_id,
    row.id_back_document_id,
    row.address_front_document_id,
    row.address_back_document_id,
  ].filter((id): id is string => id !== null);
  const found = new Map(
    (await findDocumentsByIds(handle, row.company_id, ids)).map((document) => [document.id, document]),
  );
  const refOf = (id: string | null) => {
    const document: DocumentRow | undefined = id ? found.get(id) : undefined;
    return document ? documentRefOf(document) : null;
  };
  return {
    id_front: refOf(row.id_front_document_id),
    id_back: refOf(row.id_back_document_id),
    proof_of_address_front: refOf(row.address_front_document_id),
    proof_of_address_back: refOf(row.address_back_document_id),
  };
}

type JoinedApplication = {
  row: CardApplicationRow;
  submittedByName: string;
  decidedByName: string | null;
  companyName: string;
  card: {
    id: string;
    last4: string;
    status: typeof cards.$inferSelect.status;
    operation_stage: typeof cards.$inferSelect.operation_stage;
  } | null;
};

/** pending, approved or rejected as stored; `processing` while the card is in KYC processing at the processor. */
function applicationStatusOf(row: CardApplicationRow, cardStage: string | null): CardApplicationStatus {
  return row.status === 'approved' && cardStage === 'kyc_processing' ? 'processing' : row.status;
}

export function applicationOf({ row, submittedByName, card }: JoinedApplication): CardApplication {
  return {
    application_id: row.id,
    status: applicationStatusOf(row, card?.operation_stage ?? null),
    applicant_name: `${row.first_name} ${row.last_name}`,
    applicant_type: row.applicant_type,
    email: row.email,
    level: row.level,
    network: row.network,
    name_on_card: row.name_on_card,
    funding_asset: row.funding_asset,
    is_programme_enrolment: row.details.is_programme_enrolment === true,
    // USD with its 2 decimals, as the fee schedule shows it.
    card_cost: parseAmount(row.card_cost).toFixed(2),
    debit_amount: formatAmountForWire(parseAmount(row.debit_amount), row.funding_asset),
    rejection_reason: row.rejection_reason,
    submitted_by_name: submittedByName,
    card: card
      ? { card_id: card.id, last4: card.last4, status: card.status, operation_stage: card.operation_stage }
      : null,
    cardholder_id: row.cardholder_id,
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at?.toISOString() ?? null,
  };
}

const submitter = sql<string>`(select full_name from users where users.id = ${cardApplications.submitted_by})`;

const decider = sql<string | null>`(select full_name from users where users.id = ${cardApplications.decided_by})`;

/** Applications with who submitted and decided them, their company and their card, in the order asked. */
export async function joinedApplications(
  handle: DbHandle,
  where: SQL | undefined,
  order: SQL,
  limit: number,
): Promise<JoinedApplication[]> {
  const rows = await handle
    .select({
      row: cardApplications,
      submittedByName: submitter,
      decidedByName: decider,
      companyName: companies.name,
      cardId: cards.id,
      last4: cards.last4,
      cardStatus: cards.status,
      stage: cards.operation_stage,
    })
    .from(cardApplications)
    .innerJoin(companies, eq(companies.id, cardApplications.company_id))
    .leftJoin(cards, eq(cards.id, cardApplications.card_id))
    .where(where)
    .orderBy(order)
    .limit(limit);
  return rows.map((joined) => ({
    row: joined.row,
    submittedByName: joined.submittedByName,
    decidedByName: joined.decidedByName,
    companyName: joined.companyName ?? '',
    card:
      joined.cardId && joined.last4 && joined.cardStatus && joined.stage
        ? { id: joined.cardId, last4: joined.last4, status: joined.cardStatus, operation_stage: joined.stage }
        : null,
  }));
}

/** What a status filter means in rows: `processing` is approved with the card in KYC processing. */
function statusCondition(status: CardApplicationStatus | undefined): SQL | undefined {
  if (!status) return undefined;
  if (status === 'processing')
    return and(eq(cardApplications.status, 'approved'), eq(cards.operation_stage, 'kyc_processing'));
  if (status === 'approved')
    return and(
      eq(cardApplications.status, 'approved'),
      sql`${cards.operation_stage} is distinct from 'kyc_processing'`,
    );
  return eq(cardApplications.status, status);
}

const cursorOf = (request: { cursor?: string | undefined }) =>
  request.cursor && isUuid(request.cursor) ? request.cursor : undefined;

function pageOf<Row extends { row: { id: string } }, Item>(
  rows: Row[],
  pageSize: number,
  map: (row: Row) => Item,
): Page<Item> {
  const pageRows = rows.slice(0, pageSize);
  return {
    items: pageRows.map(map),
    next_cursor: rows.length > pageSize ? (pageRows.at(-1)?.row.id ?? null) : null,
  };
}

export async function companyApplications(
  handle: DbHandle,
  companyId: string,
  request: { page_size: number; cursor?: string | undefined; status?: CardApplicationStatus | undefined },
): Promise<Page<CardApplication>> {
  const cursor = cursorOf(request);
  const rows = await joinedApplications(
    handle,
    and(
      eq(cardApplications.company_id, companyId),
      statusCondition(request.status),
      cursor ? lt(cardApplications.id, cursor) : undefined,
    ),
    desc(cardApplications.id),
    request.page_size + 1,
  );
  return pageOf(rows, request.page_size, applicationOf);
}

/** The application behind a cardholder's KYC, locked for a change; another company's is not found. */
export async function lockedApplication(
  handle: DbHandle,
  applicationId: string,
  companyId?: string,
): Promise<CardApplicationRow> {
  const [row] = isUuid(applicationId)
    ? await handle
        .select()
        .from(cardApplications)
        .where(
          and(
            eq(cardApplications.id, applicationId),
            companyId ? eq(cardApplications.company_id, companyId) : undefined,
          ),
        )
        .for('update')
    : [];
  if (!row) throw new AppError('not_found', { detail: `no card application ${applicationId}` });
  return row;
}

// The review --------------------------------------------------------------------------------------

type Joined = Awaited<ReturnType<typeof joinedApplications>>[number];

function staffSummaryOf(joined: Joined) {
  return {
    ...applicationOf(joined),
    company_id: joined.row.company_id,
    company_name: joined.companyName,
    decided_by_name: joined.decidedByName,
  };
}

export async function reviewQueue(
  handle: DbHandle,
  request: {
    page_size: number;
    cursor?: string | undefined;
    status: CardApplicationStatus;
    search?: string | undefined;
  },
) {
  const cursor = cursorOf(request);
  // Pending applications are worked oldest first; decided ones read newest first.
  const isOldestFirst = request.status === 'pending';
  const rows = await joinedApplications(
    handle,
    and(
      statusCondition(request.status),
      // The search box: company, applicant's names, email and name on card, the application's id.
      searchCondition(request.search, [
        companies.name,
        cardApplications.first_name,
        cardApplications.last_name,
        cardApplications.email,
        cardApplications.name_on_card,
        cardApplications.id,
      ]),
      cursor ? (isOldestFirst ? gt(cardApplications.id, cursor) : lt(cardApplications.id, cursor)) : undefined,
    ),
    isOldestFirst ? asc(cardApplications.id) : desc(cardApplications.id),
    request.page_size + 1,
  );
  return pageOf(rows, request.page_size, staffSummaryOf);
}

export async function staffApplication(handle: DbHandle, applicationId: string): Promise<StaffCardApplication> {
  const row = await applicationForRead(handle, applicationId);
  const [joined] = await joinedApplications(handle, eq(cardApplications.id, row.id), desc(cardApplications.id), 1);
  if (!joined) throw new AppError('not_found', { detail: `no card application ${applicationId}` });
  return {
    ...staffSummaryOf(joined),
    details: joined.row.details,
    documents: await documentsOfApplication(handle, joined.row),
  };
}

async function applicationForRead(handle: DbHandle, applicationId: string): Promise<CardApplicationRow> {
  // Any company's: staff read them all (no lock: only a decision locks).
  const [row] = isUuid(applicationId)
    ? await handle.select().from(cardApplications).where(eq(cardApplications.id, applicationId))
    : [];
  if (!row) throw new AppError('not_found', { detail: `no card application ${applicationId}` });
  return row;
}

// Cardholders and their KYC -----------------------------------------------------------------------

export type CardholderRow = typeof cardholders.$inferSelect;

/** Each cardholder's newest card (a replacement is newer than the card it replaces). */
async function latestCards(handle: DbHandle, cardholderIds: readonly string[]) {
  if (cardholderIds.length === 0) return new Map<string, typeof cards.$inferSelect>();
  const rows = await handle
    .select()
    .from(cards)
    .where(inArray(cards.cardholder_id, [...cardholderIds]))
    .orderBy(desc(cards.id));
  const latest = new Map<string, typeof cards.$inferSelect>();
  for (const card of rows) if (!latest.has(card.cardholder_id)) latest.set(card.cardholder_id, card);
  return latest;
}

function cardholderSummaryOf(row: CardholderRow, card: typeof cards.$inferSelect | undefined): CardholderKycSummary {
  return {
    cardholder_id: row.id,
    application_id: row.application_id,
    name: `${row.first_name} ${row.last_name}`,
    email: row.email,
    username: row.username,
    applicant_type: row.applicant_type,
    member_id: row.member_id,
    kyc_id_status: row.kyc_id_status,
    kyc_address_status: row.kyc_address_status,
    kyc_message: row.kyc_message,
    card: card
      ? { card_id: card.id, last4: card.last4, status: card.status, operation_stage: card.operation_stage }
      : null,
    updated_at: row.updated_at.toISOString(),
  };
}

export async function cardholderKycList(
  handle: DbHandle,
  companyId: string,
  request: { page_size: number; cursor?: string | undefined },
): Promise<Page<CardholderKycSummary>> {
  const cursor = cursorOf(request);
  const rows = await handle
    .select()
    .from(cardholders)
    .where(and(eq(cardholders.company_id, companyId), cursor ? lt(cardholders.id, cursor) : undefined))
    .orderBy(desc(cardholders.id))
    .limit(request.page_size + 1);
  const pageRows = rows.slice(0, request.page_size);
  const latest = await latestCards(
    handle,
    pageRows.map((row) => row.id),
  );
  return {
    items: pageRows.map((row) => cardholderSummaryOf(row, latest.get(row.id))),
    next_cursor: rows.length > request.page_size ? (pageRows.at(-1)?.id ?? null) : null,
  };
}

export async function cardholderOf(
  handle: DbHandle,
  companyId: string,
  cardholderId: string,
  lock = false,
): Promise<CardholderRow> {
  const query = handle
    .select()
    .from(cardholders)
    .where(and(eq(cardholders.id, cardholderId), eq(cardholders.company_id, companyId)));
  const [row] = isUuid(cardholderId) ? await (lock ? query.for('update') : query) : [];
  if (!row) throw new AppError('not_found', { detail: `no cardholder ${cardholderId} in company ${companyId}` });
  return row;
}

export async function kycOf(handle: DbHandle, row: CardholderRow): Promise<CardholderKyc> {
  const [application] = row.application_id
    ? await handle.select().from(cardApplications).where(eq(cardApplications.id, row.application_id))
    : [];
  // A cardholder enrolled without an application (a programme card's holder, enrolled at binding)
  // has no KYC record here: the processor holds it.
  if (!application)
    throw new AppError('not_found', { detail: `cardholder ${row.id} was enrolled without an application` });
  const latest = await latestCards(handle, [row.id]);
  return {
    ...cardholderSummaryOf(row, latest.get(row.id)),
    details: application.details,
    documents: await documentsOfApplication(handle, application),
  };
}

export async function cardholderKyc(handle: DbHandle, companyId: string, cardholderId: string): Promise<CardholderKyc> {
  return kycOf(handle, await cardholderOf(handle, companyId, cardholderId));
}

// Drafts ------------------------------------------------------------------------------------------

/** Forgets the user's draft (after a submission, or to start again); answers whether there was one. */
export async function discardDraft(handle: DbHandle, owner: { userId: string }): Promise<boolean> {
  const removed = await handle
    .delete(cardApplicationDrafts)
    .where(eq(cardApplicationDrafts.user_id, owner.userId))
    .returning({ user_id: cardApplicationDrafts.user_id });
  return removed.length > 0;
}
