/**
 * Domain events, typed by the contract's catalogue (packages/contract/src/events.ts). A service
 * records what happened with `recordEvent` in the transaction of the change (the outbox delivers it
 * only if that commits); a module subscribes a consumer with `consumeEvent`, one line in its
 * register. A consumer runs from the job queue, is retried when it fails, and acts once per event:
 * its effect commits together with its claim on the event (consumed_events).
 */
import { type DomainEventPayload, type DomainEventType, domainEventSchemas } from '@bank/contract/events';
import { consumedEvents } from './consumed-events-table.ts';
import type { AppDatabase, DbHandle, Transaction } from './db.ts';
import type { Jobs } from './jobs.ts';
import { type DomainEvent, writeEvent } from './outbox.ts';

export async function recordEvent<Type extends DomainEventType>(
  handle: DbHandle,
  type: Type,
  payload: DomainEventPayload<Type>,
  options: { companyId?: string | null } = {},
): Promise<string> {
  const checked = domainEventSchemas[type].parse(payload);
  return writeEvent(handle, { type, payload: checked, company_id: options.companyId ?? null });
}

export type EventConsumer<Type extends DomainEventType> = (
  tx: Transaction,
  payload: DomainEventPayload<Type>,
  event: DomainEvent,
) => Promise<void>;

/**
 * Subscribes a consumer. `subscriber` names its queue and its claims: keep it stable across releases.
 * Call before the job queue starts (in a module's register).
 */
export function consumeEvent<Type extends DomainEventType>(
  dependencies: { jobs: Jobs; db: AppDatabase },
  type: Type,
  subscriber: string,
  consumer: EventConsumer<Type>,
): void {
  dependencies.jobs.onEvent(type, subscriber, async (event) => {
    await dependencies.db.transaction(async (tx) => {
      const claimed = await tx
        .insert(consumedEvents)
        .values({ event_id: event.id, subscriber })
        .onConflictDoNothing()
        .returning({ event_id: consumedEvents.event_id });
      if (claimed.length === 0) return;
      await consumer(tx, domainEventSchemas[type].parse(event.payload) as DomainEventPayload<Type>, event);
    });
  });
}
