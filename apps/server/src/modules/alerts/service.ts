/**
 * The steps of the alert/* calls: a user adds, changes and removes their own alerts, only of the
 * kinds their role may see (a balance alert needs view_balances), at most `alertsPerUserMax`. A
 * balance alert's threshold is handed to the ledger's crossing detector in the same transaction.
 * Another user's alert (of the same company or not) is not found.
 */
import {
  type Alert,
  type AlertKind,
  alertsPerUserMax,
  mayHaveAlert,
  type SaveAlertRequest,
  type saveAlert,
} from '@bank/contract/alerts';
import type { DigitalAsset } from '@bank/contract/money';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDatabase, DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { CallContext } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import { unwatchBalance, watchBalance } from '../ledger/index.ts';
import { alertOut, alertsOfUser, countAlertsOfUser, ownAlertForUpdate } from './queries.ts';
import { alerts } from './tables.ts';

type SaveBody = z.output<typeof SaveAlertRequest>;

function requireKind(kind: AlertKind, context: CallContext): void {
  if (!mayHaveAlert(kind, context.session.permissions))
    throw new AppError('forbidden', { detail: `alert ${kind} without the permission to see it` });
}

export async function ownAlerts(db: DbHandle, context: CallContext): Promise<{ items: Alert[] }> {
  clientCompanyId(context);
  const rows = await alertsOfUser(db, context.session.user_id);
  // An alert the user's role no longer sees (their group changed) is not shown, and not delivered.
  return { items: rows.filter((row) => mayHaveAlert(row.kind, context.session.permissions)).map(alertOut) };
}

/** The ledger's watch of a balance alert's threshold, following the alert (or dropped when it is another kind). */
async function followThreshold(tx: DbHandle, row: typeof alerts.$inferSelect, now: Date): Promise<void> {
  if (row.kind === 'balance_below' && row.asset && row.amount !== null)
    await watchBalance(tx, {
      id: row.id,
      companyId: row.company_id,
      asset: row.asset as DigitalAsset,
      threshold: row.amount,
      userId: row.user_id,
      now,
    });
  else await unwatchBalance(tx, row.id);
}

export async function saveOwnAlert(body: SaveBody, context: CallContext): Promise<z.output<typeof saveAlert.response>> {
  const companyId = clientCompanyId(context);
  requireKind(body.kind, context);
  const tx = context.transaction;
  if (!tx) throw new Error('alert changes run in the idempotent call’s transaction');
  const userId = context.session.user_id;
  const values = { kind: body.kind, asset: body.asset, amount: body.amount, updated_at: context.now };
  let row: typeof alerts.$inferSelect | undefined;
  if (body.alert_id) {
    if (!(await ownAlertForUpdate(tx, userId, body.alert_id))) throw new AppError('not_found', { detail: 'alert' });
    [row] = await tx.update(alerts).set(values).where(eq(alerts.id, body.alert_id)).returning();
  } else {
    if ((await countAlertsOfUser(tx, userId)) >= alertsPerUserMax)
      throw new AppError('illegal_state', { messageKey: 'alerts.errors.too_many', detail: 'alerts per user' });
    [row] = await tx
      .insert(alerts)
      .values({
        id: newId(context.now.getTime()),
        company_id: companyId,
        user_id: userId,
        created_at: context.now,
        ...values,
      })
      .returning();
  }
  if (!row) throw new Error('alert not written');
  await followThreshold(tx, row, context.now);
  return alertOut(row);
}

export async function deleteOwnAlert(db: AppDatabase, alertId: string, context: CallContext): Promise<null> {
  clientCompanyId(context);
  await db.transaction(async (tx) => {
    const row = await ownAlertForUpdate(tx, context.session.user_id, alertId);
    if (!row) throw new AppError('not_found', { detail: 'alert' });
    await unwatchBalance(tx, row.id);
    await tx.delete(alerts).where(eq(alerts.id, row.id));
  });
  return null;
}
