/**
 * What the exported documents share, the statement's three formats and the table's (table.ts):
 * labels in the reader's language, dates in UTC, amounts for display, descriptions of movement
 * kinds, the heading rows of a spreadsheet and the file's name and type. Pure functions, no streams.
 */
import type { Readable } from 'node:stream';
import { type Language, localeOfLanguage } from '@bank/contract/constants';
import { displayDecimals } from '@bank/contract/money';
import type { ExportFormat } from '@bank/contract/transaction';
import { hasMessage, type TranslationParams, translate } from '@bank/i18n/resources';
import type { Statement, StatementLine } from './statement-model.ts';

/** A message of the `statement` namespace in the reader's language. */
export function statementLabel(language: Language, key: string, params?: TranslationParams): string {
  return translate(language, `statement.${key}`, params);
}

/** The statement's labels: its own (`Statement.labels`) first, else the `statement` namespace's. */
export function statementLabeller(
  statement: Pick<Statement, 'language' | 'labels'>,
): (key: string, params?: TranslationParams) => string {
  const own: Readonly<Record<string, string | undefined>> = statement.labels ?? {};
  return (key, params) => own[key] ?? statementLabel(statement.language, key, params);
}

/** The bank's product name as the web app shows it. */
export function productName(language: Language): string {
  return translate(language, 'shell.product_name');
}

const kindPattern = /^[a-z0-9_]+$/i;

/** "Crypto deposit" for `deposit`; a kind without a label is shown as it is, so nothing is hidden. */
export function describeKind(language: Language, kind: string): string {
  return kindPattern.test(kind) && hasMessage(`statement.kinds.${kind}`)
    ? statementLabel(language, `kinds.${kind}`)
    : statementLabel(language, 'other_kind', { kind });
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** `2026-11-21 09:05`: the machine-friendly UTC time of the CSV (sorts as text, parses everywhere). */
export function formatIsoMinute(at: Date): string {
  return `${at.getUTCFullYear()}-${twoDigits(at.getUTCMonth() + 1)}-${twoDigits(at.getUTCDate())} ${twoDigits(at.getUTCHours())}:${twoDigits(at.getUTCMinutes())}`;
}

/** DECISIONS.md's dates, in UTC: English `21/11/2026 09:05am`, Chinese and Japanese `2026/11/21 09:05`. */
export function formatDisplayDateTime(at: Date, language: Language): string {
  const day = formatDisplayDay(at.toISOString().slice(0, 10), language);
  const hours = at.getUTCHours();
  const minutes = twoDigits(at.getUTCMinutes());
  if (language !== 'en') return `${day} ${twoDigits(hours)}:${minutes}`;
  return `${day} ${twoDigits(hours % 12 || 12)}:${minutes}${hours < 12 ? 'am' : 'pm'}`;
}

/** A calendar day `YYYY-MM-DD` as English `DD/MM/YYYY` or Chinese and Japanese `YYYY/MM/DD`. */
export function formatDisplayDay(day: string, language: Language): string {
  const [year, month, date] = day.split('-');
  return language === 'en' ? `${date}/${month}/${year}` : `${year}/${month}/${date}`;
}

const decimalPattern = /^-?\d+(\.\d+)?$/;
const amountFormatters = new Map<string, Intl.NumberFormat>();

/**
 * "1,234.50" (USDT), "0.12345679" (ETH): thousands separators and the contract's display decimals.
 * Intl.NumberFormat is handed the decimal string itself, which it rounds exactly (half away from
 * zero), so an 18-decimal amount never passes through a binary floating point number. A value that
 * is not a decimal string is shown unchanged rather than replaced by a made-up number.
 */
export function formatDisplayAmount(value: string, asset: string, language: Language): string {
  if (!decimalPattern.test(value)) return value;
  const places = displayDecimals(asset);
  const key = `${language}|${places.min}|${places.max}`;
  let formatter = amountFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(localeOfLanguage[language], {
      minimumFractionDigits: places.min,
      maximumFractionDigits: places.max,
      roundingMode: 'halfExpand',
      signDisplay: 'negative',
      useGrouping: true,
    });
    amountFormatters.set(key, formatter);
  }
  return formatter.format(value as Intl.StringNumericLiteral);
}

