/**
 * No code reaches a client through a statement: every movement the ledger posts,
 * rendered in Chinese and Japanese as PDF, CSV and XLSX, reads in that language, with no snake_case
 * code and no English word left (asset and currency codes, ids and hashes are written alike in every
 * language).
 */
import { buffer } from 'node:stream/consumers';
import type { Language } from '@bank/contract/constants';
import { ledgerMovementKinds } from '@bank/contract/ledger';
import { exportFormats } from '@bank/contract/transaction';
import { translate } from '@bank/i18n/resources';
import { describe, expect, it } from 'vitest';
import { type Statement, type StatementLine, writeStatement } from './statement.ts';
import { describeKind } from './statement-text.ts';
import { foreignWords, textOfExport } from './test-support.ts';

/** One line of every movement kind, the odd ones pending, with ids that carry digits as real ones do. */
function everyKind(): StatementLine[] {
  return ledgerMovementKinds.map((kind, index) => ({
    asset: 'USDT',
    at: new Date(Date.UTC(2026, 10, 2, 9, index)),
    kind,
    reference: `01973a1c-0000-7000-8000-${String(index).padStart(12, '0')}`,
    direction: index % 3 === 0 ? 'credit' : 'debit',
    amount: `${index + 1}.5`,
    balance: `${1000 + index}.25`,
    isSettled: index % 2 === 0,
  }));
}

async function* linesOf(lines: StatementLine[]): AsyncGenerator<StatementLine> {
  for (const line of lines) yield line;
}

function statementIn(language: Language): Statement {
  return {
    language,
    companyName: language === 'ch' ? '长城数字贸易有限公司' : '株式会社さくら貿易',
    identifiers: [{ label: translate(language, 'statement.registration_number'), value: '201912345K' }],
    timeZone: 'UTC',
    period: { from: '2026-11-01', to: '2026-11-30' },
    generatedAt: new Date('2026-12-01T09:05:00Z'),
    summaries: [{ asset: 'USDT', opening: '0', credits: '100', debits: '20', fees: '1.5', closing: '78.5' }],
    lines: linesOf(everyKind()),
  };
}

describe('statement words', () => {
  it('labels every movement kind of the ledger in each language, never with its code', () => {
    for (const language of ['en', 'ch', 'jp'] as const)
      for (const kind of ledgerMovementKinds) {
        const described = describeKind(language, kind);
        expect(described, `${language} ${kind}`).not.toBe(translate(language, 'statement.other_kind'));
        expect(described, `${language} ${kind}`).not.toMatch(/_/);
        if (language !== 'en') expect(described, `${language} ${kind}`).not.toBe(describeKind('en', kind));
      }
  });

  it.each((['ch', 'jp'] as const).flatMap((language) => exportFormats.map((format) => [language, format] as const)))(
    'writes a %s %s statement of every movement kind with no code and no English word',
    async (language, format) => {
      const bytes = await buffer((await writeStatement(format, statementIn(language))).body);
      const text = await textOfExport(format, bytes);
      expect(text.length).toBeGreaterThan(200);
      expect(foreignWords(text)).toEqual([]);
    },
  );

  it('catches a code or an English word when one is left', () => {
    expect(foreignWords('其他（card_fee_card_cost） 1,234.50 USDT 01973a1c-0000')).toEqual(['card_fee_card_cost']);
    expect(foreignWords('卡片 Pending ERC20 UTC')).toEqual(['Pending']);
  });
});
