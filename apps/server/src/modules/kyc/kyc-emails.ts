/** The KYC emails, in the recipient's language, from the `kyc_email` namespace of the catalogues. */
import { type Language, localeOfLanguage, workingDays } from '@bank/contract/constants';
import { translate } from '@bank/i18n/resources';
import { renderEmailHtml, renderEmailText } from '../../adapters/mail/html.ts';
import type { OutgoingEmail } from '../../adapters/mail/mailer.ts';
import { emailTime } from '../account/account-emails.ts';

export type KycEmailKind = 'submitted' | 'approved' | 'rejected' | 'returned';

export function kycEmail(
  language: Language,
  to: string,
  kind: KycEmailKind,
  facts: { companyName: string | null; at: Date; reason?: string | null },
): OutgoingEmail {
  const company = facts.companyName ?? translate(language, 'kyc_email.unnamed_company');
  const paragraphs = [
    translate(language, `kyc_email.${kind}.body`, {
      company,
      time: emailTime(facts.at),
      days: workingDays.kycReview,
    }),
  ];
  if (facts.reason && (kind === 'rejected' || kind === 'returned')) {
    paragraphs.push(translate(language, 'kyc_email.reason', { reason: facts.reason }));
  }
  const content = {
    locale: localeOfLanguage[language],
    title: translate(language, `kyc_email.${kind}.title`),
    paragraphs,
    footer: translate(language, 'email.footer'),
  };
  return {
    to,
    subject: translate(language, `kyc_email.${kind}.subject`),
    text: renderEmailText(content),
    html: renderEmailHtml(content),
  };
}
