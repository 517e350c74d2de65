/**
 * Reading and writing announcements. Every function takes the database or a transaction first, so
 * that the service can join several in one transaction. What a client may read is one condition
 * (`readableBy`): published, within its window at `now`, and aimed at all companies or at theirs.
 */
import {
  type AnnouncementAudience,
  type AnnouncementCompany,
  type AnnouncementState,
  announcementStateOf,
  type ClientAnnouncement,
  type ManagedAnnouncement,
} from '@bank/contract/announcements';
import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { companies, users } from '../account/index.ts';
import { announcementCompanies, announcements } from './tables.ts';

export type AnnouncementRow = typeof announcements.$inferSelect;

export type AnnouncementValues = {
  title_en: string;
  body_en: string;
  title_ch: string;
  body_ch: string;
  title_jp: string;
  body_jp: string;
  starts_at: Date;
  ends_at: Date | null;
  audience: AnnouncementAudience;
};

function notFound(id: string): AppError {
  return new AppError('not_found', { detail: `no announcement ${id} for this caller` });
}

/** The row, locked for the caller's change when `forUpdate`; not found for an id that is not one. */
export async function announcementRow(handle: DbHandle, id: string, forUpdate = false): Promise<AnnouncementRow> {
  if (!isUuid(id)) throw notFound(id);
  const query = handle.select().from(announcements).where(eq(announcements.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(id);
  return row;
}

export function stateOfRow(row: AnnouncementRow, now: Date): AnnouncementState {
  return announcementStateOf(
    {
      is_published: row.is_published,
      was_published: row.published_at !== null,
      starts_at: row.starts_at.toISOString(),
      ends_at: row.ends_at?.toISOString() ?? null,
    },
    now,
  );
}

/**
 * The chosen companies as given, each once; a company that does not exist is refused on the field,
 * as a typo would be, rather than stored as an audience nobody is in.
 */
export async function checkedCompanyIds(handle: DbHandle, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const unknown = () =>
    new AppError('validation', { fields: { company_ids: { key: 'announcements.validation.company_unknown' } } });
  if (!unique.every(isUuid)) throw unknown();
  const found = await handle.select({ id: companies.id }).from(companies).where(inArray(companies.id, unique));
  if (found.length !== unique.length) throw unknown();
  return unique;
}

export async function insertAnnouncement(
  handle: DbHandle,
  row: AnnouncementValues & { id: string; userId: string; now: Date },
  companyIds: readonly string[],
): Promise<AnnouncementRow> {
  const [inserted] = await handle
    .insert(announcements)
    .values({
      id: row.id,
      title_en: row.title_en,
      body_en: row.body_en,
      title_ch: row.title_ch,
      body_ch: row.body_ch,
      title_jp: row.title_jp,
      body_jp: row.body_jp,
      starts_at: row.starts_at,
      ends_at: row.ends_at,
      audience: row.audience,
      created_by: row.userId,
      created_at: row.now,
      updated_by: row.userId,
      updated_at: row.now,
    })
    .returning();
  if (!inserted) throw new Error('the announcement was not inserted');
  await replaceCompanies(handle, inserted.id, companyIds);
  return inserted;
}

export async function updateAnnouncementRow(
  handle: DbHandle,
  id: string,
  values: AnnouncementValues & { userId: string; now: Date },
  companyIds: readonly string[],
): Promise<AnnouncementRow> {
  const { userId, now, ...texts } = values;
  const [updated] = await handle
    .update(announcements)
    .set({ ...texts, updated_by: userId, updated_at: now })
    .where(eq(announcements.id, id))
    .returning();
  if (!updated) throw notFound(id);
  await replaceCompanies(handle, id, companyIds);
  return updated;
}

async function replaceCompanies(handle: DbHandle, id: string, companyIds: readonly string[]): Promise<void> {
  await handle.delete(announcementCompanies).where(eq(announcementCompanies.announcement_id, id));
  if (companyIds.length > 0)
    await handle
      .insert(announcementCompanies)
      .values(companyIds.map((companyId) => ({ announcement_id: id, company_id: companyId })));
}

export async function setPublished(
  handle: DbHandle,
  id: string,
  change: { isPublished: boolean; userId: string; now: Date },
): Promise<AnnouncementRow> {
  const [row] = await handle
    .update(announcements)
    .set({
      is_published: change.isPublished,
      ...(change.isPublished ? { published_at: change.now } : {}),
      updated_by: change.userId,
      updated_at: change.now,
    })
    .where(eq(announcements.id, id))
    .returning();
  if (!row) throw notFound(id);
  return row;
}

export async function markDelivered(handle: DbHandle, id: string, now: Date): Promise<void> {
  await handle.update(announcements).set({ delivered_at: now }).where(eq(announcements.id, id));
}

/** One announcement as staff read it at `now`. */
export async function managedAnnouncement(handle: DbHandle, id: string, now: Date): Promise<ManagedAnnouncement> {
  return managedAnnouncementOf(handle, await announcementRow(handle, id), now);
}

/** The chosen companies of each announcement, by name. */
async function companiesOfAnnouncements(
  handle: DbHandle,
  ids: readonly string[],
): Promise<Map<string, AnnouncementCompany[]>> {
  const byAnnouncement = new Map<string, AnnouncementCompany[]>();
  if (ids.length === 0) return byAnnouncement;
  const rows = await handle
    .select({ announcement_id: announcementCompanies.announcement_id, company_id: companies.id, name: companies.name })
    .from(announcementCompanies)
    .innerJoin(companies, eq(companies.id, announcementCompanies.company_id))
    .where(inArray(announcementCompanies.announcement_id, [...ids]))
    .orderBy(asc(companies.name), asc(companies.id));
  for (const row of rows) {
    const list = byAnnouncement.get(row.announcement_id) ?? [];
    list.push({ company_id: row.company_id, name: row.name });
    byAnnouncement.set(row.announcement_id, list);
  }
  return byAnnouncement;
}

export async function companyIdsOf(handle: DbHandle, id: string): Promise<string[]> {
  const rows = await handle
    .select({ company_id: announcementCompanies.company_id })
    .from(announcementCompanies)
    .where(eq(announcementCompanies.announcement_id, id));
  return rows.map((row) => row.company_id);
}

function textsOf(row: AnnouncementRow) {
  return {
    title_en: row.title_en,
    body_en: row.body_en,
    title_ch: row.title_ch,
    body_ch: row.body_ch,
    title_jp: row.title_jp,
    body_jp: row.body_jp,
  };
}

/** Rows as staff read them: with the chosen companies' names, the state at `now` and who changed them last. */
async function managedAnnouncementsOf(
  handle: DbHandle,
  rows: readonly AnnouncementRow[],
  now: Date,
): Promise<ManagedAnnouncement[]> {
  const chosen = await companiesOfAnnouncements(
    handle,
    rows.filter((row) => row.audience === 'chosen_companies').map((row) => row.id),
  );
  const editorIds = [...new Set(rows.map((row) => row.updated_by))];
  const editors =
    editorIds.length === 0
      ? []
      : await handle.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, editorIds));
  const emailOf = new Map(editors.map((editor) => [editor.id, editor.email]));
  return rows.map((row) => ({
    announcement_id: row.id,
    ...textsOf(row),
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at?.toISOString() ?? null,
    audience: row.audience,
    companies: chosen.get(row.id) ?? [],
    state: stateOfRow(row, now),
    delivered_at: row.delivered_at?.toISOString() ?? null,
    published_at: row.published_at?.toISOString() ?? null,
    updated_at: row.updated_at.toISOString(),
    updated_by: emailOf.get(row.updated_by) ?? null,
  }));
}

