/**
 * The relationship manager's email: a consumer of `contact_request.sent` (one line in module.ts).
 * A request from a company that has a relationship manager is emailed to that manager, in the
 * manager's language, queued in the consumer's transaction; the back-office queue and the inbox
 * carry it for everyone else who handles requests.
 */

import { type Language, localeOfLanguage } from '@bank/contract/constants';
import type { BankingProduct } from '@bank/contract/contact-requests';
import { translate } from '@bank/i18n/resources';
import { eq } from 'drizzle-orm';
import type { EmailQueue } from '../../adapters/mail/email-queue.ts';
import { renderEmailHtml, renderEmailText } from '../../adapters/mail/html.ts';
import type { OutgoingEmail } from '../../adapters/mail/mailer.ts';
import type { EventConsumer } from '../../platform/events.ts';
import { companies, emailTime, findUserById, languageOfUser } from '../account/index.ts';

export function sendRelationshipManagerEmail(emailQueue: EmailQueue): EventConsumer<'contact_request.sent'> {
  return async (tx, sent) => {
    const [company] = await tx
      .select({ name: companies.name, manager: companies.relationship_manager_id })
      .from(companies)
      .where(eq(companies.id, sent.company_id));
    const manager = company?.manager ? await findUserById(tx, company.manager) : undefined;
    if (!company || !manager) return;
    const language = languageOfUser(manager);
    const email = relationshipManagerEmail(language, manager.email, {
      company: company.name ?? '',
      product: sent.product,
      at: new Date(sent.at),
    });
    await emailQueue.enqueue(tx, email, { companyId: sent.company_id });
  };
}

/** The manager's email of one request: the company, the product asked about and when. */
export function relationshipManagerEmail(
  language: Language,
  to: string,
  facts: { company: string; product: BankingProduct; at: Date },
): OutgoingEmail {
  const params = {
    company: facts.company,
    product: translate(language, `contact_requests.names.${facts.product}`),
    time: emailTime(facts.at),
  };
  const content = {
    locale: localeOfLanguage[language],
    title: translate(language, 'contact_requests.rm_email.title'),
    paragraphs: [translate(language, 'contact_requests.rm_email.body', params)],
    footer: translate(language, 'email.footer'),
  };
  return {
    to,
    subject: translate(language, 'contact_requests.rm_email.subject', params),
    text: renderEmailText(content),
    html: renderEmailHtml(content),
  };
}
