/**
 * Checking and submitting a payout (withdraw/<kind>/check and withdraw/<kind>/withdraw). Both run
 * the same preparation: the quote is the company's, of the kind, live and unused; the destination
 * is the company's, matches the quote and is past its cooling period; the balance covers the
 * amount and the fee. Submitting (fresh second factor, in the idempotent call's transaction) then
 * holds the amount and the fee at once (two pending ledger transfers), writes the payout, its
 * history line and its event, and audits it: pending approval when the company's policy asks for
 * a second user, admin review otherwise.
 */

import { confirmationsOfNetwork } from '@bank/contract/deposit';
import type { Asset, DigitalAsset, Network } from '@bank/contract/money';
import type { CryptoPayoutRequest, FiatPayoutRequest, Payout, PayoutCheck, PayoutKind } from '@bank/contract/payouts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { recordEvent } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import { formatAmountForWire, parseAmount } from '../../platform/money.ts';
import { lockCompany } from '../../platform/tenant.ts';
import { companyUsersHolding, requireFreshSecondFactor, users } from '../account/index.ts';
import { accountIdOf, ledger } from '../ledger/index.ts';
import { openTransaction } from '../transactions/index.ts';
import type { PayoutActor } from './actor.ts';
import { addressRow, payeeRow } from './destinations.ts';
import { approvalPolicyOf, needsApproval } from './policy.ts';
import { payoutOf, payoutSourceType } from './queries.ts';
import { availableOf, type QuoteRow, quoteOf, usableQuote } from './quotes.ts';
import { type PayoutDestinationSnapshot, payouts, type StoredPayoutStep } from './tables.ts';

type CryptoBody = z.output<typeof CryptoPayoutRequest>;
type FiatBody = z.output<typeof FiatPayoutRequest>;
export type PayoutBody = { kind: 'crypto'; body: CryptoBody } | { kind: 'fiat'; body: FiatBody };

export type Prepared = {
  quote: QuoteRow;
  destination: PayoutDestinationSnapshot;
  payeeId: string | null;
  addressId: string | null;
  needsApproval: boolean;
  available: ReturnType<typeof parseAmount>;
};

async function isQuoteUsed(handle: DbHandle, quoteId: string): Promise<boolean> {
  const [row] = await handle.select({ id: payouts.id }).from(payouts).where(eq(payouts.quote_id, quoteId));
  return row !== undefined;
}

/** Minutes until `from`, at least 1: the wait a message names ("in 42 minutes"). */
function minutesUntil(from: Date, now: Date): number {
  return Math.max(1, Math.ceil((from.getTime() - now.getTime()) / 60_000));
}

type Destination = Pick<Prepared, 'destination' | 'payeeId' | 'addressId'>;

/**
 * The payout's destination as the quote needs it: the company's payee or address, matching the
 * quote and past its cooling period; answers its snapshot.
 */
export async function destinationOf(
  handle: DbHandle,
  actor: PayoutActor,
  payout: PayoutBody,
  quote: QuoteRow,
): Promise<Destination> {
  if (payout.kind === 'crypto') {
    const address = await addressRow(handle, actor.companyId, payout.body.address_id);
    if (address.asset !== quote.asset || address.network !== quote.network)
      throw new AppError('illegal_state', { messageKey: 'payouts.errors.quote_mismatch' });
    if (address.usable_from > actor.now)
      throw new AppError('illegal_state', {
        messageKey: 'payouts.errors.address_cooling',
        params: { wait: minutesUntil(address.usable_from, actor.now) },
        data: { usable_from: address.usable_from.toISOString() },
      });
    return {
      addressId: address.id,
      payeeId: null,
      destination: {
        name: address.name,
        address: address.address,
        account_number: null,
        bank_name: null,
        bank_country: null,
        swift_code: null,
        local_bank_code: null,
        beneficiary_address: null,
      },
    };
  }
  const payee = await payeeRow(handle, actor.companyId, payout.body.payee_id);
  if (payee.id !== quote.payee_id || payee.currency !== quote.receive_currency)
    throw new AppError('illegal_state', { messageKey: 'payouts.errors.quote_mismatch' });
  if (payee.usable_from > actor.now)
    throw new AppError('illegal_state', {
      messageKey: 'payouts.errors.payee_cooling',
      params: { wait: minutesUntil(payee.usable_from, actor.now) },
      data: { usable_from: payee.usable_from.toISOString() },
    });
  return {
    payeeId: payee.id,
    addressId: null,
    destination: {
      name: payee.beneficiary_name,
      address: null,
      account_number: payee.account_number,
      bank_name: payee.bank_name,
      bank_country: payee.bank_country,
      swift_code: payee.swift_code,
      local_bank_code: payee.local_bank_code || null,
      beneficiary_address: payee.beneficiary_address || null,
    },
  };
}

