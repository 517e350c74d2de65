/**
 * What the PDF writers share (the statement's and the table's), around pdfkit: the document opened
 * on the reader's stream with its one font, and PdfPage, which draws a document's heading, tables
 * whose header is repeated on every page they run onto, and the "Page n" footer; "of m" would need
 * every page held until the end.
 *
 * One font for every language: Noto Sans Hans from @embedpdf/fonts-sc covers Latin, Chinese and
 * Japanese, so a document lays out identically whatever the reader's language. It is read from
 * disk once per process; pdfkit embeds only the glyphs used.
 *
 * Constant memory: pages are not buffered (pdfkit writes a page out when the next one starts), the
 * per-word layout cache is emptied and the written page dropped from the page tree on every page
 * (forgetLaidOutWords, forgetWrittenPage), and a writer takes its next row only while the body can
 * take more (PdfPage.keepPace).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PassThrough } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { type Language, localeOfLanguage } from '@bank/contract/constants';
import type PDFDocument from 'pdfkit';
import {
  type DocumentHeading,
  formatDisplayDateTime,
  formatDisplayDay,
  productName,
  statementLabel,
  utcZone,
} from './statement-text.ts';
import { drained } from './stream-pacing.ts';

const require = createRequire(import.meta.url);

/** The package's exports map names only its index; the fonts sit beside its dist folder. */
export const documentFontPath = path.join(
  path.dirname(require.resolve('@embedpdf/fonts-sc')),
  '..',
  'fonts',
  'NotoSansHans-Regular.otf',
);

let documentFontBytes: Buffer | undefined;

/** The font file (8 MB), read on the first PDF and kept: every PDF embeds a subset of it. */
function documentFont(): Buffer {
  documentFontBytes ??= readFileSync(documentFontPath);
  return documentFontBytes;
}

/**
 * pdfkit lays every word out with fontkit (OpenType shaping: most of a PDF's time) and keeps each
 * result in a cache that never shrinks; a million distinct amounts and references would fill it.
 * Emptied on every page, it holds one page's words and still spares most of the shaping (each cell
 * is measured and then drawn; dates and labels repeat). The cache is pdfkit's own
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

/** A document with the shared font, written into `body`; a pdfkit error destroys the body. */
export function openPdfDocument(
  pdfDocument: typeof PDFDocument,
  body: PassThrough,
  properties: { language: Language; title: string; createdAt: Date },
): PDFKit.PDFDocument {
  const doc = new pdfDocument({
    autoFirstPage: false,
    bufferPages: false,
    lang: localeOfLanguage[properties.language],
    info: { Title: properties.title, Author: productName(properties.language), CreationDate: properties.createdAt },
  });
  doc.on('error', (error: Error) => body.destroy(error));
  doc.pipe(body);
  doc.font(documentFont());
  return doc;
}

export type PageLayout = 'portrait' | 'landscape';

const a4ShortSidePoints = 595.28;
const a4LongSidePoints = 841.89;
const pageMarginPoints = 40;
export const rowHeightPoints = 15;
/** The table text's size: a column's width in characters is about this many points per character. */
export const tableFontPoints = 8;
const smallestFontPoints = 5;
export const cellPaddingPoints = 4;
const colours = { text: '#1f2933', muted: '#616e7c', headerFill: '#e4e7eb', rule: '#d2d6dc' };

/** The width a table may take on an A4 page of the layout. */
export function contentWidthOf(layout: PageLayout): number {
  return (layout === 'portrait' ? a4ShortSidePoints : a4LongSidePoints) - 2 * pageMarginPoints;
}

type Align = 'left' | 'right';
/** A column of a table; `wraps`: its text runs onto more lines (the row grows) rather than be cut, as a merchant's name must. */
export type PdfColumn = { widthPoints: number; align: Align; wraps?: boolean };

/** Draws a document on a pdfkit document, top to bottom, breaking A4 pages as it goes. */
export class PdfPage {
  readonly #doc: PDFKit.PDFDocument;
  readonly #language: Language;
  readonly #footer: string;
  readonly #layout: PageLayout;
  readonly #widthPoints: number;
  readonly #heightPoints: number;
  #pageNumber = 0;
  #pacedPageNumber = 0;
  #y = pageMarginPoints;

