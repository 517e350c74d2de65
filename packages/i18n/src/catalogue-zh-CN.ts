/** The Simplified Chinese catalogue (zh-CN), typed against English (catalogue-en.ts). */
import type { Catalogue } from './catalogue-en.ts';
import { account as zhAccount } from './locales/zh-CN/account.ts';
import { admin as zhAdmin } from './locales/zh-CN/admin.ts';
import { alerts as zhAlerts } from './locales/zh-CN/alerts.ts';
import { announcements as zhAnnouncements } from './locales/zh-CN/announcements.ts';
import { auth as zhAuth } from './locales/zh-CN/auth.ts';
import { cardApplications as zhCardApplications } from './locales/zh-CN/card-applications.ts';
import { cardMoney as zhCardMoney } from './locales/zh-CN/card-money.ts';
import { cards as zhCards } from './locales/zh-CN/cards.ts';
import { contactRequests as zhContactRequests } from './locales/zh-CN/contact-requests.ts';
import { deposits as zhDeposits } from './locales/zh-CN/deposits.ts';
import { documents as zhDocuments } from './locales/zh-CN/documents.ts';
import { email as zhEmail } from './locales/zh-CN/email.ts';
import { errors as zhErrors } from './locales/zh-CN/errors.ts';
import { exchange as zhExchange } from './locales/zh-CN/exchange.ts';
import { feedback as zhFeedback } from './locales/zh-CN/feedback.ts';
import { inbox as zhInbox } from './locales/zh-CN/inbox.ts';
import { kyc as zhKyc } from './locales/zh-CN/kyc.ts';
import { kycEmail as zhKycEmail } from './locales/zh-CN/kyc-email.ts';
import { ledger as zhLedger } from './locales/zh-CN/ledger.ts';
import { pages as zhPages } from './locales/zh-CN/pages.ts';
import { payouts as zhPayouts } from './locales/zh-CN/payouts.ts';
import { programme as zhProgramme } from './locales/zh-CN/programme.ts';
import { shell as zhShell } from './locales/zh-CN/shell.ts';
import { statement as zhStatement } from './locales/zh-CN/statement.ts';
import { states as zhStates } from './locales/zh-CN/states.ts';
import { team as zhTeam } from './locales/zh-CN/team.ts';
import { transactions as zhTransactions } from './locales/zh-CN/transactions.ts';
import { validation as zhValidation } from './locales/zh-CN/validation.ts';
import { webhooks as zhWebhooks } from './locales/zh-CN/webhooks.ts';

export const zhCN: Catalogue = {
  errors: zhErrors,
  validation: zhValidation,
  states: zhStates,
  transactions: zhTransactions,
  inbox: zhInbox,
  team: zhTeam,
  announcements: zhAnnouncements,
  webhooks: zhWebhooks,
  alerts: zhAlerts,
  payouts: zhPayouts,
  cards: { ...zhCards, applications: zhCardApplications, money: zhCardMoney },
  programme: zhProgramme,
  feedback: zhFeedback,
  contact_requests: zhContactRequests,
  exchange: zhExchange,
  statement: zhStatement,
  shell: zhShell,
  pages: zhPages,
  email: zhEmail,
  auth: zhAuth,
  account: zhAccount,
  admin: zhAdmin,
  kyc: zhKyc,
  deposits: zhDeposits,
  ledger: zhLedger,
  documents: zhDocuments,
  kyc_email: zhKycEmail,
};
