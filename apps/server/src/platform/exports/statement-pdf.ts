/**
 * The PDF statement, with pdfkit: A4, the product's name and the statement's title, the company,
 * the period and the generation time (UTC), a summary table (one row per asset), then per asset
 * its lines table, whose header is repeated on every page it runs onto. Each page says "Page n";
 * "of m" would need every page held until the end.
 *
 * One font for every language: Noto Sans Hans from @embedpdf/fonts-sc covers Latin, Chinese and
 * Japanese, so a statement lays out identically whatever the reader's language. It is read from
 * disk once per process; pdfkit embeds only the glyphs used.
 *
 * Constant memory: pages are not buffered (pdfkit writes a page out when the next one starts), the
 * per-word layout cache is emptied on every page (forgetLaidOutWords), and the writer takes the
 * next line only while the response body can take more.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { type Language, localeOfLanguage } from '@bank/contract/constants';
import type PDFDocument from 'pdfkit';
import type { Statement, StatementLine } from './statement-model.ts';
import {
  describeKind,
  formatDisplayAmount,
  formatDisplayDateTime,
  formatDisplayDay,
  productName,
  shortReference,
  statementLabel,
} from './statement-text.ts';
import { drained, startWriting } from './stream-pacing.ts';

const require = createRequire(import.meta.url);

/** The package's exports map names only its index; the fonts sit beside its dist folder. */
export const statementFontPath = path.join(
  path.dirname(require.resolve('@embedpdf/fonts-sc')),
  '..',
  'fonts',
  'NotoSansHans-Regular.otf',
);

let statementFontBytes: Buffer | undefined;

/** The font file (8 MB), read on the first statement and kept: every statement embeds a subset of it. */
function statementFont(): Buffer {
  statementFontBytes ??= readFileSync(statementFontPath);
  return statementFontBytes;
}

const pageMarginPoints = 40;
const a4WidthPoints = 595.28;
const a4HeightPoints = 841.89;
const contentWidthPoints = a4WidthPoints - 2 * pageMarginPoints;
/** Lines stop here; the footer ("Page n") sits below. */
const contentBottomPoints = a4HeightPoints - pageMarginPoints - 16;
const footerTopPoints = a4HeightPoints - pageMarginPoints;
const rowHeightPoints = 15;
const tableFontPoints = 8;
const smallestFontPoints = 5;
const cellPaddingPoints = 4;
const colours = { text: '#1f2933', muted: '#616e7c', headerFill: '#e4e7eb', rule: '#d2d6dc' };

type Align = 'left' | 'right';
type Column = { labelKey: string; widthPoints: number; align: Align };

const summaryColumns: Column[] = [
  { labelKey: 'summary_columns.asset', widthPoints: 55, align: 'left' },
  ...(['opening', 'credits', 'debits', 'fees', 'closing'] as const).map(
    (key): Column => ({ labelKey: `summary_columns.${key}`, widthPoints: 92, align: 'right' }),
  ),
];

const lineColumns: Column[] = [
  { labelKey: 'columns.date', widthPoints: 92, align: 'left' },
  { labelKey: 'columns.description', widthPoints: 120, align: 'left' },
  { labelKey: 'columns.reference', widthPoints: 58, align: 'left' },
  { labelKey: 'columns.direction', widthPoints: 35, align: 'left' },
  { labelKey: 'columns.amount', widthPoints: 105, align: 'right' },
  { labelKey: 'columns.balance', widthPoints: 105, align: 'right' },
];

/**
 * pdfkit lays every word out with fontkit (OpenType shaping: most of a statement's time) and keeps
 * each result in a cache that never shrinks; a million distinct amounts and references would fill
 * it. Emptied on every page, it holds one page's words and still spares most of the shaping (each
 * cell is measured and then drawn; dates, labels and CR/DR repeat). The cache is pdfkit's own
 * (`EmbeddedFont.layoutCache`); answers whether it was found, which a test checks so that a pdfkit
 * upgrade that moves it cannot quietly bring the growth back.
 */
