/** The Japanese catalogue (ja), typed against English (catalogue-en.ts). */
import type { Catalogue } from './catalogue-en.ts';
import { account as jaAccount } from './locales/ja/account.ts';
import { admin as jaAdmin } from './locales/ja/admin.ts';
import { alerts as jaAlerts } from './locales/ja/alerts.ts';
import { announcements as jaAnnouncements } from './locales/ja/announcements.ts';
import { auth as jaAuth } from './locales/ja/auth.ts';
import { cardApplications as jaCardApplications } from './locales/ja/card-applications.ts';
import { cardMoney as jaCardMoney } from './locales/ja/card-money.ts';
import { cards as jaCards } from './locales/ja/cards.ts';
import { contactRequests as jaContactRequests } from './locales/ja/contact-requests.ts';
import { deposits as jaDeposits } from './locales/ja/deposits.ts';
import { documents as jaDocuments } from './locales/ja/documents.ts';
import { email as jaEmail } from './locales/ja/email.ts';
import { errors as jaErrors } from './locales/ja/errors.ts';
import { exchange as jaExchange } from './locales/ja/exchange.ts';
import { feedback as jaFeedback } from './locales/ja/feedback.ts';
import { inbox as jaInbox } from './locales/ja/inbox.ts';
import { kyc as jaKyc } from './locales/ja/kyc.ts';
import { kycEmail as jaKycEmail } from './locales/ja/kyc-email.ts';
import { ledger as jaLedger } from './locales/ja/ledger.ts';
import { pages as jaPages } from './locales/ja/pages.ts';
import { payouts as jaPayouts } from './locales/ja/payouts.ts';
import { programme as jaProgramme } from './locales/ja/programme.ts';
import { shell as jaShell } from './locales/ja/shell.ts';
import { statement as jaStatement } from './locales/ja/statement.ts';
import { states as jaStates } from './locales/ja/states.ts';
import { team as jaTeam } from './locales/ja/team.ts';
import { transactions as jaTransactions } from './locales/ja/transactions.ts';
import { validation as jaValidation } from './locales/ja/validation.ts';
import { webhooks as jaWebhooks } from './locales/ja/webhooks.ts';

export const ja: Catalogue = {
  errors: jaErrors,
  validation: jaValidation,
  states: jaStates,
  transactions: jaTransactions,
  inbox: jaInbox,
  team: jaTeam,
  announcements: jaAnnouncements,
  webhooks: jaWebhooks,
  alerts: jaAlerts,
  payouts: jaPayouts,
  cards: { ...jaCards, applications: jaCardApplications, money: jaCardMoney },
  programme: jaProgramme,
  feedback: jaFeedback,
  contact_requests: jaContactRequests,
  exchange: jaExchange,
  statement: jaStatement,
  shell: jaShell,
  pages: jaPages,
  email: jaEmail,
  auth: jaAuth,
  account: jaAccount,
  admin: jaAdmin,
  kyc: jaKyc,
  deposits: jaDeposits,
  ledger: jaLedger,
  documents: jaDocuments,
  kyc_email: jaKycEmail,
};