  constructor(doc: PDFKit.PDFDocument, options: { language: Language; footer: string; layout?: PageLayout }) {
    this.#doc = doc;
    this.#language = options.language;
    this.#footer = options.footer;
    this.#layout = options.layout ?? 'portrait';
    const isPortrait = this.#layout === 'portrait';
    this.#widthPoints = isPortrait ? a4ShortSidePoints : a4LongSidePoints;
    this.#heightPoints = isPortrait ? a4LongSidePoints : a4ShortSidePoints;
  }

  get pageNumber(): number {
    return this.#pageNumber;
  }

  get contentWidthPoints(): number {
    return contentWidthOf(this.#layout);
  }

  /** Rows stop here; the footer ("Page n") sits below. */
  get #contentBottomPoints(): number {
    return this.#heightPoints - pageMarginPoints - 16;
  }

  label(key: string, params?: Record<string, string | number>): string {
    return statementLabel(this.#language, key, params);
  }

  newPage(): void {
    this.#doc.addPage({ size: 'A4', layout: this.#layout, margin: pageMarginPoints });
    forgetLaidOutWords(this.#doc);
    forgetWrittenPage(this.#doc);
    this.#pageNumber += 1;
    this.#y = pageMarginPoints;
    const footerTop = this.#heightPoints - pageMarginPoints;
    const half = this.contentWidthPoints / 2;
    this.#text(this.#footer, pageMarginPoints, footerTop, half, 'left', 7, colours.muted);
    const pageLabel = this.label('page', { page: this.#pageNumber });
    this.#text(pageLabel, pageMarginPoints + half, footerTop, half, 'right', 7, colours.muted);
  }

  /**
   * The first page and the document's heading: the product's name and the title, the company and
   * its identifiers, the period and the generation time, and the zone every time is in.
   */
  openDocument(heading: DocumentHeading): void {
    const language = this.#language;
    const zone = heading.timeZone ?? utcZone;
    this.newPage();
    this.title(productName(language), heading.title);
    this.field(this.label('company'), heading.companyName);
    for (const identifier of heading.identifiers ?? []) this.field(identifier.label, identifier.value);
    const period = this.label('period_range', {
      from: formatDisplayDay(heading.period.from, language),
      to: formatDisplayDay(heading.period.to, language),
    });
    this.field(this.label('period'), period);
    this.field(this.label('generated_at'), `${formatDisplayDateTime(heading.generatedAt, language, zone)} ${zone}`);
    this.note(this.label('times_in_zone', { zone }));
    this.gap(12);
  }

  /** Whether `heightPoints` more fit on the page; if not, a new page is started and false answered. */
  ensureRoom(heightPoints: number): boolean {
    if (this.#y + heightPoints <= this.#contentBottomPoints) return true;
    this.newPage();
    return false;
  }

  gap(heightPoints: number): void {
    this.#y += heightPoints;
  }

  title(left: string, right: string): void {
    const width = this.contentWidthPoints;
    this.#text(left, pageMarginPoints, this.#y, width * 0.6, 'left', 16, colours.text);
    this.#text(right, pageMarginPoints + width * 0.4, this.#y, width * 0.6, 'right', 16);
    this.#y += 30;
  }

  /** A label and its value; a long value (a company's full name) wraps onto at most three lines. */
  field(label: string, value: string): void {
    const labelWidth = 110;
    const lineGap = 2;
    this.#text(label, pageMarginPoints, this.#y, labelWidth, 'left', 9, colours.muted);
    const doc = this.#doc.fontSize(9).fillColor(colours.text);
    const threeLines = 3 * (doc.currentLineHeight(true) + lineGap);
    const options = { width: this.contentWidthPoints - labelWidth, height: threeLines + 1, ellipsis: true, lineGap };
    const height = Math.min(doc.heightOfString(value, options), threeLines);
    doc.text(value, pageMarginPoints + labelWidth, this.#y, options);
    this.#y += Math.max(14, height + 2);
  }

  note(text: string): void {
    this.#text(text, pageMarginPoints, this.#y, this.contentWidthPoints, 'left', 8, colours.muted);
    this.#y += 14;
  }

  heading(text: string): void {
    this.#text(text, pageMarginPoints, this.#y, this.contentWidthPoints, 'left', 11, colours.text);
    this.#y += 20;
  }

  /**
   * The header row. A header too long for its column wraps onto a second line (the row grows for
   * all) rather than lose its end: "Transaction hash" over a column of short ids, a Japanese
   * heading over a column of network names.
   */
  tableHeader(columns: readonly PdfColumn[], headers: readonly string[]): void {
    const doc = this.#doc.fontSize(tableFontPoints);
    const innerWidth = (column: PdfColumn) => column.widthPoints - 2 * cellPaddingPoints;
    const fits = (column: PdfColumn, index: number) => doc.widthOfString(headers[index] ?? '') <= innerWidth(column);
    if (columns.every(fits)) {
      doc.rect(pageMarginPoints, this.#y, this.contentWidthPoints, rowHeightPoints).fill(colours.headerFill);
      this.#cells(columns, headers);
      return;
    }
    const lineHeight = doc.currentLineHeight(true);
    const heightPoints = rowHeightPoints + lineHeight;
    doc.rect(pageMarginPoints, this.#y, this.contentWidthPoints, heightPoints).fill(colours.headerFill);
    const top = this.#y + (rowHeightPoints - tableFontPoints) / 2 - 1;
    let x = pageMarginPoints;
    columns.forEach((column, index) => {
      // A header of one line sits in the middle of the two.
      const y = fits(column, index) ? top + lineHeight / 2 : top;
      doc.fillColor(colours.text).text(headers[index] ?? '', x + cellPaddingPoints, y, {
        width: innerWidth(column),
        height: 2 * lineHeight + 1,
        ellipsis: true,
        align: column.align,
        lineGap: 0,
      });
      x += column.widthPoints;
    });
    this.#y += heightPoints;
  }

  /** The height a row of these values takes: one line, or as many as its wrapping cells need. */
  rowHeightOf(columns: readonly PdfColumn[], values: readonly string[]): number {
    const doc = this.#doc.fontSize(tableFontPoints);
    let extraPoints = 0;
    columns.forEach((column, index) => {
      const text = values[index] ?? '';
      const width = column.widthPoints - 2 * cellPaddingPoints;
      if (!column.wraps || doc.widthOfString(text) <= width) return;
      const height = doc.heightOfString(text, { width, lineGap: 0 });
      extraPoints = Math.max(extraPoints, height - doc.currentLineHeight(true));
    });
    return rowHeightPoints + Math.max(0, extraPoints);
  }

  row(columns: readonly PdfColumn[], values: readonly string[]): void {
    this.#cells(columns, values);
    const bottom = this.#y;
    this.#doc
      .moveTo(pageMarginPoints, bottom)
      .lineTo(pageMarginPoints + this.contentWidthPoints, bottom)
      .lineWidth(0.5)
      .stroke(colours.rule);
  }

  /** One row of one cell across the table, for a sentence in place of its rows. */
  sentenceRow(text: string): void {
    this.row([{ widthPoints: this.contentWidthPoints, align: 'left' }], [text]);
  }

  /**
   * Called after each row: waits while the body is full. pdfkit writes a page out when the next one
   * starts, into its own buffer; Readable moves it on to the body at process.nextTick, which a row
   * source answering from memory (a chain of resolved promises) would starve. One turn of the event
   * loop per new page lets it through.
   */
  async keepPace(body: PassThrough): Promise<void> {
    if (this.#pageNumber !== this.#pacedPageNumber) {
      this.#pacedPageNumber = this.#pageNumber;
      await setImmediate();
    }
    if (body.writableNeedDrain) await drained(body, body);
  }

  #cells(columns: readonly PdfColumn[], values: readonly string[]): void {
    const heightPoints = columns.some((column) => column.wraps) ? this.rowHeightOf(columns, values) : rowHeightPoints;
    let x = pageMarginPoints;
    columns.forEach((column, index) => {
      const textTop = this.#y + (rowHeightPoints - tableFontPoints) / 2 - 1;
      const width = column.widthPoints - 2 * cellPaddingPoints;
      const text = values[index] ?? '';
      if (column.wraps && heightPoints > rowHeightPoints)
        this.#doc
          .fontSize(tableFontPoints)
          .fillColor(colours.text)
          .text(text, x + cellPaddingPoints, textTop, { width, align: column.align, lineGap: 0 });
      else this.#text(text, x + cellPaddingPoints, textTop, width, column.align, tableFontPoints);
      x += column.widthPoints;
    });
    this.#y += heightPoints;
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
