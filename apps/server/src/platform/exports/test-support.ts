/**
 * Reading exported files back in tests: a PDF's text per page (pdf.js), an XLSX workbook and its
 * row values (exceljs), CSV rows (csv-parse), and waiting for a streamed writer to stop.
 */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfText(
  bytes: Buffer,
): Promise<{ pages: number; text: string; pageTexts: string[]; width: number }> {
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const pages = document.numPages;
  const pageTexts: string[] = [];
  let width = 0;
  for (let number = 1; number <= pages; number++) {
    const page = await document.getPage(number);
    width = page.getViewport({ scale: 1 }).width;
    const content = await page.getTextContent();
    pageTexts.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  await document.destroy();
  return { pages, text: pageTexts.join('\n'), pageTexts, width };
}

export async function readWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

export function rowValues(row: ExcelJS.Row | undefined): unknown[] {
  return ((row?.values ?? []) as unknown[]).slice(1);
}

export function csvRows(bytes: Buffer): string[][] {
  return parse(bytes, { bom: true, relax_column_count: true });
}

function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

/** Waits until `value()` has not changed for a while (the writer has stopped), at most a few seconds. */
export async function whenSteady(value: () => number): Promise<number> {
  let last = -1;
  let steadyPolls = 0;
  for (let poll = 0; poll < 200 && steadyPolls < 5; poll++) {
    await sleep(40);
    steadyPolls = value() === last ? steadyPolls + 1 : 0;
    last = value();
  }
  return last;
}

/** Every text of an exported file as one string: a PDF's text, a workbook's cells, a CSV's fields. */
export async function textOfExport(format: 'pdf' | 'csv' | 'xlsx', bytes: Buffer): Promise<string> {
  if (format === 'pdf') return (await pdfText(bytes)).text;
  if (format === 'csv') return csvRows(bytes).flat().join('\n');
  const cells: string[] = [];
  for (const sheet of (await readWorkbook(bytes)).worksheets) {
    cells.push(sheet.name);
    sheet.eachRow((row) => {
      for (const value of rowValues(row)) if (typeof value === 'string') cells.push(value);
    });
  }
  return cells.join('\n');
}

/**
 * What a Chinese or Japanese document writes in Latin letters as those languages do: asset and
 * currency codes, the zone, and the abbreviations both use in their own words (ATM 取款, POS 消费, 口座 ID).
 */
const lettersKeptInEveryLanguage = new Set([
  'USDT',
  'USDC',
  'BTC',
  'ETH',
  'USD',
  'EUR',
  'SGD',
  'CNY',
  'GBP',
  'AUD',
  'HKD',
  'UTC',
  'OTC',
  'ATM',
  'POS',
  'ID',
]);

/**
 * The words of a Chinese or Japanese document that are not in its language: a snake_case code
 * (`card_fee_card_cost`) or an English word. Tokens with digits are identifiers (ids, hashes,
 * ERC20), which every language writes alike; so are the codes above.
 */
export function foreignWords(text: string): string[] {
  const tokens = text.match(/[A-Za-z0-9_]+/g) ?? [];
  return [
    ...new Set(
      tokens.filter(
        (token) =>
          token.includes('_') ||
          (/[A-Za-z]/.test(token) && !/\d/.test(token) && !lettersKeptInEveryLanguage.has(token)),
      ),
    ),
  ];
}
