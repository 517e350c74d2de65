/**
 * Which domain events become webhooks: one line per event type of the contract's catalogue
 * (events.ts), naming the webhook notification type it is. The cards and programme capabilities add
 * top-up status, card operation status and card activation here, one line each, once their events
 * exist. The body is Standard Webhooks' `{type, timestamp, data}`; `data` is the event's facts
 * without the ids of who acted (the bank's users are not the receiver's business).
 */
import type { DomainEventType } from '@bank/contract/events';
import { type WebhookEventType, webhookPayloadTypeOf } from '@bank/contract/webhooks';
import { and, eq } from 'drizzle-orm';
import type { EventConsumer } from '../../platform/events.ts';
import type { Clock } from '../../platform/session.ts';
import { scheduleNewDelivery } from './deliveries.ts';
import { webhookEndpoints } from './tables.ts';

export const webhookEventOfDomainEvent: Partial<Record<DomainEventType, WebhookEventType>> = {
  'kyc.status_changed': 'kyc_status_changed',
  'top_up.status_changed': 'top_up_status',
  'card.operation_status_changed': 'card_operation_status',
  'card.activated': 'card_activation',
};

/** The facts a receiver gets: the payload without internal actor ids. */
function receiverData(payload: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(payload).filter(([key]) => !key.endsWith('_user_id')));
}

/** A delivery for the event's company, if that company has an enabled URL for its type. */
export function webhookConsumer(eventType: WebhookEventType, clock: Clock): EventConsumer<DomainEventType> {
  return async (tx, payload, event) => {
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
