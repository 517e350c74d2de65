/**
 * The frame of the signed-in screens: navigation, account menu, KYC gate, inactivity dialog, home.
 * Its own module, so that the first load of a public page does not carry it.
 */
export const shellSignedIn = {
  navigation: {
    label: 'Main navigation',
    open: 'Open navigation',
    close: 'Close navigation',
    locked: 'Opens after KYC approval',
    groups: {
      overview: 'Overview',
      money: 'Accounts & money',
      cards: 'Cards',
      programme: 'Card programme',
      company: 'Company',
      products: 'Products',
      announcements: 'News',
    },
    items: {
      home: 'Home',
      transactions: 'Transactions',
      deposit: 'Deposit',
      transfer: 'Transfer & payout',
      fiat_deposit: 'Fiat deposit',
      fiat_withdrawal: 'Fiat withdrawal',
      fx: 'Foreign exchange',
      otc: 'OTC trading',
      cards: 'Cards',
      top_up_history: 'Top-up history',
      card_transactions: 'Card transactions',
      renewals: 'Renewals',
      card_applications: 'Card applications',
      card_programme: 'Contracts and orders',
      programme_cards: 'Printed cards',
      programme_fees: 'Membership fees',
      kyc: 'Company KYC',
      account: 'My account',
      webhooks: 'Webhooks',
      private_banking: 'Private banking',
      structured_products: 'Structured products',
      investment_banking: 'Investment banking',
      announcements: 'Announcements',
      team: 'Team & permissions',
    },
  },
  user_menu: {
    label: 'Account menu for {{name}}',
    signed_in_as: 'Signed in as',
    my_account: 'My account',
    feedback: 'Send feedback',
    log_out: 'Log out',
  },
  no_permission: {
    title: 'Not in your permissions',
    description: "Your permission group does not include this. Ask your company's administrator if you need it.",
  },
  kyc_gate: {
    title: 'Company verification required',
    description:
      'This service moves money or issues cards, so it opens once your company’s KYC has been approved by the bank.',
    status_label: 'Current KYC status',
    review_time: 'Reviews usually take up to {{days}} working days after you submit all four sections.',
  },
  inactivity: {
    title: 'Are you still there?',
    description: 'For your security, you will be logged out automatically when the countdown ends.',
    countdown: 'Logging out in {{seconds}} s',
    logged_out: 'You were logged out after a period of inactivity.',
  },
  not_available: {
    title: 'Not yet available',
    description: 'This part of the product is not yet available. It will appear here as soon as it is ready.',
  },
  load_error: {
    title: 'This information could not be loaded',
  },
  home: {
    kyc_title: 'Company verification',
    kyc_approved: 'Your company is verified. Deposits, transfers and cards are available to you.',
    kyc_pending:
      'Deposits, transfers and cards open once your company’s KYC is approved. Complete or follow your application.',
    balances_title: 'Balances',
    balances_total: 'Total in US dollars',
    balances_total_unknown: 'The total cannot be shown until every rate is known.',
    balances_rates_at: 'At rates of {{time}}',
    balances_rates_stale: 'Rates last updated {{time}}: values are indicative until they refresh.',
    balance_available: 'Available',
    balance_held: 'Held for payments in progress',
    balance_usd: '≈ {{value}} USD',
    balances_empty: 'Nothing is held yet. Your balances appear here once your first deposit is credited.',
  },
} as const;