/**
 * A business record id as the PDF shows it: its last 8 characters. Ids are UUIDv7, whose first
 * characters are a timestamp that records of one day share, while the tail is random.
 */
export function shortReference(reference: string): string {
  return reference.length > 10 ? `…${reference.slice(-8)}` : reference;
}

/**
 * Text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first)
 * gets a leading apostrophe, as OWASP advises for CSV. Only for free text (a company's name, an
 * unknown kind): amounts keep their minus sign.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export const summaryColumnKeys = ['asset', 'opening', 'credits', 'debits', 'fees', 'closing'] as const;
export const lineColumnKeys = [
  'date',
  'asset',
  'description',
  'reference',
  'direction',
  'amount',
  'balance',
  'settled',
] as const;

/** How many kinds' descriptions a line formatter keeps: the ledger has a handful of kinds. */
const describedKindsLimit = 64;

/**
 * A line's cells for the CSV and XLSX, in lineColumnKeys' order: machine-friendly text. Made once
 * per document, it works out the language's labels once, each kind's description on its first line
 * and each minute's text on its first line, instead of on every line: for a million lines that was
 * about 1.2 GB of short-lived strings and arrays (translate's key splitting and template filling),
 * a sixth of what the CSV export allocated.
 */
export function lineCellsFormatter(language: Language): (line: StatementLine) => string[] {
  const directionLabels: Readonly<Record<StatementLine['direction'], string>> = {
    credit: statementLabel(language, 'direction.credit'),
    debit: statementLabel(language, 'direction.debit'),
  };
  const settledLabel = statementLabel(language, 'settled.yes');
  const pendingLabel = statementLabel(language, 'settled.no');
  const descriptions = new Map<string, string>();
  let minuteMs = Number.NaN;
  let minuteText = '';
  return (line) => {
    let description =
      line.description === undefined ? descriptions.get(line.kind) : neutraliseFormula(line.description);
    if (description === undefined) {
      description = neutraliseFormula(describeKind(language, line.kind));
      if (descriptions.size < describedKindsLimit) descriptions.set(line.kind, description);
    }
    const lineMinuteMs = Math.floor(line.at.getTime() / 60_000);
    if (lineMinuteMs !== minuteMs) {
      minuteMs = lineMinuteMs;
      minuteText = formatIsoMinute(line.at);
    }
    return [
      minuteText,
      line.asset,
      description,
      neutraliseFormula(line.reference),
      directionLabels[line.direction],
      line.amount,
      line.balance,
      line.isSettled ? settledLabel : pendingLabel,
    ];
  };
}

export const contentTypeOfFormat: Readonly<Record<ExportFormat, string>> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** What a document of a period says above its content: whose it is, which days, when it was written. */
export type DocumentHeading = {
  title: string;
  companyName: string;
  /** YYYY-MM-DD, both days included, UTC days. */
  period: { from: string; to: string };
  generatedAt: Date;
};

/**
 * The heading of a CSV or a sheet, a label and its values per row: the title with the product's
 * name, the company (its name neutralised: it is the company's own text), the period's first and
 * last days, and the generation time `YYYY-MM-DD HH:mm UTC`.
 */
export function documentHeadingRows(language: Language, heading: DocumentHeading): string[][] {
  const label = (key: string) => statementLabel(language, key);
  return [
    [heading.title, productName(language)],
    [label('company'), neutraliseFormula(heading.companyName)],
    [label('period'), heading.period.from, heading.period.to],
    [label('generated_at'), `${formatIsoMinute(heading.generatedAt)} UTC`],
  ];
}

/** An exported document as the route sends it. */
export type ExportFile = { fileName: string; contentType: string; body: Readable };

/** `statement-2026-11-01-to-2026-11-30.pdf`, `deposits-…csv`: ASCII only, the period in it, sorts by date. */
export function periodFileName(name: string, format: ExportFormat, period: { from: string; to: string }): string {
  return `${name}-${period.from}-to-${period.to}.${format}`;
}
