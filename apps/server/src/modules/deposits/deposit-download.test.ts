import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { BankDetails, DepositAddress } from '@bank/contract/deposit';
import { transactionStatuses } from '@bank/contract/states';
import { exportFormats, type Transaction, transactionTypes } from '@bank/contract/transaction';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit-table.ts';
import { writeTable } from '../../platform/exports/table.ts';
import { foreignWords, textOfExport } from '../../platform/exports/test-support.ts';
import { call, createRunningTestApp, type RunningTestApp } from '../../platform/test-support.ts';
import { registerUser, signIn } from '../account/test-support.ts';
import { depositRecord } from './deposit-download.ts';
import { approvedCompany, type ClientOfCompany, depositOperator } from './test-support.ts';

let test: RunningTestApp;
let operator: Awaited<ReturnType<typeof depositOperator>>;

beforeAll(async () => {
  test = await createRunningTestApp();
  operator = await depositOperator(test);
});
afterAll(async () => {
  await test?.close();
});

const today = () => test.clock.now().toISOString().slice(0, 10);

function download(session: ClientOfCompany['session'], body: Record<string, unknown>, language = 'en') {
  return test.app.inject({
    method: 'POST',
    url: '/api/v1/deposit/download',
    payload: body,
    headers: { 'content-type': 'application/json', language, token: session.token, userid: session.userid },
  });
}

async function coinsArrive(client: ClientOfCompany, amount: string): Promise<void> {
  const address = (
    await call<DepositAddress>(test, '/api/v1/deposit/details', { asset: 'USDT', network: 'TRC20' }, client)
  ).data.address;
  await call(
    test,
    '/api/v1/admin/simulator/incomingDeposit',
    { address, asset: 'USDT', network: 'TRC20', amount },
    { session: operator },
  );
}

async function fiatNotice(client: ClientOfCompany, amount: string): Promise<string> {
  const notice = await call<{ transaction_id: string }>(
    test,
    '/api/v1/deposit/submit',
    { currency: 'USD', target: 'USDC', expected_date: today(), amount },
    { session: client.session, headers: { 'idempotency-key': `download-test-${randomUUID()}` } },
  );
  expect(notice.code).toBe(200);
  return notice.data.transaction_id;
}

/** The CSV's records after its header row (the one starting with the date column's header). */
function csvLines(bytes: Buffer, dateHeader = 'Date (UTC)'): string[][] {
  const rows: string[][] = parse(bytes, { bom: true, relax_column_count: true });
  return rows.slice(rows.findIndex((row) => row[0] === dateHeader) + 1);
}

