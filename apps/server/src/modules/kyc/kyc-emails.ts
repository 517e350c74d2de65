/**
 * The KYC emails: a consumer of `kyc.status_changed` (one line in module.ts). A submission is
 * confirmed to the user who submitted; a decision goes to every administrator of the company. Each
 * email is written in its reader's language when the consumer runs, from the `kyc_email`
 * namespace of the catalogues, and queued in the consumer's transaction.
 */
import { type Language, localeOfLanguage, workingDays } from '@bank/contract/constants';
import { translate } from '@bank/i18n/resources';
import type { EmailQueue } from '../../adapters/mail/email-queue.ts';
import { renderEmailHtml, renderEmailText } from '../../adapters/mail/html.ts';
import type { OutgoingEmail } from '../../adapters/mail/mailer.ts';
import type { EventConsumer } from '../../platform/events.ts';
import { emailTime, findUserById, languageOfUser } from '../account/index.ts';
import { companyAdministrators, findCompany } from './queries.ts';

export type KycEmailKind = 'submitted' | 'approved' | 'rejected' | 'returned' | 'refused';

/** The decisions whose email carries the reviewer's reason. */
const kindsWithReason: ReadonlySet<KycEmailKind> = new Set(['rejected', 'returned', 'refused']);

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
  if (facts.reason && kindsWithReason.has(kind)) {
    paragraphs.push(translate(language, 'kyc_email.reason', { reason: facts.reason }));
  }
  // A final refusal cannot be answered by submitting again: the email says where to turn instead.
  if (kind === 'refused') paragraphs.push(translate(language, 'kyc_email.refused.next_steps'));
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

export function sendKycStatusEmails(emailQueue: EmailQueue): EventConsumer<'kyc.status_changed'> {
  return async (tx, change) => {
    const company = await findCompany(tx, change.company_id);
    const facts = { companyName: company?.name ?? null, at: new Date(change.at), reason: change.reason ?? null };
    const options = { companyId: change.company_id };
    if (!change.decision) {
      const submitter = await findUserById(tx, change.actor_user_id);
      if (submitter) {
        await emailQueue.enqueue(tx, kycEmail(languageOfUser(submitter), submitter.email, 'submitted', facts), options);
      }
      return;
    }
    for (const administrator of await companyAdministrators(tx, change.company_id)) {
      await emailQueue.enqueue(
        tx,
        kycEmail(administrator.language, administrator.email, change.decision, facts),
        options,
      );
    }
  };
}
