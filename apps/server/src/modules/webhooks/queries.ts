/**
 * Webhooks' reads: query functions taking the database or transaction handle first, and the view of
 * a delivery. A company's settings (endpoints, balance thresholds and when its signing secret was made), its deliveries
 * (a page, one with its attempts, the ids of a range to replay) and the failed attempts of the last
 * hour (/metrics). The steps (saving settings, making and attempting deliveries, replays, secrets)
 * are service.ts's, deliveries.ts's and secrets.ts's.
 */
import {
  type WebhookDelivery,
  type WebhookSettings,
  webhookEventTypes,
  webhookThresholdAssets,
} from '@bank/contract/webhooks';
import { and, asc, count, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { companyThresholds } from '../ledger/index.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookSecrets } from './tables.ts';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export function deliveryOut(row: DeliveryRow): WebhookDelivery {
  return {
    delivery_id: row.id,
    webhook_id: row.webhook_id,
    event_type: row.event_type,
    is_test: row.is_test,
    status: row.status,
    attempt_count: row.attempt_count,
    last_status_code: row.last_status_code,
    last_attempt_at: row.last_attempt_at?.toISOString() ?? null,
    next_attempt_at: row.next_attempt_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** The ids of a company's deliveries made in [from, to), oldest first, at most `limit`. */
export async function deliveryIdsInRange(
  handle: DbHandle,
  companyId: string,
  range: { from: Date; to: Date; isFailedOnly: boolean; limit: number },
): Promise<string[]> {
  const rows = await handle
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.company_id, companyId),
        eq(webhookDeliveries.is_test, false),
        gte(webhookDeliveries.created_at, range.from),
        lt(webhookDeliveries.created_at, range.to),
        range.isFailedOnly ? eq(webhookDeliveries.status, 'failed') : undefined,
      ),
    )
    .orderBy(asc(webhookDeliveries.id))
    .limit(range.limit);
  return rows.map((row) => row.id);
}

/** Attempts that failed in the last hour, of every company (a gauge of /metrics). */
export async function failedAttemptsInLastHour(handle: DbHandle): Promise<number> {
  const [row] = await handle
    .select({ failed: count() })
    .from(webhookAttempts)
    .where(
      and(eq(webhookAttempts.is_success, false), gt(webhookAttempts.attempted_at, sql`now() - interval '1 hour'`)),
    );
  return row?.failed ?? 0;
}

/** A company's deliveries, newest first (keyset on the UUIDv7 id). */
export async function deliveryPage(
  handle: DbHandle,
  companyId: string,
  request: { page_size: number; cursor?: string | undefined; status?: DeliveryRow['status'] | undefined },
): Promise<{ items: WebhookDelivery[]; next_cursor: string | null }> {
  const rows = await handle
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.company_id, companyId),
        request.cursor ? lt(webhookDeliveries.id, request.cursor) : undefined,
        request.status ? eq(webhookDeliveries.status, request.status) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(request.page_size + 1);
  const items = rows.slice(0, request.page_size);
  const last = items.at(-1);
  return { items: items.map(deliveryOut), next_cursor: rows.length > request.page_size && last ? last.id : null };
}

/** One of the company's deliveries (another company's answers nothing). */
export async function findDelivery(handle: DbHandle, companyId: string, deliveryId: string) {
  const [row] = await handle
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.company_id, companyId), eq(webhookDeliveries.id, deliveryId)));
  return row ?? null;
}

export async function attemptsOf(handle: DbHandle, deliveryId: string) {
  return handle
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.delivery_id, deliveryId))
    .orderBy(desc(webhookAttempts.attempted_at), desc(webhookAttempts.id));
}

export async function secretCreatedAt(handle: DbHandle, companyId: string): Promise<Date | null> {
  const [row] = await handle
    .select({ created_at: webhookSecrets.created_at })
    .from(webhookSecrets)
    .where(eq(webhookSecrets.company_id, companyId));
  return row?.created_at ?? null;
}

export async function webhookSettingsOf(handle: DbHandle, companyId: string): Promise<WebhookSettings> {
  const rows = await handle.select().from(webhookEndpoints).where(eq(webhookEndpoints.company_id, companyId));
  const endpoints = Object.fromEntries(
    webhookEventTypes.map((type) => {
      const row = rows.find((candidate) => candidate.event_type === type);
      return [type, { url: row?.url ?? '', is_enabled: row?.is_enabled ?? false }];
    }),
  ) as WebhookSettings['endpoints'];
  const thresholds = await companyThresholds(handle, companyId);
  const balanceThresholds = Object.fromEntries(
    webhookThresholdAssets.map((asset) => [asset, thresholds.get(asset) ?? null]),
  ) as WebhookSettings['balance_thresholds'];
  const createdAt = await secretCreatedAt(handle, companyId);
  return { endpoints, balance_thresholds: balanceThresholds, secret_created_at: createdAt?.toISOString() ?? null };
}