describe('deposit record download', () => {
  it('lists the company’s coin and fiat deposits of the period, newest first, with status, amounts, hash and reference', async () => {
    const client = await approvedCompany(test, 'Deposit Record Co');
    await coinsArrive(client, '1000');
    await call(test, '/api/v1/admin/simulator/blocks', { blocks: 19 }, { session: operator });
    const noticeId = await fiatNotice(client, '5000');
    // A notice carries the quoted conversion until the transfer arrives and is credited.
    const notice = (await call<Transaction>(test, '/api/v1/transaction/get', { transaction_id: noticeId }, client))
      .data;
    expect(Number(notice.amount)).toBeGreaterThan(0);
    const reference = (await call<BankDetails>(test, '/api/v1/deposit/bankDetails', { currency: 'USD' }, client)).data
      .reference;

    const response = await download(client.session, { format: 'csv', from: today(), to: today() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain(`deposits-${today()}-to-${today()}.csv`);
    const rows: string[][] = parse(response.rawPayload, { bom: true, relax_column_count: true });
    expect(rows).toContainEqual(['Company', 'Deposit Record Co']);
    const header = rows.findIndex((row) => row[0] === 'Date (UTC)');
    expect(rows[header]).toEqual([
      'Date (UTC)',
      'Type',
      'Asset',
      'Network / currency',
      'Amount sent',
      'Amount',
      'Fee',
      'Status',
      'Transaction hash',
      'Reference',
      'Sender',
      'Transaction id',
    ]);
    const [fiat, coins, ...rest] = rows.slice(header + 1);
    expect(rest).toEqual([]);
    expect(fiat?.slice(1, 8)).toEqual(['Fiat deposit', 'USDC', 'USD', '5000', notice.amount, notice.fee, 'In process']);
    expect(fiat?.slice(8)).toEqual(['', reference, '', noticeId]);
    expect(coins?.slice(1, 8)).toEqual(['Crypto deposit', 'USDT', 'TRC20', '', '1000', '0', 'Success']);
    expect(coins?.[8]).toMatch(/^[0-9a-f]{64}$/);
    expect(coins?.[0]).toMatch(new RegExp(`^${today()} \\d\\d:\\d\\d$`));

    const audit = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.company_id, client.companyId), eq(auditLog.action, 'deposit.record_downloaded')));
    expect(audit.map((entry) => entry.detail)).toEqual([{ format: 'csv', from: today(), to: today() }]);
  });

  it('labels the record in the caller’s language, and writes it as XLSX and PDF too', async () => {
    const client = await approvedCompany(test);
    await fiatNotice(client, '2500');
    const chinese = await download(client.session, { format: 'csv', from: today(), to: today() }, 'ch');
    expect(csvLines(chinese.rawPayload, '日期（UTC）').map((row) => [row[1], row[7]])).toEqual([
      ['法币入金', '处理中'],
    ]);

    const xlsx = await download(client.session, { format: 'xlsx', from: today(), to: today() }, 'jp');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['入金履歴']);
    expect(workbook.worksheets[0]?.getRow(7).getCell(5).value).toBe('2500');

    const pdf = await download(client.session, { format: 'pdf', from: today(), to: today() });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('never shows another company’s deposits, nor deposits outside the period', async () => {
    const client = await approvedCompany(test);
    const other = await approvedCompany(test);
    await coinsArrive(other, '77');
    await fiatNotice(other, '3000');
    await coinsArrive(client, '12');
    const mine = csvLines((await download(client.session, { format: 'csv', from: today(), to: today() })).rawPayload);
    expect(mine.map((row) => row[5])).toEqual(['12']);
    const dayOf = (daysAgo: number) =>
      new Date(test.clock.now().getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const before = await download(client.session, { format: 'csv', from: dayOf(30), to: dayOf(1) });
    expect(before.statusCode).toBe(200);
    expect(csvLines(before.rawPayload)).toEqual([]);
  });

  it('refuses a period over a year or backwards, and a company whose KYC is not approved', async () => {
    const client = await approvedCompany(test);
    const long = await download(client.session, { format: 'csv', from: '2025-01-01', to: '2026-06-01' });
    expect(long.json()).toMatchObject({ code: 9422, data: { fields: { to: 'Choose a period of at most one year' } } });
    const backwards = await download(client.session, { format: 'csv', from: '2026-11-02', to: '2026-11-01' });
    expect(backwards.json().code).toBe(9422);

    const unapproved = await signIn(test, await registerUser(test));
    const refused = await download(unapproved, { format: 'csv', from: today(), to: today() });
    expect(refused.json().code).toBe(9451);
  });
});

describe('deposit record words', () => {
  /** A line of every transaction type in every status: the record's words for each, whatever comes. */
  async function* everyTypeAndStatus(): AsyncGenerator<Transaction> {
    let index = 0;
    for (const type of transactionTypes)
      for (const status of transactionStatuses) {
        index += 1;
        yield {
          transaction_id: `01973a1c-0000-7000-8000-${String(index).padStart(12, '0')}`,
          type,
          direction: 'credit',
          asset: 'USDT',
          network: index % 2 ? 'TRC20' : null,
          amount: '1000.5',
          fee: '2.5',
          status,
          tx_hash: index % 2 ? `0x${String(index).padStart(64, '7')}` : null,
          explorer_url: null,
          counterparty: '长城贸易',
          fiat:
            index % 2 ? null : { currency: 'USD', amount: '1000', rate: '1', rate_at: null, reference: 'CB7K2M9Q4X' },
          confirmations: null,
          payout_id: null,
          created_at: '2026-11-02T09:00:00.000Z',
          updated_at: '2026-11-02T09:00:00.000Z',
        };
      }
  }

  it.each((['ch', 'jp'] as const).flatMap((language) => exportFormats.map((format) => [language, format] as const)))(
    'writes every transaction type and status in a %s %s record with no code and no English word',
    async (language, format) => {
      const heading = {
        companyName: '长城数字贸易有限公司',
        period: { from: '2026-11-01', to: '2026-11-30' },
        generatedAt: new Date('2026-12-01T09:05:00Z'),
      };
      const file = await writeTable(format, depositRecord(language, heading, everyTypeAndStatus()));
      const text = await textOfExport(format, await buffer(file.body));
      expect(text.length).toBeGreaterThan(500);
      expect(foreignWords(text)).toEqual([]);
    },
  );
});
