/**
 * The identity emails, written in the recipient's language from the `email` namespace of the i18n
 * catalogues, as HTML and plain text.
 */
import type { EmailCodePurpose, StepUpAction } from '@bank/contract/account';
import { type Language, localeOfLanguage } from '@bank/contract/constants';
import type { AccountSecurityChange } from '@bank/contract/events';
import { translate } from '@bank/i18n/resources';
import { type EmailContent, renderEmailHtml, renderEmailText } from '../../adapters/mail/html.ts';
import type { OutgoingEmail } from '../../adapters/mail/mailer.ts';
import { emailCodeRules } from './rules.ts';

function emailOf(to: string, content: EmailContent, subject: string): OutgoingEmail {
  return { to, subject, text: renderEmailText(content), html: renderEmailHtml(content) };
}

/**
 * A code's email. A step-up code names the action it confirms (subject and first line) when the
 * request said which; otherwise it says "the action you started".
 */
export function codeEmail(
  language: Language,
  to: string,
  purpose: EmailCodePurpose,
  code: string,
  action?: StepUpAction,
): OutgoingEmail {
  const key = (name: string) => `email.code.${purpose}.${name}`;
  const actionKey = purpose === 'step_up' && action ? `email.code.step_up_actions.${action}` : null;
  const content: EmailContent = {
    locale: localeOfLanguage[language],
    title: translate(language, key('title')),
    code,
    paragraphs: [
      translate(language, actionKey ? `${actionKey}.intro` : key('intro')),
      translate(language, 'email.code.validity', { minutes: emailCodeRules.validitySeconds / 60 }),
      translate(language, key('unexpected')),
    ],
    footer: translate(language, 'email.footer'),
  };
  return emailOf(to, content, translate(language, actionKey ? `${actionKey}.subject` : key('subject')));
}

/** A notice: a security change (sign-in/security-notices.ts), or a registration attempt on a taken address. */
export type Notice = 'account_exists' | AccountSecurityChange;

/**
 * The facts a notice's text is written from: the change's time (emailTime), and for a recovery code
 * used the codes left, for a lock its failures and end. A registration attempt names none.
 */
export type NoticeFacts = { time: string; left: number; failures: number; until: string; name: string };

export function noticeEmail(language: Language, to: string, notice: 'account_exists'): OutgoingEmail;
export function noticeEmail(
  language: Language,
  to: string,
  notice: AccountSecurityChange,
  facts: NoticeFacts,
): OutgoingEmail;
export function noticeEmail(language: Language, to: string, notice: Notice, facts?: NoticeFacts): OutgoingEmail {
  const params = facts ?? {};
  const content: EmailContent = {
    locale: localeOfLanguage[language],
    title: translate(language, `email.${notice}.title`),
    paragraphs: [translate(language, `email.${notice}.body`, params)],
    footer: translate(language, 'email.footer'),
  };
  return emailOf(to, content, translate(language, `email.${notice}.subject`));
}

/** Times in emails: unambiguous in every language, and in UTC like every time on the wire. */
export function emailTime(time: Date): string {
  return `${time.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
