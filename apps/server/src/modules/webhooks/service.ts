/**
 * The steps of the webhook/* calls: the company's settings (a fresh second factor and an audit entry
 * for every change), its secret's rotation, test sends, the delivery log and replays. Every query is
 * scoped by the caller's company, so another company's delivery is not found.
 */
import type { CallDefinition, ResponseOf } from '@bank/contract/calls';
import {
  type getWebhookDelivery,
  type listWebhookDeliveries,
  type replayWebhookDeliveries,
  type replayWebhookDelivery,
  type rotateWebhookSecret,
  type SaveWebhookSettingsRequest,
  type saveWebhookSettings,
  type sendTestWebhook,
  type WebhookEventType,
  type WebhookSettings,
  webhookEnabledField,
  webhookEventTypes,
  webhookReplayRangeMaxDeliveries,
  webhookThresholdAssets,
  webhookThresholdField,
  webhookUrlField,
} from '@bank/contract/webhooks';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import type { AppDatabase, DbHandle, Transaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import type { CallContext } from '../../platform/route.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { requireFreshSecondFactor } from '../account/index.ts';
import { setCompanyThreshold } from '../ledger/index.ts';
import { rescheduleDeliveries, scheduleNewDelivery } from './deliveries.ts';
import {
  attemptsOf,
  deliveryIdsInRange,
  deliveryOut,
  deliveryPage,
  findDelivery,
  secretCreatedAt,
  webhookSettingsOf,
} from './queries.ts';
import { issueSigningSecret } from './secrets.ts';
import { webhookEndpoints } from './tables.ts';
import { refusalOfTarget, type TargetPolicy, type TargetRefusal } from './target.ts';

type Body<Call extends CallDefinition> = z.output<Call['request']>;

export type WebhookServiceDependencies = { db: AppDatabase; secretBox: SecretBox; policy: TargetPolicy };

const refusalMessages = {
  not_https: 'webhooks.validation.url_not_https',
  private_address: 'webhooks.validation.url_private_address',
  unresolvable: 'webhooks.validation.url_unresolvable',
} as const satisfies Record<TargetRefusal, string>;

/** The caller's company: webhooks belong to a company, never to staff. */
function companyOf(context: CallContext): string {
  const companyId = context.session.company_id;
  if (!companyId) throw new AppError('forbidden', { detail: 'webhooks without a company' });
  return companyId;
}

/** An idempotent call's transaction (registerCall opens it): the effect commits with its kept answer. */
function transactionOf(context: CallContext): Transaction {
  if (!context.transaction) throw new Error('webhook changes run in the idempotent call’s transaction');
  return context.transaction;
}

/** The audit entry of a change to the company's webhooks, by the caller, from where they called. */
function auditChange(
  tx: DbHandle,
  context: CallContext,
  companyId: string,
  action: string,
  detail?: Record<string, unknown>,
): Promise<void> {
  return writeAudit(tx, {
    action,
    at: context.now,
    actorUserId: context.session.user_id,
    companyId,
    ip: context.ip,
    ...(detail ? { detail } : {}),
  });
}

/** The caller's company and the idempotent call's transaction its change is written in. */
function companyChange(context: CallContext): { companyId: string; tx: Transaction } {
  return { companyId: companyOf(context), tx: transactionOf(context) };
}

/** Refuses a URL the target rule does not allow, beside its field, in the caller's language. */
async function checkTargets(body: z.output<typeof SaveWebhookSettingsRequest>, policy: TargetPolicy): Promise<void> {
  const fields: Record<string, { key: string }> = {};
  for (const type of webhookEventTypes) {
    const url = body[webhookUrlField(type)];
    if (!url) continue;
    const refusal = await refusalOfTarget(url, policy);
    if (refusal) fields[webhookUrlField(type)] = { key: refusalMessages[refusal] };
  }
  if (Object.keys(fields).length > 0)
    throw new AppError('validation', { fields, detail: 'webhook URL refused by the target rule' });
}

/** The caller's company's settings. */
export function webhookSettings(db: DbHandle, context: CallContext): Promise<WebhookSettings> {
  return webhookSettingsOf(db, companyOf(context));
}

/** Where the notifications go, without a query string: a receiver's URL may carry a token. */
function destinationsOf(settings: Body<typeof saveWebhookSettings>) {
  return Object.fromEntries(
    typesSaved(settings).map((type) => {
      const url = settings[webhookUrlField(type)] ?? '';
      const where = url === '' ? '' : `${new URL(url).origin}${new URL(url).pathname}`;
      return [type, { url: where, is_enabled: settings[webhookEnabledField(type)] ?? false }];
    }),
  );
}

/** The types a save names (SPEC.md's four always; the others when sent): the rest stay as they were. */
function typesSaved(settings: Body<typeof saveWebhookSettings>): WebhookEventType[] {
  return webhookEventTypes.filter((type) => settings[webhookUrlField(type)] !== undefined);
}

/** The thresholds a save names: an amount, or null to clear it. */
function thresholdsSaved(settings: Body<typeof saveWebhookSettings>) {
  return webhookThresholdAssets.flatMap((asset) => {
    const value = settings[webhookThresholdField(asset)];
    return value === undefined ? [] : [{ asset, amount: value === '' ? null : value }];
  });
}

export async function saveSettings(
  dependencies: WebhookServiceDependencies,
  body: Body<typeof saveWebhookSettings>,
  context: CallContext,
): Promise<ResponseOf<typeof saveWebhookSettings>> {
  // The URLs are checked before the second factor is asked for: a user should not give a code
  // only to be told then that an address is refused.
  await checkTargets(body, dependencies.policy);
  requireFreshSecondFactor(context);
  const companyId = companyOf(context);
  return dependencies.db.transaction(async (tx) => {
    for (const type of typesSaved(body)) {
      const values = {
        url: body[webhookUrlField(type)] ?? '',
        is_enabled: body[webhookEnabledField(type)] ?? false,
        updated_at: context.now,
        updated_by: context.session.user_id,
      };
      await tx
        .insert(webhookEndpoints)
        .values({ company_id: companyId, event_type: type, ...values })
        .onConflictDoUpdate({ target: [webhookEndpoints.company_id, webhookEndpoints.event_type], set: values });
    }
    const thresholds = thresholdsSaved(body);
    for (const threshold of thresholds)
      await setCompanyThreshold(tx, { companyId, ...threshold, id: newId(context.now.getTime()), now: context.now });
    const hasSecret = (await secretCreatedAt(tx, companyId)) !== null;
    const secret = hasSecret
      ? null
      : await issueSigningSecret(tx, dependencies.secretBox, {
          companyId,
          userId: context.session.user_id,
          now: context.now,
        });
    await auditChange(tx, context, companyId, 'webhooks.settings_changed', {
      ...destinationsOf(body),
      ...(thresholds.length > 0 ? { balance_thresholds: thresholds } : {}),
    });
    if (secret) await auditChange(tx, context, companyId, 'webhooks.secret_created');
    return { settings: await webhookSettingsOf(tx, companyId), secret };
  });
}

export async function rotateSecret(
  dependencies: WebhookServiceDependencies,
  context: CallContext,
): Promise<ResponseOf<typeof rotateWebhookSecret>> {
  requireFreshSecondFactor(context);
  const companyId = companyOf(context);
  const secret = await dependencies.db.transaction(async (tx) => {
    const issued = await issueSigningSecret(tx, dependencies.secretBox, {
      companyId,
      userId: context.session.user_id,
      now: context.now,
    });
    await auditChange(tx, context, companyId, 'webhooks.secret_rotated');
    return issued;
  });
  return { secret, secret_created_at: context.now.toISOString() };
}

export async function sendTest(
  body: Body<typeof sendTestWebhook>,
  context: CallContext,
): Promise<ResponseOf<typeof sendTestWebhook>> {
  const { companyId, tx } = companyChange(context);
  const eventType: WebhookEventType = body.event_type;
  const [endpoint] = await tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.company_id, companyId), eq(webhookEndpoints.event_type, eventType)));
  if (!endpoint || endpoint.url === '')
    throw new AppError('validation', {
      fields: { event_type: { key: 'webhooks.validation.url_required' } },
      detail: `test send without a URL for ${eventType}`,
    });
  const delivery = await scheduleNewDelivery(tx, {
    companyId,
    eventType,
    eventId: null,
    payload: {
      type: 'webhook.test',
      timestamp: context.now.toISOString(),
      data: { company_id: companyId, event_type: eventType },
    },
    now: context.now,
  });
  if (!delivery) throw new Error('a test delivery has a new id');
  return deliveryOut(delivery);
}

