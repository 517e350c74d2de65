/**
 * Programme contracts: staff set one up for a company (its end date follows from the start and the
 * term), and staff and the company read them with their figures (remaining = total less pending and
 * paid; the status from the dates on the bank's calendar day). Also the numbering every programme
 * record shares (CT-, PO-, B-) and the company choice of the back office.
 */
import { dayOf, termEndOf } from '@bank/contract/calendar';
import { contractStatusOn, type ProgrammeContract } from '@bank/contract/programme';
import type { CreateContractRequest } from '@bank/contract/programme-orders';
import type { ContractStatus } from '@bank/contract/states';
import { and, asc, desc, eq, gt, gte, ilike, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { parseAmount } from '../../platform/money.ts';
import { companies } from '../account/index.ts';
import { programmeContracts } from './tables.ts';

/** Who acts in the back office, and when (one clock value per call). */
export type StaffActor = { userId: string; ip: string | null; now: Date };

type ContractRow = typeof programmeContracts.$inferSelect;

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

export async function createContract(
  tx: DbHandle,
  staff: StaffActor,
  request: z.output<typeof CreateContractRequest>,
): Promise<ProgrammeContract> {
  const [company] = isUuid(request.company_id)
    ? await tx.select().from(companies).where(eq(companies.id, request.company_id))
    : [];
  if (company?.kyc_status !== 'kyc_approved')
    throw new AppError('not_found', { detail: `no KYC-approved company ${request.company_id}` });
  const now = staff.now;
  const [row] = await tx
    .insert(programmeContracts)
    .values({
      id: newId(now.getTime()),
      contract_number: await nextNumber(tx, programmeContracts.contract_number, `CT-${now.getUTCFullYear()}-`, 4),
      company_id: company.id,
      company_abbreviation: request.company_abbreviation,
      term_months: request.term_months,
      total_quantity: request.total_quantity,
      minimum_order_quantity: request.minimum_order_quantity,
      prepayment_per_card: parseAmount(request.prepayment_per_card).toFixed(2),
      starts_on: request.starts_on,
      ends_on: termEndOf(request.starts_on, request.term_months),
      membership_term_months: request.membership_term_months,
      fee_deduction_mode: request.fee_deduction_mode,
      created_by: staff.userId,
      created_at: now,
      updated_at: now,
    })
    .returning();
  if (!row) throw new Error('programme contract not inserted');
  await writeAudit(tx, {
    action: 'programme_contract.created',
    at: now,
    actorUserId: staff.userId,
    companyId: company.id,
    ip: staff.ip,
    detail: { contract_id: row.id, contract_number: row.contract_number, total_quantity: row.total_quantity },
  });
  return contractOf(row, company.name ?? '', dayOf(now));
}

/** KYC-approved companies whose name contains the search, by name: the back office's choice of company. */
export async function companyChoices(handle: DbHandle, request: { search: string; page_size: number }) {
  const pattern = `%${request.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const rows = await handle
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.kyc_status, 'kyc_approved'), request.search ? ilike(companies.name, pattern) : undefined))
    .orderBy(asc(companies.name))
    .limit(request.page_size);
  return { items: rows.map((row) => ({ id: row.id, name: row.name ?? '' })) };
}
