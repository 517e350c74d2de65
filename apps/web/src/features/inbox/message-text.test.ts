import { cardProcessorActions, cardProcessorFaults } from '@bank/contract/cards';
import {
  categoryOfMessageKind,
  type InboxMessage,
  type MessageKind,
  type MessageParams,
  messageKinds,
  messageParamsOfKind,
} from '@bank/contract/inbox';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n, loadSignedInMessages } from '../../lib/i18n.ts';
import { messagePathOf, messageTextOf } from './message-text.ts';
// The English the inbox's panel brings with it (src/messages).
import '../../messages/contact-requests.ts';
import '../../messages/inbox.ts';
import '../../messages/payouts.ts';

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
    expect(messagePathOf(message({ link: { page: 'payout_batches', id: 'b1' } }))).toBe('/blockchain_w/batch?batch=b1');
  });

  it('counts a batch’s payouts in the reader’s language', async () => {
    const waiting = message({
      kind: 'payout_batch_approval_requested',
      params: { file_name: 'suppliers.csv', rows: '1' },
    });
    await changeLanguage('en');
    expect(messageTextOf(waiting, i18next.t, 'en').body).toBe('A colleague submitted suppliers.csv: 1 payout.');
    const rejected = message({
      kind: 'payout_batch_rejected',
      params: { file_name: 'suppliers.csv', rows: '12', reason: 'Not due yet' },
    });
    expect(messageTextOf(rejected, i18next.t, 'en')).toMatchObject({
      body: 'suppliers.csv (12 payouts) was rejected. The amounts and fees are back in your balance.',
      note: expect.stringContaining('Not due yet'),
    });
    await changeLanguage('jp');
    expect(messageTextOf(rejected, i18next.t, 'ja').body).toBe(
      'suppliers.csv（12 件の送金）は却下されました。金額と手数料は残高に戻りました。',
    );
  });
});

/**
 * One message of every kind, with every fact its kind declares in the contract (messageParamsOfKind):
 * typed by the contract, so a kind added there without a sample here, or a fact renamed, does not
 * compile. The values are what the producers hand over (decimal strings, contract values, days).
 */
const factsOfEveryKind: { [Kind in MessageKind]: Required<MessageParams<Kind>> } = {
  kyc_submitted: {},
  kyc_approved: { reason: 'Register extract accepted' },
  kyc_rejected: { reason: 'Register extract missing' },
  kyc_returned: { reason: 'Register extract missing' },
  kyc_refused: { reason: 'Ownership unclear' },
  security_changed: { change: 'password_changed' },
  deposit_credited: { amount: '1250.5', asset: 'USDT', network: 'TRC20' },
  payout_approval_requested: payoutFacts(),
  payout_in_review: payoutFacts(),
  payout_sent: payoutFacts(),
  payout_completed: payoutFacts(),
  payout_rejected: payoutFacts('The beneficiary’s bank refused the account'),
  payout_failed: payoutFacts('rail_rejected'),
  payout_cancelled: payoutFacts(),
  payout_batch_approval_requested: { file_name: 'suppliers-march.csv', rows: '12' },
  payout_batch_rejected: { file_name: 'suppliers-march.csv', rows: '1', reason: 'Two invoices are not due yet' },
  announcement_published: { title_en: 'Holiday hours', title_ch: '假期服务时间', title_jp: '年末の営業時間' },
  feedback_answered: {},
  contact_request_handled: { product: 'structured_products' },
  contact_request_received: { product: 'private_banking' },
  fx_converted: conversionFacts(),
  otc_quoted: { ...conversionFacts(), expires_at: '2026-11-28T10:05:00.000Z' },
  otc_settled: conversionFacts(),
  otc_request_received: { from_asset: 'USDT', from_amount: '250000', to_asset: 'BTC' },
  top_up_completed: { amount: '500', last4: '4242', asset: 'USDT' },
  top_up_returned: { amount: '500', last4: '4242', asset: 'USDT' },
  top_up_cancelled: { amount: '500', last4: '4242', asset: 'USDC' },
  card_application_submitted: { name: 'Mei Tanaka', reason: 'Passport expired' },
  card_application_approved: { name: 'Mei Tanaka', reason: 'Approved' },
  card_application_rejected: { name: 'Mei Tanaka', reason: 'Passport expired' },
  card_awaiting_activation: { last4: '4242' },
  card_activated: { last4: '4242' },
  card_blocked: { last4: '4242' },
  card_unblocked: { last4: '4242' },
  card_anomaly: { last4: '4242', cause: 'lost_or_stolen' },
  card_expired: { last4: '4242' },
  card_cancelled: { last4: '4242' },
  card_balance_returned: {
    last4: '4242',
    cause: 'expired',
    amount: '12.5',
    asset: 'USDC',
    credited_amount: '12.48',
    rate: '0.9985',
  },
  card_replacement_refused: { last4: '4242' },
  card_auto_renewal_failed: { last4: '4242', amount: '120', asset: 'USDT', due_on: '2026-12-01' },
  card_replacement_fee_owed: { last4: '4242', amount: '25' },
  card_processor_failed: { company_name: 'Meridian Trading Pte. Ltd.', action: 'top_up', fault: 'unavailable' },
  programme_batch_ready_to_bind: { batch_number: 'PB-2026-0007', quantity: '40' },
  programme_card_bound: { last4: '4242', cardholder_name: 'Mei Tanaka' },
  programme_membership_fee_failed: { last4: '4242', amount: '30', due_on: '2026-12-01' },
  alert_balance_below: { asset: 'USDC', threshold: '10000', available: '9500.25' },
  alert_payout_above: { asset: 'USDT', amount: '25000', threshold: '20000', destination: 'Acme Supplies Ltd' },
  alert_card_purchase_above: { last4: '4242', amount: '820.4', threshold: '500', merchant: 'Skyline Airways' },
  alert_new_device_sign_in: { device: 'Firefox on Windows', ip: '203.0.113.7' },
};