export async function managedAnnouncementOf(
  handle: DbHandle,
  row: AnnouncementRow,
  now: Date,
): Promise<ManagedAnnouncement> {
  const [managed] = await managedAnnouncementsOf(handle, [row], now);
  if (!managed) throw new Error('an announcement row gave no announcement');
  return managed;
}

/** The SQL of a state at `now` (the contract's announcementStateOf, as a condition). */
function stateCondition(state: AnnouncementState, now: Date): SQL | undefined {
  const { is_published, published_at, starts_at, ends_at } = announcements;
  switch (state) {
    case 'draft':
      return and(eq(is_published, false), isNull(published_at));
    case 'unpublished':
      return and(eq(is_published, false), isNotNull(published_at));
    case 'scheduled':
      return and(eq(is_published, true), gt(starts_at, now));
    case 'live':
      return and(eq(is_published, true), lte(starts_at, now), or(isNull(ends_at), gt(ends_at, now)));
    case 'ended':
      return and(eq(is_published, true), lte(ends_at, now));
  }
}

/** The back office's list: newest first (UUIDv7 of creation), of one state or all. */
export async function managedAnnouncementPage(
  handle: DbHandle,
  request: { page_size: number; cursor?: string | undefined; state?: AnnouncementState | undefined },
  now: Date,
): Promise<{ items: ManagedAnnouncement[]; next_cursor: string | null }> {
  const conditions: (SQL | undefined)[] = [];
  if (request.state) conditions.push(stateCondition(request.state, now));
  if (request.cursor !== undefined) {
    if (!isUuid(request.cursor))
      throw new AppError('validation', { fields: { cursor: { key: 'validation.invalid' } } });
    conditions.push(lt(announcements.id, request.cursor));
  }
  const rows = await handle
    .select()
    .from(announcements)
    .where(and(...conditions))
    .orderBy(desc(announcements.id))
    .limit(request.page_size + 1);
  const shown = rows.slice(0, request.page_size);
  return {
    items: await managedAnnouncementsOf(handle, shown, now),
    next_cursor: rows.length > request.page_size ? (shown.at(-1)?.id ?? null) : null,
  };
}

