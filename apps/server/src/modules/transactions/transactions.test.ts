import type { DepositAddress } from '@bank/contract/deposit';
import type { DashboardHome, LedgerAccountLine, LedgerCheck, LedgerTransferLine } from '@bank/contract/ledger';
import type { Transaction } from '@bank/contract/transaction';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../platform/exports/test-support.ts';
import { call, createRunningTestApp, type RunningTestApp } from '../../platform/test-support.ts';
import { approvedCompany, type ClientOfCompany, depositOperator } from '../deposits/test-support.ts';
import { amountSearchOf, uuidBoundOf } from './queries.ts';

let test: RunningTestApp;
let operator: Awaited<ReturnType<typeof depositOperator>>;

beforeAll(async () => {
  test = await createRunningTestApp();
  operator = await depositOperator(test);
});
afterAll(async () => {
  await test?.close();
});

type Page = { items: Transaction[]; next_cursor: string | null };
const record = (client: ClientOfCompany, body: Record<string, unknown> = {}) =>
  call<Page>(test, '/api/v1/transaction/record', body, { session: client.session });

async function coinsArrive(client: ClientOfCompany, asset: 'USDT' | 'BTC', amount: string) {
  const network = asset === 'BTC' ? 'BTC' : 'TRC20';
  const address = (await call<DepositAddress>(test, '/api/v1/deposit/details', { asset, network }, client)).data
    .address;
  await call(
    test,
    '/api/v1/admin/simulator/incomingDeposit',
    { address, asset, network, amount },
    { session: operator },
  );
}

describe('transaction history', () => {
  it('lists newest first a page at a time, and every page follows the last without gaps or repeats', async () => {
    const client = await approvedCompany(test);
    for (let index = 1; index <= 5; index += 1) await coinsArrive(client, 'USDT', `${index}00`);
    const seen: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await record(client, { page_size: 2, ...(cursor ? { cursor } : {}) });
      expect(page.code).toBe(200);
      seen.push(...page.data.items.map((item) => item.amount));
      cursor = page.data.next_cursor;
    } while (cursor);
    expect(seen).toEqual(['500', '400', '300', '200', '100']);
    const [newest] = (await record(client, { page_size: 1 })).data.items;
    expect(newest).toMatchObject({
      type: 'crypto_deposit',
      direction: 'credit',
      network: 'TRC20',
      status: 'in_process',
    });
    expect(newest?.explorer_url).toBe(`https://tronscan.org/#/transaction/${newest?.tx_hash}`);
  });

  it('filters by type, asset, status, text and days', async () => {
    const client = await approvedCompany(test);
    await coinsArrive(client, 'USDT', '10');
    await coinsArrive(client, 'BTC', '0.5');
    const btc = await record(client, { asset: 'BTC' });
    expect(btc.data.items.map((item) => item.amount)).toEqual(['0.5']);
    expect((await record(client, { status: 'success' })).data.items).toEqual([]);
    expect((await record(client, { type: 'fiat_deposit' })).data.items).toEqual([]);
    const hash = btc.data.items[0]?.tx_hash ?? '';
    expect((await record(client, { text: hash.slice(10, 30) })).data.items).toHaveLength(1);
    // LIKE's wildcards typed by a user match only themselves.
    expect((await record(client, { text: '%' })).data.items).toEqual([]);
    const today = test.clock.now().toISOString().slice(0, 10);
    expect((await record(client, { from: today, to: today })).data.items).toHaveLength(2);
    expect((await record(client, { to: '2020-01-01' })).data.items).toEqual([]);
    const backwards = await record(client, { from: today, to: '2020-01-01' });
    expect(backwards.code).toBe(9422);
    expect((await record(client, { cursor: 'not-an-id' })).code).toBe(9422);
  });

  it('takes the days of the reader’s zone, as the history shows its times and the statement its days', async () => {
    const client = await approvedCompany(test);
    await coinsArrive(client, 'USDT', '77');
    const dayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(test.clock.now());
    // Twenty-five hours apart: the same instant is never on the same day in these two zones.
    const [east, west] = [dayIn('Pacific/Kiritimati'), dayIn('Pacific/Pago_Pago')];
    expect(east).not.toBe(west);
    const inEast = async (day: string) =>
      (await record(client, { from: day, to: day, time_zone: 'Pacific/Kiritimati' })).data.items.length;
    expect(await inEast(east)).toBe(1);
    expect(await inEast(west)).toBe(0);
    expect((await record(client, { from: west, to: west, time_zone: 'Pacific/Pago_Pago' })).data.items).toHaveLength(1);
    expect((await record(client, { from: east, time_zone: 'Mars/Olympus' })).code).toBe(9422);
  });

  it('finds a line by its amount as the screen shows it', async () => {
    const client = await approvedCompany(test);
    await coinsArrive(client, 'USDT', '2525.179301');
    await coinsArrive(client, 'USDT', '5000');
    await coinsArrive(client, 'BTC', '0.5');
    const amounts = async (text: string) => (await record(client, { text })).data.items.map((item) => item.amount);
    expect(await amounts('2525.18')).toEqual(['2525.179301']);
    expect(await amounts('2,525.179301')).toEqual(['2525.179301']);
    expect(await amounts('5,000.00')).toEqual(['5000']);
    expect(await amounts('5000 USDT')).toEqual(['5000']);
    expect(await amounts('0.50')).toEqual(['0.5']);
    expect(await amounts('2525.17')).toEqual([]);
    // Written as the screen writes it: bare digits may also be found in a line's random id or hash.
    expect(await amounts('4,999.00')).toEqual([]);
  });

  it('reads an amount out of a search text, and nothing out of other text', () => {
    expect(amountSearchOf('5,000')).toEqual({ value: '5000', decimals: 0 });
    expect(amountSearchOf(' -2 525.18 ')).toEqual({ value: '2525.18', decimals: 2 });
    expect(amountSearchOf('USD 1,000.5')).toEqual({ value: '1000.5', decimals: 1 });
    for (const text of ['CB12345678', '0x12ab', '1.2.3', '', '12e3', 'payout'])
      expect(amountSearchOf(text), text).toBeNull();
  });

  it('shows a company only its own lines, whatever it asks', async () => {
    const client = await approvedCompany(test);
    const other = await approvedCompany(test);
    await coinsArrive(client, 'USDT', '42');
    const [line] = (await record(client)).data.items;
    expect((await record(other)).data.items).toEqual([]);
    for (const path of ['/api/v1/transaction/get', '/api/v1/transaction/details'])
      expect((await call(test, path, { transaction_id: line?.transaction_id }, other)).code).toBe(9404);
    expect((await record(other, { text: line?.tx_hash })).data.items).toEqual([]);
  });

  it('turns days into the id range of the same index (UUIDv7 bounds)', () => {
    const ms = Date.parse('2026-11-25T00:00:00Z');
    expect(uuidBoundOf(ms, 'lowest')).toBe(
      `${ms.toString(16).padStart(12, '0').slice(0, 8)}-${ms.toString(16).padStart(12, '0').slice(8)}-7000-8000-000000000000`,
    );
    expect(uuidBoundOf(ms, 'lowest') < uuidBoundOf(ms, 'highest')).toBe(true);
    expect(uuidBoundOf(ms, 'highest') < uuidBoundOf(ms + 1, 'lowest')).toBe(true);
  });
});

