import { describe, expect, it } from 'vitest';
import { auditDetailText, type CatalogueLookup } from './audit-text.ts';
import { hasMessage, translate } from './resources.ts';

const lookupIn =
  (language: 'en' | 'jp'): CatalogueLookup =>
  (key, params) =>
    hasMessage(key) ? translate(language, key, params) : undefined;
const time = (instant: string) => `at ${instant}`;

describe('an audit entry’s details in the reader’s words', () => {
  it('names each detail and its value from the catalogue', () => {
    const detail = { method: 'email', failures: 0, scope: 'read_only', total_usd: '120.00' };
    expect(auditDetailText(lookupIn('en'), time, detail)).toBe(
      'Second factor: emailed code · Failed attempts: 0 · Scope: read only · Total (USD): 120.00',
    );
    expect(auditDetailText(lookupIn('jp'), time, { scope: 'read_write' })).toBe('範囲: 読み取りと書き込み');
  });

  it('leaves out what it cannot name: an unnamed key, a code with no word, a record, an id', () => {
    const detail = {
      some_new_fact: 'x',
      status: 'pending_approval',
      holds: [{ asset: 'USDT', transfer_id: 't1' }],
      batch_id: '0193',
      expires_at: null,
      file_name: 'suppliers_march.csv',
    };
    expect(auditDetailText(lookupIn('en'), time, detail)).toBe('File: suppliers_march.csv');
  });
});
