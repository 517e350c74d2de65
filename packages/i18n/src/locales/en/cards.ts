/** My cards: activation, PIN, blocks, replacement, renewal and fees, the card’s timeline, and the back office’s card operations (issue 14). */
export const cards = {
  validation: {
    kit_code: 'The KIT code is the 10 digits printed on the card’s package',
    activation_code: 'The activation code is the 6 digits in the card’s letter',
    pin_format: 'The PIN is 4 digits',
    pin_mismatch: 'The two PINs do not match, please re-enter',
    last4: 'Enter the last 4 digits of the card',
    fee_rate: 'A rate is a share between 0 and 1, such as 0.01 for 1%',
  },
  errors: {
    term_settled: 'This annual fee is already settled.',
    renewal_not_open: 'This renewal is not open yet: it opens 60 days before it is due.',
  },
};
