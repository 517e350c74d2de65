/**
 * Field messages of what only signed-in screens check (deposits, statements): loaded with the
 * signed-in shell, not on a public page's first load. Part of `validation` (resources.ts and the
 * web app merge them).
 */
export const validationSignedIn = {
  minimum_first_deposit: 'The minimum first deposit is 1,000 USD, USDT, USDC or equivalent ({{amount}} {{currency}})',
  deposit_proof_invalid: 'This file cannot be sent with the notice. Upload the proof of transfer again.',
  expected_date_range: 'Choose a date from today to {{days}} days ahead',
  period_order: 'The end date must not be before the start date',
  period_too_long: 'Choose a period of at most one year',
  exchange_same_asset: 'Choose two different assets',
  fx_above_otc_threshold: 'From {{amount}} US dollars, ask for an OTC quote instead (OTC page)',
  otc_below_threshold: 'OTC starts at {{amount}} US dollars; below that, convert on the FX page',
  exchange_amount_too_small: 'This amount is too small to convert',
  exchange_rate_format: 'Enter a rate above 0 with at most 8 decimals',
} as const;
