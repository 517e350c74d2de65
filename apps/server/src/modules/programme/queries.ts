/**
 * The card programme's reads and plain writes: query functions taking the database or transaction
 * handle first, and the views the calls answer. Contracts (and the numbering every programme record
 * shares), pre-orders and their summary, print batches, the printed cards and the cardholders they
 * may be bound to, and membership terms. The steps (a contract set up, an order placed or decided,
 * cards allocated, bound or unbound, terms paid, waived or charged by the schedule) are in
 * contracts.ts, orders.ts, allocation.ts, binding.ts and membership-fees.ts.
 */
import { addDays, dayOf, termEndOf } from '@bank/contract/calendar';
import {
  contractStatusOn,
  type FeeDeductionMode,
  type MembershipFeeRecord,
  membershipStatusOn,
  type PreOrder,
  type PrintBatch,
  type ProgrammeContract,
  programmeLimits,
  type StockCard,
  type StockCardAction,
  stockCardActionRefusal,
  stockCardActions,
} from '@bank/contract/programme';
import { type FeeContract, type StockStageGroup, stagesOfStockGroup } from '@bank/contract/programme-cards';
import type { OrderSummary } from '@bank/contract/programme-orders';
import {
  type CardOperationStage,
  type ContractStatus,
  cardOperationStages,
  type FeePaymentStatus,
  type PreOrderStatus,
  preOrderStatuses,
} from '@bank/contract/states';
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { parseAmount } from '../../platform/money.ts';
import { containing } from '../../platform/search.ts';
import { companies, users } from '../account/index.ts';
import { cardholders, cardStock, cards } from '../cards/index.ts';
import { programmeContracts, programmeMembershipFees, programmeOrders, programmePrintBatches } from './tables.ts';

/** A search text as an ILIKE pattern that matches it anywhere, its wildcards taken literally. */

// ---------------------------------------------------------------------------------------------
// Contracts

export type ContractRow = typeof programmeContracts.$inferSelect;

/**
 * The next number of a series (`prefix` then `digits` digits): CT-2026-0001, PO-2026-00001,
 * B-20260315-001. A transaction-scoped advisory lock on the prefix keeps two numberings of one
 * series apart (each company's records share the bank's series).
 */
