import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { ExportFormat } from '@bank/contract/transaction';
import { translate } from '@bank/i18n/resources';
import { describe, expect, it } from 'vitest';
import { type Table, type TableColumn, type TableRow, writeTable } from './table.ts';
import { csvRows, pdfText, readWorkbook, rowValues, whenSteady } from './test-support.ts';

const companyName = '长城数字贸易有限公司';
const label = (key: string, params?: Record<string, string>) => translate('ch', `statement.${key}`, params);

const columns: TableColumn[] = [
  { key: 'date', header: '日期（UTC）', align: 'left', width: 18, kind: 'time' },
  { key: 'description', header: '摘要', align: 'left', width: 16 },
  { key: 'asset', header: '资产', align: 'left', width: 8 },
  { key: 'amount', header: '金额', align: 'right', width: 24, kind: 'amount', assetKey: 'asset' },
  { key: 'sender', header: '汇款方', align: 'left', width: 20 },
  { key: 'id', header: '编号', align: 'left', width: 38, kind: 'identifier' },
];

const fixedRows: TableRow[] = [
  {
    date: new Date('2026-11-21T09:05:00Z'),
    description: '加密资产入金',
    asset: 'USDT',
    amount: '12000.5',
    sender: 'TXyz1234',
    id: '01973a1c-0000-7000-8000-00000000a001',
  },
  {
    date: new Date('2026-11-20T23:59:00Z'),
    description: '法币入金',
    asset: 'ETH',
    amount: '1.123456789012345678',
    sender: '=HYPERLINK("x")',
    id: '01973a1c-0000-7000-8000-00000000a002',
  },
  // A negative amount keeps its sign; a missing cell is empty.
  { date: new Date('2026-11-01T00:00:00Z'), description: '+退回', asset: 'USDC', amount: '-5', sender: null, id: 'x1' },
];

async function* rowsOf(rows: TableRow[]): AsyncGenerator<TableRow> {
  for (const row of rows) yield row;
}

function tableOf(overrides: Partial<Table> = {}): Table {
  return {
    language: 'ch',
    title: '入金记录',
    companyName,
    period: { from: '2026-11-01', to: '2026-11-30' },
    generatedAt: new Date('2026-12-01T09:05:00Z'),
    fileName: 'deposits',
    columns,
    emptyMessage: '本期间无入金。',
    rows: rowsOf(fixedRows),
    ...overrides,
  };
}

/** `count` rows, made as they are asked for; says how many were taken and whether the source was closed. */
function countingRows(count: number) {
  const source = { pulled: 0, isClosed: false, rows: generate() };
  async function* generate(): AsyncGenerator<TableRow> {
    try {
      for (let index = 0; index < count; index++) {
        source.pulled += 1;
        yield {
          date: new Date(Date.UTC(2026, 10, 30) - index * 1_000),
          description: index % 2 ? '法币入金' : '加密资产入金',
          asset: 'USDT',
          amount: `${index}.25`,
          sender: `sender ${index}`,
          id: `01973a1c-0000-7000-8000-${String(index).padStart(12, '0')}`,
        };
      }
    } finally {
      source.isClosed = true;
    }
  }
  return source;
}

const formats: ExportFormat[] = ['csv', 'xlsx', 'pdf'];

describe('table file', () => {
  it('is named after its name and period and typed for its format', async () => {
    const csv = await writeTable('csv', tableOf());
    csv.body.destroy();
    expect(csv.fileName).toBe('deposits-2026-11-01-to-2026-11-30.csv');
    expect(csv.contentType).toBe('text/csv; charset=utf-8');
    const pdf = await writeTable('pdf', tableOf());
    pdf.body.destroy();
    expect(pdf.fileName).toBe('deposits-2026-11-01-to-2026-11-30.pdf');
    expect(pdf.contentType).toBe('application/pdf');
  });
});

describe('CSV table', () => {
  it('starts with a byte order mark, then the heading, the header and every row for machines', async () => {
    const bytes = await buffer((await writeTable('csv', tableOf())).body);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = csvRows(bytes);
    expect(rows.slice(0, 4)).toEqual([
      ['入金记录', translate('ch', 'shell.product_name')],
      [label('company'), companyName],
      [label('period'), '2026-11-01', '2026-11-30'],
      [label('generated_at'), '2026-12-01 09:05 UTC'],
    ]);
    const header = rows.findIndex((row) => row[0] === '日期（UTC）');
    expect(rows[header]).toEqual(columns.map((column) => column.header));
    expect(rows.slice(header + 1)).toEqual([
      ['2026-11-21 09:05', '加密资产入金', 'USDT', '12000.5', 'TXyz1234', '01973a1c-0000-7000-8000-00000000a001'],
      [
        '2026-11-20 23:59',
        '法币入金',
        'ETH',
        '1.123456789012345678',
        `'=HYPERLINK("x")`,
        '01973a1c-0000-7000-8000-00000000a002',
      ],
      ['2026-11-01 00:00', `'+退回`, 'USDC', '-5', '', 'x1'],
    ]);
  });
});

