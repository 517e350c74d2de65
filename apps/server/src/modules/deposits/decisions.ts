/**
 * The back office's decisions on deposits, each recorded in the audit log in the transaction of
 * the change: an incoming bank transfer credited or returned (fiat.ts), a first coin deposit below
 * the minimum, held once confirmed, credited or returned (incoming.ts), with the reason staff gave.
 */
import type { BankCredit, Deposit } from '@bank/contract/deposit';
import { writeAudit } from '../../platform/audit.ts';
import type { DbHandle } from '../../platform/db.ts';
import { bankCreditOf, creditBankTransfer, type FiatTarget, returnBankTransfer } from './fiat.ts';
import { creditHeldDeposit, returnHeldDeposit } from './incoming.ts';

/** Who decides: staff with deposit_operations. */
export type DepositStaff = { userId: string; ip: string; now: Date };

export async function creditTransfer(
  tx: DbHandle,
  staff: DepositStaff,
  request: { credit_id: string; target?: FiatTarget | undefined; reason?: string | undefined },
): Promise<BankCredit> {
  const credited = await creditBankTransfer(
    tx,
    { creditId: request.credit_id, staffUserId: staff.userId, target: request.target, reason: request.reason },
    staff.now,
  );
  await writeAudit(tx, {
    action: 'deposit.bank_transfer_credited',
    at: staff.now,
    actorUserId: staff.userId,
    companyId: credited.company_id,
    ip: staff.ip,
    detail: {
      credit_id: credited.id,
      currency: credited.currency,
      amount: credited.amount,
      asset: credited.credited_asset,
      rate: credited.rate,
      fee: credited.fee,
      net: credited.net,
      reason: credited.reason,
    },
  });
  return bankCreditOf(tx, credited);
}

export async function returnTransfer(
  tx: DbHandle,
  staff: DepositStaff,
  request: { credit_id: string; reason: string },
): Promise<BankCredit> {
  const returned = await returnBankTransfer(
    tx,
    { creditId: request.credit_id, staffUserId: staff.userId, reason: request.reason },
    staff.now,
  );
  await writeAudit(tx, {
    action: 'deposit.bank_transfer_returned',
    at: staff.now,
    actorUserId: staff.userId,
    companyId: returned.company_id,
    ip: staff.ip,
    detail: { credit_id: returned.id, currency: returned.currency, amount: returned.amount, reason: request.reason },
  });
  return bankCreditOf(tx, returned);
}

const heldDepositDecisions = {
  credit: { decide: creditHeldDeposit, action: 'deposit.held_coins_credited' },
  return: { decide: returnHeldDeposit, action: 'deposit.held_coins_returned' },
} as const;

export async function decideHeldDeposit(
  tx: DbHandle,
  staff: DepositStaff,
  request: { deposit_id: string; reason: string },
  decision: keyof typeof heldDepositDecisions,
): Promise<Deposit> {
  const { decide, action } = heldDepositDecisions[decision];
  const { deposit, companyId } = await decide(tx, request.deposit_id, staff.now);
  await writeAudit(tx, {
    action,
    at: staff.now,
    actorUserId: staff.userId,
    companyId,
    ip: staff.ip,
    detail: { deposit_id: deposit.deposit_id, asset: deposit.asset, amount: deposit.amount, reason: request.reason },
  });
  return deposit;
}