export async function nextNumber(handle: DbHandle, column: AnyPgColumn, prefix: string, digits: number) {
  await handle.execute(sql`select pg_advisory_xact_lock(hashtext(${`programme:${prefix}`}))`);
  const [last] = await handle
    .select({ number: sql<string | null>`max(${column})` })
    .from(column.table)
    .where(sql`${column} like ${`${prefix}%`}`);
  const sequence = last?.number ? Number(last.number.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(sequence).padStart(digits, '0')}`;
}

export function contractOf(row: ContractRow, companyName: string, today: string): ProgrammeContract {
  return {
    id: row.id,
    contract_number: row.contract_number,
    company_id: row.company_id,
    company_name: companyName,
    company_abbreviation: row.company_abbreviation,
    term_months: row.term_months,
    total_quantity: row.total_quantity,
    paid_quantity: row.paid_quantity,
    pending_quantity: row.pending_quantity,
    remaining_quantity: row.total_quantity - row.pending_quantity - row.paid_quantity,
    allocated_quantity: row.allocated_quantity,
    minimum_order_quantity: row.minimum_order_quantity,
    prepayment_per_card: parseAmount(row.prepayment_per_card).toFixed(2),
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    status: contractStatusOn(row, today),
    membership_term_months: row.membership_term_months,
    fee_deduction_mode: row.fee_deduction_mode,
    created_at: row.created_at.toISOString(),
  };
}

/** Contracts of a status on `today`: the status is the dates', so it filters on them. */
function statusCondition(status: ContractStatus | undefined, today: string): SQL | undefined {
  if (status === 'not_started') return gt(programmeContracts.starts_on, today);
  if (status === 'ended') return lt(programmeContracts.ends_on, today);
  if (status === 'active') return and(lte(programmeContracts.starts_on, today), gte(programmeContracts.ends_on, today));
  return undefined;
}

/** A page of contracts, newest first (ids are time-ordered), of one company or all. */
export async function contractPage(
  handle: DbHandle,
  filter: { company_id?: string | undefined; status?: ContractStatus | undefined },
  request: { page_size: number; cursor?: string | undefined },
  now: Date,
) {
  const today = dayOf(now);
  if (filter.company_id !== undefined && !isUuid(filter.company_id)) return { items: [], next_cursor: null };
  const cursor = request.cursor && isUuid(request.cursor) ? request.cursor : undefined;
  const rows = await handle
    .select({ row: programmeContracts, companyName: companies.name })
    .from(programmeContracts)
    .innerJoin(companies, eq(companies.id, programmeContracts.company_id))
    .where(
      and(
        filter.company_id ? eq(programmeContracts.company_id, filter.company_id) : undefined,
        statusCondition(filter.status, today),
        cursor ? lt(programmeContracts.id, cursor) : undefined,
      ),
    )
    .orderBy(desc(programmeContracts.id))
    .limit(request.page_size + 1);
  const items = rows
    .slice(0, request.page_size)
    .map((joined) => contractOf(joined.row, joined.companyName ?? '', today));
  return { items, next_cursor: rows.length > request.page_size ? (items.at(-1)?.id ?? null) : null };
}

/**
 * The contract, of the company when one is given (another company's is not found), locked for a
 * change when asked: an order's quantities are checked and changed under this lock.
 */
export async function contractRow(
  handle: DbHandle,
  contractId: string,
  options: { companyId?: string; forUpdate?: boolean } = {},
): Promise<ContractRow> {
  const condition = and(
    eq(programmeContracts.id, contractId),
    options.companyId ? eq(programmeContracts.company_id, options.companyId) : undefined,
  );
  const query = handle.select().from(programmeContracts).where(condition);
  const [row] = isUuid(contractId) ? await (options.forUpdate ? query.for('update') : query) : [];
  if (!row) throw new AppError('not_found', { detail: `no programme contract ${contractId}` });
  return row;
}

export async function contractView(handle: DbHandle, row: ContractRow, now: Date): Promise<ProgrammeContract> {
  const [company] = await handle
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, row.company_id));
  return contractOf(row, company?.name ?? '', dayOf(now));
}

/** KYC-approved companies whose name contains the search, by name: the back office's choice of company. */
export async function companyChoices(handle: DbHandle, request: { search: string; page_size: number }) {
  const rows = await handle
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(
      and(
        eq(companies.kyc_status, 'kyc_approved'),
        request.search ? ilike(companies.name, containing(request.search)) : undefined,
      ),
    )
    .orderBy(asc(companies.name))
    .limit(request.page_size);
  return { items: rows.map((row) => ({ id: row.id, name: row.name ?? '' })) };
}

// ---------------------------------------------------------------------------------------------
// Pre-orders

type OrderRow = typeof programmeOrders.$inferSelect;

async function joinedOrders(handle: DbHandle, condition: SQL | undefined, order: SQL, limit: number) {
  return handle
    .select({
      row: programmeOrders,
      contractNumber: programmeContracts.contract_number,
      companyName: companies.name,
      createdByName: users.full_name,
    })
    .from(programmeOrders)
    .innerJoin(programmeContracts, eq(programmeContracts.id, programmeOrders.contract_id))
    .innerJoin(companies, eq(companies.id, programmeOrders.company_id))
    .innerJoin(users, eq(users.id, programmeOrders.created_by))
    .where(condition)
    .orderBy(order)
    .limit(limit);
}

function orderOf(joined: Awaited<ReturnType<typeof joinedOrders>>[number]): PreOrder {
  const { row } = joined;
  return {
    id: row.id,
    order_number: row.order_number,
    contract_id: row.contract_id,
    contract_number: joined.contractNumber,
    company_name: joined.companyName ?? '',
    quantity: row.quantity,
    allocated_quantity: row.allocated_quantity,
    level: row.level,
    network: row.network,
    delivery_type: row.delivery_type,
    mailing_address: row.mailing_address,
    status: row.status,
    status_remark: row.status_remark,
    unit_price: parseAmount(row.unit_price).toFixed(2),
    total_usd: parseAmount(row.total_usd).toFixed(2),
    asset: row.asset,
    debit_amount: parseAmount(row.debit_amount).toFixed(),
    created_by_name: joined.createdByName,
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at?.toISOString() ?? null,
  };
}

/** One order as the screens read it; of the company when one is given (another company's is not found). */
export async function orderView(handle: DbHandle, orderId: string, companyId?: string): Promise<PreOrder> {
  const condition = and(
    eq(programmeOrders.id, orderId),
    companyId ? eq(programmeOrders.company_id, companyId) : undefined,
  );
  const [joined] = isUuid(orderId) ? await joinedOrders(handle, condition, desc(programmeOrders.id), 1) : [];
  if (!joined) throw new AppError('not_found', { detail: `no pre-order ${orderId}` });
  return orderOf(joined);
}

/** The orders of a contract, newest first (a contract holds at most total ÷ minimum of them). */
export async function ordersOfContract(handle: DbHandle, contractId: string): Promise<PreOrder[]> {
  const rows = await joinedOrders(
    handle,
    eq(programmeOrders.contract_id, contractId),
    desc(programmeOrders.id),
    100_000,
  );
  return rows.map(orderOf);
}

/**
 * A page of orders: of one company (newest first) or, for staff, of every company in one status
 * (pending ones are worked oldest first, decided ones read newest first).
 */
export async function orderPage(
  handle: DbHandle,
  filter: { companyId?: string; status?: PreOrderStatus | undefined },
  request: { page_size: number; cursor?: string | undefined },
) {
  const isOldestFirst = filter.status === 'pending' && !filter.companyId;
  const cursor = request.cursor && isUuid(request.cursor) ? request.cursor : undefined;
  const rows = await joinedOrders(
    handle,
    and(
      filter.companyId ? eq(programmeOrders.company_id, filter.companyId) : undefined,
      filter.status ? eq(programmeOrders.status, filter.status) : undefined,
      cursor ? (isOldestFirst ? gt(programmeOrders.id, cursor) : lt(programmeOrders.id, cursor)) : undefined,
    ),
    isOldestFirst ? asc(programmeOrders.id) : desc(programmeOrders.id),
    request.page_size + 1,
  );
  const items = rows.slice(0, request.page_size).map(orderOf);
  return { items, next_cursor: rows.length > request.page_size ? (items.at(-1)?.id ?? null) : null };
}

/** The order locked for a change (any company's: staff act on them all). */
export async function lockedOrder(tx: DbHandle, orderId: string): Promise<OrderRow> {
  const [row] = isUuid(orderId)
    ? await tx.select().from(programmeOrders).where(eq(programmeOrders.id, orderId)).for('update')
    : [];
  if (!row) throw new AppError('not_found', { detail: `no pre-order ${orderId}` });
  return row;
}

/** The order summary of the company: its orders per status and its contracts' quantities. */
export async function orderSummary(handle: DbHandle, companyId: string): Promise<OrderSummary> {
  const byStatus = await handle
    .select({
      status: programmeOrders.status,
      orderCount: sql<number>`count(*)::int`,
      quantity: sql<number>`coalesce(sum(${programmeOrders.quantity}), 0)::int`,
      allocated: sql<number>`coalesce(sum(${programmeOrders.allocated_quantity}), 0)::int`,
      totalUsd: sql<string>`coalesce(sum(${programmeOrders.total_usd}), 0)::text`,
    })
    .from(programmeOrders)
    .where(eq(programmeOrders.company_id, companyId))
    .groupBy(programmeOrders.status);
  const [contracts] = await handle
    .select({
      count: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(sum(${programmeContracts.total_quantity}), 0)::int`,
      paid: sql<number>`coalesce(sum(${programmeContracts.paid_quantity}), 0)::int`,
      pending: sql<number>`coalesce(sum(${programmeContracts.pending_quantity}), 0)::int`,
      allocated: sql<number>`coalesce(sum(${programmeContracts.allocated_quantity}), 0)::int`,
    })
    .from(programmeContracts)
    .where(eq(programmeContracts.company_id, companyId));
  const lineOf = new Map(byStatus.map((line) => [line.status, line]));
  const total = contracts?.total ?? 0;
  const paid = contracts?.paid ?? 0;
  const pending = contracts?.pending ?? 0;
  return {
    lines: preOrderStatuses.map((status) => {
      const line = lineOf.get(status);
      return {
        status,
        order_count: line?.orderCount ?? 0,
        quantity: line?.quantity ?? 0,
        allocated_quantity: line?.allocated ?? 0,
        total_usd: parseAmount(line?.totalUsd ?? '0').toFixed(2),
      };
    }),
    contract_count: contracts?.count ?? 0,
    total_quantity: total,
    paid_quantity: paid,
    pending_quantity: pending,
    remaining_quantity: total - pending - paid,
    allocated_quantity: contracts?.allocated ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Print batches

/** The stage of a batch: the least advanced of its cards' (the order of states.ts is the cards' path). */
function leastAdvancedStage(stages: readonly CardOperationStage[]): CardOperationStage {
  const first = Math.min(...stages.map((stage) => cardOperationStages.indexOf(stage)));
  return cardOperationStages[first] ?? 'consolidating';
}

async function joinedBatches(handle: DbHandle, condition: SQL | undefined, limit: number) {
  const rows = await handle
    .select({
      batch: programmePrintBatches,
      orderNumber: programmeOrders.order_number,
      level: programmeOrders.level,
      network: programmeOrders.network,
      contractNumber: programmeContracts.contract_number,
      abbreviation: programmeContracts.company_abbreviation,
      companyName: companies.name,
      allocatedByName: users.full_name,
    })
    .from(programmePrintBatches)
    .innerJoin(programmeOrders, eq(programmeOrders.id, programmePrintBatches.order_id))
    .innerJoin(programmeContracts, eq(programmeContracts.id, programmeOrders.contract_id))
    .innerJoin(companies, eq(companies.id, programmePrintBatches.company_id))
    .innerJoin(users, eq(users.id, programmePrintBatches.allocated_by))
    .where(condition)
    .orderBy(desc(programmePrintBatches.id))
    .limit(limit);
  const batchIds = rows.map((row) => row.batch.id);
  const stages =
    batchIds.length === 0
      ? []
      : await handle
          .select({ batchId: cardStock.batch_id, stage: cardStock.operation_stage })
          .from(cardStock)
          .where(inArray(cardStock.batch_id, batchIds))
          .groupBy(cardStock.batch_id, cardStock.operation_stage);
  return rows.map((row): PrintBatch => {
    const own = stages.filter((line) => line.batchId === row.batch.id).map((line) => line.stage);
    return {
      id: row.batch.id,
      batch_number: row.batch.batch_number,
      order_id: row.batch.order_id,
      order_number: row.orderNumber,
      contract_number: row.contractNumber,
      company_name: row.companyName ?? '',
      company_abbreviation: row.abbreviation,
      quantity: row.batch.quantity,
      level: row.level,
      network: row.network,
      operation_stage: own.length > 0 ? leastAdvancedStage(own) : 'consolidating',
      allocated_by_name: row.allocatedByName,
      created_at: row.batch.created_at.toISOString(),
    };
  });
}

/** A page of print batches, newest first, of one company or of all (staff). */
export async function batchPage(
  handle: DbHandle,
  companyId: string | null,
  request: { page_size: number; cursor?: string | undefined },
) {
  const cursor = request.cursor && isUuid(request.cursor) ? request.cursor : undefined;
  const rows = await joinedBatches(
    handle,
    and(
      companyId ? eq(programmePrintBatches.company_id, companyId) : undefined,
      cursor ? lt(programmePrintBatches.id, cursor) : undefined,
    ),
    request.page_size + 1,
  );
  const items = rows.slice(0, request.page_size);
  return { items, next_cursor: rows.length > request.page_size ? (items.at(-1)?.id ?? null) : null };
}

export async function batchView(handle: DbHandle, batchId: string): Promise<PrintBatch> {
  const [batch] = isUuid(batchId) ? await joinedBatches(handle, eq(programmePrintBatches.id, batchId), 1) : [];
  if (!batch) throw new AppError('not_found', { detail: `no print batch ${batchId}` });
  return batch;
}

// ---------------------------------------------------------------------------------------------
// Printed cards and their holders

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
            : and(ilike(holderName, containing(search)), sql`${stageColumn} <> 'unbound'`)
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

export async function programmeCard(handle: DbHandle, companyId: string, stockCardId: string): Promise<StockCard> {
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
        text ? or(ilike(holderName, containing(text)), ilike(cardholders.email, containing(text))) : undefined,
      ),
    )
    .orderBy(asc(cardholders.first_name), asc(cardholders.last_name), asc(cardholders.id))
    .limit(bindableLimit);
  return { items: rows };
}