describe('XLSX table', () => {
  it('has one sheet: the heading, a frozen header row, amounts as exact right-aligned text and times as dates', async () => {
    const workbook = await readWorkbook(await buffer((await writeTable('xlsx', tableOf())).body));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['入金记录']);
    const sheet = workbook.worksheets[0];
    expect(rowValues(sheet?.getRow(2))).toEqual([label('company'), companyName]);
    expect(rowValues(sheet?.getRow(6))).toEqual(columns.map((column) => column.header));
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 6 });
    expect(sheet?.rowCount).toBe(6 + fixedRows.length);

    const [at, ...rest] = rowValues(sheet?.getRow(8));
    expect(at).toEqual(new Date('2026-11-20T23:59:00Z'));
    expect(rest).toEqual([
      '法币入金',
      'ETH',
      '1.123456789012345678',
      `'=HYPERLINK("x")`,
      '01973a1c-0000-7000-8000-00000000a002',
    ]);
    expect(sheet?.getRow(8).getCell(1).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(sheet?.getRow(8).getCell(4).alignment).toEqual({ horizontal: 'right' });
    expect(sheet?.getRow(9).getCell(4).value).toBe('-5');
  });
});

describe('PDF table', () => {
  it('is a PDF for people: the heading, display dates and amounts, ids by their tail, page numbers', async () => {
    const bytes = await buffer((await writeTable('pdf', tableOf())).body);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, pages } = await pdfText(bytes);
    expect(pages).toBe(1);
    for (const expected of [
      translate('ch', 'shell.product_name'),
      '入金记录',
      companyName,
      '2026/11/01 至 2026/11/30',
      '2026/12/01 09:05 UTC',
      ...columns.map((column) => column.header),
      '2026/11/21 09:05',
      '12,000.50',
      '1.12345679',
      '-5.00',
      '…0000a001',
      '=HYPERLINK("x")',
      '第 1 页',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('turns the page landscape only when the columns need the width', async () => {
    const narrow = await pdfText(await buffer((await writeTable('pdf', tableOf())).body));
    expect(narrow.width).toBeLessThan(600);
    const wide: TableColumn[] = [
      ...columns,
      { key: 'hash', header: 'Hash', align: 'left', width: 30 },
      { key: 'note', header: 'Note', align: 'left', width: 30 },
    ];
    const landscape = await pdfText(await buffer((await writeTable('pdf', tableOf({ columns: wide }))).body));
    expect(landscape.width).toBeGreaterThan(800);
  });

  it('repeats the header row on every page and says so when there are no rows', async () => {
    const source = countingRows(200);
    const { pages, pageTexts } = await pdfText(
      await buffer((await writeTable('pdf', tableOf({ language: 'en', rows: source.rows }))).body),
    );
    expect(pages).toBeGreaterThan(2);
    pageTexts.forEach((text, index) => {
      expect(text).toContain('日期（UTC）');
      expect(text).toContain(`Page ${index + 1}`);
    });
    const empty = await pdfText(await buffer((await writeTable('pdf', tableOf({ rows: rowsOf([]) }))).body));
    expect(empty.text).toContain('本期间无入金。');
  });
});

/** More rows than a writer takes ahead of a reader that does not read (fewer than 5,000, below). */
const manyRows = 6_000;

describe.each(formats)('%s table writer, streaming', (format) => {
  it('streams more rows than it ever holds ahead of a reader, from an async generator to the end', async () => {
    const source = countingRows(manyRows);
    const bytes = await buffer((await writeTable(format, tableOf({ rows: source.rows }))).body);
    expect(source.pulled).toBe(manyRows);
    expect(source.isClosed).toBe(true);
    if (format === 'csv') {
      const rows = csvRows(bytes);
      const header = rows.findIndex((row) => row[0] === '日期（UTC）');
      expect(rows.length - header - 1).toBe(manyRows);
      expect(rows.at(-1)?.[3]).toBe('5999.25');
    } else if (format === 'xlsx') {
      const sheet = (await readWorkbook(bytes)).worksheets[0];
      expect(sheet?.rowCount).toBe(6 + manyRows);
      expect(sheet?.getRow(6 + manyRows).getCell(4).value).toBe('5999.25');
    } else {
      const { pages, text } = await pdfText(bytes);
      expect(pages).toBeGreaterThan(manyRows / 60);
      expect(text).toContain('5,999.25');
      expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
    }
  });

  it('takes no more rows than the reader has room for, and stops reading when the reader goes away', async () => {
    const source = countingRows(1_000_000);
    const { body } = await writeTable(format, tableOf({ rows: source.rows }));
    const pulled = await whenSteady(() => source.pulled);
    expect(pulled).toBeGreaterThan(0);
    expect(pulled).toBeLessThan(5_000);
    expect(source.isClosed).toBe(false);

    body.destroy();
    await whenSteady(() => Number(source.isClosed));
    expect(source.isClosed).toBe(true);
    expect(source.pulled).toBeLessThan(pulled + 10);
  });

  it('cuts the file short with the error when the rows fail half-way', async () => {
    async function* failing(): AsyncGenerator<TableRow> {
      yield* rowsOf(fixedRows.slice(0, 2));
      throw new Error('database connection lost');
    }
    const { body } = await writeTable(format, tableOf({ rows: failing() }));
    await expect(buffer(body as Readable)).rejects.toThrow('database connection lost');
  });
});
