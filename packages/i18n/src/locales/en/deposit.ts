/** Deposits: receiving digital assets (deposit addresses, networks, confirmations). */
export const deposit = {
  crypto: {
    asset: 'Asset',
    network: 'Network',
    address_title: 'Your {{asset}} deposit address on {{network}}',
    address_label: 'Deposit address',
    copy: 'Copy address',
    copied: 'Address copied',
    qr_alt: 'QR code of the {{network}} deposit address',
    warning_title: 'Send only {{asset}} on {{network}} to this address',
    warning:
      'Coins of another kind, or sent on another network, cannot be credited and may be lost. Check the network in your wallet before you send.',
    confirmations: 'Credited after {{count}} network confirmations.',
    shared_address: 'USDT and USDC on {{network}} arrive at this same address.',
  },
  recent: {
    title: 'Recent deposits',
    empty_title: 'No deposits yet',
    empty: 'Coins sent to your addresses appear here as soon as the network sees them, with their confirmations.',
    seen_at: 'Seen',
    asset: 'Asset',
    amount: 'Amount',
    confirmations: 'Confirmations',
    confirmations_of: '{{count}} of {{required}}',
    status: 'Status',
    hash: 'Transaction hash',
  },
  bank: {
    currency: 'Currency',
    title: 'Send {{currency}} to this account',
    reference: 'Your reference',
    reference_help:
      'Put this reference in the payment details of every transfer. It is how we know the money is your company’s; a transfer without it waits until we can match it.',
    copy: 'Copy {{field}}',
    copied: '{{field}} copied',
    conversion:
      'Money that arrives is converted at the current rate to USDC and credited to your account, less the conversion fee.',
    fields: {
      beneficiary: 'Beneficiary',
      account_number: 'Account number',
      iban: 'IBAN',
      bank_name: 'Bank',
      swift: 'SWIFT / BIC',
      routing_number: 'Routing number (ABA)',
      sort_code: 'Sort code',
      bsb: 'BSB',
      bank_code: 'Bank code',
      branch_code: 'Branch code',
      bank_address: 'Bank address',
    },
  },
} as const;
