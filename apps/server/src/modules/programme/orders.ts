/**
 * Pre-orders: the company orders cards under a running contract (at least the minimum per batch,
 * at most what remains orderable, checked against the contract locked for the order's
 * transaction), and the prepayment and card cost are held from its USDC or USDT; staff approve
 * (the hold posted, the cards paid) or decline with a reason (the hold voided). The quantities move
 * in the transaction of the change; the database's check on the contract refuses anything that would
 * make the remaining quantity negative.
 */
import { dayOf } from '@bank/contract/calendar';
import type { CardFundingAsset, PostalAddressFields } from '@bank/contract/cards';
import { orderQuantityRefusal, type PreOrder } from '@bank/contract/programme';
import type { CreatePreOrderRequest, OrderSummary } from '@bank/contract/programme-orders';
import { type PreOrderStatus, preOrderStatuses } from '@bank/contract/states';
import { and, asc, desc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { parseAmount } from '../../platform/money.ts';
import { lockCompany, lockCompanyOfRow } from '../../platform/tenant.ts';
import { companies, users } from '../account/index.ts';
import { chargeCompanyFee, feeOf, settleCompanyFee } from '../cards/index.ts';
import { contractOf, contractRow, contractView, nextNumber, type StaffActor } from './contracts.ts';
import { programmeContracts, programmeOrders } from './tables.ts';

export type ClientActor = { userId: string; companyId: string; ip: string; now: Date };

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
async function orderView(handle: DbHandle, orderId: string, companyId?: string): Promise<PreOrder> {
  const condition = and(
    eq(programmeOrders.id, orderId),
    companyId ? eq(programmeOrders.company_id, companyId) : undefined,
  );
  const [joined] = isUuid(orderId) ? await joinedOrders(handle, condition, desc(programmeOrders.id), 1) : [];
  if (!joined) throw new AppError('not_found', { detail: `no pre-order ${orderId}` });
  return orderOf(joined);
}

/** The orders of a contract, newest first (a contract holds at most total ÷ minimum of them). */
async function ordersOfContract(handle: DbHandle, contractId: string): Promise<PreOrder[]> {
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

/** USD per card of a level under a contract: the contract's prepayment and the level's card cost. */
/** One contract of the company, with the unit price of each level and its orders. */
export async function companyContract(handle: DbHandle, companyId: string, contractId: string, now: Date) {
  const row = await contractRow(handle, contractId, { companyId });
  return {
    contract: await contractView(handle, row, now),
    unit_price_by_level: {
      premier: await unitPriceOf(handle, row.prepayment_per_card, 'premier'),
      prestige: await unitPriceOf(handle, row.prepayment_per_card, 'prestige'),
    },
    orders: await ordersOfContract(handle, row.id),
  };
}

async function unitPriceOf(handle: DbHandle, prepaymentPerCard: string, level: PreOrder['level']) {
  const cardCost = await feeOf(handle, level, 'card_cost');
  return parseAmount(prepaymentPerCard).plus(cardCost.amount).toFixed(2);
}

/**
 * Places a pre-order in the caller's transaction (the idempotent call's): the company, then the
 * contract, locked; the quantity checked against the contract's figures of this moment on the
 * bank's calendar day; the money held; the pending quantity raised.
 */
export async function placeOrder(
  tx: DbHandle,
  client: ClientActor,
  request: z.output<typeof CreatePreOrderRequest>,
): Promise<PreOrder> {
  const now = client.now;
  await lockCompany(tx, client.companyId);
  const contract = await contractRow(tx, request.contract_id, { companyId: client.companyId, forUpdate: true });
  const facts = contractOf(contract, '', dayOf(now));
  const refusal = orderQuantityRefusal(facts, request.quantity, dayOf(now));
  if (refusal)
    throw new AppError(refusal, {
      detail: `order of ${request.quantity} under ${contract.contract_number} (remaining ${facts.remaining_quantity})`,
    });

  const unitPrice = await unitPriceOf(tx, contract.prepayment_per_card, request.level);
  const totalUsd = parseAmount(unitPrice).times(request.quantity).toFixed(2);
  const orderId = newId(now.getTime());
  const orderNumber = await nextNumber(tx, programmeOrders.order_number, `PO-${now.getUTCFullYear()}-`, 5);
  const held = await chargeCompanyFee(
    tx,
    {
      companyId: client.companyId,
      asset: request.asset as CardFundingAsset,
      usdAmount: totalUsd,
      kind: 'card_cost',
      idempotencyKey: `programme_order:${orderId}`,
      reference: { type: 'programme_order', id: orderId },
      hold: true,
      counterparty: `${contract.contract_number} ${orderNumber}`,
    },
    now,
  );
  await tx.insert(programmeOrders).values({
    id: orderId,
    order_number: orderNumber,
    contract_id: contract.id,
    company_id: client.companyId,
    quantity: request.quantity,
    level: request.level,
    network: request.network,
    delivery_type: request.delivery_type,
    mailing_address: mailingAddressOf(request.mailing_address),
    status: 'pending',
    unit_price: unitPrice,
    total_usd: totalUsd,
    asset: request.asset,
    debit_amount: held?.debitAmount ?? '0',
    hold_transfer_id: held?.transferId ?? null,
    created_by: client.userId,
    created_at: now,
    updated_at: now,
  });
  await tx
    .update(programmeContracts)
    .set({ pending_quantity: sql`${programmeContracts.pending_quantity} + ${request.quantity}`, updated_at: now })
    .where(eq(programmeContracts.id, contract.id));
  await writeAudit(tx, {
    action: 'programme_order.placed',
    at: now,
    actorUserId: client.userId,
    companyId: client.companyId,
    ip: client.ip,
    detail: { order_id: orderId, order_number: orderNumber, quantity: request.quantity, total_usd: totalUsd },
  });
  return orderView(tx, orderId, client.companyId);
}

const mailingAddressOf = (address: z.output<typeof PostalAddressFields>) => ({
  line1: address.line1,
  line2: address.line2,
  city: address.city,
  state: address.state,
  country: address.country,
  postal_code: address.postal_code,
});

/** The order locked for a change (any company's: staff act on them all). */
export async function lockedOrder(tx: DbHandle, orderId: string): Promise<OrderRow> {
  const [row] = isUuid(orderId)
    ? await tx.select().from(programmeOrders).where(eq(programmeOrders.id, orderId)).for('update')
    : [];
  if (!row) throw new AppError('not_found', { detail: `no pre-order ${orderId}` });
  return row;
}

/**
 * Decides a pending order, once (an order decided already is `illegal_state`): approval posts the
 * hold and moves its cards from pending to paid; declining voids it, releases them and keeps the
 * reason the company reads.
 */
export async function decideOrder(
  tx: DbHandle,
  staff: StaffActor,
  decision: { order_id: string; decision: 'approve' | 'decline'; reason: string },
): Promise<PreOrder> {
  // A money path (the hold is posted or voided): the company's lock first, as every other.
  await lockCompanyOfRow(tx, programmeOrders, decision.order_id);
  const order = await lockedOrder(tx, decision.order_id);
  if (order.status !== 'pending')
    throw new AppError('illegal_state', { detail: `pre-order ${order.id} is already ${order.status}` });
  await contractRow(tx, order.contract_id, { forUpdate: true });
  const now = staff.now;
  const isApproved = decision.decision === 'approve';
  if (order.hold_transfer_id) await settleCompanyFee(tx, order.hold_transfer_id, isApproved ? 'post' : 'void', now);
  await tx
    .update(programmeContracts)
    .set({
      pending_quantity: sql`${programmeContracts.pending_quantity} - ${order.quantity}`,
      ...(isApproved ? { paid_quantity: sql`${programmeContracts.paid_quantity} + ${order.quantity}` } : {}),
      updated_at: now,
    })
    .where(eq(programmeContracts.id, order.contract_id));
  await tx
    .update(programmeOrders)
    .set({
      status: isApproved ? 'approved' : 'declined',
      status_remark: decision.reason || null,
      decided_by: staff.userId,
      decided_at: now,
      updated_at: now,
    })
    .where(eq(programmeOrders.id, order.id));
  await writeAudit(tx, {
    action: isApproved ? 'programme_order.approved' : 'programme_order.declined',
    at: now,
    actorUserId: staff.userId,
    companyId: order.company_id,
    ip: staff.ip,
    detail: {
      order_id: order.id,
      order_number: order.order_number,
      ...(decision.reason ? { reason: decision.reason } : {}),
    },
  });
  return orderView(tx, order.id);
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
