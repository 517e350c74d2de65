import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunningTestApp, type RunningTestApp } from '../../platform/test-support.ts';
import { addAddress, fundedCompany, submitCrypto } from './test-support.ts';

let test: RunningTestApp;
beforeAll(async () => {
  test = await createRunningTestApp();
});
afterAll(async () => {
  await test?.close();
});

const today = () => test.clock.now().toISOString().slice(0, 10);

function download(session: { token: string; userid: string }, body: Record<string, unknown>, language = 'en') {
  return test.app.inject({
    method: 'POST',
    url: '/api/v1/withdraw/crypto/download',
    payload: body,
    headers: { 'content-type': 'application/json', language, token: session.token, userid: session.userid },
  });
}

describe('payout record download', () => {
  it('writes the company’s payouts of the period as CSV, XLSX and PDF in the reader’s language, and no one else’s', async () => {
    const client = await fundedCompany(test, { funds: { USDT: '1000' } });
    const other = await fundedCompany(test, { funds: { USDT: '1000' } });
    const entry = await addAddress(test, client.session);
    const made = await submitCrypto(test, client.session, entry.address_id, '120');
    const elsewhere = await submitCrypto(test, other.session, (await addAddress(test, other.session)).address_id, '99');

    const csv = await download(client.session, { format: 'csv', from: today(), to: today() });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('crypto-payouts');
    const rows: string[][] = parse(csv.rawPayload, { bom: true, relax_column_count: true });
    const body = rows.slice(rows.findIndex((row) => row[0] === 'Date (UTC)') + 1);
    expect(body.map((row) => [row[1], row[2], row[4], row[5], row.at(-1)])).toEqual([
      ['Admin review', 'USDT', '120', '1.5', made.data.payout_id],
    ]);
    expect(csv.rawPayload.toString('utf8')).not.toContain(elsewhere.data.payout_id);

    const xlsx = await download(client.session, { format: 'xlsx', from: today(), to: today() }, 'ch');
    expect(xlsx.headers['content-disposition']).toContain('.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['数字资产付款']);

    const pdf = await download(client.session, { format: 'pdf', from: today(), to: today() }, 'jp');
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
