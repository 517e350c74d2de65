/**
 * The end of a card the company decides, and of a replacement the processor refuses.
 *
 * Cancellation (the company's administrator, with a fresh second factor): the transition table's
 * `cancel`, refused while a top-up is still loading (its money would land on a closed card); the
 * processor is asked to cancel, and the card shows its stage `cancelling` until the processor
 * confirms `cancelled` (the sync): then the card is `cancelled`, its open fee terms discontinued,
 * and what is left on it returns to the company (balance-return.ts).
 *
 * A refused replacement: the processor refuses to issue a replacement card (stage
 * `replacement_refused`): the new card is `rejected` and ends there, and the card it was to replace
 * is no longer waiting for it (`not_replaced`): its replacement fee is refunded, and it can be
 * replaced again (a new fee), or cancelled.
 */
import { type CardFundingAsset, cardFundingAssets } from '@bank/contract/cards';
import type { CardStatus } from '@bank/contract/states';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CardProcessor } from '../../../adapters/card-processor/card-processor.ts';
import { writeAudit } from '../../../platform/audit.ts';
import type { DbHandle } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { accountIdOf, ledger } from '../../ledger/index.ts';
import { openTransaction } from '../../transactions/index.ts';
import { assertCardAction } from '../card-view.ts';
import { tryReturnCardBalance } from '../money/balance-return.ts';
import { loadsUnderWay } from '../money/queries.ts';
import type { CardRow } from '../queries.ts';
import { cardFeeTerms } from '../renewals/tables.ts';
import { cardEvents, cards } from '../tables.ts';
import { recordCardEvent } from '../timeline.ts';
import { applyCardChange, type CardCaller } from './card-changes.ts';
import { lockedCard } from './management.ts';

/** `card/cancel`: the processor is asked to cancel the card; it is `cancelling` until the processor confirms. */
export async function requestCardCancellation(
  handle: DbHandle,
  processor: CardProcessor,
  caller: CardCaller,
  request: { card_id: string },
): Promise<CardRow> {
  const { now } = caller;
  const card = await lockedCard(handle, caller, request.card_id);
  assertCardAction(card, 'cancel', caller.actor);
  if ((await loadsUnderWay(handle, card.id)) > 0)
    throw new AppError('illegal_state', {
      messageKey: 'cards.errors.top_up_under_way',
      detail: `card ${card.id}: a top-up is still loading`,
    });
  await processor.requestCancellation(handle, card.processor_reference, now);
  const cancelling = await applyCardChange(
    handle,
    card,
    { operation_stage: 'cancelling' },
    { kind: 'cancellation_requested', detail: { from_stage: card.operation_stage }, actorUserId: caller.userId },
    now,
  );
  await writeAudit(handle, {
    action: 'card.cancellation_requested',
    at: now,
    actorUserId: caller.userId,
    companyId: card.company_id,
    ip: caller.ip,
    detail: { card_id: card.id, status: card.status },
  });
  return cancelling;
}

/**
 * The state a stage reported by the processor leads to, from the card as it is: `cancelled` ends
 * a card the company cancelled (any other card is closed by its expiry or its replacement), a
 * refused replacement is `rejected`.
 */
export function statusOfEndingStage(
  card: Pick<CardRow, 'status' | 'operation_stage'>,
  stage: string,
): CardStatus | null {
  if (stage === 'cancelled') return card.operation_stage === 'cancelling' ? 'cancelled' : 'expired';
  if (stage === 'replacement_refused') return 'rejected';
  return null;
}

/**
 * What follows a card's end reported by the processor, in the sync's transaction: a cancelled card's
 * open terms are discontinued and its money returned; a refused replacement frees the card it was
 * to replace.
 */
