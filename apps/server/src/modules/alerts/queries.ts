/**
 * Alerts' reads and writes, taking the database or transaction handle first: a user's alerts, one of
 * them, the company's alerts of a kind (the consumers'), and the wire's view of one.
 */
import type { Alert, AlertKind } from '@bank/contract/alerts';
import type { Asset } from '@bank/contract/money';
import { and, asc, count, eq } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { isUuid } from '../../platform/ids.ts';
import { formatAmountForWire, parseAmount } from '../../platform/money.ts';
import { alerts } from './tables.ts';

export type AlertRow = typeof alerts.$inferSelect;

export function alertOut(row: AlertRow): Alert {
  return {
    alert_id: row.id,
    kind: row.kind,
    asset: row.asset,
    amount: row.amount !== null && row.asset ? formatAmountForWire(parseAmount(row.amount), row.asset as Asset) : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function alertsOfUser(handle: DbHandle, userId: string): Promise<AlertRow[]> {
  return handle.select().from(alerts).where(eq(alerts.user_id, userId)).orderBy(asc(alerts.id));
}

export async function countAlertsOfUser(handle: DbHandle, userId: string): Promise<number> {
  const [row] = await handle.select({ total: count() }).from(alerts).where(eq(alerts.user_id, userId));
  return row?.total ?? 0;
}

/** One of the user's own alerts, locked for a change; undefined for another user's (or none). */
export async function ownAlertForUpdate(handle: DbHandle, userId: string, alertId: string) {
  if (!isUuid(alertId)) return undefined;
  const [row] = await handle
    .select()
    .from(alerts)
    .where(and(eq(alerts.id, alertId), eq(alerts.user_id, userId)))
    .for('update');
  return row;
}

export function companyAlertsOfKind(handle: DbHandle, companyId: string, kind: AlertKind): Promise<AlertRow[]> {
  return handle
    .select()
    .from(alerts)
    .where(and(eq(alerts.company_id, companyId), eq(alerts.kind, kind)))
    .orderBy(asc(alerts.id));
}

export async function alertById(handle: DbHandle, alertId: string): Promise<AlertRow | undefined> {
  const [row] = await handle.select().from(alerts).where(eq(alerts.id, alertId));
  return row;
}
