/**
 * The English messages of the signed-in screens (My account, back office, KYC, deposits, documents,
 * state badges), never on the first load of a public page. The web app loads those every screen may
 * show with the signed-in shell (catalogue-en-signed-in-common.ts) and each screen's namespaces with
 * its code (apps/web/src/messages). Part of the English catalogue (catalogue-en.ts).
 */
import { enSignedInCommon } from './catalogue-en-signed-in-common.ts';
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
import { exchange } from './locales/en/exchange.ts';
import { feedback } from './locales/en/feedback.ts';
import { inbox } from './locales/en/inbox.ts';
import { kyc } from './locales/en/kyc.ts';
import { ledger } from './locales/en/ledger.ts';
import { payouts } from './locales/en/payouts.ts';
import { programme } from './locales/en/programme.ts';
import { team } from './locales/en/team.ts';
import { transactions } from './locales/en/transactions.ts';
import { webhooks } from './locales/en/webhooks.ts';

export const enSignedIn = {
  ...enSignedInCommon,
  account,
  admin,
  kyc,
  deposits,
  ledger,
  documents,
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
};
