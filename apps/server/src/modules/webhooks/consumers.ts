/**
 * Which domain events become webhooks: one line per event type of the contract's catalogue
 * (events.ts), naming the webhook notification type it is from the event's facts (a payout's state,
 * a conversion's source, whose threshold a balance crossed), or none. Each domain publishes its
 * events from its own service (the outbox); this module only listens. The body is Standard
 * Webhooks' `{type, timestamp, data}`; `data` is the event's facts without the ids of who acted (the
 * bank's users are not the receiver's business).
 */
import type { DomainEventPayload, DomainEventType } from '@bank/contract/events';
import { payoutWebhookOfStatus, type WebhookEventType, webhookPayloadTypeOf } from '@bank/contract/webhooks';
import { and, eq } from 'drizzle-orm';
import type { EventConsumer } from '../../platform/events.ts';
import type { Clock } from '../../platform/session.ts';
import { scheduleNewDelivery } from './deliveries.ts';
import { webhookEndpoints } from './tables.ts';

/** A conversion's notification by its source; a fiat deposit's is its deposit's. */
const settledWebhookOfSource = { fx: 'fx_settled', otc: 'otc_settled', fiat_deposit: undefined } as const;

type WebhookOf<Type extends DomainEventType> = (payload: DomainEventPayload<Type>) => WebhookEventType | undefined;

export const webhookEventOfDomainEvent: { [Type in DomainEventType]?: WebhookOf<Type> } = {
  'kyc.status_changed': () => 'kyc_status_changed',
  'top_up.status_changed': () => 'top_up_status',
  'card.operation_status_changed': () => 'card_operation_status',
  'card.activated': () => 'card_activation',
  'deposit.credited': () => 'deposit_credited',
  'payout.status_changed': (payout) => payoutWebhookOfStatus[payout.status as keyof typeof payoutWebhookOfStatus],
  'conversion.made': (conversion) => (conversion.source ? settledWebhookOfSource[conversion.source] : undefined),
  'balance.fell_below_threshold': (crossing) =>
    crossing.watcher_user_id === null ? 'balance_below_threshold' : undefined,
};

/** The facts a receiver gets: the payload without internal actor ids. */
function receiverData(payload: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(payload).filter(([key]) => !key.endsWith('_user_id')));
}

/** A delivery for the event's company, if that company has an enabled URL for its type. */
export function webhookConsumer<Type extends DomainEventType>(
  webhookOf: WebhookOf<Type>,
  clock: Clock,
): EventConsumer<Type> {
  return async (tx, payload, event) => {
    const eventType = webhookOf(payload);
    if (!eventType) return;
    const facts = payload as Record<string, unknown>;
    const companyId = event.company_id ?? (typeof facts.company_id === 'string' ? facts.company_id : null);
    if (!companyId) return;
    const [endpoint] = await tx
      .select({ url: webhookEndpoints.url })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.company_id, companyId),
          eq(webhookEndpoints.event_type, eventType),
          eq(webhookEndpoints.is_enabled, true),
        ),
      );
    if (!endpoint || endpoint.url === '') return;
    const at = clock.now();
    await scheduleNewDelivery(tx, {
      companyId,
      eventType,
      eventId: event.id,
      payload: { type: webhookPayloadTypeOf[eventType], timestamp: at.toISOString(), data: receiverData(facts) },
      now: at,
    });
  };
}