/**
 * Everything a submission checks: the quote (live unless `isExpiredQuoteAccepted`: a batch's row
 * whose quote the batch's submission confirmed), the destination, the balance, the policy.
 */
export async function preparePayout(
  handle: DbHandle,
  actor: PayoutActor,
  payout: PayoutBody,
  options: { isExpiredQuoteAccepted?: boolean } = {},
): Promise<Prepared> {
  const quote = await usableQuote(handle, actor, payout.kind, payout.body.quote_id, (id) => isQuoteUsed(handle, id), {
    isExpiredAccepted: options.isExpiredQuoteAccepted ?? false,
  });
  const { destination, payeeId, addressId } = await destinationOf(handle, actor, payout, quote);
  const asset = quote.asset as DigitalAsset;
  const amount = parseAmount(quote.amount);
  const total = amount.plus(parseAmount(quote.fee));
  const available = await availableOf(handle, actor.companyId, asset, actor.now);
  if (total.greaterThan(available))
    throw new AppError('insufficient_balance', { detail: `payout of ${total} ${asset} over ${available}` });
  const policy = await approvalPolicyOf(handle, actor.companyId);
  // A payout an API key makes always waits for a person's approval (decision 0041), whatever the policy.
  const isApprovalNeeded = actor.session.api_key !== undefined || needsApproval(policy, asset, amount);
  return { quote, destination, payeeId, addressId, needsApproval: isApprovalNeeded, available };
}

/** Whether another active user of the company holds approve_payouts: who could approve the actor's payout. */
export async function hasOtherApprover(handle: DbHandle, actor: PayoutActor): Promise<boolean> {
  const approvers = await companyUsersHolding(handle, actor.companyId, 'approve_payouts');
  return approvers.some((approver) => approver.id !== actor.userId);
}

export async function checkPayout(handle: DbHandle, actor: PayoutActor, payout: PayoutBody): Promise<PayoutCheck> {
  const prepared = await preparePayout(handle, actor, payout);
  return {
    quote: quoteOf(prepared.quote, prepared.available),
    destination: {
      ...prepared.destination,
      local_bank_code: prepared.destination.local_bank_code ?? null,
      beneficiary_address: prepared.destination.beneficiary_address ?? null,
      payee_id: prepared.payeeId,
      address_id: prepared.addressId,
    },
    purpose: payout.body.purpose,
    sender_account_name: payout.body.sender_account_name,
    remarks: payout.body.remarks,
    needs_approval: prepared.needsApproval,
    has_other_approver: await hasOtherApprover(handle, actor),
  };
}

export async function userName(handle: DbHandle, userId: string): Promise<string> {
  const [user] = await handle.select({ name: users.full_name }).from(users).where(eq(users.id, userId));
  return user?.name ?? '';
}

/** The account a payout's amount is held towards: the network's clearing (coins) or the asset's conversion (fiat). */
async function payoutCounterAccount(
  handle: DbHandle,
  row: { kind: PayoutKind; asset: string; network: string | null },
  now: Date,
): Promise<string> {
  const asset = row.asset as Asset;
  return row.kind === 'crypto'
    ? accountIdOf(handle, { kind: 'clearing', asset, rail: row.network ?? '' }, now)
    : accountIdOf(handle, { kind: 'conversion', asset }, now);
}

