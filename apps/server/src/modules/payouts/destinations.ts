/**
 * Payees and address book entries: where a company pays to. Adding, changing or deleting one needs
 * a fresh second factor and is audited; after an add or a change it can be paid only from
 * `usable_from`, the bank's cooling period later (payout_policies.cooling_hours, default
 * defaultCoolingHours). Deleted entries are kept for the payouts that name them and never listed.
 */

import type { DigitalAsset, Network } from '@bank/contract/money';
import {
  type AddressBookEntry,
  type AddressFields,
  defaultCoolingHours,
  type Payee,
  type PayeeFields,
  payoutLimits,
} from '@bank/contract/payouts';
import { and, count, desc, eq, isNull, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { lockCompany } from '../../platform/tenant.ts';
import { requireFreshSecondFactor } from '../account/index.ts';
import type { PayoutActor } from './actor.ts';
import { payees, payoutAddresses, payoutPolicies } from './tables.ts';

type PayeeRow = typeof payees.$inferSelect;
type AddressRow = typeof payoutAddresses.$inferSelect;
type PageInput = { page_size: number; cursor?: string | undefined };
type Page<T> = { items: T[]; next_cursor: string | null };

/** The bank's cooling period of the company, in hours. */
export async function coolingHoursOf(handle: DbHandle, companyId: string): Promise<number> {
  const [policy] = await handle
    .select({ hours: payoutPolicies.cooling_hours })
    .from(payoutPolicies)
    .where(eq(payoutPolicies.company_id, companyId));
  return policy?.hours ?? defaultCoolingHours;
}

async function usableFrom(handle: DbHandle, companyId: string, now: Date): Promise<Date> {
  return new Date(now.getTime() + (await coolingHoursOf(handle, companyId)) * 3_600_000);
}

/** The columns every new payee or address starts with: usable after the cooling period. */
async function newEntryColumns(handle: DbHandle, actor: PayoutActor) {
  return {
    id: newId(actor.now.getTime()),
    company_id: actor.companyId,
    usable_from: await usableFrom(handle, actor.companyId, actor.now),
    created_by: actor.userId,
    created_at: actor.now,
    updated_at: actor.now,
  };
}

/** A change starts the cooling period again. */
async function changedEntryColumns(handle: DbHandle, actor: PayoutActor) {
  return { usable_from: await usableFrom(handle, actor.companyId, actor.now), updated_at: actor.now };
}

function payeeOf(row: PayeeRow): Payee {
  return {
    payee_id: row.id,
    beneficiary_name: row.beneficiary_name,
    account_number: row.account_number,
    bank_country: row.bank_country,
    bank_name: row.bank_name,
    swift_code: row.swift_code,
    bank_address: row.bank_address,
    beneficiary_address: row.beneficiary_address,
    local_bank_code: row.local_bank_code,
    currency: row.currency as Payee['currency'],
    email: row.email,
    intermediary: row.intermediary ?? null,
    usable_from: row.usable_from.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function addressOf(row: AddressRow): AddressBookEntry {
  return {
    address_id: row.id,
    name: row.name,
    asset: row.asset as DigitalAsset,
    network: row.network as Network,
    address: row.address,
    usable_from: row.usable_from.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function pageOf<Row extends { id: string }, Item>(rows: Row[], size: number, map: (row: Row) => Item): Page<Item> {
  const pageRows = rows.slice(0, size);
  return { items: pageRows.map(map), next_cursor: rows.length > size ? (pageRows.at(-1)?.id ?? null) : null };
}

const cursorOf = (input: PageInput) => (input.cursor && isUuid(input.cursor) ? input.cursor : undefined);

/** Refuses a new entry once the company has `limit` live ones (of payees or addresses). */
async function checkLimit(
  handle: DbHandle,
  table: typeof payees | typeof payoutAddresses,
  companyId: string,
  limit: number,
  messageKey: string,
): Promise<void> {
  const [existing] = await handle
    .select({ count: count() })
    .from(table)
    .where(and(eq(table.company_id, companyId), isNull(table.deleted_at)));
  if ((existing?.count ?? 0) >= limit) throw new AppError('illegal_state', { messageKey, params: { limit } });
}

// Payees -----------------------------------------------------------------------------------------

type PayeeValues = z.output<typeof PayeeFields>;

function payeeColumns(fields: PayeeValues) {
  return {
    beneficiary_name: fields.beneficiary_name,
    account_number: fields.account_number,
    bank_country: fields.bank_country,
    bank_name: fields.bank_name,
    swift_code: fields.swift_code,
    bank_address: fields.bank_address,
    beneficiary_address: fields.beneficiary_address,
    local_bank_code: fields.local_bank_code,
    currency: fields.currency,
    email: fields.email,
    intermediary: fields.intermediary,
  };
}

export async function listPayees(
  handle: DbHandle,
  companyId: string,
  input: PageInput & { currency?: string | undefined },
): Promise<Page<Payee>> {
  const after = cursorOf(input);
  const conditions: (SQL | undefined)[] = [
    eq(payees.company_id, companyId),
    isNull(payees.deleted_at),
    input.currency ? eq(payees.currency, input.currency) : undefined,
    after ? lt(payees.id, after) : undefined,
  ];
  const rows = await handle
    .select()
    .from(payees)
    .where(and(...conditions))
    .orderBy(desc(payees.id))
    .limit(input.page_size + 1);
  return pageOf(rows, input.page_size, payeeOf);
}

/** A live payee of the company; another company's or a deleted one is not found. */
export async function payeeRow(handle: DbHandle, companyId: string, payeeId: string): Promise<PayeeRow> {
  const [row] = isUuid(payeeId)
    ? await handle
        .select()
        .from(payees)
        .where(and(eq(payees.id, payeeId), eq(payees.company_id, companyId), isNull(payees.deleted_at)))
    : [];
  if (!row) throw new AppError('not_found', { detail: `no payee ${payeeId} of company ${companyId}` });
  return row;
}

export async function addPayee(handle: DbHandle, actor: PayoutActor, fields: PayeeValues): Promise<Payee> {
  requireFreshSecondFactor(actor);
  await lockCompany(handle, actor.companyId);
  await checkLimit(handle, payees, actor.companyId, payoutLimits.payeesPerCompany, 'payouts.errors.payee_limit');
  const [row] = await handle
    .insert(payees)
    .values({
      ...(await newEntryColumns(handle, actor)),
      ...payeeColumns(fields),
    })
    .returning();
  if (!row) throw new Error('payee not written');
  await auditDestination(handle, actor, 'payee.added', { payee_id: row.id, currency: row.currency });
  return payeeOf(row);
}

export async function editPayee(
  handle: DbHandle,
  actor: PayoutActor,
  payeeId: string,
  fields: PayeeValues,
): Promise<Payee> {
  requireFreshSecondFactor(actor);
  await lockCompany(handle, actor.companyId);
  await payeeRow(handle, actor.companyId, payeeId);
  const [row] = await handle
    .update(payees)
    .set({
      ...payeeColumns(fields),
      ...(await changedEntryColumns(handle, actor)),
    })
    .where(eq(payees.id, payeeId))
    .returning();
  if (!row) throw new Error('payee not updated');
  await auditDestination(handle, actor, 'payee.changed', { payee_id: row.id, currency: row.currency });
  return payeeOf(row);
}

export async function deletePayee(handle: DbHandle, actor: PayoutActor, payeeId: string): Promise<null> {
  requireFreshSecondFactor(actor);
  await lockCompany(handle, actor.companyId);
  await payeeRow(handle, actor.companyId, payeeId);
  await handle.update(payees).set({ deleted_at: actor.now, updated_at: actor.now }).where(eq(payees.id, payeeId));
  await auditDestination(handle, actor, 'payee.deleted', { payee_id: payeeId });
  return null;
}

// Address book ------------------------------------------------------------------------------------

type AddressValues = z.output<typeof AddressFields>;

function addressColumns(fields: AddressValues) {
  return { name: fields.name, asset: fields.asset, network: fields.network, address: fields.address };
}

export async function listAddresses(
  handle: DbHandle,
  companyId: string,
  input: PageInput & { asset?: string | undefined },
): Promise<Page<AddressBookEntry>> {
  const after = cursorOf(input);
  const rows = await handle
    .select()
    .from(payoutAddresses)
    .where(
      and(
        eq(payoutAddresses.company_id, companyId),
        isNull(payoutAddresses.deleted_at),
        input.asset ? eq(payoutAddresses.asset, input.asset) : undefined,
        after ? lt(payoutAddresses.id, after) : undefined,
      ),
    )
    .orderBy(desc(payoutAddresses.id))
    .limit(input.page_size + 1);
  return pageOf(rows, input.page_size, addressOf);
}

/** The entries of one asset and network (at most the company's limit), for a payout form. */
export async function addressesFor(
  handle: DbHandle,
  companyId: string,
  selection: { asset: string; network: string },
): Promise<{ items: AddressBookEntry[] }> {
  const rows = await handle
    .select()
    .from(payoutAddresses)
    .where(
      and(
        eq(payoutAddresses.company_id, companyId),
        isNull(payoutAddresses.deleted_at),
        eq(payoutAddresses.asset, selection.asset),
        eq(payoutAddresses.network, selection.network),
      ),
    )
    .orderBy(desc(payoutAddresses.id))
    .limit(payoutLimits.addressesPerCompany);
  return { items: rows.map(addressOf) };
}

export async function addressRow(handle: DbHandle, companyId: string, addressId: string): Promise<AddressRow> {
  const [row] = isUuid(addressId)
    ? await handle
        .select()
        .from(payoutAddresses)
        .where(
          and(
            eq(payoutAddresses.id, addressId),
            eq(payoutAddresses.company_id, companyId),
            isNull(payoutAddresses.deleted_at),
          ),
        )
    : [];
  if (!row) throw new AppError('not_found', { detail: `no address ${addressId} of company ${companyId}` });
  return row;
}

export async function addAddress(
  handle: DbHandle,
  actor: PayoutActor,
  fields: AddressValues,
): Promise<AddressBookEntry> {
  requireFreshSecondFactor(actor);
  await lockCompany(handle, actor.companyId);
  await checkLimit(
    handle,
    payoutAddresses,
    actor.companyId,
    payoutLimits.addressesPerCompany,
    'payouts.errors.address_limit',
  );
  const [row] = await handle
    .insert(payoutAddresses)
    .values({
      ...(await newEntryColumns(handle, actor)),
      ...addressColumns(fields),
    })
    .returning();
  if (!row) throw new Error('address not written');
  await auditDestination(handle, actor, 'payout_address.added', { address_id: row.id, network: row.network });
  return addressOf(row);
}

export async function editAddress(
  handle: DbHandle,
  actor: PayoutActor,
  addressId: string,
  fields: AddressValues,
): Promise<AddressBookEntry> {
  requireFreshSecondFactor(actor);
  await lockCompany(handle, actor.companyId);
  await addressRow(handle, actor.companyId, addressId);
  const [row] = await handle
    .update(payoutAddresses)
    .set({
      ...addressColumns(fields),
      ...(await changedEntryColumns(handle, actor)),
    })
    .where(eq(payoutAddresses.id, addressId))
    .returning();
  if (!row) throw new Error('address not updated');
  await auditDestination(handle, actor, 'payout_address.changed', { address_id: row.id, network: row.network });
  return addressOf(row);
}

export async function deleteAddress(handle: DbHandle, actor: PayoutActor, addressId: string): Promise<null> {
  requireFreshSecondFactor(actor);
  await lockCompany(handle, actor.companyId);
  await addressRow(handle, actor.companyId, addressId);
  await handle
    .update(payoutAddresses)
    .set({ deleted_at: actor.now, updated_at: actor.now })
    .where(eq(payoutAddresses.id, addressId));
  await auditDestination(handle, actor, 'payout_address.deleted', { address_id: addressId });
  return null;
}

async function auditDestination(
  handle: DbHandle,
  actor: PayoutActor,
  action: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await writeAudit(handle, {
    action,
    at: actor.now,
    actorUserId: actor.userId,
    companyId: actor.companyId,
    ip: actor.ip,
    detail,
  });
}
