/**
 * A search box's text as a condition: the item matches when any of the columns contains it, case
 * aside. LIKE's own characters typed by a user match only themselves. One rule for every queue's
 * search (and the history's text search), so that they all find the same way.
 */
import { ilike, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** The LIKE pattern of "contains this text", its wildcards escaped. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Any of the columns contains the text; no condition for an empty or absent one. */
export function searchCondition(text: string | undefined, columns: readonly SQLWrapper[]): SQL | undefined {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  const pattern = containing(trimmed);
  return or(...columns.map((column) => ilike(sql`${column}::text`, pattern)));
}
