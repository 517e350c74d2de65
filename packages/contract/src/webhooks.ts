/**
 * Webhooks (SPEC.md sections 3 and 5, DECISIONS.md "Organisation"). A company
 * gives an API link (URL) for each notification type (SPEC.md's four, and every money event of issue
 * 33: deposits, payout states, conversions, a balance below a threshold) and enables each on its own; the
 * bank signs every delivery as the Standard Webhooks specification says (webhook-id,
 * webhook-timestamp, webhook-signature) with the company's signing secret, shown once when it is
 * made and when it is rotated. Deliveries are retried with back-off, every attempt is logged, and a
 * delivery or a time range can be sent again (with the same webhook-id).
 */
import { z } from 'zod';
import { defineCall } from './calls.ts';
import { EmptyRequest, PageRequest, page } from './envelope.ts';
import { checkAmount, type DigitalAsset, digitalAssets } from './money.ts';
import type { TransactionStatus } from './states.ts';
import { identifierText, singleLineText } from './text.ts';

/** The four notification types of SPEC.md section 3, each with its own URL (required fields of the settings). */
const specWebhookEventTypes = [
  'kyc_status_changed',
  'top_up_status',
  'card_operation_status',
  'card_activation',
] as const;

/**
 * Every money event beside them (issue 33): money in, each state a payout reaches (the contract's
 * payout states), conversions settled, and a balance falling below a threshold the company sets.
 */
const moneyWebhookEventTypes = [
  'deposit_credited',
  'payout_waiting_for_approval',
  'payout_approved',
  'payout_sent',
  'payout_completed',
  'payout_failed',
  'payout_rejected',
  'payout_cancelled',
  'fx_settled',
  'otc_settled',
  'balance_below_threshold',
] as const;

/** Every notification type, in the order the settings show them. */
export const webhookEventTypes = [...specWebhookEventTypes, ...moneyWebhookEventTypes] as const;
export const WebhookEventType = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** How the settings page groups the types, each group under its heading. */
export const webhookEventGroups = {
  account: ['kyc_status_changed'],
  cards: ['top_up_status', 'card_operation_status', 'card_activation'],
  money_in: ['deposit_credited', 'fx_settled', 'otc_settled'],
  payouts: [
    'payout_waiting_for_approval',
    'payout_approved',
    'payout_sent',
    'payout_completed',
    'payout_failed',
    'payout_rejected',
    'payout_cancelled',
  ],
  balances: ['balance_below_threshold'],
} as const satisfies Record<string, readonly WebhookEventType[]>;

/**
 * The payout state each payout notification is sent for (states.ts' transaction states): approved is
 * admin review (the company's approval given, or not needed below its threshold; the bank's review
 * next), sent is in process (on its network or bank rail).
 */
export const payoutWebhookOfStatus = {
  pending_approval: 'payout_waiting_for_approval',
  admin_review: 'payout_approved',
  in_process: 'payout_sent',
  success: 'payout_completed',
  failed: 'payout_failed',
  rejected: 'payout_rejected',
  cancelled: 'payout_cancelled',
} as const satisfies Partial<Record<TransactionStatus, WebhookEventType>>;

/** The `type` a receiver reads in a delivery's body. */
export const webhookPayloadTypeOf = {
  kyc_status_changed: 'kyc.status_changed',
  top_up_status: 'top_up.status_changed',
  card_operation_status: 'card.operation_status_changed',
  card_activation: 'card.activated',
  deposit_credited: 'deposit.credited',
  payout_waiting_for_approval: 'payout.waiting_for_approval',
  payout_approved: 'payout.approved',
  payout_sent: 'payout.sent',
  payout_completed: 'payout.completed',
  payout_failed: 'payout.failed',
  payout_rejected: 'payout.rejected',
  payout_cancelled: 'payout.cancelled',
  fx_settled: 'fx.settled',
  otc_settled: 'otc.settled',
  balance_below_threshold: 'balance.below_threshold',
} as const satisfies Record<WebhookEventType, string>;

/** The assets a company may set a balance threshold on (the balances it holds). */
export const webhookThresholdAssets = digitalAssets;

/** Browsers and proxies handle URLs up to about 2,000 characters. */
const webhookUrlMaxLength = 2000;

const urlRequiredMessage = 'webhooks.validation.url_required';
const urlInvalidMessage = 'webhooks.validation.url_invalid';

