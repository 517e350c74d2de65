import { kyc } from '@bank/i18n/locales/en/kyc';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addEnglishMessages, changeLanguage, currentLanguage, initI18n, loadSignedInMessages } from './i18n.ts';

/** localStorage as the app uses it (getItem, setItem). */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
  };
}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('document', { documentElement: { lang: '' } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('i18n start-up and switch', () => {
  it('has the stored language ready at start-up, so the first render is already in Chinese', async () => {
    localStorage.setItem('language', 'ch');
    await initI18n();
    expect(i18next.t('shell.loading')).toBe('加载中…');
    expect(currentLanguage()).toBe('ch');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('loads a language when chosen, then switches, stores it and sets <html lang>', async () => {
    await initI18n();
    expect(i18next.t('shell.loading')).toBe('Loading…');
    await changeLanguage('jp');
    expect(i18next.t('shell.loading')).toBe('読み込み中…');
    expect(currentLanguage()).toBe('jp');
    expect(localStorage.getItem('language')).toBe('jp');
    expect(document.documentElement.lang).toBe('ja');

    await changeLanguage('en');
    expect(i18next.t('shell.loading')).toBe('Loading…');
    expect(currentLanguage()).toBe('en');
  });

  it("starts with English's public messages only, and adds those every signed-in screen shows when asked", async () => {
    await initI18n();
    expect(i18next.exists('auth.login.second_factor_title')).toBe(true);
    expect(i18next.exists('states.transaction.success')).toBe(false);
    await loadSignedInMessages();
    expect(i18next.t('states.transaction.success')).toBe('Success');
    expect(i18next.t('auth.login.second_factor_title')).toBe('Two-step verification');
    // A screen's own namespace comes with its code (src/messages, which calls addEnglishMessages).
    expect(i18next.exists('kyc.sections.company')).toBe(false);
    addEnglishMessages({ kyc });
    expect(i18next.t('kyc.sections.company')).toBe('Company information');
  });

  it('adds English a module brings before i18next has started once it has, merged into its namespace', async () => {
    // A fresh app: a page's modules may be evaluated before i18next has started (routes.tsx preloadPage).
    vi.resetModules();
    const fresh = await import('./i18n.ts');
    const { default: freshI18next } = await import('i18next');
    fresh.addEnglishMessages({ cards: { money: { top_up: { close: 'Close it' } } } });
    fresh.addEnglishMessages({ cards: { title: 'The cards' } });
    expect(freshI18next.exists('cards.title' as never)).toBe(false);
    await fresh.initI18n();
    expect(freshI18next.t('cards.money.top_up.close' as never)).toBe('Close it');
    expect(freshI18next.t('cards.title' as never)).toBe('The cards');
    fresh.addEnglishMessages({ cards: { money: { top_up: { quote_title: 'Quote' } } } });
    expect(freshI18next.t('cards.money.top_up.quote_title' as never)).toBe('Quote');
    expect(freshI18next.t('cards.money.top_up.close' as never)).toBe('Close it');
  });
});
