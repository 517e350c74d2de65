/**
 * Binding printed programme cards: binding, unbinding and rebinding through the cards module's
 * stock functions. The first binding of a card opens its first membership term. The printed cards
 * as the programme screens show them (with their batch, order and contract, and once bound the
 * card's state and holder) and the cardholders a card may be bound to are read in queries.ts.
 */

import type { StockCard } from '@bank/contract/programme';
import type { CardProcessor } from '../../adapters/card-processor/card-processor.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { lockCompany } from '../../platform/tenant.ts';
import { bindStockCard, unbindStockCard } from '../cards/index.ts';
import type { ProgrammeCaller } from './context.ts';
import { openFirstTerm } from './membership-fees.ts';
import { programmeCard } from './queries.ts';

/** `programme/cards/bind`: binds (or rebinds) a printed card, opening its first membership term on the first binding. */
export async function bindProgrammeCard(
  handle: DbHandle,
  processor: CardProcessor,
  caller: ProgrammeCaller,
  request: { stock_card_id: string; cardholder_id: string },
): Promise<StockCard> {
  const { now } = caller;
  if (!isUuid(request.stock_card_id) || !isUuid(request.cardholder_id))
    throw new AppError('not_found', { detail: 'no such programme card or cardholder' });
  await lockCompany(handle, caller.companyId);
  const bound = await bindStockCard(
    handle,
    processor,
    {
      companyId: caller.companyId,
      stockCardId: request.stock_card_id,
      cardholderId: request.cardholder_id,
      actorUserId: caller.userId,
    },
    now,
  );
  await openFirstTerm(handle, request.stock_card_id, now);
  await writeAudit(handle, {
    action: 'programme.card_bound',
    at: now,
    actorUserId: caller.userId,
    companyId: caller.companyId,
    ip: caller.ip,
    detail: {
      stock_card_id: request.stock_card_id,
      cardholder_id: request.cardholder_id,
      operation_stage: bound.operationStage,
    },
  });
  return programmeCard(handle, caller.companyId, request.stock_card_id);
}

/** `programme/cards/unbind`: takes a card its holder has not activated back to the company. */
export async function unbindProgrammeCard(
  handle: DbHandle,
  processor: CardProcessor,
  caller: ProgrammeCaller,
  request: { stock_card_id: string },
): Promise<StockCard> {
  const { now } = caller;
  if (!isUuid(request.stock_card_id)) throw new AppError('not_found', { detail: 'no such programme card' });
  await lockCompany(handle, caller.companyId);
  const before = await programmeCard(handle, caller.companyId, request.stock_card_id);
  await unbindStockCard(
    handle,
    processor,
    { companyId: caller.companyId, stockCardId: request.stock_card_id, actorUserId: caller.userId },
    now,
  );
  await writeAudit(handle, {
    action: 'programme.card_unbound',
    at: now,
    actorUserId: caller.userId,
    companyId: caller.companyId,
    ip: caller.ip,
    detail: { stock_card_id: request.stock_card_id, cardholder_id: before.cardholder_id },
  });
  return programmeCard(handle, caller.companyId, request.stock_card_id);
}
