/**
 * Printed programme cards and binding: the company's printed cards as the programme
 * screens show them (with their batch, order and contract, and once bound the card's state and
 * holder), the cardholders a card may be bound to, and binding, unbinding and rebinding through the
 * cards module's stock functions. The first binding of a card opens its first membership term.
 */

import {
  type StockCard,
  type StockCardAction,
  stockCardActionRefusal,
  stockCardActions,
} from '@bank/contract/programme';
import { type StockStageGroup, stagesOfStockGroup } from '@bank/contract/programme-cards';
import type { CardOperationStage } from '@bank/contract/states';
import { and, asc, desc, eq, ilike, inArray, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { CardProcessor } from '../../adapters/card-processor/card-processor.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { lockCompany } from '../../platform/tenant.ts';
import { bindStockCard, cardholders, cardStock, cards, unbindStockCard } from '../cards/index.ts';
import type { ProgrammeCaller } from './context.ts';
import { openFirstTerm } from './membership-fees.ts';
import { programmeContracts, programmeOrders, programmePrintBatches } from './tables.ts';

const likeSubstring = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

const holderName = sql<string>`${cardholders.first_name} || ' ' || ${cardholders.last_name}`;

function stockCardQuery(handle: DbHandle) {
  return handle
    .select({
      stock: cardStock,
      order_number: programmeOrders.order_number,
      contract_number: programmeContracts.contract_number,
      company_abbreviation: programmeContracts.company_abbreviation,
      card_stage: cards.operation_stage,
      card_status: cards.status,
      cardholder_id: cardholders.id,
      cardholder_name: holderName,
    })
    .from(cardStock)
    .innerJoin(programmePrintBatches, eq(programmePrintBatches.id, cardStock.batch_id))
    .innerJoin(programmeOrders, eq(programmeOrders.id, programmePrintBatches.order_id))
    .innerJoin(programmeContracts, eq(programmeContracts.id, programmeOrders.contract_id))
    .leftJoin(cards, eq(cards.id, cardStock.id))
    .leftJoin(cardholders, eq(cardholders.id, cards.cardholder_id));
}

type StockCardRow = Awaited<ReturnType<ReturnType<typeof stockCardQuery>['where']>>[number];

function stockCardView(row: StockCardRow): StockCard {
  const stage: CardOperationStage = row.card_stage ?? row.stock.operation_stage;
  const facts = { operation_stage: stage, card_status: row.card_status };
  // An unbound card keeps its `cards` row and last holder, but belongs to nobody until bound again.
  const isHeld = stage !== 'unbound' && row.cardholder_id !== null;
  return {
    id: row.stock.id,
    last4: row.stock.last4,
    company_abbreviation: row.company_abbreviation,
    level: row.stock.level,
    network: row.stock.network,
    batch_number: row.stock.batch_number,
    order_number: row.order_number,
    contract_number: row.contract_number,
    operation_stage: stage,
    stage_updated_at: row.stock.stage_updated_at.toISOString(),
    expires_on: row.stock.expires_on,
    card_id: row.card_status === null ? null : row.stock.id,
    card_status: row.card_status,
    cardholder_id: isHeld ? row.cardholder_id : null,
    cardholder_name: isHeld ? row.cardholder_name : null,
    allowed_actions: stockCardActions.filter(
      (action: StockCardAction) => stockCardActionRefusal(facts, action) === null,
    ),
  };
}

/** The stage a listed card is at: the bound card's own, else the printed card's. */
const stageColumn = sql<CardOperationStage>`coalesce(${cards.operation_stage}, ${cardStock.operation_stage})`;

function stageGroupFilter(group: StockStageGroup): SQL | undefined {
  if (group === 'activated') {
    const earlier = [...stagesOfStockGroup.printing, ...stagesOfStockGroup.ready_to_bind, ...stagesOfStockGroup.bound];
    return notInArray(stageColumn, earlier);
  }
  return inArray(stageColumn, [...stagesOfStockGroup[group]]);
}

/** `programme/cards/list`: the company's printed cards, newest first (keyset on id). */
export async function listProgrammeCards(
  handle: DbHandle,
  companyId: string,
  request: {
    page_size: number;
    cursor?: string | undefined;
    stage_group?: StockStageGroup | undefined;
    batch_number?: string | undefined;
    search?: string | undefined;
  },
): Promise<{ items: StockCard[]; next_cursor: string | null }> {
  if (request.cursor !== undefined && !isUuid(request.cursor))
    throw new AppError('validation', { fields: { cursor: { key: 'validation.invalid' } } });
  const search = request.search?.trim();
  const rows = await stockCardQuery(handle)
    .where(
      and(
        eq(cardStock.company_id, companyId),
        request.stage_group ? stageGroupFilter(request.stage_group) : undefined,
        request.batch_number ? eq(cardStock.batch_number, request.batch_number.trim()) : undefined,
        search
          ? /^\d{4}$/.test(search)
            ? eq(cardStock.last4, search)
            : and(ilike(holderName, likeSubstring(search)), sql`${stageColumn} <> 'unbound'`)
          : undefined,
        request.cursor ? lt(cardStock.id, request.cursor) : undefined,
      ),
    )
    .orderBy(desc(cardStock.id))
    .limit(request.page_size + 1);
  const pageRows = rows.slice(0, request.page_size);
  const last = pageRows.at(-1);
  return {
    items: pageRows.map(stockCardView),
    next_cursor: rows.length > request.page_size && last ? last.stock.id : null,
  };
}

async function programmeCard(handle: DbHandle, companyId: string, stockCardId: string): Promise<StockCard> {
  if (!isUuid(stockCardId)) throw new AppError('not_found', { detail: `no programme card ${stockCardId}` });
  const [row] = await stockCardQuery(handle).where(
    and(eq(cardStock.id, stockCardId), eq(cardStock.company_id, companyId)),
  );
  if (!row) throw new AppError('not_found', { detail: `no programme card ${stockCardId} in company ${companyId}` });
  return stockCardView(row);
}

const bindableLimit = 100;

/** `programme/cards/cardholders`: the company's cardholders whose ID and address KYC the processor approved. */
export async function listBindableCardholders(handle: DbHandle, companyId: string, search: string | undefined) {
  const text = search?.trim();
  const rows = await handle
    .select({
      id: cardholders.id,
      name: holderName,
      email: cardholders.email,
      applicant_type: cardholders.applicant_type,
    })
    .from(cardholders)
    .where(
      and(
        eq(cardholders.company_id, companyId),
        eq(cardholders.kyc_id_status, 'success'),
        eq(cardholders.kyc_address_status, 'success'),
        text ? or(ilike(holderName, likeSubstring(text)), ilike(cardholders.email, likeSubstring(text))) : undefined,
      ),
    )
    .orderBy(asc(cardholders.first_name), asc(cardholders.last_name), asc(cardholders.id))
    .limit(bindableLimit);
  return { items: rows };
}

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
