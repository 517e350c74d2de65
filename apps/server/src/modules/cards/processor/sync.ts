/**
 * Applying the processor's notifications to the product, in order, once each: a cardholder's KYC
 * answer, a card's operation stage (with its anomaly cause and KIT code), a load's outcome and a
 * card transaction. The cursor (card_processor_cursor) moves in the same transaction as the
 * changes it covers, so a notification is applied exactly once even when a run is retried or two
 * instances run at once (the cursor row is locked).
 *
 * The product's own calls (activation, blocks) change the card at once and the processor reports
 * the same change afterwards: a notification that changes nothing is skipped.
 */
import type { CardStatus } from '@bank/contract/states';
import { eq } from 'drizzle-orm';
import type { CardProcessor, ProcessorNotification } from '../../../adapters/card-processor/card-processor.ts';
import type { AppDatabase, Transaction } from '../../../platform/db.ts';
import { recordEvent } from '../../../platform/events.ts';
import { afterEndingStage, statusOfEndingStage } from '../management/cancellation.ts';
import type { CardRow } from '../queries.ts';
import { applyStockStage } from '../stock.ts';
import { cardholders, cardProcessorCursor, cards } from '../tables.ts';
import { recordCardEvent } from '../timeline.ts';

type NotificationOf<Type extends ProcessorNotification['type']> = Extract<ProcessorNotification, { type: Type }>;

/** What other parts of the module do with money notifications (top-ups, card transactions). */
export type MoneyNotificationHandlers = {
  load_status(tx: Transaction, notification: NotificationOf<'load_status'>, now: Date): Promise<void>;
  card_transaction(tx: Transaction, notification: NotificationOf<'card_transaction'>, now: Date): Promise<void>;
};

/** The schedule that applies the processor's notifications (every minute; run at once after a simulator control). */
export const syncProcessorSchedule = 'cards__sync_processor';

const batchSize = 100;

/** Applies every notification not applied yet; answers how many. */
export async function syncProcessor(
  db: AppDatabase,
  processor: CardProcessor,
  handlers: MoneyNotificationHandlers,
  now: Date,
): Promise<number> {
  let applied = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      await tx
        .insert(cardProcessorCursor)
        .values({ processor: processor.name, cursor: '', updated_at: now })
        .onConflictDoNothing();
      const [position] = await tx
        .select()
        .from(cardProcessorCursor)
        .where(eq(cardProcessorCursor.processor, processor.name))
        .for('update');
      const cursor = position?.cursor ? position.cursor : null;
      const notifications = await processor.notificationsAfter(tx, cursor, batchSize);
      for (const notification of notifications) await applyNotification(tx, notification, handlers, now);
      const last = notifications.at(-1);
      if (last) {
        await tx
          .update(cardProcessorCursor)
          .set({ cursor: last.seq, updated_at: now })
          .where(eq(cardProcessorCursor.processor, processor.name));
      }
      return notifications.length;
    });
    applied += count;
    if (count < batchSize) return applied;
  }
}

async function applyNotification(
  tx: Transaction,
  notification: ProcessorNotification,
  handlers: MoneyNotificationHandlers,
  now: Date,
): Promise<void> {
  switch (notification.type) {
    case 'kyc_status':
      await tx
        .update(cardholders)
        .set({
          kyc_id_status: notification.kyc.id_status,
          kyc_address_status: notification.kyc.address_status,
          kyc_message: notification.kyc.message,
          updated_at: now,
        })
        .where(eq(cardholders.member_id, notification.member_id));
      return;
    case 'card_stage':
      await applyStage(tx, notification, now);
      return;
    case 'load_status':
      await handlers.load_status(tx, notification, now);
      return;
    case 'card_transaction':
      await handlers.card_transaction(tx, notification, now);
      return;
  }
}

/** The card state a stage reported by the processor leads to, from the card now. */
function statusAfterStage(card: CardRow, notification: NotificationOf<'card_stage'>): CardStatus {
  const { status } = card;
  switch (notification.operation_stage) {
    case 'activated':
      // Only activation makes a card active here: lifting a block is the product's own change.
      return status === 'approved' ? 'active' : status;
    case 'cancelled':
    case 'replacement_refused':
      return statusOfEndingStage(card, notification.operation_stage) ?? status;
    case 'reissued':
      // A replaced card ends; one blocked for good stays blocked, so that its block still shows why.
      return status === 'blocked' ? 'blocked' : 'expired';
    default:
      return status;
  }
}

async function applyStage(tx: Transaction, notification: NotificationOf<'card_stage'>, now: Date): Promise<void> {
  // A programme card's stock row follows every stage; before it is bound it has no card row.
  await applyStockStage(tx, notification, now);
  const [card] = await tx
    .select()
    .from(cards)
    .where(eq(cards.processor_reference, notification.reference))
    .for('update');
  // A card the product never recorded (its order rolled back) is not the product's to follow.
  if (!card) return;
  const status = statusAfterStage(card, notification);
  const kitCode = notification.kit_code ?? card.kit_code;
  const isUnchanged =
    card.operation_stage === notification.operation_stage &&
    card.anomaly_cause === notification.anomaly_cause &&
    card.status === status &&
    card.kit_code === kitCode;
  if (isUnchanged) return;
  const at = new Date(notification.at);
  const [updated] = await tx
    .update(cards)
    .set({
      status,
      operation_stage: notification.operation_stage,
      anomaly_cause: notification.anomaly_cause,
      kit_code: kitCode,
      stage_updated_at: at,
      ...(notification.operation_stage === 'reissued' ? { replacement_status: 'replaced' as const } : {}),
      ...(notification.operation_stage === 'mailed' && !card.issued_on
        ? { issued_on: notification.at.slice(0, 10) }
        : {}),
      updated_at: now,
    })
    .where(eq(cards.id, card.id))
    .returning();
  await recordCardEvent(
    tx,
    {
      cardId: card.id,
      companyId: card.company_id,
      kind: 'stage_changed',
      operationStage: notification.operation_stage,
      detail: { from_stage: card.operation_stage, anomaly_cause: notification.anomaly_cause },
    },
    at,
  );
  await recordEvent(
    tx,
    'card.operation_status_changed',
    {
      company_id: card.company_id,
      card_id: card.id,
      last4: card.last4,
      status,
      from_stage: card.operation_stage,
      operation_stage: notification.operation_stage,
      anomaly_cause: notification.anomaly_cause,
      at: notification.at,
    },
    { companyId: card.company_id },
  );
  if (updated) await afterEndingStage(tx, card, updated, now);
}
