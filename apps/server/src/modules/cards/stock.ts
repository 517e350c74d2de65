/**
 * Programme cards: printed for a company in print batches before they belong to anyone,
 * then bound to the company's cardholders. The cards module keeps every card the processor issued,
 * so it keeps these too (card_stock); the programme module decides when to print and who may bind.
 *
 * Binding a card the first time creates its `cards` row with the stock row's id (one id for the
 * card's whole life: webhooks and the inbox name it the same before and after), at the stage the
 * processor answered (bound), ready for its holder to activate. Unbinding, allowed until the holder
 * activated it (programme.ts), takes it back to the company (unbound); binding it again moves it to
 * the new holder (pending rebind, then bound when the processor reports it).
 */

import type { CardLevel, CardNetwork, PostalAddress } from '@bank/contract/cards';
import { type StockCardAction, stockCardActionRefusal } from '@bank/contract/programme';
import type { CardOperationStage, CardStatus } from '@bank/contract/states';
import { and, eq } from 'drizzle-orm';
import type { CardProcessor } from '../../adapters/card-processor/card-processor.ts';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { recordEvent } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import { cardholders, cardStock, cards } from './tables.ts';
import { recordCardEvent } from './timeline.ts';

export type StockRow = typeof cardStock.$inferSelect;

export type PrintOrder = {
  companyId: string;
  batchId: string;
  batchNumber: string;
  quantity: number;
  level: CardLevel;
  network: CardNetwork;
  /** The company abbreviation printed on the cards. */
  abbreviation: string;
  mailingAddress: PostalAddress;
  actorUserId: string;
};

/** Orders a print batch at the processor and records its cards; answers their ids. */
export async function printStockCards(
  handle: DbHandle,
  processor: CardProcessor,
  order: PrintOrder,
  now: Date,
): Promise<string[]> {
  const printed = await processor.printCards(
    handle,
    {
      batchNumber: order.batchNumber,
      quantity: order.quantity,
      level: order.level,
      network: order.network,
      nameOnCard: order.abbreviation,
      mailingAddress: order.mailingAddress,
    },
    now,
  );
  const rows = printed.map((card, index) => ({
    id: newId(now.getTime() + index),
    company_id: order.companyId,
    batch_id: order.batchId,
    batch_number: order.batchNumber,
    processor_reference: card.reference,
    last4: card.last4,
    name_on_card: order.abbreviation,
    level: order.level,
    network: order.network,
    operation_stage: card.operation_stage,
    stage_updated_at: now,
    expires_on: card.expires_on,
    mailing_address: order.mailingAddress,
    created_by: order.actorUserId,
    created_at: now,
    updated_at: now,
  }));
  if (rows.length > 0) await handle.insert(cardStock).values(rows);
  return rows.map((row) => row.id);
}

/** The stock card of the company, locked for a change; `not_found` for another company's. */
async function lockedStockCard(handle: DbHandle, companyId: string, stockCardId: string) {
  const [row] = await handle
    .select()
    .from(cardStock)
    .where(and(eq(cardStock.id, stockCardId), eq(cardStock.company_id, companyId)))
    .for('update');
  if (!row) throw new AppError('not_found', { detail: `no programme card ${stockCardId} in the company` });
  const [card] = row.is_bound_once ? await handle.select().from(cards).where(eq(cards.id, row.id)).for('update') : [];
  return { row, card: card ?? null };
}

function assertStockAction(
  facts: { operation_stage: CardOperationStage; card_status: CardStatus | null },
  action: StockCardAction,
) {
  const refusal = stockCardActionRefusal(facts, action);
  if (refusal) throw new AppError(refusal, { detail: `programme card cannot ${action} at ${facts.operation_stage}` });
}

/** The company's cardholder whose card KYC the processor approved (another company's is not found). */
async function approvedCardholder(handle: DbHandle, companyId: string, cardholderId: string) {
  const [holder] = await handle
    .select()
    .from(cardholders)
    .where(and(eq(cardholders.id, cardholderId), eq(cardholders.company_id, companyId)));
  if (!holder) throw new AppError('not_found', { detail: `no cardholder ${cardholderId} in the company` });
  if (holder.kyc_id_status !== 'success' || holder.kyc_address_status !== 'success')
    throw new AppError('cardholder_kyc_not_approved', { detail: `cardholder ${holder.id}` });

  return holder;
}

/**
 * Binds the company's printed card to one of its cardholders whose card KYC the processor approved.
 * Another company's card or cardholder is not found; a card bound already is refused.
 */