describe('ledger explorer (back office)', () => {
  it('lists the bank’s accounts first, their transfers, and finds the ledger sound; clients are refused', async () => {
    const client = await approvedCompany(test);
    await coinsArrive(client, 'USDT', '1007');
    await call(test, '/api/v1/admin/simulator/blocks', { blocks: 19 }, { session: operator });
    const accounts = await call<{ items: LedgerAccountLine[]; next_cursor: string | null }>(
      test,
      '/api/v1/admin/ledger/accounts',
      { page_size: 100 },
      { session: operator },
    );
    expect(accounts.code).toBe(200);
    const kinds = accounts.data.items.map((account) => account.kind);
    expect(kinds.indexOf('customer')).toBeGreaterThan(kinds.lastIndexOf('clearing'));
    const clearing = accounts.data.items.find((account) => account.kind === 'clearing' && account.rail === 'TRC20');
    const transfers = await call<{ items: LedgerTransferLine[] }>(
      test,
      '/api/v1/admin/ledger/transfers',
      { account_id: clearing?.account_id },
      { session: operator },
    );
    expect(transfers.data.items.length).toBeGreaterThan(0);
    expect(transfers.data.items.every((transfer) => transfer.debit_account_id === clearing?.account_id)).toBe(true);
    const check = await call<LedgerCheck>(test, '/api/v1/admin/ledger/check', {}, { session: operator });
    expect(check.data.breaches).toEqual([]);
    expect(check.data.transfers).toBeGreaterThan(0);
    for (const path of [
      '/api/v1/admin/ledger/accounts',
      '/api/v1/admin/ledger/transfers',
      '/api/v1/admin/ledger/check',
    ])
      expect((await call(test, path, {}, client)).code).toBe(9403);
  });

  it('pages accounts across the bank’s and the companies’ without repeats', async () => {
    const seen = new Set<string>();
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const page = await call<{ items: LedgerAccountLine[]; next_cursor: string | null }>(
        test,
        '/api/v1/admin/ledger/accounts',
        { page_size: 3, ...(cursor ? { cursor } : {}) },
        { session: operator },
      );
      for (const item of page.data.items) {
        expect(seen.has(item.account_id)).toBe(false);
        seen.add(item.account_id);
      }
      cursor = page.data.next_cursor;
      pages += 1;
    } while (cursor && pages < 50);
    const all = await call<{ items: LedgerAccountLine[] }>(
      test,
      '/api/v1/admin/ledger/accounts',
      { page_size: 100 },
      { session: operator },
    );
    expect(seen.size).toBe(all.data.items.length);
  });
});

