/** KYC sections, rounds and the review queue: query functions taking the database or transaction first. */
import type { KycSection } from '@bank/contract/documents';
import type { AccountKycStatus } from '@bank/contract/states';
import { and, asc, desc, eq, ilike, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { companies, users } from '../account/index.ts';
import { type KycRoundDecision, kycRounds, kycSections } from './tables.ts';

export type CompanyKyc = { id: string; name: string | null; kyc_status: AccountKycStatus };

export async function findCompany(handle: DbHandle, companyId: string): Promise<CompanyKyc | undefined> {
  const [row] = await handle
    .select({ id: companies.id, name: companies.name, kyc_status: companies.kyc_status })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row;
}

export async function setCompanyKycStatus(handle: DbHandle, companyId: string, status: AccountKycStatus) {
  await handle.update(companies).set({ kyc_status: status }).where(eq(companies.id, companyId));
}

/** The company's name is the one its KYC gives (registration does not ask for it). */
export async function setCompanyName(handle: DbHandle, companyId: string, name: string) {
  await handle.update(companies).set({ name }).where(eq(companies.id, companyId));
}

export type SectionRow = typeof kycSections.$inferSelect;

export async function listSections(handle: DbHandle, companyId: string): Promise<SectionRow[]> {
  return handle.select().from(kycSections).where(eq(kycSections.company_id, companyId));
}

export async function findSection(
  handle: DbHandle,
  companyId: string,
  section: KycSection,
): Promise<SectionRow | undefined> {
  const [row] = await handle
    .select()
    .from(kycSections)
    .where(and(eq(kycSections.company_id, companyId), eq(kycSections.section, section)))
    .limit(1);
  return row;
}

export async function upsertSection(
  handle: DbHandle,
  row: { companyId: string; section: KycSection; data: unknown; isComplete: boolean; now: Date },
): Promise<void> {
  await handle
    .insert(kycSections)
    .values({
      company_id: row.companyId,
      section: row.section,
      data: row.data,
      is_complete: row.isComplete,
      updated_at: row.now,
    })
    .onConflictDoUpdate({
      target: [kycSections.company_id, kycSections.section],
      set: { data: row.data, is_complete: row.isComplete, updated_at: row.now },
    });
}

export type RoundRow = typeof kycRounds.$inferSelect;

export async function listRounds(handle: DbHandle, companyId: string): Promise<RoundRow[]> {
  return handle.select().from(kycRounds).where(eq(kycRounds.company_id, companyId)).orderBy(asc(kycRounds.round));
}

export async function latestRound(handle: DbHandle, companyId: string): Promise<RoundRow | undefined> {
  const [row] = await handle
    .select()
    .from(kycRounds)
    .where(eq(kycRounds.company_id, companyId))
    .orderBy(desc(kycRounds.round))
    .limit(1);
  return row;
}

/** A new submission round; the previous one stops being the latest. Answers its number. */
export async function insertRound(
  handle: DbHandle,
  round: { companyId: string; submittedBy: string; snapshot: unknown; now: Date },
): Promise<number> {
  const previous = await latestRound(handle, round.companyId);
  const number = (previous?.round ?? 0) + 1;
  if (previous) await handle.update(kycRounds).set({ is_latest: false }).where(eq(kycRounds.id, previous.id));
  await handle.insert(kycRounds).values({
    id: newId(round.now.getTime()),
    company_id: round.companyId,
    round: number,
    is_latest: true,
    submitted_at: round.now,
    submitted_by: round.submittedBy,
    snapshot: round.snapshot,
  });
  return number;
}

export async function decideRound(
  handle: DbHandle,
  decision: {
    roundId: string;
    decision: KycRoundDecision;
    reason: string | null;
    sectionsToFix: KycSection[] | null;
    decidedBy: string;
    now: Date;
  },
): Promise<void> {
  await handle
    .update(kycRounds)
    .set({
      decision: decision.decision,
      reason: decision.reason,
      sections_to_fix: decision.sectionsToFix,
      decided_by: decision.decidedBy,
      decided_at: decision.now,
    })
    .where(and(eq(kycRounds.id, decision.roundId), isNull(kycRounds.decision)));
}

/** The people a KYC email goes to: the company's administrators, each in their own language. */
export async function companyAdministrators(handle: DbHandle, companyId: string) {
  return handle
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(and(eq(users.company_id, companyId), eq(users.role, 'administrator')))
    .orderBy(asc(users.created_at));
}

/** Who applied: the submitter of the latest round, otherwise the company's first user. */
export async function applicantEmail(handle: DbHandle, companyId: string): Promise<string> {
  const rows = await handle
    .select({ email: users.email })
    .from(kycRounds)
    .innerJoin(users, eq(users.id, kycRounds.submitted_by))
    .where(and(eq(kycRounds.company_id, companyId), eq(kycRounds.is_latest, true)))
    .limit(1);
  if (rows[0]) return rows[0].email;
  const [first] = await handle
    .select({ email: users.email })
    .from(users)
    .where(eq(users.company_id, companyId))
    .orderBy(asc(users.created_at))
    .limit(1);
  return first?.email ?? '';
}

// The review queue -------------------------------------------------------------------------------

/** Position of the last row of a page: its latest submission time (null: never submitted) and id. */
export type QueueCursor = { submitted_at: string | null; company_id: string };

export type QueueFilter = {
  status?: AccountKycStatus | undefined;
  /** Inclusive days (UTC) of the latest submission. */
  submittedFrom?: Date | undefined;
  submittedBefore?: Date | undefined;
  search?: string | undefined;
  cursor?: QueueCursor | undefined;
  pageSize: number;
};

/** `%`, `_` and the escape character itself lose their LIKE meaning: a search is a plain substring. */
function likePatternOf(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Client companies by their latest submission, newest first, never-submitted last; keyset
 * pagination on (submitted_at desc nulls last, company id desc), so every page costs what the
 * first does.
 */
export async function listQueue(handle: DbHandle, filter: QueueFilter) {
  const submitter = alias(users, 'submitter');
  const conditions: (SQL | undefined)[] = [
    // Client companies only: every company has users; staff have none.
    sql`exists (select 1 from ${users} where ${users.company_id} = ${companies.id})`,
  ];
  if (filter.status) conditions.push(eq(companies.kyc_status, filter.status));
  if (filter.submittedFrom) conditions.push(sql`${kycRounds.submitted_at} >= ${filter.submittedFrom}`);
  if (filter.submittedBefore) conditions.push(lt(kycRounds.submitted_at, filter.submittedBefore));
  if (filter.search) conditions.push(ilike(companies.name, likePatternOf(filter.search)));
  const cursor = filter.cursor;
  if (cursor) {
    if (cursor.submitted_at === null) {
      conditions.push(and(isNull(kycRounds.submitted_at), lt(companies.id, cursor.company_id)));
    } else {
      const at = new Date(cursor.submitted_at);
      conditions.push(
        or(
          lt(kycRounds.submitted_at, at),
          and(eq(kycRounds.submitted_at, at), lt(companies.id, cursor.company_id)),
          isNull(kycRounds.submitted_at),
        ),
      );
    }
  }
  const rows = await handle
    .select({
      company_id: companies.id,
      company_name: companies.name,
      status: companies.kyc_status,
      round: kycRounds.round,
      submitted_at: kycRounds.submitted_at,
      submitter_email: submitter.email,
      first_user_email: sql<
        string | null
      >`(select ${users.email} from ${users} where ${users.company_id} = ${companies.id} order by ${users.created_at} limit 1)`,
    })
    .from(companies)
    .leftJoin(kycRounds, and(eq(kycRounds.company_id, companies.id), eq(kycRounds.is_latest, true)))
    .leftJoin(submitter, eq(submitter.id, kycRounds.submitted_by))
    .where(and(...conditions))
    .orderBy(sql`${kycRounds.submitted_at} desc nulls last`, desc(companies.id))
    .limit(filter.pageSize + 1);
  return rows;
}