export async function submitPayout(tx: DbHandle, actor: PayoutActor, payout: PayoutBody): Promise<Payout> {
  // A person gives a fresh second factor; an API key, which has none, is held to its IP allow-list
  // (checked for every write) and its payout waits for a person's approval (prepare).
  if (!actor.session.api_key) requireFreshSecondFactor(actor);
  // One payout of a company at a time: the check of the quote, the destination and the balance
  // holds until the hold is written.
  await lockCompany(tx, actor.companyId);
  const prepared = await preparePayout(tx, actor, payout);
  const makerName = await userName(tx, actor.userId);
  const status = prepared.needsApproval ? 'pending_approval' : 'admin_review';
  return writePayout(tx, actor, payout, prepared, {
    status,
    makerName,
    timeline: submittedTimeline(actor, makerName, prepared.needsApproval),
  });
}

/**
 * Writes a prepared payout (the company locked by the caller): the holds of its amount and fee,
 * the payout, its history line, its event and its audit entry. `audit` adds to the entry's detail
 * (a batch names itself and the row).
 */
export async function writePayout(
  tx: DbHandle,
  actor: PayoutActor,
  payout: PayoutBody,
  prepared: Prepared,
  written: {
    status: SubmittedStatus;
    makerName: string;
    timeline: StoredPayoutStep[];
    audit?: Record<string, unknown>;
  },
): Promise<Payout> {
  const id = newId(actor.now.getTime());
  const { status } = written;
  const holds = await holdAmountAndFee(tx, actor, payout.kind, prepared.quote, id);
  const row = await insertPayout(tx, actor, payout, prepared, { id, status, holds, timeline: written.timeline });
  const transactionId = await openPayoutLine(tx, actor, payout.kind, prepared, { id, status });
  await announceSubmission(tx, actor, {
    payout: { id, kind: payout.kind, status },
    quote: prepared.quote,
    transactionId,
    destinationName: prepared.destination.name,
    audit: written.audit ?? {},
  });
  return payoutOf({ row, makerName: written.makerName, transactionId });
}

/** The amount and the fee held at once: two pending ledger transfers, posted or voided when the payout ends. */
async function holdAmountAndFee(tx: DbHandle, actor: PayoutActor, kind: PayoutKind, quote: QuoteRow, id: string) {
  const asset = quote.asset as DigitalAsset;
  const reference = { type: payoutSourceType, id };
  const companyAccount = await accountIdOf(tx, { kind: 'customer', companyId: actor.companyId, asset }, actor.now);
  const [hold, feeHold] = await ledger.transfer(
    tx,
    [
      {
        idempotencyKey: `payout-hold-${id}`,
        kind: 'payout',
        asset,
        debitAccountId: companyAccount,
        creditAccountId: await payoutCounterAccount(tx, { kind, asset, network: quote.network }, actor.now),
        amount: formatAmountForWire(parseAmount(quote.amount), asset),
        reference,
        isPending: true,
      },
      {
        idempotencyKey: `payout-fee-${id}`,
        kind: 'fee',
        asset,
        debitAccountId: companyAccount,
        creditAccountId: await accountIdOf(tx, { kind: 'fee', asset }, actor.now),
        amount: formatAmountForWire(parseAmount(quote.fee), asset),
        reference,
        isPending: true,
      },
    ],
    actor.now,
  );
  if (!hold || !feeHold) throw new Error('payout holds not written');
  return { hold, feeHold };
}

export function submittedTimeline(
  actor: PayoutActor,
  makerName: string,
  isApprovalNeeded: boolean,
): StoredPayoutStep[] {
  const at = actor.now.toISOString();
  // A key's payout names the key: its issuer is its maker for the four eyes, but did not submit it.
  const apiKey = actor.session.api_key;
  const maker = apiKey
    ? ({ kind: 'api_key', name: apiKey.name, user_id: actor.userId } as const)
    : ({ kind: 'company_user', name: makerName, user_id: actor.userId } as const);
  const timeline: StoredPayoutStep[] = [{ step: 'submitted', actor: maker, reason: null, at }];
  // Asked of the company's approvers, not of the bank: the maker's request.
  if (isApprovalNeeded) timeline.push({ step: 'approval_requested', actor: maker, reason: null, at });
  return timeline;
}

export type SubmittedStatus = 'pending_approval' | 'admin_review';

