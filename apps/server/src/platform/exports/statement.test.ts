import { PassThrough, type Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Language } from '@bank/contract/constants';
import type { ExportFormat } from '@bank/contract/transaction';
import { translate } from '@bank/i18n/resources';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { documentFontPath, forgetLaidOutWords, forgetWrittenPage } from './pdf-page.ts';
import { type Statement, type StatementLine, writeStatement } from './statement.ts';
import {
  formatDisplayAmount,
  formatDisplayDateTime,
  formatDisplayDay,
  formatMachineAmount,
  periodInstants,
} from './statement-text.ts';
import { pdfText, readWorkbook, rowValues, whenSteady } from './test-support.ts';
import { zipEntryInput } from './xlsx-workbook.ts';

const companyName = '长城数字贸易有限公司';
const label = (key: string, params?: Record<string, string>) => translate('ch', `statement.${key}`, params);

const usdtSummary = {
  asset: 'USDT',
  opening: '1000',
  credits: '12000.5',
  debits: '500',
  fees: '1.25',
  closing: '12499.25',
};
const ethSummary = {
  asset: 'ETH',
  opening: '0.5',
  credits: '1.12345678901234568',
  debits: '0',
  fees: '0',
  closing: '1.62345678901234568',
};

/** Two assets' lines, in the writers' order (asset, then time); one pending, one of a kind without a label. */
const fixedLines: StatementLine[] = [
  {
    asset: 'USDT',
    at: new Date('2026-11-03T09:15:00Z'),
    kind: 'deposit',
    reference: '01973a1c-0000-7000-8000-00000000a001',
    direction: 'credit',
    amount: '12000.5',
    balance: '13000.5',
    isSettled: true,
  },
  {
    asset: 'USDT',
    at: new Date('2026-11-04T10:00:00Z'),
    kind: 'conversion',
    reference: '01973a1c-0000-7000-8000-00000000a002',
    direction: 'debit',
    amount: '500',
    balance: '12500.5',
    isSettled: true,
  },
  {
    asset: 'USDT',
    at: new Date('2026-11-04T10:00:30Z'),
    kind: 'fee',
    reference: '01973a1c-0000-7000-8000-00000000a002',
    direction: 'debit',
    amount: '1.25',
    balance: '12499.25',
    isSettled: true,
  },
  {
    asset: 'ETH',
    at: new Date('2026-11-20T23:59:00Z'),
    kind: 'deposit',
    reference: '01973a1c-0000-7000-8000-00000000e001',
    direction: 'credit',
    amount: '1.123456789012345678',
    balance: '1.623456789012345678',
    isSettled: false,
  },
  {
    asset: 'ETH',
    at: new Date('2026-11-21T00:05:00Z'),
    kind: 'staking_reward',
    reference: '01973a1c-0000-7000-8000-00000000e002',
    direction: 'credit',
    amount: '0.000000000000000002',
    balance: '1.62345678901234568',
    isSettled: true,
  },
];

async function* linesOf(lines: StatementLine[]): AsyncGenerator<StatementLine> {
  for (const line of lines) yield line;
}

function statementOf(overrides: Partial<Statement> = {}): Statement {
  return {
    language: 'ch',
    companyName,
    identifiers: [{ label: '注册编号', value: '201912345K · SG' }],
    timeZone: 'UTC',
    period: { from: '2026-11-01', to: '2026-11-30' },
    generatedAt: new Date('2026-12-01T09:05:00Z'),
    summaries: [usdtSummary, ethSummary],
    lines: linesOf(fixedLines),
    ...overrides,
  };
}