// ---------------------------------------------------------------------------------------------
// Membership terms

export async function contractOfStockCard(handle: DbHandle, stockCardId: string) {
  const [row] = await handle
    .select({ stock: cardStock, contract: programmeContracts })
    .from(cardStock)
    .innerJoin(programmePrintBatches, eq(programmePrintBatches.id, cardStock.batch_id))
    .innerJoin(programmeOrders, eq(programmeOrders.id, programmePrintBatches.order_id))
    .innerJoin(programmeContracts, eq(programmeContracts.id, programmeOrders.contract_id))
    .where(eq(cardStock.id, stockCardId));
  if (!row) throw new Error(`programme card ${stockCardId} has no contract`);
  return row;
}

export async function insertTerm(
  handle: DbHandle,
  facts: { companyId: string; contractId: string; stockCardId: string; startsOn: string; months: number; fee: string },
  now: Date,
): Promise<void> {
  await handle
    .insert(programmeMembershipFees)
    .values({
      id: newId(now.getTime()),
      company_id: facts.companyId,
      contract_id: facts.contractId,
      stock_card_id: facts.stockCardId,
      term_starts_on: facts.startsOn,
      term_ends_on: termEndOf(facts.startsOn, facts.months),
      due_on: facts.startsOn,
      overdue_from: addDays(facts.startsOn, programmeLimits.membershipGraceDays),
      term_months: facts.months,
      fee_due: facts.fee,
      created_at: now,
      updated_at: now,
    })
    .onConflictDoNothing();
}

