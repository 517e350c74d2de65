/**
 * The audit log's filters (by user, category and days, in the address) as both its pages' list and
 * download calls take them (audit-entries.tsx), read too by their first loads, which start before
 * the page's code has arrived (app/page-data.ts).
 */
import type { AuditCategory } from '@bank/contract/audit-log';
import { readerTimeZone } from '../../ui/format-date.ts';

export const auditFilterKeys = ['actor', 'category', 'from', 'to'] as const;
export type AuditFilterKey = (typeof auditFilterKeys)[number];
export type AuditFilterValues = Record<AuditFilterKey, string>;

/** The filters as the list and download calls take them. */
export function auditFilterOf(values: AuditFilterValues) {
  return {
    ...(values.actor ? { actor_email: values.actor } : {}),
    ...(values.category ? { category: values.category as AuditCategory } : {}),
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
    ...(values.from || values.to ? { time_zone: readerTimeZone() } : {}),
  };
}
