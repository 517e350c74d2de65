import { errorCatalogue } from '@bank/contract/errors';
import { stateLists } from '@bank/contract/states';
import { describe, expect, it } from 'vitest';
import { catalogues, hasMessage, translate } from './resources.ts';

function leaves(node: unknown, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (typeof node !== 'object' || node === null) {
    found.set(prefix, node);
    return found;
  }
  for (const [key, value] of Object.entries(node)) {
    for (const [path, leaf] of leaves(value, prefix ? `${prefix}.${key}` : key)) found.set(path, leaf);
  }
  return found;
}

describe('message catalogues', () => {
  const reference = leaves(catalogues.en);

  for (const [locale, catalogue] of Object.entries(catalogues)) {
    it(`${locale} has every key of English and no other, each a non-empty string`, () => {
      const messages = leaves(catalogue);
      expect([...messages.keys()].sort()).toEqual([...reference.keys()].sort());
      for (const [key, message] of messages) {
        expect(typeof message === 'string' && message.trim().length > 0, `${locale}: ${key}`).toBe(true);
      }
    });

    it(`${locale} keeps every placeholder of the English message`, () => {
      const messages = leaves(catalogue);
      for (const [key, english] of reference) {
        const placeholders = String(english).match(/\{\{[^}]*\}\}/g) ?? [];
        const message = String(messages.get(key));
        for (const placeholder of placeholders) expect(message, `${locale}: ${key}`).toContain(placeholder);
      }
    });
  }

  it('has a message for every code of the error catalogue', () => {
    for (const key of Object.keys(errorCatalogue)) expect(hasMessage(`errors.${key}`), key).toBe(true);
  });

  it('has a label for every state of SPEC.md section 4', () => {
    for (const [list, values] of Object.entries(stateLists)) {
      for (const value of values) expect(hasMessage(`states.${list}.${value}`), `${list}.${value}`).toBe(true);
    }
  });

  it('translates into the language of the wire value, with parameters', () => {
    expect(translate('en', 'validation.email_required')).toBe('E-mail can not be empty');
    expect(translate('ch', 'validation.too_long', { max: 5 })).toBe('最多输入5个字符');
    expect(translate('jp', 'errors.network_timeout')).toBe('ネットワークタイムアウト');
    expect(translate('jp', 'no.such.key')).toBe('no.such.key');
  });

  it('words a wait as the relativetime formatter of i18next does, in each language', () => {
    const wait = { minutes: 42 };
    expect(translate('en', 'email.messages.retry_after_minutes', wait)).toBe(
      'Too many attempts. Please try again in 42 minutes.',
    );
    expect(translate('ch', 'email.messages.retry_after_minutes', wait)).toBe('尝试次数过多，请42分钟后重试。');
    expect(translate('jp', 'email.messages.retry_after_minutes', wait)).toBe(
      '試行回数が多すぎます。42 分後にもう一度お試しください。',
    );
    expect(translate('en', 'email.messages.retry_after', { seconds: 40 })).toBe(
      'Too many attempts. Please try again in 40 seconds.',
    );
  });
});