// ---------------------------------------------------------------------------------------------
// Membership terms as the wire shows them

/** The payment status of a term on `today`, in SQL (programme.ts's membershipStatusOn), for filtering. */
const statusColumn = (today: string) => sql<FeePaymentStatus>`case
  when ${programmeMembershipFees.settled} is not null then ${programmeMembershipFees.settled}
  when ${today} < ${programmeMembershipFees.due_on} then 'upcoming'
  when ${today} >= ${programmeMembershipFees.overdue_from} then 'overdue'
  else 'pending' end`;

function feeQuery(handle: DbHandle) {
  return handle
    .select({
      fee: programmeMembershipFees,
      last4: cardStock.last4,
      expires_on: cardStock.expires_on,
      card_id: cards.id,
      card_stage: cards.operation_stage,
      cardholder_name: sql<string | null>`${cardholders.first_name} || ' ' || ${cardholders.last_name}`,
      contract_number: programmeContracts.contract_number,
      deduction_mode: programmeContracts.fee_deduction_mode,
    })
    .from(programmeMembershipFees)
    .innerJoin(cardStock, eq(cardStock.id, programmeMembershipFees.stock_card_id))
    .innerJoin(programmeContracts, eq(programmeContracts.id, programmeMembershipFees.contract_id))
    .leftJoin(cards, eq(cards.id, programmeMembershipFees.stock_card_id))
    .leftJoin(cardholders, eq(cardholders.id, cards.cardholder_id));
}