/** `count` lines of one asset, made as they are asked for; says how many were taken and whether the source was closed. */
function countingLines(count: number) {
  const source = { pulled: 0, isClosed: false, lines: generate() };
  async function* generate(): AsyncGenerator<StatementLine> {
    try {
      for (let index = 0; index < count; index++) {
        source.pulled += 1;
        yield {
          asset: 'USDT',
          at: new Date(Date.UTC(2026, 10, 1) + index * 1_000),
          kind: index % 2 ? 'fee' : 'deposit',
          reference: `01973a1c-0000-7000-8000-${String(index).padStart(12, '0')}`,
          direction: index % 2 ? 'debit' : 'credit',
          amount: `${index}.25`,
          balance: `${index * 2}.5`,
          isSettled: true,
        };
      }
    } finally {
      source.isClosed = true;
    }
  }
  return source;
}

const formats: ExportFormat[] = ['csv', 'xlsx', 'pdf'];

describe('statement file', () => {
  it('is named after its period and typed for its format', async () => {
    const file = await writeStatement('xlsx', statementOf());
    file.body.destroy();
    expect(file.fileName).toBe('statement-2026-11-01-to-2026-11-30.xlsx');
    expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const pdf = await writeStatement('pdf', statementOf());
    pdf.body.destroy();
    expect(pdf.fileName).toBe('statement-2026-11-01-to-2026-11-30.pdf');
  });
});

describe('CSV statement', () => {
  it('is one table for an import: a byte order mark, one header row, then every line with its credit or debit and balance', async () => {
    const bytes = await buffer((await writeStatement('csv', statementOf())).body);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // Strict: every record has the header's number of fields (no preamble, no second table).
    const rows: string[][] = parse(bytes, { bom: true });
    expect(bytes.toString('utf8')).toMatch(/\r\n$/);
    expect(rows[0]).toEqual(['日期（UTC）', '资产', '摘要', '业务编号', '贷方', '借方', '余额', '状态']);
    expect(rows.slice(1)).toEqual([
      ['2026-11-03 09:15', 'USDT', '加密资产入金', fixedLines[0]?.reference, '12000.50', '', '13000.50', '已结算'],
      ['2026-11-04 10:00', 'USDT', '换汇', fixedLines[1]?.reference, '', '500.00', '12500.50', '已结算'],
      ['2026-11-04 10:00', 'USDT', '手续费', fixedLines[2]?.reference, '', '1.25', '12499.25', '已结算'],
      [
        '2026-11-20 23:59',
        'ETH',
        '加密资产入金',
        fixedLines[3]?.reference,
        '1.123456789012345678',
        '',
        '1.623456789012345678',
        '未结算',
      ],
      [
        '2026-11-21 00:05',
        'ETH',
        '其他变动',
        fixedLines[4]?.reference,
        '0.000000000000000002',
        '',
        '1.62345678901234568',
        '已结算',
      ],
    ]);
  });

  it('writes its times in the reader’s zone and names the zone in the date column’s header', async () => {
    const bytes = await buffer((await writeStatement('csv', statementOf({ timeZone: 'Asia/Tokyo' }))).body);
    const rows: string[][] = parse(bytes, { bom: true });
    expect(rows[0]?.[0]).toBe('日期（Asia/Tokyo）');
    expect(rows.slice(1).map((row) => row[0])).toEqual([
      '2026-11-03 18:15',
      '2026-11-04 19:00',
      '2026-11-04 19:00',
      '2026-11-21 08:59',
      '2026-11-21 09:05',
    ]);
  });

  it("keeps a spreadsheet from running a line's text as a formula", async () => {
    const line = { ...fixedLines[0], description: '=HYPERLINK("x")' } as StatementLine;
    const bytes = await buffer((await writeStatement('csv', statementOf({ lines: linesOf([line]) }))).body);
    const rows: string[][] = parse(bytes, { bom: true });
    expect(rows[1]?.[2]).toBe(`'=HYPERLINK("x")`);
  });
});

describe('XLSX heading', () => {
  it("keeps a spreadsheet from running a company's name as a formula, and names the company's identifiers and the zone", async () => {
    const bytes = await buffer((await writeStatement('xlsx', statementOf({ companyName: '=HYPERLINK("x")' }))).body);
    const rows: unknown[][] = [];
    (await readWorkbook(bytes)).getWorksheet(label('sheets.summary'))?.eachRow((row) => {
      rows.push(rowValues(row));
    });
    expect(rows).toContainEqual([label('company'), `'=HYPERLINK("x")`]);
    expect(rows).toContainEqual(['注册编号', '201912345K · SG']);
    expect(rows).toContainEqual([label('time_zone'), 'UTC']);
  });
});

