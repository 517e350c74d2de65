import { errorCatalogue } from '@bank/contract/errors';
import type { Payout, PayoutQuote, StaffPayout } from '@bank/contract/payouts';
import type { TransactionDetails } from '@bank/contract/transaction';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../platform/exports/test-support.ts';
import { call, createRunningTestApp, type RunningTestApp } from '../../platform/test-support.ts';
import { depositOperator } from '../deposits/test-support.ts';
import { ensureRates } from '../ledger/index.ts';
import { addPayee, fundedCompany, idempotent, instructions } from './test-support.ts';

let test: RunningTestApp;
beforeAll(async () => {
  test = await createRunningTestApp();
  await ensureRates(test.database.db, test.clock.now());
});
afterAll(async () => {
  await test?.close();
});

const euroPayee = {
  beneficiary_name: 'Rhein Maschinenbau GmbH',
  beneficiary_address: 'Hafenstraße 5, 68159 Mannheim, Germany',
  account_number: 'DE89 3704 0044 0532 0130 00',
  bank_country: 'DE',
  bank_name: 'Commerzbank AG',
  swift_code: 'COBADEFFXXX',
  bank_address: 'Kaiserplatz, 60311 Frankfurt am Main',
  local_bank_code: '',
  currency: 'EUR',
};

function receipt(session: { token: string; userid: string }, payoutId: string, language: string) {
  return test.app.inject({
    method: 'POST',
    url: '/api/v1/withdraw/fiat/receipt',
    payload: { payout_id: payoutId },
    headers: { 'content-type': 'application/json', language, token: session.token, userid: session.userid },
  });
}

describe('fiat payouts by the amount received, and their receipt', () => {
  it('quotes a EUR payout from the amount the payee receives; the receipt says what was paid, in English and Japanese', async () => {
    const { session } = await fundedCompany(test, { funds: { USDT: '5000' }, coolingHours: 0 });
    const payee = await addPayee(test, session, euroPayee);

    // Neither side, or both, is refused on the amount field.
    const neither = await call(
      test,
      '/api/v1/withdraw/fiat/calc',
      { asset: 'USDT', payee_id: payee.payee_id },
      { session },
    );
    expect(neither.code).toBe(errorCatalogue.validation.code);

    const quote = await call<PayoutQuote>(
      test,
      '/api/v1/withdraw/fiat/calc',
      { asset: 'USDT', payee_id: payee.payee_id, receive_amount: '1234.56' },
      { session },
    );
    expect(quote.code, quote.msg).toBe(200);
    expect(quote.data).toMatchObject({ receive_amount: '1234.56', receive_currency: 'EUR', fixed_side: 'receive' });
    // What is sent converts back to exactly what the payee receives, and one unit less would not.
    const rate = Number(quote.data.rate);
    const sent = Number(quote.data.amount);
    expect(Math.round(sent * rate * 100) / 100).toBe(1234.56);
    expect(Math.round((sent - 0.000001) * rate * 100) / 100).toBeLessThanOrEqual(1234.56);
    const validForMilliseconds = Date.parse(quote.data.expires_at) - test.clock.now().getTime();
    expect(validForMilliseconds).toBeGreaterThan(290_000);
    expect(validForMilliseconds).toBeLessThanOrEqual(300_000);

    const submitted = await call<Payout>(
      test,
      '/api/v1/withdraw/fiat/withdraw',
      { quote_id: quote.data.quote_id, payee_id: payee.payee_id, ...instructions },
      { session, headers: idempotent() },
    );
    expect(submitted.code, submitted.msg).toBe(200);
    expect(submitted.data.destination).toMatchObject({ beneficiary_address: euroPayee.beneficiary_address });
    const staff = await depositOperator(test);
    const payoutId = submitted.data.payout_id;
    const reviewed = await call<StaffPayout>(
      test,
      '/api/v1/admin/payouts/decide',
      { payout_id: payoutId, decision: 'approve', reason: '' },
      { session: staff },
    );
    expect(reviewed.code, reviewed.msg).toBe(200);
    const done = await call<StaffPayout>(
      test,
      '/api/v1/admin/simulator/payoutOutcome',
      { payout_id: payoutId, outcome: 'complete' },
      { session: staff },
    );
    expect(done.data.status).toBe('success');
    expect(done.data.bank_reference).toBeTruthy();

    const english = await receipt(session, payoutId, 'en');
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-disposition']).toContain(`payout-receipt-${payoutId}.pdf`);
    const { text } = await pdfText(english.rawPayload);
    for (const expected of [
      'Payout receipt',
      'Payout Test Treasury',
      'Rhein Maschinenbau GmbH',
      euroPayee.beneficiary_address,
      'DE89370400440532013000',
      'COBADEFFXXX',
      `${Number(quote.data.amount).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USDT`,
      '1,234.56 EUR',
      `1 USDT = ${quote.data.rate} EUR`,
      'Payout fee',
      String(done.data.bank_reference),
      'Submitted',
      'Approved by the bank',
      'Completed',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Conversion fee');
    expect(text).not.toMatch(/\{\{|review_approved|supplier_payment/);

    const japanese = await pdfText((await receipt(session, payoutId, 'jp')).rawPayload);
    for (const expected of [
      '送金受領書',
      '受取額',
      '送金手数料',
      '1,234.56 EUR',
      `1 USDT = ${quote.data.rate} EUR`,
      '完了',
    ])
      expect(japanese.text).toContain(expected);

    // The history line of the payout: its fee is a payout fee, and its own receipt says what the history knows.
    const details = await call<TransactionDetails>(
      test,
      '/api/v1/transaction/details',
      { transaction_id: done.data.transaction_id },
      { session },
    );
    expect(details.data.movements.map((movement) => movement.kind).sort()).toEqual(['payout', 'payout_fee']);
    const line = await test.app.inject({
      method: 'POST',
      url: '/api/v1/transaction/receipt',
      payload: { transaction_id: done.data.transaction_id },
      headers: { 'content-type': 'application/json', language: 'jp', token: session.token, userid: session.userid },
    });
    expect(line.headers['content-disposition']).toContain(`transaction-receipt-${done.data.transaction_id}.pdf`);
    const lineText = (await pdfText(line.rawPayload)).text;
    for (const expected of [
      '取引明細書',
      '法定通貨の送金',
      '1,234.56 EUR',
      `1 USDT = ${quote.data.rate} EUR`,
      '完了',
      payoutId,
    ])
      expect(lineText).toContain(expected);
    expect(lineText).not.toMatch(/\{\{|review_approved|fiat_payout/);

    // Another company's user gets no receipt of it.
    const other = await fundedCompany(test);
    const foreign = await receipt(other.session, payoutId, 'en');
    expect(foreign.json()).toMatchObject({ code: errorCatalogue.not_found.code });
    const foreignLine = await test.app.inject({
      method: 'POST',
      url: '/api/v1/transaction/receipt',
      payload: { transaction_id: done.data.transaction_id },
      headers: { 'content-type': 'application/json', token: other.session.token, userid: other.session.userid },
    });
    expect(foreignLine.json()).toMatchObject({ code: errorCatalogue.not_found.code });
  });
});
