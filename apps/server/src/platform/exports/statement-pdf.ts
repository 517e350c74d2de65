/**
 * The PDF statement, with pdfkit: A4, the product's name and the statement's title, the company and
 * its identifiers, the period and the generation time in the reader's zone, a summary table (one row per asset), then per asset
 * its lines table, whose header is repeated on every page it runs onto. The page, its font and how
 * memory stays flat are pdf-page.ts's.
 */
import { PassThrough, type Readable } from 'node:stream';
import type { Language } from '@bank/contract/constants';
import type PDFDocument from 'pdfkit';
import { openPdfDocument, type PdfColumn, PdfPage, rowHeightPoints } from './pdf-page.ts';
import type { Statement, StatementLine } from './statement-model.ts';
import {
  describeKind,
  formatDisplayAmount,
  formatDisplayDateTime,
  productName,
  shortReference,
  statementLabel,
  statementLabeller,
} from './statement-text.ts';
import { startWriting } from './stream-pacing.ts';

type Column = PdfColumn & { labelKey: string };

const summaryColumns: Column[] = [
  { labelKey: 'summary_columns.asset', widthPoints: 55, align: 'left' },
  ...(['opening', 'credits', 'debits', 'fees', 'closing'] as const).map(
    (key): Column => ({ labelKey: `summary_columns.${key}`, widthPoints: 92, align: 'right' }),
  ),
];

/** A figure after the summary: its label, its amount with the asset. */
const figureColumns: PdfColumn[] = [
  { widthPoints: 240, align: 'left' },
  { widthPoints: 160, align: 'right' },
];

/** The description wraps: a merchant's whole name and a pending mark are never cut. */
const lineColumns: Column[] = [
  { labelKey: 'columns.date', widthPoints: 92, align: 'left' },
  { labelKey: 'columns.description', widthPoints: 130, align: 'left', wraps: true },
  { labelKey: 'columns.reference', widthPoints: 58, align: 'left' },
  { labelKey: 'columns.direction', widthPoints: 35, align: 'left' },
  { labelKey: 'columns.amount', widthPoints: 100, align: 'right' },
  { labelKey: 'columns.balance', widthPoints: 100, align: 'right' },
];

function lineValues(language: Language, zone: string, line: StatementLine): string[] {
  const description = line.description ?? describeKind(language, line.kind);
  return [
    formatDisplayDateTime(line.at, language, zone),
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
  const label = statementLabeller(statement);
  const title = label('title');
  const doc = openPdfDocument(pdfDocument, body, {
    language,
    title: `${title} ${statement.period.from} – ${statement.period.to}`,
    createdAt: statement.generatedAt,
  });
  const page = new PdfPage(doc, { language, footer: `${productName(language)} · ${statement.companyName}` });
  const headers: Headers = (columns) => columns.map((column) => label(column.labelKey, { zone: statement.timeZone }));

  startWriting(body, async () => {
    page.openDocument({ ...statement, title });
    page.note(page.label('references_note'));
    writeSummaries(page, statement, headers);
    writeFigures(page, statement);
    await writeLines(page, statement, headers, body);
    if (!body.destroyed) doc.end();
  });
  return body;
}

type Headers = (columns: Column[]) => string[];

function writeSummaries(page: PdfPage, statement: Statement, headers: Headers): void {
  page.heading(page.label('summary'));
  page.tableHeader(summaryColumns, headers(summaryColumns));
  for (const summary of statement.summaries) {
    if (!page.ensureRoom(rowHeightPoints)) page.tableHeader(summaryColumns, headers(summaryColumns));
    page.row(summaryColumns, [
      summary.asset,
      ...(['opening', 'credits', 'debits', 'fees', 'closing'] as const).map((key) =>
        formatDisplayAmount(summary[key], summary.asset, statement.language),
      ),
    ]);
  }
}

function writeFigures(page: PdfPage, statement: Statement): void {
  if (!statement.figures) return;
  const { title, rows } = statement.figures;
  page.gap(16);
  page.ensureRoom(20 + rows.length * rowHeightPoints);
  page.heading(title);
  for (const figure of rows)
    page.row(figureColumns, [
      figure.label,
      `${formatDisplayAmount(figure.amount, figure.asset, statement.language)} ${figure.asset}`,
    ]);
}

/**
 * Lines come grouped by asset in the summaries' order; an asset without lines still gets its
 * section, saying so. A line of an asset not announced still gets a section, so none is lost.
 */
async function writeLines(page: PdfPage, statement: Statement, headers: Headers, body: PassThrough): Promise<void> {
  const openSection = (asset: string) => {
    page.gap(16);
    page.ensureRoom(20 + 3 * rowHeightPoints);
    page.heading(page.label('transactions', { asset }));
    page.tableHeader(lineColumns, headers(lineColumns));
  };
  const emptySection = (asset: string) => {
    openSection(asset);
    page.sentenceRow(page.label('no_transactions'));
  };
  const assets = statement.summaries.map((summary) => summary.asset);
  let nextAssetIndex = 0;
  let sectionAsset: string | undefined;
  for await (const line of statement.lines) {
    if (line.asset !== sectionAsset) {
      const index = assets.indexOf(line.asset, nextAssetIndex);
      if (index >= 0) {
        for (const skipped of assets.slice(nextAssetIndex, index)) emptySection(skipped);
        nextAssetIndex = index + 1;
      }
      openSection(line.asset);
      sectionAsset = line.asset;
    }
    const values = lineValues(statement.language, statement.timeZone, line);
    if (!page.ensureRoom(page.rowHeightOf(lineColumns, values))) {
      page.heading(page.label('transactions_continued', { asset: line.asset }));
      page.tableHeader(lineColumns, headers(lineColumns));
    }
    page.row(lineColumns, values);
    await page.keepPace(body);
    // The reader went away: leaving the loop returns the lines' iterator, which ends the read.
    if (body.destroyed) return;
  }
  for (const skipped of assets.slice(nextAssetIndex)) emptySection(skipped);
}