describe('XLSX statement', () => {
  it('has a Summary sheet and a Lines sheet with every line, amounts exact to the 18th decimal', async () => {
    const workbook = await readWorkbook(await buffer((await writeStatement('xlsx', statementOf())).body));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([label('sheets.summary'), label('sheets.lines')]);

    const summaryRows: unknown[][] = [];
    workbook.getWorksheet(label('sheets.summary'))?.eachRow((row) => {
      summaryRows.push(rowValues(row));
    });
    expect(summaryRows).toContainEqual([label('company'), companyName]);
    expect(summaryRows).toContainEqual(['USDT', '1000.00', '12000.50', '500.00', '1.25', '12499.25']);
    expect(summaryRows).toContainEqual(['ETH', '0.50', '1.12345678901234568', '0.00', '0.00', '1.62345678901234568']);

    const sheet = workbook.getWorksheet(label('sheets.lines'));
    expect(sheet?.rowCount).toBe(1 + fixedLines.length);
    expect(rowValues(sheet?.getRow(1) as ExcelJS.Row)).toEqual([
      '日期（UTC）',
      '资产',
      '摘要',
      '业务编号',
      '贷方',
      '借方',
      '余额',
      '状态',
    ]);
    fixedLines.forEach((line, index) => {
      const [at, ...rest] = rowValues(sheet?.getRow(index + 2) as ExcelJS.Row);
      expect(Math.abs((at as Date).getTime() - line.at.getTime())).toBeLessThan(1_000);
      expect(rest.slice(0, 1)).toEqual([line.asset]);
      const amount = formatMachineAmount(line.amount, line.asset);
      expect(rest.slice(3)).toEqual([
        // An empty cell reads back as no value.
        line.direction === 'credit' ? amount : undefined,
        line.direction === 'debit' ? amount : undefined,
        formatMachineAmount(line.balance, line.asset),
        line.isSettled ? '已结算' : '未结算',
      ]);
    });
    expect(sheet?.getRow(2).getCell(1).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(sheet?.getRow(5).getCell(3).value).toBe('加密资产入金');
    expect(sheet?.getRow(6).getCell(3).value).toBe('其他变动');
  });
});

describe('XLSX pacing', () => {
  it('still finds the zip entry that exceljs feeds a sheet into, by which the writer paces itself', async () => {
    const body = new PassThrough();
    body.resume();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: body, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Lines');
    sheet.addRow(['first', '1.25']).commit();
    const entry = zipEntryInput(sheet);
    expect(entry?._writableState.needDrain).toBe(false);
    // exceljs hands the zip 64 KB at a time, without waiting: the entry's input fills up.
    for (let index = 0; index < 2_000; index++) sheet.addRow([`row ${index}`, 'x'.repeat(100)]).commit();
    expect(entry?._writableState.needDrain).toBe(true);
    sheet.commit();
    await workbook.commit();
  });
});

describe('PDF statement', () => {
  it('is a PDF whose text holds the Chinese company name, the translated headings and the closing balances', async () => {
    const bytes = await buffer((await writeStatement('pdf', statementOf())).body);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await pdfText(bytes);
    for (const expected of [
      companyName,
      translate('ch', 'shell.product_name'),
      label('title'),
      label('summary'),
      label('summary_columns.closing'),
      label('transactions', { asset: 'USDT' }),
      label('transactions', { asset: 'ETH' }),
      '2026/11/01 至 2026/11/30',
      '2026/12/01 09:05 UTC',
      // Closing balances, formatted for display (2 decimals for USDT, 8 for ETH).
      '12,499.25',
      '1.62345679',
      '13,000.50',
      '2026/11/03 09:15',
      '加密资产入金（未结算）',
      '其他变动',
      '…0000a001',
      '注册编号',
      '201912345K · SG',
      label('times_in_zone', { zone: 'UTC' }),
      '第 1 页',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('writes English dates as DD/MM/YYYY hh:mma and says so for every asset without lines', async () => {
    const btc = { asset: 'BTC', opening: '0', credits: '0', debits: '0', fees: '0', closing: '0' };
    const bytes = await buffer(
      (await writeStatement('pdf', statementOf({ language: 'en', summaries: [usdtSummary, btc, ethSummary] }))).body,
    );
    const { text } = await pdfText(bytes);
    expect(text).toContain('03/11/2026 09:15am');
    expect(text).toContain('21/11/2026 12:05am');
    expect(text).toContain('BTC transactions');
    expect(text).toContain('No transactions in this period.');
    expect(text).toContain('Page 1');
    expect(text.indexOf('BTC transactions')).toBeGreaterThan(text.indexOf('USDT transactions'));
    expect(text.indexOf('BTC transactions')).toBeLessThan(text.indexOf('ETH transactions'));
  });

  it("still finds pdfkit's layout cache and page tree, which it empties to keep memory flat", async () => {
    const doc = new PDFDocument({ autoFirstPage: false });
    const bytes = buffer(doc);
    doc.font(documentFontPath).addPage().text('1,234.50 长城');
    doc.addPage();
    expect(forgetLaidOutWords(doc)).toBe(true);
    expect(forgetWrittenPage(doc)).toBe(true);
    doc.text('第二页');
    doc.end();
    const { pages, text } = await pdfText(await bytes);
    expect(pages).toBe(2);
    expect(text).toContain('长城');
    expect(text).toContain('第二页');
  });
});

describe('display formats', () => {
  it('formats dates as DECISIONS.md says, in UTC', () => {
    const at = new Date('2026-11-21T00:05:00Z');
    expect(formatDisplayDateTime(at, 'en')).toBe('21/11/2026 12:05am');
    expect(formatDisplayDateTime(new Date('2026-11-21T13:40:00Z'), 'en')).toBe('21/11/2026 01:40pm');
    expect(formatDisplayDateTime(at, 'jp')).toBe('2026/11/21 00:05');
    expect(formatDisplayDay('2026-11-01', 'en')).toBe('01/11/2026');
    expect(formatDisplayDay('2026-11-01', 'ch')).toBe('2026/11/01');
  });

  it('formats times in a zone, and a period of days in that zone, as the history shows them', () => {
    const at = new Date('2026-11-21T00:05:00Z');
    expect(formatDisplayDateTime(at, 'en', 'Asia/Singapore')).toBe('21/11/2026 08:05am');
    expect(formatDisplayDateTime(at, 'jp', 'America/New_York')).toBe('2026/11/20 19:05');
    const now = new Date('2027-01-01T00:00:00Z');
    expect(periodInstants({ from: '2026-11-01', to: '2026-11-30' }, 'Asia/Tokyo', now)).toEqual({
      from: new Date('2026-10-31T15:00:00Z'),
      until: new Date('2026-11-30T15:00:00Z'),
    });
    // A period reaching today ends now.
    expect(periodInstants({ from: '2026-12-01', to: '2027-01-01' }, 'UTC', now).until).toEqual(now);
  });

  it('writes machine amounts exact, with at least the display decimals', () => {
    expect(formatMachineAmount('25000', 'USDT')).toBe('25000.00');
    expect(formatMachineAmount('2525.179301', 'USDT')).toBe('2525.179301');
    expect(formatMachineAmount('0.5', 'BTC')).toBe('0.50');
    expect(formatMachineAmount('-3.1', 'USD')).toBe('-3.10');
  });

  it('rounds amounts to the display decimals from the decimal string, never through a float', () => {
    expect(formatDisplayAmount('1234567.5', 'USDT', 'en')).toBe('1,234,567.50');
    expect(formatDisplayAmount('-5.5', 'USDC', 'jp')).toBe('-5.50');
    expect(formatDisplayAmount('0.123456785000000001', 'ETH', 'ch')).toBe('0.12345679');
    expect(formatDisplayAmount('12345678901234567890.123456789012345678', 'ETH', 'en')).toBe(
      '12,345,678,901,234,567,890.12345679',
    );
    expect(formatDisplayAmount('1', 'BTC', 'en')).toBe('1.00');
  });
});

/** More lines than a writer takes ahead of a reader that does not read (fewer than 5,000, below). */
const manyLines = 6_000;

describe.each(formats)('%s writer, streaming', (format) => {
  it('streams more lines than it ever holds ahead of a reader, from an async generator to the end', async () => {
    const source = countingLines(manyLines);
    const bytes = await buffer(
      (await writeStatement(format, statementOf({ summaries: [usdtSummary], lines: source.lines }))).body,
    );
    expect(source.pulled).toBe(manyLines);
    expect(source.isClosed).toBe(true);
    if (format === 'csv') {
      const rows: string[][] = parse(bytes, { bom: true, relax_column_count: true });
      expect(rows[0]?.[0]).toBe(label('columns.date', { zone: 'UTC' }));
      expect(rows.length - 1).toBe(manyLines);
      expect(rows.at(-1)?.slice(4, 7)).toEqual(['', '5999.25', '11998.50']);
    } else if (format === 'xlsx') {
      const sheet = (await readWorkbook(bytes)).getWorksheet(label('sheets.lines'));
      expect(sheet?.rowCount).toBe(manyLines + 1);
      expect(sheet?.getRow(manyLines + 1).getCell(7).value).toBe('11998.50');
    } else {
      const { pages, text } = await pdfText(bytes);
      expect(pages).toBeGreaterThan(manyLines / 60);
      expect(text).toContain('11,998.50');
      expect(text).toContain(label('transactions_continued', { asset: 'USDT' }));
      expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
    }
  });

  it('takes no more lines than the reader has room for, and stops reading when the reader goes away', async () => {
    const source = countingLines(1_000_000);
    const { body } = await writeStatement(format, statementOf({ lines: source.lines }));
    const pulled = await whenSteady(() => source.pulled);
    expect(pulled).toBeGreaterThan(0);
    expect(pulled).toBeLessThan(5_000);
    expect(source.isClosed).toBe(false);

    body.destroy();
    await whenSteady(() => Number(source.isClosed));
    expect(source.isClosed).toBe(true);
    expect(source.pulled).toBeLessThan(pulled + 10);
  });

  it('hands a reader that keeps up the file as the lines come, not after taking them all', async () => {
    const source = countingLines(100_000);
    const { body } = await writeStatement(format, statementOf({ lines: source.lines }));
    let receivedBytes = 0;
    const pulledWhenFirst64KiBArrived = await new Promise<number>((resolve) => {
      body.on('data', (chunk: Buffer) => {
        receivedBytes += chunk.length;
        if (receivedBytes >= 64 * 1024) resolve(source.pulled);
      });
    });
    body.destroy();
    expect(pulledWhenFirst64KiBArrived).toBeLessThan(20_000);
  });

  it('cuts the file short with the error when the lines fail half-way', async () => {
    async function* failing(): AsyncGenerator<StatementLine> {
      yield* linesOf(fixedLines.slice(0, 2));
      throw new Error('database connection lost');
    }
    const { body } = await writeStatement(format, statementOf({ lines: failing() }));
    await expect(buffer(body as Readable)).rejects.toThrow('database connection lost');
  });
});

describe('languages', () => {
  it.each<[Language, string]>([
    ['en', 'Date (UTC)'],
    ['jp', '日時（UTC）'],
  ])('labels a %s CSV in that language', async (language, dateHeader) => {
    const bytes = await buffer((await writeStatement('csv', statementOf({ language }))).body);
    const rows: string[][] = parse(bytes, { bom: true });
    expect(rows[0]?.[0]).toBe(dateHeader);
  });
});
