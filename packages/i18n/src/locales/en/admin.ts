/**
 * The back office's shell (/admin): its navigation, its front page, the page refused for want of a
 * permission and the queues' search box. Each domain's staff pages have their texts in the domain's
 * own namespace (`deposits.staff`, `ledger.staff`, `account.staff`).
 */
export const admin = {
  navigation: {
    groups: { back_office: 'Back office', personal: 'Personal' },
    items: {
      overview: 'Overview',
      kyc_review: 'KYC review',
      audit_log: 'Audit log',
      announcements: 'Announcements',
      deposit_operations: 'Deposit operations',
      ledger_explorer: 'Ledger explorer',
      feedback: 'Client feedback',
      contact_requests: 'Contact requests',
      otc_desk: 'OTC desk',
      card_review: 'Card applications',
      card_operations: 'Cards',
      card_programme: 'Card programme',
      account: 'My account',
    },
  },
  home: {
    greeting: 'Signed in as {{name}}',
    sections: 'Back-office work',
    kyc_review: 'Review companies’ KYC submissions and decide on them.',
    audit_log: 'Every sign-in, failure, lock, password and factor change, newest first.',
    announcements: 'Publish announcements to clients.',
    deposit_operations:
      'Credit or return incoming bank transfers, follow coins confirming on their networks, and run the simulators.',
    ledger_explorer: 'Browse every ledger account and transfer, and check that nothing was created or lost.',
    feedback: 'Read clients’ feedback and answer it; the answer reaches their messages.',
    contact_requests:
      'Clients asking to be contacted about a product: your companies’ requests, or all of them with the shared queue.',
    otc_desk: 'Answer clients’ OTC requests for quote with a rate and a validity.',
    card_review: 'Approve or reject card applications and follow cardholders’ KYC at the processor.',
    card_operations: 'Admin blocks, the card fee schedule and the card processor simulator.',
    card_programme: 'Companies’ card programme contracts, pre-orders to decide, allocation to print batches.',
    open: 'Open',
  },
  no_permission: {
    title: 'Not part of your role',
    description: 'Your staff role does not include this work area. Ask a system administrator if you need it.',
  },
  queue_search: {
    label: 'Search this queue',
    placeholder: 'Company, person, reference or id',
    clear: 'Clear the search',
    none_title: 'Nothing matches your search',
    none_description: 'Try other words, or clear the search.',
  },
} as const;
