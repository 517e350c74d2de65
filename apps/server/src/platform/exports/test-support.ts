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
