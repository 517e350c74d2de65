/** Documents, uploads and phone links: query functions taking the database or transaction first. */
import type { DocumentPurpose, DocumentSection } from '@bank/contract/documents';
import { and, count, eq, gt, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { documents, phoneUploadLinks, uploads } from './tables.ts';

export type DocumentRow = typeof documents.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
export type PhoneLinkRow = typeof phoneUploadLinks.$inferSelect;

export async function findDocument(handle: DbHandle, documentId: string): Promise<DocumentRow | undefined> {
  const [row] = await handle.select().from(documents).where(eq(documents.id, documentId)).limit(1);
  return row;
}

/** The company's live documents among `ids` (another company's, or a removed one, are not found). */
export async function findCompanyDocuments(
  handle: DbHandle,
  companyId: string,
  ids: readonly string[],
): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  return handle
    .select()
    .from(documents)
    .where(and(eq(documents.company_id, companyId), inArray(documents.id, [...ids]), isNull(documents.deleted_at)));
}

/** Documents by id whatever their state (the review shows what was submitted, even if since removed). */
export async function findDocumentsByIds(handle: DbHandle, companyId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return handle
    .select()
    .from(documents)
    .where(and(eq(documents.company_id, companyId), inArray(documents.id, [...ids])));
}

export async function insertDocument(handle: DbHandle, document: typeof documents.$inferInsert): Promise<void> {
  await handle.insert(documents).values(document);
}

/**
 * What counts against a section's limit of one kind: the documents its draft refers to, documents
 * uploaded since the draft last changed and not (yet) in it, and uploads under way.
 */
export async function countSectionDocuments(
  handle: DbHandle,
  query: {
    companyId: string;
    section: DocumentSection;
    kind: DocumentPurpose;
    referencedIds: readonly string[];
    draftUpdatedAt: Date | null;
    now: Date;
    completionGraceMs: number;
  },
): Promise<number> {
  const unreferenced = await handle
    .select({ total: count() })
    .from(documents)
    .where(
      and(
        eq(documents.company_id, query.companyId),
        eq(documents.section, query.section),
        eq(documents.kind, query.kind),
        isNull(documents.deleted_at),
        query.referencedIds.length > 0 ? notInArray(documents.id, [...query.referencedIds]) : undefined,
        query.draftUpdatedAt ? gt(documents.created_at, query.draftUpdatedAt) : undefined,
      ),
    );
  const pending = await handle
    .select({ total: count() })
    .from(uploads)
    .where(
      and(
        eq(uploads.company_id, query.companyId),
        eq(uploads.section, query.section),
        eq(uploads.kind, query.kind),
        eq(uploads.status, 'pending'),
        gt(uploads.expires_at, new Date(query.now.getTime() - query.completionGraceMs)),
      ),
    );
  return query.referencedIds.length + (unreferenced[0]?.total ?? 0) + (pending[0]?.total ?? 0);
}

/**
 * Removing a file from a section is saving the draft without it: the section's documents the new
 * draft does not refer to, and that existed when the draft last changed, are marked removed.
 * Newer ones may be on their way into a form (another tab, a phone) and wait for the next save.
 */
export async function removeUnreferencedDocuments(
  handle: DbHandle,
  query: {
    companyId: string;
    section: DocumentSection;
    /** The kinds the section's draft refers to; documents of other kinds are kept as they are. */
    kinds: readonly DocumentPurpose[];
    keepIds: readonly string[];
    before: Date;
    now: Date;
  },
): Promise<void> {
  if (query.kinds.length === 0) return;
  await handle
    .update(documents)
    .set({ deleted_at: query.now })
    .where(
      and(
        eq(documents.company_id, query.companyId),
        eq(documents.section, query.section),
        inArray(documents.kind, [...query.kinds]),
        isNull(documents.deleted_at),
        lte(documents.created_at, query.before),
        query.keepIds.length > 0 ? notInArray(documents.id, [...query.keepIds]) : undefined,
      ),
    );
}

export async function insertUpload(handle: DbHandle, upload: typeof uploads.$inferInsert): Promise<void> {
  await handle.insert(uploads).values(upload);
}

export async function findUpload(handle: DbHandle, uploadId: string): Promise<UploadRow | undefined> {
  const [row] = await handle.select().from(uploads).where(eq(uploads.id, uploadId)).limit(1);
  return row;
}

/** Whether the disk storage may still accept a body for this key: a pending upload within its time. */
export async function isUploadPending(handle: DbHandle, storageKey: string, now: Date): Promise<boolean> {
  const [row] = await handle
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.storage_key, storageKey), eq(uploads.status, 'pending'), gt(uploads.expires_at, now)))
    .limit(1);
  return row !== undefined;
}

/** Moves a pending upload to its end state; answers false when it was no longer pending (a race lost). */
export async function finishUpload(
  handle: DbHandle,
  uploadId: string,
  outcome: { status: 'completed' | 'refused' | 'cancelled'; documentId?: string; now: Date },
): Promise<boolean> {
  const finished = await handle
    .update(uploads)
    .set({ status: outcome.status, document_id: outcome.documentId ?? null, finished_at: outcome.now })
    .where(and(eq(uploads.id, uploadId), eq(uploads.status, 'pending')))
    .returning({ id: uploads.id });
  return finished.length > 0;
}

/**
 * Pending uploads of a company whose completion time has passed: they end as refused, and the
 * caller deletes whatever reached storage for them (a file sent but never completed).
 */
export async function expireStaleUploads(handle: DbHandle, companyId: string, completionDeadline: Date, now: Date) {
  return handle
    .update(uploads)
    .set({ status: 'refused', finished_at: now })
    .where(
      and(
        eq(uploads.company_id, companyId),
        eq(uploads.status, 'pending'),
        lte(uploads.expires_at, completionDeadline),
      ),
    )
    .returning({ storage_key: uploads.storage_key });
}

/** A retry on a phone supersedes the link's earlier upload: only one can ever complete. */
export async function cancelPendingUploadsOfLink(handle: DbHandle, linkId: string, now: Date) {
  return handle
    .update(uploads)
    .set({ status: 'cancelled', finished_at: now })
    .where(and(eq(uploads.phone_link_id, linkId), eq(uploads.status, 'pending')))
    .returning({ storage_key: uploads.storage_key });
}

export async function insertPhoneLink(handle: DbHandle, link: typeof phoneUploadLinks.$inferInsert): Promise<void> {
  await handle.insert(phoneUploadLinks).values(link);
}

export async function findPhoneLinkByTokenHash(
  handle: DbHandle,
  tokenHash: string,
  options: { forUpdate?: boolean } = {},
): Promise<PhoneLinkRow | undefined> {
  const query = handle.select().from(phoneUploadLinks).where(eq(phoneUploadLinks.token_hash, tokenHash)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function countLinkAuthorization(handle: DbHandle, linkId: string): Promise<void> {
  await handle
    .update(phoneUploadLinks)
    .set({ authorize_count: sql`${phoneUploadLinks.authorize_count} + 1` })
    .where(eq(phoneUploadLinks.id, linkId));
}

/** Uses the link up; answers false when it was already used (a race lost). */
export async function markLinkUsed(handle: DbHandle, linkId: string, now: Date): Promise<boolean> {
  const used = await handle
    .update(phoneUploadLinks)
    .set({ used_at: now })
    .where(and(eq(phoneUploadLinks.id, linkId), isNull(phoneUploadLinks.used_at)))
    .returning({ id: phoneUploadLinks.id });
  return used.length > 0;
}
