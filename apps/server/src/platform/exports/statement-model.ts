/**
 * The statement as the writers take it: summaries known up front, lines streamed. Its own file so
 * that the writers and statement.ts, which re-exports it, import it without a cycle.
 */
import type { Language } from '@bank/contract/constants';

/** One asset's movement over the period: decimal strings at the asset's scale; only opening and closing may be negative. */
type StatementAssetSummary = {
  asset: string;
  opening: string;
  credits: string;
  debits: string;
  fees: string;
  closing: string;
};

export type StatementLine = {
  asset: string;
  at: Date;
  /** deposit, fiat_deposit, conversion, fee, ...; a kind without a label is shown as it is. */
  kind: string;
  /** The id the app shows for it: the history line's transaction id, a card transaction's or top-up's id. */
  reference: string;
  /**
   * As the ledger gives a line: the type of the business record `reference` names, so that the
   * module writing the statement can put the id its screens show in its place.
   */
  referenceType?: string;
  /** What the line was, in the reader's language (a card purchase's merchant); the kind's label when absent. */
  description?: string;
  direction: 'credit' | 'debit';
  /** Positive decimal string. */
  amount: string;
  /** The running balance after this line. */
  balance: string;
  isSettled: boolean;
};

/**
 * Amounts shown after the summary under a heading of their own, labelled in the reader's language:
 * a card statement's load capacity and limits beside its balance.
 */
export type StatementFigures = {
  title: string;
  rows: readonly { label: string; amount: string; asset: string }[];
};

/** What identifies whose statement it is, beside the company's name: its registration number, the card. */
export type StatementIdentifier = { label: string; value: string };

export type Statement = {
  language: Language;
  companyName: string;
  /** Registration number, account, card: shown under the company's name, each with its label. */
  identifiers?: readonly StatementIdentifier[];
  /** The IANA time zone every time and the period's days are in (the reader's, as the history shows them). */
  timeZone: string;
  /** YYYY-MM-DD, both days included, days of `timeZone`. */
  period: { from: string; to: string };
  generatedAt: Date;
  /** Known up front (computed by SQL), in the order the lines come in. */
  summaries: StatementAssetSummary[];
  /**
   * Labels of this statement in place of the company statement's, already in the reader's language:
   * a card statement's title, and its debits read as purchases (`summary_columns.debits`).
   */
  labels?: Readonly<Partial<Record<'title' | 'summary_columns.debits', string>>>;
  figures?: StatementFigures;
  /** Ordered by asset (in the summaries' order), then time. May be a million lines: read once, never collected. */
  lines: AsyncIterable<StatementLine>;
};
