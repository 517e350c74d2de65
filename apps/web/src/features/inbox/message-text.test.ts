import type { InboxMessage } from '@bank/contract/inbox';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n, loadSignedInMessages } from '../../lib/i18n.ts';
import { messagePathOf, messageTextOf } from './message-text.ts';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
  };
}

beforeEach(async () => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('document', { documentElement: { lang: '' } });
  await initI18n();
  await loadSignedInMessages();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function message(overrides: Partial<InboxMessage>): InboxMessage {
  return {
    message_id: '0193a0b1-0000-7000-8000-000000000001',
    category: 'transactions',
    kind: 'deposit_credited',
    params: {},
    link: null,
    is_read: false,
    created_at: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}

describe('a message in its reader’s words', () => {
  it('writes a credited deposit with its amount in the asset’s decimals and its network', () => {
    const credited = message({ params: { amount: '1250.5', asset: 'USDT', network: 'TRC20' } });
    expect(messageTextOf(credited, i18next.t, 'en')).toEqual({
      title: 'Deposit credited',
      body: '1,250.50 USDT on TRC20 was credited to your account.',
      note: null,
    });
    const fiat = message({ params: { amount: '4975', asset: 'USDC' } });
    expect(messageTextOf(fiat, i18next.t, 'en').body).toBe('4,975.00 USDC was credited to your account.');
  });

  it('writes it again in the language the reader reads in now', async () => {
    await changeLanguage('jp');
    const change = message({ category: 'account', kind: 'security_changed', params: { change: 'password_changed' } });
    expect(messageTextOf(change, i18next.t, 'ja')).toEqual({
      title: 'セキュリティの変更',
      body: 'パスワードが変更されました。',
      note: 'お心当たりがない場合は、すぐに当行へご連絡ください。',
    });
    await changeLanguage('ch');
    const returned = message({
      category: 'account',
      kind: 'kyc_returned',
      params: { reason: 'Missing register extract' },
    });
    expect(messageTextOf(returned, i18next.t, 'zh-CN')).toMatchObject({
      title: 'KYC 需要修改',
      note: '原因：Missing register extract',
    });
  });

  it('writes an announcement under its own title in the reader’s language, leading to it', async () => {
    const announcement = message({
      category: 'announcements',
      kind: 'announcement_published',
      params: { title_en: 'Holiday hours', title_ch: '假期服务时间', title_jp: '年末の営業時間' },
      link: { page: 'announcement', id: '0193a0b1-0000-7000-8000-00000000000a' },
    });
    expect(messageTextOf(announcement, i18next.t, 'en')).toEqual({
      title: 'Holiday hours',
      body: 'The bank published an announcement. Open it to read it in full.',
      note: null,
    });
    await changeLanguage('jp');
    expect(messageTextOf(announcement, i18next.t, 'ja')).toMatchObject({
      title: '年末の営業時間',
      body: '銀行からお知らせが掲載されました。開いて全文をお読みください。',
    });
    expect(messagePathOf(announcement)).toBe('/affiche/affiche_list?id=0193a0b1-0000-7000-8000-00000000000a');
  });

  it('tells of an answered feedback and a handled contact request, leading to the feedback and the product', async () => {
    const answered = message({
      category: 'support',
      kind: 'feedback_answered',
      link: { page: 'feedback', id: '0193a0b1-0000-7000-8000-00000000000f' },
    });
    expect(messageTextOf(answered, i18next.t, 'en')).toEqual({
      title: 'Your feedback was answered',
      body: 'The bank answered your feedback. Open it to read the answer.',
      note: null,
    });
    expect(messagePathOf(answered)).toBe('/feedback?id=0193a0b1-0000-7000-8000-00000000000f');
    const handled = message({
      category: 'support',
      kind: 'contact_request_handled',
      params: { product: 'structured_products' },
      link: { page: 'structured_products', id: null },
    });
    await changeLanguage('ch');
    expect(messageTextOf(handled, i18next.t, 'zh-CN').body).toBe('您的客户经理已处理您关于结构性产品的请求。');
    expect(messagePathOf(handled)).toBe('/structured_p');
  });

  it('leads to the page of what it tells', () => {
    expect(messagePathOf(message({ link: { page: 'transaction_detail', id: 'abc' } }))).toBe(
      '/my_transaction_info?id=abc',
    );
    expect(messagePathOf(message({ link: { page: 'kyc', id: null } }))).toBe('/kyc');
    expect(messagePathOf(message({ link: null }))).toBeNull();
  });
});