export async function deliveryList(db: DbHandle, body: Body<typeof listWebhookDeliveries>, context: CallContext) {
  if (body.cursor !== undefined && !isUuid(body.cursor)) return { items: [], next_cursor: null };
  return deliveryPage(db, companyOf(context), body);
}

export async function deliveryWithAttempts(
  db: DbHandle,
  body: Body<typeof getWebhookDelivery>,
  context: CallContext,
): Promise<ResponseOf<typeof getWebhookDelivery>> {
  const delivery = isUuid(body.delivery_id) ? await findDelivery(db, companyOf(context), body.delivery_id) : null;
  if (!delivery) throw new AppError('not_found', { detail: 'webhook delivery' });
  const attempts = await attemptsOf(db, delivery.id);
  return {
    ...deliveryOut(delivery),
    payload: JSON.stringify(delivery.payload, null, 2),
    attempts: attempts.map((attempt) => ({
      attempted_at: attempt.attempted_at.toISOString(),
      trigger: attempt.trigger,
      url: attempt.url,
      status_code: attempt.status_code,
      latency_ms: attempt.latency_ms,
      is_success: attempt.is_success,
      error: attempt.error,
      response_excerpt: attempt.response_excerpt,
    })),
  };
}

export async function replay(
  body: Body<typeof replayWebhookDelivery>,
  context: CallContext,
): Promise<ResponseOf<typeof replayWebhookDelivery>> {
  const { companyId, tx } = companyChange(context);
  const [replayed] = isUuid(body.delivery_id)
    ? await rescheduleDeliveries(tx, companyId, [body.delivery_id], context.now)
    : [];
  if (!replayed) throw new AppError('not_found', { detail: 'webhook delivery' });
  return deliveryOut(replayed);
}

