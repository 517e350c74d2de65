/**
 * The statement as the writers take it: summaries known up front, lines streamed. Its own file so
 * that the writers and statement.ts, which re-exports it, import it without a cycle.
 */
import type { Language } from '@bank/contract/constants';

/** One asset's movement over the period: decimal strings at the asset's scale; only opening and closing may be negative. */
export type StatementAssetSummary = {
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
  /** The business record's id (the PDF shows it short). */
  reference: string;
  /** What the line was, in the reader's language (a card purchase's merchant); the kind's label when absent. */
  description?: string;
  direction: 'credit' | 'debit';
  /** Positive decimal string. */
  amount: string;
  /** The running balance after this line. */
  balance: string;
  isSettled: boolean;
};

export type Statement = {
  language: Language;
  companyName: string;
  /** YYYY-MM-DD, both days included, UTC days. */
  period: { from: string; to: string };
  generatedAt: Date;
  /** Known up front (computed by SQL), in the order the lines come in. */
  summaries: StatementAssetSummary[];
  /**
   * Labels of this statement in place of the company statement's, already in the reader's language:
   * a card statement's title, and its debits read as purchases (`summary_columns.debits`).
   */
  labels?: Readonly<Partial<Record<'title' | 'summary_columns.debits', string>>>;
  /** Ordered by asset (in the summaries' order), then time. May be a million lines: read once, never collected. */
  lines: AsyncIterable<StatementLine>;
};
