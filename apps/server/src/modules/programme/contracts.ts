/**
 * Programme contracts: staff set one up for a company (its end date follows from the start and the
 * term). Staff and the company read them with their figures (remaining = total less pending and
 * paid; the status from the dates on the bank's calendar day) through queries.ts, which also keeps
 * the numbering every programme record shares (CT-, PO-, B-) and the company choice of the back office.
 */
import { dayOf, termEndOf } from '@bank/contract/calendar';
import type { ProgrammeContract } from '@bank/contract/programme';
import type { CreateContractRequest } from '@bank/contract/programme-orders';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { parseAmount } from '../../platform/money.ts';
import { companies } from '../account/index.ts';
import { contractOf, nextNumber } from './queries.ts';
import { programmeContracts } from './tables.ts';

/** Who acts in the back office, and when (one clock value per call). */
export type StaffActor = { userId: string; ip: string | null; now: Date };

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