function payoutFacts(reason = 'Beneficiary name does not match the account') {
  return { amount: '2525.179301', asset: 'USDT', destination: 'Acme Supplies Ltd', payout_kind: 'fiat', reason };
}

function conversionFacts() {
  return { from_asset: 'USDT', from_amount: '12500', to_asset: 'USDC', amount_received: '12493.75', rate: '0.9995' };
}

/** The facts without the optional ones: what a producer sends when the event has none of them. */
function requiredFactsOf(kind: MessageKind): Record<string, string> {
  const shape = messageParamsOfKind[kind].shape as Record<
    string,
    { safeParse: (value: unknown) => { success: boolean } }
  >;
  const facts: Record<string, string> = factsOfEveryKind[kind];
  return Object.fromEntries(Object.entries(facts).filter(([name]) => !shape[name]?.safeParse(undefined).success));
}

describe('every message, in three languages, from the facts its kind declares', () => {
  const languages = [
    ['en', 'en'],
    ['ch', 'zh-CN'],
    ['jp', 'ja'],
  ] as const;

  it('declares a sample of exactly the facts of its kind', () => {
    for (const kind of messageKinds) {
      expect(messageParamsOfKind[kind].strict().safeParse(factsOfEveryKind[kind]).success, kind).toBe(true);
    }
  });

  it.each(languages)(
    'writes every kind in %s with no placeholder left, with or without its optional facts',
    async (language, locale) => {
      await changeLanguage(language);
      for (const kind of messageKinds) {
        for (const params of [factsOfEveryKind[kind], requiredFactsOf(kind)]) {
          const text = messageTextOf(
            message({ kind, category: categoryOfMessageKind[kind], params }),
            i18next.t,
            locale,
          );
          const written = [text.title, text.body, text.note ?? ''].join('\n');
          expect(written, `${kind} in ${locale}`).not.toMatch(/\{\{|\}\}|undefined|NaN|inbox\.kinds/);
          expect(text.body.trim(), `${kind} in ${locale}`).not.toBe('');
        }
      }
    },
  );

  it('fills the programme’s messages (finding 2)', () => {
    const batch = message({
      kind: 'programme_batch_ready_to_bind',
      category: 'cards',
      params: factsOfEveryKind.programme_batch_ready_to_bind,
    });
    expect(messageTextOf(batch, i18next.t, 'en').body).toBe(
      'Print batch PB-2026-0007 (40 cards) has been printed and mailed to you. Bind its cards to your cardholders.',
    );
    const bound = message({
      kind: 'programme_card_bound',
      category: 'cards',
      params: factsOfEveryKind.programme_card_bound,
    });
    expect(messageTextOf(bound, i18next.t, 'en').body).toBe(
      'Card •••• 4242 is bound to Mei Tanaka: activate it with the codes of its letter.',
    );
  });

  it('writes a returned card balance’s rate base first', () => {
    const returned = message({
      kind: 'card_balance_returned',
      category: 'cards',
      params: factsOfEveryKind.card_balance_returned,
    });
    expect(messageTextOf(returned, i18next.t, 'en').body).toContain('(rate: 1 USD = 0.9985 USDC)');
  });

  it.each(languages)(
    'tells the card staff in %s whom to contact about which action, for every action and fault',
    async (language, locale) => {
      await changeLanguage(language);
      const bodies = new Set<string>();
      for (const action of cardProcessorActions) {
        expect(i18next.exists(`inbox.kinds.card_processor_failed.actions.${action}`), action).toBe(true);
        for (const fault of cardProcessorFaults) {
          const params = { company_name: 'Meridian Trading', action, fault };
          const text = messageTextOf(
            message({ kind: 'card_processor_failed', category: 'cards', params }),
            i18next.t,
            locale,
          );
          expect(text.body, `${action} ${fault} in ${locale}`).toContain('Meridian Trading');
          expect(text.body, `${action} ${fault} in ${locale}`).not.toMatch(/\{\{|\}\}|inbox\.kinds|_/);
          bodies.add(text.body);
        }
      }
      // Each action and fault reads differently: none fell back to another's words.
      expect(bodies.size).toBe(cardProcessorActions.length * cardProcessorFaults.length);
    },
  );

  it('names the action in English words', () => {
    const failed = message({
      kind: 'card_processor_failed',
      category: 'cards',
      params: { company_name: 'Meridian Trading', action: 'top_up', fault: 'unavailable' },
    });
    expect(messageTextOf(failed, i18next.t, 'en').body).toBe(
      'The card processor did not answer when Meridian Trading tried to top up a card. Nothing was done, and the client was told we will contact them shortly.',
    );
  });
});
