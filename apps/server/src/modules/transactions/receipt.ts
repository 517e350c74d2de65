/**
 * transaction/receipt: any line of the company's history as a one-page PDF in the
 * reader's language: its type and status, the amount and fee, the fiat leg with its rate, the
 * counterparty, the reference or transaction hash, and each step with its time (UTC). A payout's
 * fuller receipt (beneficiary, bank) is the payouts module's; this one is what the history knows.
 */
import type { Language } from '@bank/contract/constants';
import { rateOfFiatLeg, type TransactionDetails } from '@bank/contract/transaction';
import { hasMessage, translate } from '@bank/i18n/resources';
import { eq } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { type Receipt, writeReceiptPdf } from '../../platform/exports/receipt-pdf.ts';
import { formatDisplayAmount, formatDisplayDateTime, rateTextIn } from '../../platform/exports/statement-text.ts';
import { type FileReply, fileReply } from '../../platform/route.ts';
import { companies } from '../account/index.ts';
import { companyTransactionDetails } from './queries.ts';

/** A step's words: the history's own, else a payout's; a step with neither is left out rather than shown as a code. */
function stepLabel(language: Language, step: string): string | null {
  for (const key of [`transactions.detail.steps.${step}`, `payouts.steps.${step}`])
    if (hasMessage(key)) return translate(language, key);
  return null;
}

function transactionReceipt(
  details: TransactionDetails,
  context: { language: Language; companyName: string; issuedAt: Date },
): Receipt {
  const { language } = context;
  const { transaction } = details;
  const label = (key: string) => translate(language, `payouts.receipt.${key}`);
  const amount = (value: string, asset: string) => `${formatDisplayAmount(value, asset, language)} ${asset}`;
  const time = (at: string) => `${formatDisplayDateTime(new Date(at), language)} UTC`;
  const leg = transaction.fiat;
  const counterpartyKey =
    transaction.direction === 'credit'
      ? 'transactions.detail.counterparty_from'
      : 'transactions.detail.counterparty_to';
  return {
    language,
    title: translate(language, 'payouts.receipt.transaction_title'),
    companyName: context.companyName,
    fileName: `transaction-receipt-${transaction.transaction_id}`,
    issuedAt: context.issuedAt,
    heading: [
      { label: label('transaction_id'), value: transaction.transaction_id },
      { label: label('type'), value: translate(language, `transactions.types.${transaction.type}`) },
      { label: label('status'), value: translate(language, `states.transaction.${transaction.status}`) },
      { label: label('company'), value: context.companyName },
      { label: label('issued_at'), value: time(context.issuedAt.toISOString()) },
    ],
    sections: [
      {
        heading: label('amounts_section'),
        lines: [
          {
            label: translate(language, `transactions.detail.directions.${transaction.direction}`),
            value: amount(transaction.amount, transaction.asset),
          },
          { label: label('transaction_fee'), value: amount(transaction.fee, transaction.asset) },
          {
            label: translate(language, 'transactions.detail.fiat_amount'),
            value: leg ? amount(leg.amount, leg.currency) : '',
          },
          { label: label('rate'), value: rateTextIn(language, rateOfFiatLeg(transaction)) },
          { label: label('rate_at'), value: leg?.rate_at ? time(leg.rate_at) : '' },
          {
            label: label('network'),
            value: transaction.network ?? (leg ? translate(language, 'transactions.detail.off_chain') : ''),
          },
          { label: translate(language, counterpartyKey), value: transaction.counterparty ?? '' },
        ],
      },
      {
        heading: label('references_section'),
        lines: [
          { label: translate(language, 'transactions.detail.reference'), value: leg?.reference ?? '' },
          { label: label('tx_hash'), value: transaction.tx_hash ?? '' },
          { label: label('payout_id'), value: transaction.payout_id ?? '' },
        ],
      },
    ],
    steps: {
      heading: label('steps_section'),
      items: details.steps.flatMap((step) => {
        const name = stepLabel(language, step.step);
        return name ? [{ label: name, value: time(step.at) }] : [];
      }),
    },
    notes: [label('times_in_utc')],
  };
}

export async function transactionReceiptFile(
  handle: DbHandle,
  caller: { companyId: string; language: Language; now: Date },
  transactionId: string,
): Promise<FileReply> {
  const details = await companyTransactionDetails(handle, caller.companyId, transactionId);
  const [company] = await handle
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, caller.companyId));
  const file = await writeReceiptPdf(
    transactionReceipt(details, { language: caller.language, companyName: company?.name ?? '', issuedAt: caller.now }),
  );
  return fileReply(file.fileName, file.contentType, file.body);
}
