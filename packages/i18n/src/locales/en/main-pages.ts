/**
 * A title and a one-line purpose for every signed-in page, by its `PageId` (contract routes.ts). On
 * the first load (catalogue-en.ts): a page opened first draws its heading (app/first-view.tsx) before
 * its code, messages and data arrive, in the place its own frame draws it.
 */
import type { PageId } from '@bank/contract/routes';

type PageText = { title: string; purpose: string };

export const mainPages = {
  transactions: { title: 'Transactions', purpose: 'Every movement on your accounts, with statements to download.' },
  transaction_detail: { title: 'Transaction details', purpose: 'The full record of one transaction.' },
  crypto_deposit: { title: 'Deposit digital assets', purpose: 'Receive USDT, USDC, BTC or ETH into your account.' },
  fiat_deposit_request: {
    title: 'Deposit fiat',
    purpose: 'Send a bank transfer that is converted to USDC or USDT on arrival.',
  },
  deposit_transaction_detail: { title: 'Deposit details', purpose: 'The status and record of one deposit.' },
  bank_details: { title: 'Bank details', purpose: 'The account to send your fiat bank transfers to.' },
  fiat_transfer: { title: 'Fiat transfers', purpose: 'Pay out to bank accounts and follow your fiat transfers.' },
  crypto_transfer: {
    title: 'Digital asset transfers',
    purpose: 'Send digital assets to external addresses and follow your transfers.',
  },
  payees: { title: 'Payees', purpose: 'The bank accounts you pay out to.' },
  address_book: { title: 'Address book', purpose: 'The wallet addresses you send digital assets to.' },
  new_fiat_transfer: { title: 'New fiat transfer', purpose: 'Choose a payee and the amount to send.' },
  new_fiat_transfer_confirm: { title: 'Confirm fiat transfer', purpose: 'Check the details and confirm the transfer.' },
  new_crypto_transfer: { title: 'New digital asset transfer', purpose: 'Choose an address, a network and the amount.' },
  new_crypto_transfer_confirm: {
    title: 'Confirm digital asset transfer',
    purpose: 'Check the details, the fee and confirm the transfer.',
  },
  fiat_transfer_detail: { title: 'Fiat transfer details', purpose: 'The status and record of one fiat transfer.' },
  crypto_transfer_detail: {
    title: 'Digital asset transfer details',
    purpose: 'The status, hash and record of one transfer.',
  },
  fiat_deposit: { title: 'Fiat deposit', purpose: 'Fund your account in USD, EUR, SGD, CNY, GBP, AUD or HKD.' },
  fiat_withdrawal: { title: 'Fiat withdrawal', purpose: 'Withdraw to your company’s bank account.' },
  otc: { title: 'OTC trading', purpose: 'Ask your relationship manager for a quote on a large trade.' },
  fx: { title: 'Foreign exchange', purpose: 'Convert between your digital assets at a rate held for 30 seconds.' },
  account: { title: 'My account', purpose: 'Your profile, password, two-factor authentication and settings.' },
  kyc: { title: 'Company KYC', purpose: 'Verify your company to open deposits, transfers and cards.' },
  kyc_declaration: { title: 'Corporate declaration', purpose: 'Step 1 of 4: the declarations your company makes.' },
  kyc_company: { title: 'Company information', purpose: 'Step 2 of 4: registration, business and activity.' },
  kyc_ownership: { title: 'Ownership and officers', purpose: 'Step 3 of 4: shareholders, directors and officers.' },
  kyc_trading: { title: 'Trading authorisation', purpose: 'Step 4 of 4: who may instruct the bank for you.' },
  private_banking: { title: 'Private banking', purpose: 'Wealth services for your company’s principals.' },
  structured_products: { title: 'Structured products', purpose: 'Investment products with defined risk and return.' },
  investment_banking: { title: 'Investment banking', purpose: 'Advisory and capital-raising services.' },
  cards: { title: 'Cards', purpose: 'Your debit cards: activate, top up, block and manage them.' },
  top_up_history: { title: 'Top-up history', purpose: 'Every top-up of your cards and its status.' },
  card_transactions: { title: 'Card transactions', purpose: 'Purchases and fees on your cards, with statements.' },
  cardholder_kyc: {
    title: 'Card applications',
    purpose: 'Your applications and their review, and each cardholder’s KYC at the card processor.',
  },
  card_application: {
    title: 'Apply for a card',
    purpose:
      'A debit card for a director or partner of your company, or for a member of staff they sponsor. Our team reviews applications within {{days}} working days.',
  },
  announcements: { title: 'Announcements', purpose: 'News and notices from the bank.' },
  alerts: {
    title: 'Alerts',
    purpose:
      'Be told at once, in your messages and by email, of low balances, large payouts and purchases, and new sign-ins.',
  },
  webhook_settings: {
    title: 'Webhook notification settings',
    purpose: 'Where the bank sends signed notifications of your company’s events, and how each delivery went.',
  },
  announcements_admin: { title: 'Manage announcements', purpose: 'Publish and edit announcements to clients.' },
  team: {
    title: 'Team & permissions',
    purpose: 'Invite your colleagues and decide what each permission group may do.',
  },
  audit_log: {
    title: 'Audit log',
    purpose: 'Who did what in your company, when and from where. Entries cannot be changed or deleted.',
  },
  renewals: { title: 'Card renewals', purpose: 'Annual fees due on your cards and their renewal.' },
  admin_home: { title: 'Back office', purpose: 'The bank staff’s work queues.' },
  admin_kyc: { title: 'KYC review', purpose: 'Review companies’ KYC submissions.' },
  admin_kyc_detail: {
    title: 'KYC review of a company',
    purpose: 'Every section and document of one company’s KYC, and the decision.',
  },
  admin_audit: {
    title: 'Audit log',
    purpose: 'Every sign-in, failure, lock, password and factor change and staff decision, newest first.',
  },
  admin_deposits: {
    title: 'Deposit operations',
    purpose: 'Incoming bank transfers to credit or return, and coins still confirming on their networks.',
  },
  admin_ledger: {
    title: 'Ledger explorer',
    purpose: 'Every account and transfer of the ledger, and a check that nothing was created or lost.',
  },
  feedback: { title: 'Feedback', purpose: 'Tell the bank what works and what does not, and read our answers.' },
  admin_feedback: { title: 'Client feedback', purpose: 'Feedback from clients, to read and answer.' },
  admin_contact_requests: {
    title: 'Contact requests',
    purpose: 'Clients asking their relationship manager to contact them about a product.',
  },
  payout_batches: {
    title: 'Batch payouts',
    purpose: 'Pay many saved payees and addresses from one CSV file, approved as one batch.',
  },
  payout_approvals: {
    title: 'Payout approvals',
    purpose:
      'Payouts prepared by colleagues that wait for a second user’s approval, and the company’s approval policy.',
  },
  admin_payouts: {
    title: 'Payout review',
    purpose: 'Payouts to review before they leave the bank, payouts in process at the rail or custody, and decisions.',
  },
  admin_card_applications: {
    title: 'Card applications',
    purpose: 'Applications to approve or reject, and cardholders’ KYC at the processor.',
  },
  admin_cards: {
    title: 'Cards',
    purpose: 'Block and unblock cards, keep the fee schedule and drive the card processor simulator.',
  },
  programme_contracts: {
    title: 'Card programme',
    purpose:
      'Your contracts with the bank for corporate cards: what you have paid for, what you may still order, and what has been printed.',
  },
  programme_contract: { title: 'Contract', purpose: 'A card programme contract and its orders.' },
  programme_orders: {
    title: 'Order summary',
    purpose: 'Every pre-order of your company, with the bank’s decision and how many of its cards are printed.',
  },
  programme_issuing: {
    title: 'Card issuing records',
    purpose: 'The print batches of your cards, printed with your company’s prefix, and where each batch is now.',
  },
  admin_programme: {
    title: 'Card programme',
    purpose: 'Contracts, pre-orders to decide, allocation to print batches and the printer simulator.',
  },
  admin_otc: { title: 'OTC desk', purpose: 'Requests for quote on large trades from the companies you manage.' },
  programme_cards: {
    title: 'Printed cards',
    purpose: 'Cards printed under your programme: bind them to cardholders, unbind and rebind them.',
  },
  programme_fees: {
    title: 'Membership fees',
    purpose: 'Membership fee terms of your programme cards: pay them one by one or in bulk, or let them be deducted.',
  },
} as const satisfies Record<Exclude<PageId, 'home'>, PageText>;