export async function afterEndingStage(handle: DbHandle, before: CardRow, after: CardRow, now: Date): Promise<void> {
  if (after.status === 'cancelled' && before.status !== 'cancelled') {
    await handle
      .update(cardFeeTerms)
      .set({ status: 'discontinued', remarks: 'card_cancelled', updated_at: now })
      .where(and(eq(cardFeeTerms.card_id, after.id), inArray(cardFeeTerms.status, ['upcoming', 'pending'])));
    await writeAudit(handle, {
      action: 'card.cancelled',
      at: now,
      companyId: after.company_id,
      detail: { card_id: after.id },
    });
    await tryReturnCardBalance(handle, after, 'cancelled', now);
    return;
  }
  if (after.status === 'rejected' && before.status !== 'rejected' && after.replaces_card_id) {
    await freeReplacedCard(handle, after, now);
  }
}

/** The card a refused replacement was to replace waits for it no more. */
async function freeReplacedCard(handle: DbHandle, refused: CardRow, now: Date): Promise<void> {
  if (!refused.replaces_card_id) return;
  const [replaced] = await handle
    .select()
    .from(cards)
    .where(and(eq(cards.id, refused.replaces_card_id), eq(cards.replaced_by_card_id, refused.id)))
    .for('update');
  if (replaced?.replacement_status !== 'pending_replacement') return;
  await handle
    .update(cards)
    .set({ replacement_status: 'not_replaced', replaced_by_card_id: null, updated_at: now })
    .where(eq(cards.id, replaced.id));
  const refund = await refundReplacementFee(handle, replaced, refused, now);
  await recordCardEvent(
    handle,
    {
      cardId: replaced.id,
      companyId: replaced.company_id,
      kind: 'replacement_refused',
      operationStage: replaced.operation_stage,
      detail: {
        replacement_card_id: refused.id,
        refunded_asset: refund?.asset ?? null,
        refunded_amount: refund?.amount ?? null,
      },
    },
    now,
  );
  await writeAudit(handle, {
    action: 'card.replacement_refused',
    at: now,
    companyId: replaced.company_id,
    detail: { card_id: replaced.id, replacement_card_id: refused.id, refund },
  });
}

/**
 * The replacement fee the company paid for a card never issued comes back: what its coin was
 * debited (the replacement's order line says), from the fee account, with a line in its history.
 */
async function refundReplacementFee(
  handle: DbHandle,
  replaced: CardRow,
  refused: CardRow,
  now: Date,
): Promise<{ asset: string; amount: string } | null> {
  const [ordered] = await handle
    .select({ detail: cardEvents.detail })
    .from(cardEvents)
    .where(
      and(
        eq(cardEvents.card_id, replaced.id),
        eq(cardEvents.kind, 'replacement_requested'),
        sql`${cardEvents.detail}->>'replacement_card_id' = ${refused.id}`,
      ),
    )
    .limit(1);
  const asset = ordered?.detail.asset;
  const amount = ordered?.detail.debit_amount;
  if (!asset || !amount || !(cardFundingAssets as readonly string[]).includes(asset)) return null;
  const coin = asset as CardFundingAsset;
  const [transfer] = await ledger.transfer(
    handle,
    [
      {
        idempotencyKey: `card-replacement-fee-refund-${refused.id}`,
        kind: 'card_fee_refund',
        asset: coin,
        debitAccountId: await accountIdOf(handle, { kind: 'fee', asset: coin }, now),
        creditAccountId: await accountIdOf(
          handle,
          { kind: 'customer', companyId: replaced.company_id, asset: coin },
          now,
        ),
        amount,
        reference: { type: 'card', id: refused.id },
      },
    ],
    now,
  );
  if (transfer && !transfer.isReplay)
    await openTransaction(
      handle,
      {
        companyId: replaced.company_id,
        type: 'card_fee',
        direction: 'credit',
        asset: coin,
        amount,
        status: 'success',
        counterparty: `•••• ${replaced.last4}`,
        source: { type: 'card_fee_refund', id: transfer.id },
        step: 'fee_refunded',
      },
      now,
    );
  return { asset: coin, amount };
}