type FeeQueryRow = Awaited<ReturnType<ReturnType<typeof feeQuery>['where']>>[number];

function feeRecordView(row: FeeQueryRow, today: string): MembershipFeeRecord {
  const { fee } = row;
  const paidMode: FeeDeductionMode | null = fee.settled === 'paid' ? (fee.paid_by ? 'manual' : 'automatic') : null;
  return {
    id: fee.id,
    stock_card_id: fee.stock_card_id,
    card_id: row.card_id,
    last4: row.last4,
    cardholder_name: row.card_stage === 'unbound' ? null : row.cardholder_name,
    contract_number: row.contract_number,
    expires_on: row.expires_on,
    term_starts_on: fee.term_starts_on,
    term_ends_on: fee.term_ends_on,
    due_on: fee.due_on,
    yearly_expires_on: fee.term_ends_on,
    term_months: fee.term_months,
    fee_due: parseAmount(fee.fee_due).toFixed(2),
    payment_status: membershipStatusOn(fee, today),
    paid_at: fee.paid_at?.toISOString() ?? null,
    paid_asset: fee.paid_asset,
    paid_amount: fee.paid_amount === null ? null : parseAmount(fee.paid_amount).toString(),
    renewal_status: fee.renewal_status,
    deduction_mode: paidMode ?? row.deduction_mode,
    remarks: fee.remarks,
  };
}