async function insertPayout(
  tx: DbHandle,
  actor: PayoutActor,
  payout: PayoutBody,
  prepared: Prepared,
  written: {
    id: string;
    status: SubmittedStatus;
    holds: Awaited<ReturnType<typeof holdAmountAndFee>>;
    timeline: StoredPayoutStep[];
  },
) {
  const { quote } = prepared;
  const isFiat = payout.kind === 'fiat';
  const network = quote.network as Network | null;
  const [row] = await tx
    .insert(payouts)
    .values({
      id: written.id,
      company_id: actor.companyId,
      kind: payout.kind,
      status: written.status,
      asset: quote.asset as DigitalAsset,
      network,
      amount: quote.amount,
      fee: quote.fee,
      payee_id: prepared.payeeId,
      address_id: prepared.addressId,
      destination: prepared.destination,
      fiat_currency: isFiat ? quote.receive_currency : null,
      fiat_amount: isFiat ? quote.receive_amount : null,
      rate: quote.rate,
      rate_at: quote.rate_at,
      purpose: payout.body.purpose,
      sender_account_name: payout.body.sender_account_name,
      remarks: payout.body.remarks,
      quote_id: quote.id,
      needs_approval: prepared.needsApproval,
      confirmations_required: network ? confirmationsOfNetwork[network] : null,
      hold_transfer_id: written.holds.hold.id,
      fee_transfer_id: written.holds.feeHold.id,
      timeline: written.timeline,
      created_by: actor.userId,
      created_at: actor.now,
      updated_at: actor.now,
    })
    .returning();
  if (!row) throw new Error('payout not written');
  return row;
}

/** The payout's line of the company's history; answers its transaction id. */
function openPayoutLine(
  tx: DbHandle,
  actor: PayoutActor,
  kind: PayoutKind,
  { quote, destination }: Prepared,
  payout: { id: string; status: SubmittedStatus },
): Promise<string> {
  const asset = quote.asset as DigitalAsset;
  const isFiat = kind === 'fiat';
  return openTransaction(
    tx,
    {
      companyId: actor.companyId,
      type: isFiat ? 'fiat_payout' : 'crypto_payout',
      direction: 'debit',
      asset,
      network: quote.network as Network | null,
      amount: formatAmountForWire(parseAmount(quote.amount), asset),
      fee: formatAmountForWire(parseAmount(quote.fee), asset),
      status: payout.status,
      counterparty: destination.name,
      fiat: isFiat
        ? {
            currency: quote.receive_currency,
            amount: formatAmountForWire(parseAmount(quote.receive_amount), quote.receive_currency as Asset),
            reference: payout.id,
            rate: quote.rate,
            rateAt: quote.rate_at,
          }
        : null,
      source: { type: payoutSourceType, id: payout.id },
      step: 'submitted',
    },
    actor.now,
  );
}

/** The payout's event (for the approvers' and the company's notices) and its audit entry. */
async function announceSubmission(
  tx: DbHandle,
  actor: PayoutActor,
  submitted: {
    payout: { id: string; kind: PayoutKind; status: SubmittedStatus };
    quote: QuoteRow;
    transactionId: string;
    destinationName: string;
    audit: Record<string, unknown>;
  },
): Promise<void> {
  const { payout, quote } = submitted;
  const asset = quote.asset as DigitalAsset;
  await recordEvent(
    tx,
    'payout.status_changed',
    {
      company_id: actor.companyId,
      payout_id: payout.id,
      kind: payout.kind,
      status: payout.status,
      previous_status: null,
      asset,
      amount: formatAmountForWire(parseAmount(quote.amount), asset),
      maker_user_id: actor.userId,
      destination_name: submitted.destinationName,
      reason: null,
      transaction_id: submitted.transactionId,
      at: actor.now.toISOString(),
    },
    { companyId: actor.companyId },
  );
  await writeAudit(tx, {
    action: 'payout.submitted',
    at: actor.now,
    actorUserId: actor.userId,
    companyId: actor.companyId,
    ip: actor.ip,
    detail: {
      payout_id: payout.id,
      kind: payout.kind,
      asset,
      amount: quote.amount,
      fee: quote.fee,
      status: payout.status,
      ...submitted.audit,
    },
  });
}