export function forgetLaidOutWords(doc: PDFKit.PDFDocument): boolean {
  const font = (doc as unknown as { _font?: { layoutCache?: unknown } })._font;
  if (typeof font?.layoutCache !== 'object' || font.layoutCache === null) return false;
  font.layoutCache = Object.create(null);
  return true;
}

type PdfReference = { id: number; gen: number };

/**
 * pdfkit keeps every page's dictionary (and through it the page's content and resources objects,
 * about 0.7 KB) in the page tree until the end, though it wrote them when the page was done: 15 MB
 * for a million lines. The page tree needs only each page's object number, so the page before the
 * new one is swapped for a bare reference of the same class (which writes itself as `id gen R`).
 * Answers whether pdfkit's page tree (`_root.data.Pages.data.Kids`) was found holding references,
 * which a test checks.
 */
export function forgetWrittenPage(doc: PDFKit.PDFDocument): boolean {
  type Root = { _root?: { data?: { Pages?: { data?: { Kids?: unknown } } } } };
  const pages = (doc as unknown as Root)._root?.data?.Pages?.data?.Kids;
  if (!Array.isArray(pages)) return false;
  const written = pages.at(-2) as Partial<PdfReference> | undefined;
  // The first page: nothing written yet.
  if (written === undefined) return true;
  if (typeof written.id !== 'number' || typeof written.gen !== 'number') return false;
  if ('data' in written) {
    const bare: PdfReference = Object.create(Object.getPrototypeOf(written));
    bare.id = written.id;
    bare.gen = written.gen;
    pages[pages.length - 2] = bare;
  }
  return true;
}

/** One cell across the table, for a sentence in place of its rows. */
const wholeRow: Column[] = [{ labelKey: '', widthPoints: contentWidthPoints, align: 'left' }];

/** Draws the statement on a pdfkit document, top to bottom, breaking pages as it goes. */
class StatementPage {
  readonly #doc: PDFKit.PDFDocument;
  readonly #language: Language;
  readonly #footer: string;
  #pageNumber = 0;
  #y = pageMarginPoints;

  constructor(doc: PDFKit.PDFDocument, language: Language, footer: string) {
    this.#doc = doc;
    this.#language = language;
    this.#footer = footer;
  }

  get pageNumber(): number {
    return this.#pageNumber;
  }

