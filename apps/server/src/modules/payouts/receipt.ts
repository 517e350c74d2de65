/**
 * withdraw/<kind>/receipt: the proof of one payout for the payee, a PDF in the
 * reader's language: the company and its sender name, the beneficiary with the bank and its local
 * code, the amounts sent and received, the fee, the rate ("1 USDT = 0.92 EUR"), the bank reference
 * or the transaction hash, and each step of the timeline with its time (UTC).
 */
import { localBankCodeOf } from '@bank/contract/bank-codes';
import type { Language } from '@bank/contract/constants';
import { rateOfPayout } from '@bank/contract/money-text';
import type { PayoutDetails, PayoutKind } from '@bank/contract/payouts';
import { translate } from '@bank/i18n/resources';
import { eq } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit.ts';
import type { DbHandle } from '../../platform/db.ts';
import { type Receipt, writeReceiptPdf } from '../../platform/exports/receipt-pdf.ts';
import { formatDisplayAmount, formatDisplayDateTime, rateTextIn } from '../../platform/exports/statement-text.ts';
import { type FileReply, fileReply } from '../../platform/route.ts';
import { companies } from '../account/index.ts';
import type { PayoutActor } from './actor.ts';
import { companyPayoutDetails } from './queries.ts';

function destinationLines(payout: PayoutDetails, label: (key: string) => string) {
  const destination = payout.destination;
  if (payout.kind === 'crypto')
    return [
      { label: label('beneficiary'), value: destination.name },
      { label: label('wallet_address'), value: destination.address ?? '' },
      { label: label('network'), value: payout.network ?? '' },
    ];
  const country = destination.bank_country ?? '';
  const bankCode = localBankCodeOf(country);
  return [
    { label: label('beneficiary'), value: destination.name },
    { label: label('beneficiary_address'), value: destination.beneficiary_address ?? '' },
    { label: label('account_number'), value: destination.account_number ?? '' },
    { label: label('bank_name'), value: destination.bank_name ?? '' },
    { label: label('bank_country'), value: country },
    { label: label('swift_code'), value: destination.swift_code ?? '' },
    ...(bankCode ? [{ label: label(`bank_codes.${bankCode.kind}`), value: destination.local_bank_code ?? '' }] : []),
  ];
}

/** A person by their name; the company's API key as "API key (its name)". */
function actorOf(actor: PayoutDetails['timeline'][number]['actor'], language: Language): string {
  if (actor.kind === 'company_user') return actor.name ?? '';
  return translate(language, 'payouts.detail.actor_named', {
    actor: translate(language, `payouts.actors.${actor.kind}`),
    name: actor.name ?? '',
  });
}

/** The receipt of a payout the caller's company made, as the document the reader downloads. */
function payoutReceipt(
  payout: PayoutDetails,
  context: { language: Language; companyName: string; issuedAt: Date },
): Receipt {
  const { language } = context;
  const label = (key: string) =>
    translate(language, key.startsWith('bank_codes.') ? `payouts.${key}` : `payouts.receipt.${key}`);
  const amount = (value: string, asset: string) => `${formatDisplayAmount(value, asset, language)} ${asset}`;
  const time = (at: string) => `${formatDisplayDateTime(new Date(at), language)} UTC`;
  const fiat = payout.fiat;
  return {
    language,
    title: translate(language, 'payouts.receipt.title'),
    companyName: context.companyName,
    fileName: `payout-receipt-${payout.payout_id}`,
    issuedAt: context.issuedAt,
    heading: [
      { label: label('payout_id'), value: payout.payout_id },
      { label: label('transaction_id'), value: payout.transaction_id },
      { label: label('status'), value: translate(language, `states.transaction.${payout.status}`) },
      { label: label('company'), value: context.companyName },
      { label: label('sender_account_name'), value: payout.sender_account_name },
      { label: label('issued_at'), value: time(context.issuedAt.toISOString()) },
    ],
    sections: [
      { heading: label('beneficiary_section'), lines: destinationLines(payout, label) },
      {
        heading: label('amounts_section'),
        lines: [
          { label: label('amount_sent'), value: amount(payout.amount, payout.asset) },
          { label: label('fee'), value: amount(payout.fee, payout.asset) },
          { label: label('total'), value: amount(payout.total, payout.asset) },
          {
            label: label('amount_received'),
            value: fiat ? amount(fiat.amount, fiat.currency) : amount(payout.amount, payout.asset),
          },
          {
            label: label('rate'),
            value: fiat
              ? rateTextIn(language, rateOfPayout({ asset: payout.asset, currency: fiat.currency, rate: fiat.rate }))
              : '',
          },
          { label: label('rate_at'), value: fiat ? time(fiat.rate_at) : '' },
          { label: label('purpose'), value: translate(language, `payouts.purposes.${payout.purpose}`) },
          { label: label('remarks'), value: payout.remarks },
        ],
      },
      {
        heading: label('references_section'),
        lines: [
          { label: label('bank_reference'), value: payout.bank_reference ?? '' },
          { label: label('tx_hash'), value: payout.tx_hash ?? '' },
        ],
      },
    ],
    steps: {
      heading: label('steps_section'),
      items: payout.timeline.map((step) => ({
        label: translate(language, `payouts.steps.${step.step}`),
        value: step.actor.name ? `${time(step.at)} · ${actorOf(step.actor, language)}` : time(step.at),
      })),
    },
    notes: [label('times_in_utc'), label('note')],
  };
}

async function payoutReceiptFile(
  handle: DbHandle,
  caller: { companyId: string; userId: string; language: Language; now: Date },
  kind: PayoutKind,
  payoutId: string,
): Promise<FileReply> {
  const payout = await companyPayoutDetails(
    handle,
    { companyId: caller.companyId, userId: caller.userId, mayApprove: false, isAdministrator: false },
    { kind },
    payoutId,
  );
  const [company] = await handle
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, caller.companyId));
  const file = await writeReceiptPdf(
    payoutReceipt(payout, { language: caller.language, companyName: company?.name ?? '', issuedAt: caller.now }),
  );
  return fileReply(file.fileName, file.contentType, file.body);
}

/** The receipt as the company downloads it: audited once built, so that an unknown payout records nothing. */
export async function downloadPayoutReceipt(
  handle: DbHandle,
  actor: PayoutActor,
  kind: PayoutKind,
  payoutId: string,
): Promise<FileReply> {
  const file = await payoutReceiptFile(handle, actor, kind, payoutId);
  await writeAudit(handle, {
    action: 'payout.receipt_downloaded',
    at: actor.now,
    actorUserId: actor.userId,
    companyId: actor.companyId,
    ip: actor.ip,
    detail: { kind, payout_id: payoutId },
  });
  return file;
}
