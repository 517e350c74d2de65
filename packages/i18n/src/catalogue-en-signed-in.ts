/**
 * The English messages of the signed-in screens (My account, back office, KYC, deposits, documents, state badges): the web app loads
 * them with the signed-in shell, not on the first load of a public page. Part of the English
 * catalogue (catalogue-en.ts).
 */
import { account } from './locales/en/account.ts';
import { admin } from './locales/en/admin.ts';
import { alerts } from './locales/en/alerts.ts';
import { announcements } from './locales/en/announcements.ts';
import { cardApplications } from './locales/en/card-applications.ts';
import { cardMoney } from './locales/en/card-money.ts';
import { cards } from './locales/en/cards.ts';
import { contactRequests } from './locales/en/contact-requests.ts';
import { deposits } from './locales/en/deposits.ts';
import { documents } from './locales/en/documents.ts';
import { errorsSignedIn } from './locales/en/errors-signed-in.ts';
import { exchange } from './locales/en/exchange.ts';
import { feedback } from './locales/en/feedback.ts';
import { inbox } from './locales/en/inbox.ts';
import { kyc } from './locales/en/kyc.ts';
import { ledger } from './locales/en/ledger.ts';
import { payouts } from './locales/en/payouts.ts';
import { programme } from './locales/en/programme.ts';
import { shellSignedIn } from './locales/en/shell-signed-in.ts';
import { states } from './locales/en/states.ts';
import { team } from './locales/en/team.ts';
import { transactions } from './locales/en/transactions.ts';
import { validationSignedIn } from './locales/en/validation-signed-in.ts';
import { webhooks } from './locales/en/webhooks.ts';

/** Merged into the first load's namespaces where both have one (errors, validation, shell): i18next merges deep. */
export const enSignedIn = {
  account,
  admin,
  kyc,
  deposits,
  ledger,
  documents,
  states,
  transactions,
  inbox,
  announcements,
  team,
  webhooks,
  alerts,
  payouts,
  cards: { ...cards, applications: cardApplications, money: cardMoney },
  programme,
  feedback,
  contact_requests: contactRequests,
  exchange,
  errors: errorsSignedIn,
  validation: validationSignedIn,
  shell: shellSignedIn,
};
