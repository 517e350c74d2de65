import { describe, expect, it } from 'vitest';
import { labelOf, ownWordOf } from './label-text.ts';
import { type LabelledSet, labelledValues } from './labels.ts';

/** Words that are the same in every language: codes of the trade a client reads as they are. */
const sameInEveryLanguage = new Set<string>(['KYC', 'OTC', 'POS', 'ATM']);

const sets = Object.keys(labelledValues) as LabelledSet[];

describe('no code reaches a client: every value of the contract a client reads has its word', () => {
  it.each(sets)('%s: a word for every value in en, zh-CN and ja; the Chinese and Japanese ones translated', (set) => {
    const missing: string[] = [];
    for (const value of labelledValues[set].values) {
      const english = ownWordOf('en', set, value);
      for (const locale of ['en', 'zh-CN', 'ja'] as const) {
        const word = ownWordOf(locale, set, value);
        if (!word?.trim() || word.includes('{{')) missing.push(`${locale}: ${value}`);
        else if (locale !== 'en' && word === english && !sameInEveryLanguage.has(word))
          missing.push(`${locale}: ${value} reads in English ("${word}")`);
        else if (/\b[a-z]+_[a-z_]+\b/.test(word)) missing.push(`${locale}: ${value} reads as a code ("${word}")`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('writes a payout’s steps on a transaction as its own page does, and never a code for an unknown value', () => {
    expect(labelOf('en', 'transaction_step', 'review_approved')).toBe(labelOf('en', 'payout_step', 'review_approved'));
    expect(labelOf('jp', 'ledger_movement', 'payout')).not.toBe('payout');
    expect(labelOf('ch', 'transaction_type', 'card_fee')).not.toMatch(/_/);
    expect(labelOf('en', 'ledger_movement', 'something_new')).toBe('Other');
  });
});