export async function replayRange(
  body: Body<typeof replayWebhookDeliveries>,
  context: CallContext,
): Promise<ResponseOf<typeof replayWebhookDeliveries>> {
  const { companyId, tx } = companyChange(context);
  const ids = await deliveryIdsInRange(tx, companyId, {
    from: new Date(body.from),
    to: new Date(body.to),
    isFailedOnly: body.is_failed_only,
    limit: webhookReplayRangeMaxDeliveries,
  });
  const replayed = await rescheduleDeliveries(tx, companyId, ids, context.now);
  return { replayed: replayed.length };
}

/** The audit rows of replays, written by the calls' registration (routes.ts). */
export const replayAudits = {
  one: (replayed: ResponseOf<typeof replayWebhookDelivery>, _body: unknown, context: CallContext) => ({
    action: 'webhooks.replayed',
    companyId: companyOf(context),
    detail: { delivery_id: replayed.delivery_id },
  }),
  range: (
    replayed: ResponseOf<typeof replayWebhookDeliveries>,
    body: Body<typeof replayWebhookDeliveries>,
    context: CallContext,
  ) => ({
    action: 'webhooks.replayed',
    companyId: companyOf(context),
    detail: { from: body.from, to: body.to, is_failed_only: body.is_failed_only, count: replayed.replayed },
  }),
};
