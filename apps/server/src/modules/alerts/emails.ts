/**
 * An alert's email, written in its reader's language from the `alerts` namespace of the catalogues
 * (decision 0017: typed facts), amounts through the money formatter in the reader's locale.
 */
import type { AlertKind } from '@bank/contract/alerts';
import { type Language, localeOfLanguage } from '@bank/contract/constants';
import { formatMoney } from '@bank/contract/money-text';
import { translate } from '@bank/i18n/resources';
import { renderEmailHtml, renderEmailText } from '../../adapters/mail/html.ts';
import type { OutgoingEmail } from '../../adapters/mail/mailer.ts';
import { emailTime } from '../account/index.ts';

type Money = { amount: string; asset: string };

/** What each kind's email says: the facts its text is written from. */
export type AlertFacts =
  | { kind: 'balance_below'; threshold: Money; available: Money }
  | { kind: 'payout_above'; amount: Money; threshold: Money; destination: string }
  | { kind: 'card_purchase_above'; amount: Money; threshold: Money; merchant: string; last4: string }
  | { kind: 'new_device_sign_in'; device: string; ip: string | null };

function paramsOf(facts: AlertFacts, locale: string, language: Language): Record<string, string> {
  const money = (value: Money) => formatMoney(value.amount, value.asset, locale);
  switch (facts.kind) {
    case 'balance_below':
      return { asset: facts.threshold.asset, threshold: money(facts.threshold), available: money(facts.available) };
    case 'payout_above':
      return { amount: money(facts.amount), threshold: money(facts.threshold), destination: facts.destination };
    case 'card_purchase_above':
      return {
        amount: money(facts.amount),
        threshold: money(facts.threshold),
        merchant: facts.merchant,
        last4: facts.last4,
      };
    case 'new_device_sign_in':
      return { device: facts.device, ip: facts.ip ?? translate(language, 'alerts.email.unknown_address') };
  }
}

export function alertEmail(language: Language, to: string, facts: AlertFacts, at: Date): OutgoingEmail {
  const locale = localeOfLanguage[language];
  const params = { ...paramsOf(facts, locale, language), time: emailTime(at) };
  const key = (part: string) => `alerts.email.${facts.kind satisfies AlertKind}.${part}`;
  const content = {
    locale,
    title: translate(language, key('title'), params),
    paragraphs: [translate(language, key('body'), params), translate(language, 'alerts.email.why', params)],
    footer: translate(language, 'email.footer'),
  };
  return {
    to,
    subject: translate(language, key('subject'), params),
    text: renderEmailText(content),
    html: renderEmailHtml(content),
  };
}
