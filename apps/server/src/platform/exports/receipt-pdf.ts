/**
 * A receipt: one payment or transaction on one A4 page (or more, for a long timeline), with pdfkit
 * and the documents' shared font and page (pdf-page.ts). The caller composes it in the reader's
 * language (labels, amounts, dates); this file only lays it out: the product's name and the title,
 * sections of labelled lines, the steps with their times, and a closing note.
 */
import { PassThrough } from 'node:stream';
import type { Language } from '@bank/contract/constants';
import { openPdfDocument, PdfPage, rowHeightPoints } from './pdf-page.ts';
import type { ExportFile } from './statement-text.ts';
import { productName } from './statement-text.ts';
import { startWriting } from './stream-pacing.ts';

type ReceiptLine = { label: string; value: string };
type ReceiptSection = { heading: string; lines: readonly ReceiptLine[] };

export type Receipt = {
  language: Language;
  title: string;
  companyName: string;
  /** ASCII, without extension: `payout-receipt-<id>`. */
  fileName: string;
  issuedAt: Date;
  /** Lines under the title: the reference, status, company, issue time. */
  heading: readonly ReceiptLine[];
  sections: readonly ReceiptSection[];
  /** The timeline: each step's label and its time, as displayed. */
  steps: { heading: string; items: readonly ReceiptLine[] };
  notes: readonly string[];
};

/** Lines with an empty value are left out: a crypto receipt has no bank, a pending one no hash. */
function shownLines(lines: readonly ReceiptLine[]): ReceiptLine[] {
  return lines.filter((line) => line.value.trim().length > 0);
}

export async function writeReceiptPdf(receipt: Receipt): Promise<ExportFile> {
  const { default: pdfDocument } = await import('pdfkit');
  const { language } = receipt;
  const body = new PassThrough();
  const doc = openPdfDocument(pdfDocument, body, {
    language,
    title: receipt.title,
    createdAt: receipt.issuedAt,
  });
  const page = new PdfPage(doc, { language, footer: `${productName(language)} · ${receipt.companyName}` });
  startWriting(body, async () => {
    page.newPage();
    page.title(productName(language), receipt.title);
    for (const line of shownLines(receipt.heading)) page.field(line.label, line.value);
    for (const section of receipt.sections) {
      const lines = shownLines(section.lines);
      if (lines.length === 0) continue;
      page.gap(8);
      page.ensureRoom(20 + 3 * rowHeightPoints);
      page.heading(section.heading);
      for (const line of lines) {
        page.ensureRoom(3 * rowHeightPoints);
        page.field(line.label, line.value);
      }
    }
    page.gap(8);
    page.ensureRoom(20 + rowHeightPoints);
    page.heading(receipt.steps.heading);
    for (const step of receipt.steps.items) {
      page.ensureRoom(rowHeightPoints);
      page.field(step.label, step.value);
    }
    page.gap(8);
    for (const note of receipt.notes) {
      page.ensureRoom(rowHeightPoints);
      page.note(note);
    }
    doc.end();
  });
  return { fileName: `${receipt.fileName}.pdf`, contentType: 'application/pdf', body };
}
