/**
 * What the exported documents share, the statement's three formats and the table's (table.ts):
 * labels in the reader's language, dates in one stated time zone (UTC unless the reader's is given),
 * amounts for display and for machines, descriptions of movement kinds, the heading rows of a
 * spreadsheet and the file's name and type. Pure functions, no streams.
 */
import type { Readable } from 'node:stream';
import { type Language, localeOfLanguage } from '@bank/contract/constants';
import { displayDecimals } from '@bank/contract/money';
import { formatRate, type RatePair } from '@bank/contract/money-text';
import type { ExportFormat } from '@bank/contract/transaction';
import { hasMessage, type TranslationParams, translate } from '@bank/i18n/resources';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Statement, StatementIdentifier, StatementLine } from './statement-model.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The zone of documents that name none: the wire's. */
export const utcZone = 'UTC';

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
const cardFeeKindPrefix = 'card_fee_';

/**
 * "Crypto deposit" for `deposit`, "Annual fee" for the card fee `card_fee_annual`: a ledger movement
 * in the reader's words. A kind without a label reads "Other movement", never its code.
 */
export function describeKind(language: Language, kind: string): string {
  if (!kindPattern.test(kind)) return statementLabel(language, 'other_kind');
  if (hasMessage(`statement.kinds.${kind}`)) return statementLabel(language, `kinds.${kind}`);
  const feeKind = kind.startsWith(cardFeeKindPrefix) ? kind.slice(cardFeeKindPrefix.length) : null;
  if (feeKind && hasMessage(`cards.money.fee_kinds.${feeKind}`))
    return translate(language, `cards.money.fee_kinds.${feeKind}`);
  return statementLabel(language, 'other_kind');
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** The wall-clock time in `zone` as a Date whose UTC fields are that time (what a spreadsheet's date cell shows). */
export function wallTimeIn(at: Date, zone: string): Date {
  if (zone === utcZone) return at;
  return new Date(at.getTime() + dayjs(at).tz(zone).utcOffset() * 60_000);
}

/** `2026-11-21 09:05`: the machine-friendly time of the CSV in the document's zone (sorts as text, parses everywhere). */
export function formatIsoMinute(at: Date, zone = utcZone): string {
  const wall = wallTimeIn(at, zone);
  return `${wall.getUTCFullYear()}-${twoDigits(wall.getUTCMonth() + 1)}-${twoDigits(wall.getUTCDate())} ${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())}`;
}

/** DECISIONS.md's dates in the document's zone: English `21/11/2026 09:05am`, Chinese and Japanese `2026/11/21 09:05`. */
export function formatDisplayDateTime(at: Date, language: Language, zone = utcZone): string {
  const wall = wallTimeIn(at, zone);
  const day = formatDisplayDay(wall.toISOString().slice(0, 10), language);
  const hours = wall.getUTCHours();
  const minutes = twoDigits(wall.getUTCMinutes());
  if (language !== 'en') return `${day} ${twoDigits(hours)}:${minutes}`;
  return `${day} ${twoDigits(hours % 12 || 12)}:${minutes}${hours < 12 ? 'am' : 'pm'}`;
}

/**
 * The instants a period of calendar days covers in `zone`: from the first day's midnight to the
 * midnight after the last, or `now` when that is sooner (entries posted while the file is written
 * are left for the next statement, so that the lines read later add up to the totals read first).
 */
export function periodInstants(period: { from: string; to: string }, zone: string, now: Date) {
  const until = dayEndIn(period.to, zone).getTime();
  return { from: dayStartIn(period.from, zone), until: new Date(Math.min(until, now.getTime())) };
}

/** The instant a calendar day `YYYY-MM-DD` begins in `zone`. */
export function dayStartIn(day: string, zone: string): Date {
  return dayjs.tz(day, zone).toDate();
}

/** The instant after a calendar day `YYYY-MM-DD` ends in `zone`: the next day's midnight. */
export function dayEndIn(day: string, zone: string): Date {
  return dayStartIn(new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10), zone);
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
 * An amount for the CSV and XLSX: a plain decimal (no separators, a leading minus only), exact to the
 * asset's scale as the ledger holds it, with at least the asset's display decimals ("25000.00",
 * "2525.179301"), so that a column adds up to the balances to the last unit and reads as money.
 */
export function formatMachineAmount(value: string, asset: string): string {
  if (!decimalPattern.test(value)) return value;
  const [whole = '', fraction = ''] = value.split('.');
  const places = displayDecimals(asset).min;
  return fraction.length >= places ? value : `${whole}.${fraction.padEnd(places, '0')}`;
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
  'credit',
  'debit',
  'balance',
  'settled',
] as const;

/** How many kinds' descriptions a line formatter keeps: the ledger has a few dozen kinds. */
const describedKindsLimit = 64;

/**
 * A line's cells for the CSV and XLSX, in lineColumnKeys' order: machine-friendly text, the amount
 * under Credit or Debit (one of the two empty), times in the document's zone. Made once per
 * document, it works out the language's labels once, each kind's description on its first line
 * and each minute's text on its first line, instead of on every line: for a million lines that was
 * about 1.2 GB of short-lived strings and arrays (translate's key splitting and template filling),
 * a sixth of what the CSV export allocated.
 */
export function lineCellsFormatter(language: Language, zone = utcZone): (line: StatementLine) => string[] {
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
      minuteText = formatIsoMinute(line.at, zone);
    }
    const amount = formatMachineAmount(line.amount, line.asset);
    return [
      minuteText,
      line.asset,
      description,
      neutraliseFormula(line.reference),
      line.direction === 'credit' ? amount : '',
      line.direction === 'debit' ? amount : '',
      formatMachineAmount(line.balance, line.asset),
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
  /** Registration number, account, card: under the company's name. */
  identifiers?: readonly StatementIdentifier[] | undefined;
  /** YYYY-MM-DD, both days included, days of `timeZone` (UTC when absent). */
  period: { from: string; to: string };
  /** The IANA zone of every time in the document; UTC when absent. */
  timeZone?: string | undefined;
  generatedAt: Date;
};

/**
 * The heading of a sheet, a label and its values per row: the title with the product's name, the
 * company (its name neutralised: it is the company's own text) and its identifiers, the period's
 * first and last days, the generation time `YYYY-MM-DD HH:mm` and the zone every time is in.
 */
export function documentHeadingRows(language: Language, heading: DocumentHeading): string[][] {
  const label = (key: string) => statementLabel(language, key);
  const zone = heading.timeZone ?? utcZone;
  return [
    [heading.title, productName(language)],
    [label('company'), neutraliseFormula(heading.companyName)],
    ...(heading.identifiers ?? []).map((identifier) => [identifier.label, neutraliseFormula(identifier.value)]),
    [label('period'), heading.period.from, heading.period.to],
    [label('generated_at'), `${formatIsoMinute(heading.generatedAt, zone)} ${zone}`],
    // A table's time columns say UTC in their headers; a statement, in the reader's zone, says which.
    ...(heading.timeZone ? [[label('time_zone'), zone]] : []),
  ];
}

/** An exported document as the route sends it. */
export type ExportFile = { fileName: string; contentType: string; body: Readable };

/** `statement-2026-11-01-to-2026-11-30.pdf`, `deposits-…csv`: ASCII only, the period in it, sorts by date. */
export function periodFileName(name: string, format: ExportFormat, period: { from: string; to: string }): string {
  return `${name}-${period.from}-to-${period.to}.${format}`;
}

/** The one rate text (money-text.ts formatRate, base first), in the reader's locale; empty without a rate. */
export function rateTextIn(language: Language, pair: RatePair | null): string {
  return pair ? formatRate(pair, localeOfLanguage[language]) : '';
}
