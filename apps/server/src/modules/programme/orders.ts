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
import type { CreatePreOrderRequest } from '@bank/contract/programme-orders';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { parseAmount } from '../../platform/money.ts';
import { lockCompany, lockCompanyOfRow } from '../../platform/tenant.ts';
import { chargeCompanyFee, feeOf, settleCompanyFee } from '../cards/index.ts';
import type { StaffActor } from './contracts.ts';
import {
  contractOf,
  contractRow,
  contractView,
  lockedOrder,
  nextNumber,
  ordersOfContract,
  orderView,
} from './queries.ts';
import { programmeContracts, programmeOrders } from './tables.ts';

export type ClientActor = { userId: string; companyId: string; ip: string; now: Date };

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

/** USD per card of a level under a contract: the contract's prepayment and the level's card cost. */
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
