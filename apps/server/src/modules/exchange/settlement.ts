/**
 * Settling a conversion between two of the company's assets, FX or OTC: one ledger batch (the
 * source from the company to the source asset's conversion account, the converted amount from the
 * target's conversion account to the company, the fee from the company to the fee account), the
 * history line, and the `conversion.made` event, all in the caller's transaction. The keys name the
 * quote or request, so a batch is posted once however often it is asked; a balance that would go
 * below zero refuses the whole batch (`insufficient_balance`) and nothing of it is kept.
 */
import type { DigitalAsset } from '@bank/contract/money';
import type { DbHandle } from '../../platform/db.ts';
import { recordEvent } from '../../platform/events.ts';
import type { MoneyValue } from '../../platform/money.ts';
import { accountIdOf, ledger } from '../ledger/index.ts';
import { openTransaction } from '../transactions/index.ts';

export type Settlement = {
  companyId: string;
  source: { type: 'fx_quote' | 'otc_trade'; id: string };
  from: DigitalAsset;
  to: DigitalAsset;
  amount: MoneyValue;
  gross: MoneyValue;
  fee: MoneyValue;
  net: MoneyValue;
  rate: MoneyValue;
  rateAt: Date;
};

/** Posts the conversion, writes its history line and the event; answers the line's id. */
export async function settleConversion(tx: DbHandle, settlement: Settlement, now: Date): Promise<string> {
  const { companyId, source, from, to } = settlement;
  const type = conversionTypeOf(source);
  await postConversion(tx, settlement, now);
  const transactionId = await openTransaction(
    tx,
    {
      companyId,
      type,
      direction: 'credit',
      asset: to,
      amount: settlement.net.toFixed(),
      fee: settlement.fee.toFixed(),
      status: 'success',
      // What was given for it, as the line's other side: "12500.000000 USDT".
      counterparty: `${settlement.amount.toFixed()} ${from}`,
      source,
      step: 'converted',
    },
    now,
  );
  await recordEvent(
    tx,
    'conversion.made',
    {
      company_id: companyId,
      source: source.type === 'fx_quote' ? 'fx' : 'otc',
      transaction_id: transactionId,
      from_currency: from,
      from_amount: settlement.amount.toFixed(),
      to_asset: to,
      to_amount: settlement.gross.toFixed(),
      fee: settlement.fee.toFixed(),
      rate: settlement.rate.toFixed(),
      rate_at: settlement.rateAt.toISOString(),
      at: now.toISOString(),
    },
    { companyId },
  );
  return transactionId;
}

const conversionTypeOf = (source: Settlement['source']) => (source.type === 'fx_quote' ? 'fx_conversion' : 'otc_trade');

/** The ledger batch: source out, converted amount in, fee out; all or nothing, once per quote or request. */
async function postConversion(tx: DbHandle, settlement: Settlement, now: Date): Promise<void> {
  const { companyId, source, from, to } = settlement;
  const type = conversionTypeOf(source);
  const key = `${source.type}-${source.id}`;
  const customerOf = (asset: DigitalAsset) => accountIdOf(tx, { kind: 'customer', companyId, asset }, now);
  const target = await customerOf(to);
  await ledger.transfer(
    tx,
    [
      {
        idempotencyKey: `${key}-source`,
        kind: type,
        asset: from,
        debitAccountId: await customerOf(from),
        creditAccountId: await accountIdOf(tx, { kind: 'conversion', asset: from }, now),
        amount: settlement.amount.toFixed(),
        reference: source,
      },
      {
        idempotencyKey: `${key}-target`,
        kind: type,
        asset: to,
        debitAccountId: await accountIdOf(tx, { kind: 'conversion', asset: to }, now),
        creditAccountId: target,
        amount: settlement.gross.toFixed(),
        reference: source,
      },
      ...(settlement.fee.greaterThan(0)
        ? [
            {
              idempotencyKey: `${key}-fee`,
              kind: 'fee',
              asset: to,
              debitAccountId: target,
              creditAccountId: await accountIdOf(tx, { kind: 'fee', asset: to }, now),
              amount: settlement.fee.toFixed(),
              reference: source,
            },
          ]
        : []),
    ],
    now,
  );
}