const webUrl = z.url({ protocol: /^https?$/ });
/** User and password in a URL's authority: never sent anywhere. */
const credentialsPattern = /^[a-z]+:\/\/[^/?#]*@/i;

/** Whether a text is an absolute http(s) URL without credentials (https alone is the server's rule). */
function isWebUrl(value: string): boolean {
  return webUrl.safeParse(value).success && !credentialsPattern.test(value);
}

const urlField = singleLineText(webhookUrlMaxLength).refine((value) => value === '' || isWebUrl(value), {
  message: urlInvalidMessage,
});

/** The form's field of a type's URL and of its switch: flat, so that a refusal lands beside its field. */
export const webhookUrlField = (type: WebhookEventType) => `${type}_url` as const;
export const webhookEnabledField = (type: WebhookEventType) => `${type}_enabled` as const;
/** The form's field of an asset's balance threshold: empty when the company sets none. */
export const webhookThresholdField = (asset: DigitalAsset) =>
  `balance_threshold_${asset.toLowerCase() as Lowercase<DigitalAsset>}` as const;

type EndpointShape<Types extends readonly WebhookEventType[], Url, Enabled> = {
  [Type in Types[number] as `${Type}_url`]: Url;
} & { [Type in Types[number] as `${Type}_enabled`]: Enabled };

function endpointShape<const Types extends readonly WebhookEventType[], Url, Enabled>(
  types: Types,
  url: Url,
  enabled: Enabled,
): EndpointShape<Types, Url, Enabled> {
  return Object.fromEntries(
    types.flatMap((type) => [
      [webhookUrlField(type), url],
      [webhookEnabledField(type), enabled],
    ]),
  ) as EndpointShape<Types, Url, Enabled>;
}

/** A balance threshold: empty (none), or an amount of the asset (zero allowed: below zero never happens, so it never fires). */
function thresholdField(asset: DigitalAsset) {
  return z
    .unknown()
    .superRefine((value, context) => {
      if (value !== '') checkAmount(value, asset, { allowZero: false }, context, []);
    })
    .optional() as unknown as z.ZodOptional<z.ZodType<string>>;
}

type ThresholdShape = {
  [Asset in DigitalAsset as `balance_threshold_${Lowercase<Asset>}`]: z.ZodOptional<z.ZodType<string>>;
};
const thresholdShape = Object.fromEntries(
  webhookThresholdAssets.map((asset) => [webhookThresholdField(asset), thresholdField(asset)]),
) as ThresholdShape;

/**
 * The settings as saved: SPEC.md's four types always; the money types and the thresholds when the
 * caller sends them (a type or threshold left out stays as it was, so an integrator who knows only
 * the four does not clear the others).
 */
export const SaveWebhookSettingsRequest = z
  .object({
    /** Empty when the company has none for the type. */
    ...endpointShape(specWebhookEventTypes, urlField, z.boolean()),
    ...endpointShape(moneyWebhookEventTypes, urlField.optional(), z.boolean().optional()),
    ...thresholdShape,
  })
  .strict()
  .superRefine((value, context) => {
    const fields = value as Record<string, unknown>;
    for (const type of webhookEventTypes) {
      // SPEC.md section 5: 'please fill in the API link'.
      if (fields[webhookEnabledField(type)] === true && !fields[webhookUrlField(type)])
        context.addIssue({ code: 'custom', path: [webhookUrlField(type)], message: urlRequiredMessage });
    }
  });
export type SaveWebhookSettingsRequest = z.input<typeof SaveWebhookSettingsRequest>;

const WebhookEndpoint = z.object({ url: z.string(), is_enabled: z.boolean() });

export const WebhookSettings = z.object({
  endpoints: z.record(WebhookEventType, WebhookEndpoint),
  /** The company's balance thresholds per asset (the balance below threshold notification); null where none is set. */
  balance_thresholds: z.record(z.enum(digitalAssets), z.string().nullable()),
  /** When the current signing secret was made; null until the company's first save. */
  secret_created_at: z.string().nullable(),
});
export type WebhookSettings = z.infer<typeof WebhookSettings>;

export const getWebhookSettings = defineCall({
  path: '/api/v1/webhook/settings/get',
  permission: 'webhooks',
  summary: "The company's webhook URLs, which are enabled, and when its signing secret was made",
  request: EmptyRequest,
  response: WebhookSettings,
});

export const saveWebhookSettings = defineCall({
  path: '/api/v1/webhook/settings/save',
  permission: 'webhooks',
  errors: ['fresh_second_factor_required'],
  summary:
    'Saves the URLs and their switches (https, public addresses only) and the balance thresholds; the first save makes the signing secret and answers it, once',
  request: SaveWebhookSettingsRequest,
  response: z.object({
    settings: WebhookSettings,
    /** The signing secret, only in the answer of the save that made it: it is never shown again. */
    secret: z.string().nullable(),
  }),
});

export const rotateWebhookSecret = defineCall({
  path: '/api/v1/webhook/secret/rotate',
  permission: 'webhooks',
  errors: ['fresh_second_factor_required'],
  summary: 'Replaces the signing secret and answers the new one, once; deliveries are signed with it from now on',
  request: EmptyRequest,
  response: z.object({ secret: z.string(), secret_created_at: z.string() }),
});

const webhookDeliveryStatuses = ['pending', 'retrying', 'succeeded', 'failed'] as const;
export const WebhookDeliveryStatus = z.enum(webhookDeliveryStatuses);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

/** Why an attempt was made: the event itself, a retry after a failure, a replay, a test send. */
const webhookAttemptTriggers = ['event', 'retry', 'replay', 'test'] as const;

export const WebhookDelivery = z.object({
  delivery_id: z.string(),
  /** The webhook-id header: the same on every attempt and replay of one event. */
  webhook_id: z.string(),
  event_type: WebhookEventType,
  is_test: z.boolean(),
  status: WebhookDeliveryStatus,
  attempt_count: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** Why an attempt failed without an HTTP answer. */
const webhookAttemptErrors = [
  'timeout',
  'connection_failed',
  'unresolvable',
  'private_address',
  'not_https',
  'no_endpoint',
] as const;

export const WebhookAttempt = z.object({
  attempted_at: z.string(),
  trigger: z.enum(webhookAttemptTriggers),
  url: z.string(),
  status_code: z.number().int().nullable(),
  latency_ms: z.number().int(),
  is_success: z.boolean(),
  error: z.enum(webhookAttemptErrors).nullable(),
  /** The start of the receiver's answer, truncated. */
  response_excerpt: z.string(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const listWebhookDeliveries = defineCall({
  path: '/api/v1/webhook/delivery/list',
  permission: 'webhooks',
  summary: "The company's deliveries, newest first, a page at a time (keyset)",
  request: PageRequest.extend({ status: WebhookDeliveryStatus.optional() }).strict(),
  response: page(WebhookDelivery),
});

const DeliveryIdRequest = z.object({ delivery_id: identifierText(64) }).strict();

export const getWebhookDelivery = defineCall({
  path: '/api/v1/webhook/delivery/get',
  permission: 'webhooks',
  errors: ['not_found'],
  summary: 'One delivery: the body it sends and every attempt, newest first',
  request: DeliveryIdRequest,
  response: WebhookDelivery.extend({ payload: z.string(), attempts: z.array(WebhookAttempt) }),
});

export const replayWebhookDelivery = defineCall({
  path: '/api/v1/webhook/delivery/replay',
  permission: 'webhooks',
  errors: ['not_found'],
  isIdempotent: true,
  summary: 'Sends one delivery again now (same webhook-id), with retries as for a new one',
  request: DeliveryIdRequest,
  response: WebhookDelivery,
});

/** A range replay covers at most a month and this many deliveries. */
const webhookReplayRangeMaxDays = 31;
export const webhookReplayRangeMaxDeliveries = 1000;

export const replayWebhookDeliveries = defineCall({
  path: '/api/v1/webhook/delivery/replay_range',
  permission: 'webhooks',
  isIdempotent: true,
  summary: 'Sends again every delivery made in a time range (only the failed ones, or all), oldest first',
  request: z
    .object({
      from: z.iso.datetime({ offset: true, message: 'webhooks.validation.time_invalid' }),
      to: z.iso.datetime({ offset: true, message: 'webhooks.validation.time_invalid' }),
      is_failed_only: z.boolean().default(true),
    })
    .strict()
    .superRefine((value, context) => {
      const spanMs = Date.parse(value.to) - Date.parse(value.from);
      if (spanMs <= 0) context.addIssue({ code: 'custom', path: ['to'], message: 'webhooks.validation.range_order' });
      else if (spanMs > webhookReplayRangeMaxDays * 24 * 60 * 60 * 1000)
        context.addIssue({ code: 'custom', path: ['to'], message: 'webhooks.validation.range_too_long' });
    }),
  response: z.object({ replayed: z.number().int() }),
});

export const sendTestWebhook = defineCall({
  path: '/api/v1/webhook/test',
  permission: 'webhooks',
  isIdempotent: true,
  summary: "Sends a signed test delivery to a type's URL now (enabled or not); it shows in the delivery log",
  request: z.object({ event_type: WebhookEventType }).strict(),
  response: WebhookDelivery,
});