export async function feeRecords(handle: DbHandle, ids: readonly string[], now: Date): Promise<MembershipFeeRecord[]> {
  if (ids.length === 0) return [];
  const rows = await feeQuery(handle)
    .where(inArray(programmeMembershipFees.id, [...ids]))
    .orderBy(asc(programmeMembershipFees.due_on), asc(programmeMembershipFees.id));
  return rows.map((row) => feeRecordView(row, dayOf(now)));
}

const cursorPattern = /^(\d{4}-\d{2}-\d{2})~([0-9a-f-]{36})$/;

/**
 * `programme/fees/list`: the company's membership terms, latest due first (keyset on due date and
 * id); for the programme desk (`companyId` null), every company's.
 */
export async function listMembershipFees(
  handle: DbHandle,
  companyId: string | null,
  request: {
    page_size: number;
    cursor?: string | undefined;
    payment_status?: FeePaymentStatus | undefined;
    contract_id?: string | undefined;
    stock_card_id?: string | undefined;
  },
  now: Date,
): Promise<{ items: MembershipFeeRecord[]; next_cursor: string | null }> {
  const isBadId = [request.contract_id, request.stock_card_id].some((id) => id !== undefined && !isUuid(id));
  if (isBadId) return { items: [], next_cursor: null };
  const after = request.cursor ? cursorPattern.exec(request.cursor) : null;
  if (request.cursor && !after) throw new AppError('validation', { fields: { cursor: { key: 'validation.invalid' } } });
  const today = dayOf(now);
  const rows = await feeQuery(handle)
    .where(
      and(
        companyId === null ? undefined : eq(programmeMembershipFees.company_id, companyId),
        request.payment_status ? sql`${statusColumn(today)} = ${request.payment_status}` : undefined,
        request.contract_id ? eq(programmeMembershipFees.contract_id, request.contract_id) : undefined,
        request.stock_card_id ? eq(programmeMembershipFees.stock_card_id, request.stock_card_id) : undefined,
        after
          ? or(
              lt(programmeMembershipFees.due_on, after[1] ?? ''),
              and(eq(programmeMembershipFees.due_on, after[1] ?? ''), lt(programmeMembershipFees.id, after[2] ?? '')),
            )
          : undefined,
      ),
    )
    .orderBy(desc(programmeMembershipFees.due_on), desc(programmeMembershipFees.id))
    .limit(request.page_size + 1);
  const pageRows = rows.slice(0, request.page_size);
  const last = pageRows.at(-1);
  return {
    items: pageRows.map((row) => feeRecordView(row, today)),
    next_cursor: rows.length > request.page_size && last ? `${last.fee.due_on}~${last.fee.id}` : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Contracts' deduction mode

export const feeContractColumns = {
  id: programmeContracts.id,
  contract_number: programmeContracts.contract_number,
  membership_term_months: programmeContracts.membership_term_months,
  fee_deduction_mode: programmeContracts.fee_deduction_mode,
};

export async function listFeeContracts(handle: DbHandle, companyId: string): Promise<{ items: FeeContract[] }> {
  const items = await handle
    .select(feeContractColumns)
    .from(programmeContracts)
    .where(eq(programmeContracts.company_id, companyId))
    .orderBy(desc(programmeContracts.id))
    .limit(100);
  return { items };
}

export async function last4Of(handle: DbHandle, stockCardIds: readonly string[]) {
  const rows = await handle
    .select({ id: cardStock.id, last4: cardStock.last4 })
    .from(cardStock)
    .where(inArray(cardStock.id, [...stockCardIds]));
  return new Map(rows.map((row) => [row.id, row.last4]));
}
