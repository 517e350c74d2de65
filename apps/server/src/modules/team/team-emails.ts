/** The invitation of a sub-account, written in the inviter's language from the `email` namespace. */
import { type Language, localeOfLanguage } from '@bank/contract/constants';
import { translate } from '@bank/i18n/resources';
import { renderEmailHtml, renderEmailText } from '../../adapters/mail/html.ts';
import type { OutgoingEmail } from '../../adapters/mail/mailer.ts';
import { emailTime } from '../account/index.ts';

export function invitationEmail(
  language: Language,
  to: string,
  facts: { company: string | null; inviter: string; username: string; link: string; expiresAt: Date },
): OutgoingEmail {
  const key = (name: string) => `email.team_invitation.${name}`;
  const params = {
    company: facts.company ?? translate(language, 'kyc_email.unnamed_company'),
    inviter: facts.inviter,
    username: facts.username,
    until: emailTime(facts.expiresAt),
  };
  const content = {
    locale: localeOfLanguage[language],
    title: translate(language, key('title'), params),
    paragraphs: [translate(language, key('body'), params), translate(language, key('action'), params)],
    link: facts.link,
    closing: [translate(language, key('next')), translate(language, key('unexpected'))],
    footer: translate(language, 'email.footer'),
  };
  return {
    to,
    subject: translate(language, key('subject'), params),
    text: renderEmailText(content),
    html: renderEmailHtml(content),
  };
}