describe('statement download', () => {
  async function download(client: ClientOfCompany, body: Record<string, unknown>, language = 'en') {
    return test.app.inject({
      method: 'POST',
      url: '/api/v1/transaction/download',
      payload: body,
      headers: {
        'content-type': 'application/json',
        language,
        ...{ token: client.session.token, userid: client.session.userid },
      },
    });
  }

  it('adds up to the balances: opening + credits − debits − fees = closing = the balance, every line listed', async () => {
    const client = await approvedCompany(test, 'Statement Test Co');
    await coinsArrive(client, 'USDT', '1000');
    await coinsArrive(client, 'USDT', '250.5');
    await call(test, '/api/v1/admin/simulator/blocks', { blocks: 19 }, { session: operator });
    const today = test.clock.now().toISOString().slice(0, 10);
    const response = await download(client, { format: 'csv', from: today, to: today });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`statement-${today}-to-${today}.csv`);
    // One table (strict parse: every record has the header's fields), in the caller's zone.
    const [header, ...lines] = parse(response.rawPayload, { bom: true }) as string[][];
    expect(header).toEqual(['Date (UTC)', 'Asset', 'Description', 'Reference', 'Credit', 'Debit', 'Balance', 'Status']);
    expect(lines.map((row) => [row[1], row[2], row[4], row[5], row[6]])).toEqual([
      ['USDT', 'Crypto deposit', '1000.00', '', '1000.00'],
      ['USDT', 'Crypto deposit', '250.50', '', '1250.50'],
    ]);
    // Each reference is the transaction id the history shows for it.
    const history = (await record(client, { type: 'crypto_deposit' })).data.items;
    expect(lines.map((row) => row[3]).sort()).toEqual(history.map((item) => item.transaction_id).sort());
    // The lines add up to the balance the dashboard shows.
    const total = lines.reduce((sum, row) => sum + Number(row[4] || 0) - Number(row[5] || 0), 0);
    const home = await call<DashboardHome>(test, '/api/v1/dashboard/home', {}, client);
    expect(Number(home.data.balances.find((line) => line.asset === 'USDT')?.balance)).toBe(total);

    const tokyo = await download(client, { format: 'csv', from: today, to: today, time_zone: 'Asia/Tokyo' });
    const [tokyoHeader] = parse(tokyo.rawPayload, { bom: true }) as string[][];
    expect(tokyoHeader?.[0]).toBe('Date (Asia/Tokyo)');
    const unknownZone = await download(client, { format: 'csv', from: today, to: today, time_zone: 'Mars/Olympus' });
    expect(unknownZone.json().code).toBe(9422);

    const pdf = await download(client, { format: 'pdf', from: today, to: today }, 'ch');
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain(client.companyId);
    expect(text).toContain(`…${history[0]?.transaction_id.slice(-8)}`);

    for (const [format, language, type] of [
      ['pdf', 'ch', 'application/pdf'],
      ['xlsx', 'jp', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ] as const) {
      const file = await download(client, { format, from: today, to: today }, language);
      expect(file.statusCode, format).toBe(200);
      expect(file.headers['content-type']).toContain(type);
      expect(file.rawPayload.length).toBeGreaterThan(1000);
    }
  });

  it('refuses a period backwards or over a year, and keeps each company to its own statement', async () => {
    const client = await approvedCompany(test);
    const backwards = await download(client, { format: 'csv', from: '2026-11-02', to: '2026-11-01' });
    expect(backwards.json().code).toBe(9422);
    const long = await download(client, { format: 'csv', from: '2025-01-01', to: '2026-06-01' });
    expect(long.json().data.fields.to).toBe('Choose a period of at most one year');
    const other = await approvedCompany(test);
    await coinsArrive(other, 'BTC', '1');
    const today = test.clock.now().toISOString().slice(0, 10);
    const mine: string[][] = parse((await download(client, { format: 'csv', from: today, to: today })).rawPayload, {
      bom: true,
    });
    expect(mine.some((row) => row.includes('BTC'))).toBe(false);
  });
});