export async function bindStockCard(
  handle: DbHandle,
  processor: CardProcessor,
  binding: { companyId: string; stockCardId: string; cardholderId: string; actorUserId: string },
  now: Date,
): Promise<{ cardId: string; operationStage: CardOperationStage }> {
  const { row, card } = await lockedStockCard(handle, binding.companyId, binding.stockCardId);
  assertStockAction({ operation_stage: row.operation_stage, card_status: card?.status ?? null }, 'bind');
  const holder = await approvedCardholder(handle, binding.companyId, binding.cardholderId);
  const { operation_stage: stage } = await processor.bindCard(handle, row.processor_reference, holder.member_id, now);
  await handle
    .update(cardStock)
    .set({ operation_stage: stage, anomaly_cause: null, stage_updated_at: now, is_bound_once: true, updated_at: now })
    .where(eq(cardStock.id, row.id));
  if (card) {
    await handle
      .update(cards)
      .set({
        cardholder_id: holder.id,
        operation_stage: stage,
        anomaly_cause: null,
        stage_updated_at: now,
        kit_code: row.kit_code ?? card.kit_code,
        updated_at: now,
      })
      .where(eq(cards.id, card.id));
  } else {
    await handle.insert(cards).values({
      id: row.id,
      company_id: row.company_id,
      cardholder_id: holder.id,
      processor_reference: row.processor_reference,
      last4: row.last4,
      name_on_card: row.name_on_card,
      level: row.level,
      network: row.network,
      status: 'approved',
      operation_stage: stage,
      stage_updated_at: now,
      kit_code: row.kit_code,
      issued_on: row.created_at.toISOString().slice(0, 10),
      expires_on: row.expires_on,
      mailing_address: row.mailing_address,
      // The card cost was paid with the programme's order.
      card_fee_paid: true,
      // The programme's membership fee replaces the card annual fee: no annual term, no expiry for one.
      fee_rule: 'membership',
      created_by: binding.actorUserId,
      created_at: now,
      updated_at: now,
    });
  }
  await recordStockChange(
    handle,
    {
      row,
      kind: 'bound',
      fromStage: card?.operation_stage ?? row.operation_stage,
      stage,
      detail: { cardholder_id: holder.id, cardholder_name: `${holder.first_name} ${holder.last_name}` },
      actorUserId: binding.actorUserId,
    },
    now,
  );
  return { cardId: row.id, operationStage: stage };
}

/** Takes a bound card its holder has not activated back to the company. */
export async function unbindStockCard(
  handle: DbHandle,
  processor: CardProcessor,
  unbinding: { companyId: string; stockCardId: string; actorUserId: string },
  now: Date,
): Promise<void> {
  const { row, card } = await lockedStockCard(handle, unbinding.companyId, unbinding.stockCardId);
  const stage = card?.operation_stage ?? row.operation_stage;
  assertStockAction({ operation_stage: stage, card_status: card?.status ?? null }, 'unbind');
  if (!card) throw new Error(`programme card ${row.id} is bound but has no card`);
  await processor.unbindCard(handle, row.processor_reference, now);
  await handle
    .update(cardStock)
    .set({ operation_stage: 'unbound', stage_updated_at: now, updated_at: now })
    .where(eq(cardStock.id, row.id));
  await handle
    .update(cards)
    .set({ operation_stage: 'unbound', stage_updated_at: now, updated_at: now })
    .where(eq(cards.id, card.id));
  await recordStockChange(
    handle,
    {
      row,
      kind: 'unbound',
      fromStage: stage,
      stage: 'unbound',
      detail: { cardholder_id: card.cardholder_id },
      actorUserId: unbinding.actorUserId,
    },
    now,
  );
}

/** The card's timeline line and the operation status event (inbox, card operation webhook). */
async function recordStockChange(
  handle: DbHandle,
  change: {
    row: StockRow;
    kind: 'bound' | 'unbound';
    fromStage: CardOperationStage;
    stage: CardOperationStage;
    detail: Record<string, string | null>;
    actorUserId: string;
  },
  now: Date,
) {
  await recordCardEvent(
    handle,
    {
      cardId: change.row.id,
      companyId: change.row.company_id,
      kind: change.kind,
      operationStage: change.stage,
      detail: { from_stage: change.fromStage, ...change.detail },
      actorUserId: change.actorUserId,
    },
    now,
  );
  await recordEvent(
    handle,
    'card.operation_status_changed',
    {
      company_id: change.row.company_id,
      card_id: change.row.id,
      last4: change.row.last4,
      status: 'approved',
      from_stage: change.fromStage,
      operation_stage: change.stage,
      anomaly_cause: null,
      at: now.toISOString(),
    },
    { companyId: change.row.company_id },
  );
}

/**
 * A stage the processor reported for a programme card (sync.ts): the stock row follows; a card not
 * bound yet has no `cards` row, so its operation status event is told from here.
 */
export async function applyStockStage(
  handle: DbHandle,
  notification: {
    reference: string;
    operation_stage: CardOperationStage;
    anomaly_cause: StockRow['anomaly_cause'];
    kit_code: string | null;
    at: string;
  },
  now: Date,
): Promise<void> {
  const [row] = await handle
    .select()
    .from(cardStock)
    .where(eq(cardStock.processor_reference, notification.reference))
    .for('update');
  if (!row) return;
  const kitCode = notification.kit_code ?? row.kit_code;
  const isUnchanged =
    row.operation_stage === notification.operation_stage &&
    row.anomaly_cause === notification.anomaly_cause &&
    row.kit_code === kitCode;
  if (isUnchanged) return;
  await handle
    .update(cardStock)
    .set({
      operation_stage: notification.operation_stage,
      anomaly_cause: notification.anomaly_cause,
      kit_code: kitCode,
      stage_updated_at: new Date(notification.at),
      updated_at: now,
    })
    .where(eq(cardStock.id, row.id));
  // A bound card's own row tells its changes (sync.ts applies them to it).
  if (row.is_bound_once || row.operation_stage === notification.operation_stage) return;
  await recordEvent(
    handle,
    'card.operation_status_changed',
    {
      company_id: row.company_id,
      card_id: row.id,
      last4: row.last4,
      status: 'approved',
      from_stage: row.operation_stage,
      operation_stage: notification.operation_stage,
      anomaly_cause: notification.anomaly_cause,
      at: notification.at,
    },
    { companyId: row.company_id },
  );
}