/**
 * What a reader may read at `now`: published, within its window, and for all companies or for the
 * reader's (a caller without a company, the bank's staff, reads only those for all).
 */
function readableBy(companyId: string | null, now: Date): SQL | undefined {
  const forReader = companyId
    ? or(
        eq(announcements.audience, 'all_companies'),
        sql`exists (select 1 from ${announcementCompanies} where ${announcementCompanies.announcement_id} = ${announcements.id} and ${announcementCompanies.company_id} = ${companyId}::uuid)`,
      )
    : eq(announcements.audience, 'all_companies');
  return and(
    eq(announcements.is_published, true),
    lte(announcements.starts_at, now),
    or(isNull(announcements.ends_at), gt(announcements.ends_at, now)),
    forReader,
  );
}

function clientAnnouncementOf(row: AnnouncementRow): ClientAnnouncement {
  return {
    announcement_id: row.id,
    ...textsOf(row),
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at?.toISOString() ?? null,
  };
}

/** A client page's cursor: the last item's window start and id (the keyset of the list's order). */
function cursorOf(row: AnnouncementRow): string {
  return `${row.starts_at.toISOString()}_${row.id}`;
}

function afterCursor(cursor: string): SQL | undefined {
  const [startsAt = '', id = ''] = cursor.split('_');
  const time = Date.parse(startsAt);
  if (!isUuid(id) || Number.isNaN(time))
    throw new AppError('validation', { fields: { cursor: { key: 'validation.invalid' } } });
  const at = new Date(time);
  return or(lt(announcements.starts_at, at), and(eq(announcements.starts_at, at), lt(announcements.id, id)));
}

/** The reader's announcements, the newest window first, a page at a time. */
export async function clientAnnouncementPage(
  handle: DbHandle,
  companyId: string | null,
  request: { page_size: number; cursor?: string | undefined },
  now: Date,
): Promise<{ items: ClientAnnouncement[]; next_cursor: string | null }> {
  const rows = await handle
    .select()
    .from(announcements)
    .where(and(readableBy(companyId, now), request.cursor === undefined ? undefined : afterCursor(request.cursor)))
    .orderBy(desc(announcements.starts_at), desc(announcements.id))
    .limit(request.page_size + 1);
  const shown = rows.slice(0, request.page_size);
  const last = shown.at(-1);
  return {
    items: shown.map(clientAnnouncementOf),
    next_cursor: rows.length > request.page_size && last ? cursorOf(last) : null,
  };
}

/** One announcement the reader may read; any other (another company's, a draft, out of window) is not found. */
export async function clientAnnouncement(
  handle: DbHandle,
  companyId: string | null,
  id: string,
  now: Date,
): Promise<ClientAnnouncement> {
  if (!isUuid(id)) throw notFound(id);
  const [row] = await handle
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), readableBy(companyId, now)))
    .limit(1);
  if (!row) throw notFound(id);
  return clientAnnouncementOf(row);
}

/** Published announcements whose window is open at `now` and whose audience has not been told, locked. */
export async function windowsOpenedAt(handle: DbHandle, now: Date): Promise<AnnouncementRow[]> {
  return handle
    .select()
    .from(announcements)
    .where(
      and(
        eq(announcements.is_published, true),
        isNull(announcements.delivered_at),
        lte(announcements.starts_at, now),
        or(isNull(announcements.ends_at), gt(announcements.ends_at, now)),
      ),
    )
    .orderBy(asc(announcements.starts_at))
    .limit(100)
    .for('update', { skipLocked: true });
}

/** Client companies for choosing an audience: named ones matching the search, and the ids asked for. */
export async function companyChoices(
  handle: DbHandle,
  request: { search?: string | undefined; company_ids?: string[] | undefined; page_size: number },
): Promise<{ items: AnnouncementCompany[] }> {
  const search = request.search?.trim() ?? '';
  const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const matching = await handle
    .select({ company_id: companies.id, name: companies.name })
    .from(companies)
    .where(and(isNotNull(companies.name), search ? ilike(companies.name, pattern) : undefined))
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(request.page_size);
  const asked = (request.company_ids ?? []).filter(isUuid);
  const given =
    asked.length === 0
      ? []
      : await handle
          .select({ company_id: companies.id, name: companies.name })
          .from(companies)
          .where(inArray(companies.id, asked));
  const seen = new Set(matching.map((company) => company.company_id));
  return { items: [...given.filter((company) => !seen.has(company.company_id)), ...matching] };
}