  label(key: string, params?: Record<string, string | number>): string {
    return statementLabel(this.#language, key, params);
  }

  newPage(): void {
    this.#doc.addPage({ size: 'A4', margin: pageMarginPoints });
    forgetLaidOutWords(this.#doc);
    forgetWrittenPage(this.#doc);
    this.#pageNumber += 1;
    this.#y = pageMarginPoints;
    this.#text(this.#footer, pageMarginPoints, footerTopPoints, contentWidthPoints / 2, 'left', 7, colours.muted);
    const pageLabel = this.label('page', { page: this.#pageNumber });
    this.#text(pageLabel, a4WidthPoints / 2, footerTopPoints, contentWidthPoints / 2, 'right', 7, colours.muted);
  }

  /** Whether `heightPoints` more fit on the page; if not, a new page is started and false answered. */
  ensureRoom(heightPoints: number): boolean {
    if (this.#y + heightPoints <= contentBottomPoints) return true;
    this.newPage();
    return false;
  }

  gap(heightPoints: number): void {
    this.#y += heightPoints;
  }

  title(left: string, right: string): void {
    this.#text(left, pageMarginPoints, this.#y, contentWidthPoints * 0.6, 'left', 16, colours.text);
    this.#text(right, pageMarginPoints + contentWidthPoints * 0.4, this.#y, contentWidthPoints * 0.6, 'right', 16);
    this.#y += 30;
  }

  /** A label and its value; a long value (a company's full name) wraps onto at most three lines. */
  field(label: string, value: string): void {
    const labelWidth = 110;
    const lineGap = 2;
    this.#text(label, pageMarginPoints, this.#y, labelWidth, 'left', 9, colours.muted);
    const doc = this.#doc.fontSize(9).fillColor(colours.text);
    const threeLines = 3 * (doc.currentLineHeight(true) + lineGap);
    const options = { width: contentWidthPoints - labelWidth, height: threeLines + 1, ellipsis: true, lineGap };
    const height = Math.min(doc.heightOfString(value, options), threeLines);
    doc.text(value, pageMarginPoints + labelWidth, this.#y, options);
    this.#y += Math.max(14, height + 2);
  }

  note(text: string): void {
    this.#text(text, pageMarginPoints, this.#y, contentWidthPoints, 'left', 8, colours.muted);
    this.#y += 14;
  }

  heading(text: string): void {
    this.#text(text, pageMarginPoints, this.#y, contentWidthPoints, 'left', 11, colours.text);
    this.#y += 20;
  }

  tableHeader(columns: Column[]): void {
    this.#doc.rect(pageMarginPoints, this.#y, contentWidthPoints, rowHeightPoints).fill(colours.headerFill);
    this.#cells(
      columns,
      columns.map((column) => this.label(column.labelKey)),
    );
  }

  row(columns: Column[], values: string[]): void {
    this.#cells(columns, values);
    const bottom = this.#y;
    this.#doc
      .moveTo(pageMarginPoints, bottom)
      .lineTo(pageMarginPoints + contentWidthPoints, bottom)
      .lineWidth(0.5)
      .stroke(colours.rule);
  }

  #cells(columns: Column[], values: string[]): void {
    let x = pageMarginPoints;
    columns.forEach((column, index) => {
      const textTop = this.#y + (rowHeightPoints - tableFontPoints) / 2 - 1;
      const width = column.widthPoints - 2 * cellPaddingPoints;
      this.#text(values[index] ?? '', x + cellPaddingPoints, textTop, width, column.align, tableFontPoints);
      x += column.widthPoints;
    });
    this.#y += rowHeightPoints;
  }

  /**
   * One line of text in a box, never wrapped and never over the box's edge: text on the left is cut
   * with an ellipsis, text on the right (amounts, which must never lose a digit) is made smaller.
   */
  #text(text: string, x: number, y: number, width: number, align: Align, size: number, colour = colours.text): void {
    const doc = this.#doc;
    let shown = text;
    let fontSize = size;
    doc.fontSize(fontSize);
    let textWidth = doc.widthOfString(shown);
    if (textWidth > width && align === 'right') {
      fontSize = Math.max(smallestFontPoints, (size * width) / textWidth);
      doc.fontSize(fontSize);
      textWidth = doc.widthOfString(shown);
    } else if (textWidth > width) {
      // The longest beginning that fits with its ellipsis, found by halving (a long name costs a
      // dozen measurements, not one per character).
      let fits = 0;
      let tooLong = text.length;
      while (tooLong - fits > 1) {
        const middle = Math.floor((fits + tooLong) / 2);
        if (doc.widthOfString(`${text.slice(0, middle)}…`) <= width) fits = middle;
        else tooLong = middle;
      }
      shown = `${text.slice(0, fits)}…`;
      textWidth = doc.widthOfString(shown);
    }
    doc.fillColor(colour);
    doc.text(shown, align === 'right' ? x + width - textWidth : x, y, { lineBreak: false });
  }
}

function lineValues(language: Language, line: StatementLine): string[] {
  const description = describeKind(language, line.kind);
  return [
    formatDisplayDateTime(line.at, language),
    line.isSettled ? description : statementLabel(language, 'pending', { description }),
    shortReference(line.reference),
    statementLabel(language, `direction.${line.direction}`),
    formatDisplayAmount(line.amount, line.asset, language),
    formatDisplayAmount(line.balance, line.asset, language),
  ];
}

/** pdfkit, loaded with the first PDF: it and its fonts hold about 30 MB that a server writing none need not carry. */
export async function pdfStatementWriter(): Promise<(statement: Statement) => Readable> {
  const { default: pdfDocument } = await import('pdfkit');
  return (statement) => writePdfStatement(pdfDocument, statement);
}

function writePdfStatement(pdfDocument: typeof PDFDocument, statement: Statement): Readable {
  const { language } = statement;
  const body = new PassThrough();
  const product = productName(language);
  const title = statementLabel(language, 'title');
  const doc = new pdfDocument({
    autoFirstPage: false,
    bufferPages: false,
    lang: localeOfLanguage[language],
    info: {
      Title: `${title} ${statement.period.from} – ${statement.period.to}`,
      Author: product,
      CreationDate: statement.generatedAt,
    },
  });
  doc.on('error', (error: Error) => body.destroy(error));
  doc.pipe(body);
  doc.font(statementFont());
  const page = new StatementPage(doc, language, `${product} · ${statement.companyName}`);

  startWriting(body, async () => {
    const period = statementLabel(language, 'period_range', {
      from: formatDisplayDay(statement.period.from, language),
      to: formatDisplayDay(statement.period.to, language),
    });
    page.newPage();
    page.title(product, title);
    page.field(page.label('company'), statement.companyName);
    page.field(page.label('period'), period);
    page.field(page.label('generated_at'), `${formatDisplayDateTime(statement.generatedAt, language)} UTC`);
    page.note(page.label('times_in_utc'));
    page.gap(12);
    page.heading(page.label('summary'));
    page.tableHeader(summaryColumns);
    for (const summary of statement.summaries) {
      if (!page.ensureRoom(rowHeightPoints)) page.tableHeader(summaryColumns);
      page.row(summaryColumns, [
        summary.asset,
        ...(['opening', 'credits', 'debits', 'fees', 'closing'] as const).map((key) =>
          formatDisplayAmount(summary[key], summary.asset, language),
        ),
      ]);
    }

    const openSection = (asset: string) => {
      page.gap(16);
      page.ensureRoom(20 + 3 * rowHeightPoints);
      page.heading(page.label('transactions', { asset }));
      page.tableHeader(lineColumns);
    };
    const emptySection = (asset: string) => {
      openSection(asset);
      page.row(wholeRow, [page.label('no_transactions')]);
    };
    // Lines come grouped by asset in the summaries' order; an asset without lines still gets its
    // section, saying so. A line of an asset not announced still gets a section, so none is lost.
    const assets = statement.summaries.map((summary) => summary.asset);
    let nextAssetIndex = 0;
    let sectionAsset: string | undefined;
    for await (const line of statement.lines) {
      const pagesBefore = page.pageNumber;
      if (line.asset !== sectionAsset) {
        const index = assets.indexOf(line.asset, nextAssetIndex);
        if (index >= 0) {
          for (const skipped of assets.slice(nextAssetIndex, index)) emptySection(skipped);
          nextAssetIndex = index + 1;
        }
        openSection(line.asset);
        sectionAsset = line.asset;
      }
      if (!page.ensureRoom(rowHeightPoints)) {
        page.heading(page.label('transactions_continued', { asset: line.asset }));
        page.tableHeader(lineColumns);
      }
      page.row(lineColumns, lineValues(language, line));
      // pdfkit writes a page out when the next one starts, into its own buffer; Readable moves it on
      // to the body at process.nextTick, which a line source answering from memory (a chain of
      // resolved promises) would starve. One turn of the event loop per page lets it through.
      if (page.pageNumber !== pagesBefore) await setImmediate();
      if (body.writableNeedDrain) await drained(body, body);
      // The reader went away: leaving the loop returns the lines' iterator, which ends the read.
      if (body.destroyed) return;
    }
    for (const skipped of assets.slice(nextAssetIndex)) emptySection(skipped);
    doc.end();
  });
  return body;
}
