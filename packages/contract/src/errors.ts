/**
 * The error-code catalogue. `code` 200 is success and 9400 a missing, invalid or expired session
 * (SPEC.md section 8); every other failure has one code here, a message key of the i18n catalogues
 * (`errors.<key>`) and the HTTP status it travels with. Catalogue failures travel as HTTP 200 so
 * that the client reads the envelope (SPEC.md's client shows HTTP 500/502/404 as status text).
 */

export const errorCatalogue = {
  session_invalid: { code: 9400, httpStatus: 200 },
  validation: { code: 9422, httpStatus: 200 },
  forbidden: { code: 9403, httpStatus: 200 },
  not_found: { code: 9404, httpStatus: 200 },
  illegal_state: { code: 9409, httpStatus: 200 },
  rate_limited: { code: 9429, httpStatus: 200 },
  kyc_not_approved: { code: 9451, httpStatus: 200 },
  invalid_credentials: { code: 9401, httpStatus: 200 },
  second_factor_required: { code: 9402, httpStatus: 200 },
  verification_code_incorrect: { code: 9405, httpStatus: 200 },
  account_locked: { code: 9423, httpStatus: 200 },
  email_taken: { code: 9410, httpStatus: 200 },
  fresh_second_factor_required: { code: 9406, httpStatus: 200 },
  /** A passkey's answer that WebAuthn verification refused (wrong origin, challenge used or expired, unknown key). */
  passkey_not_verified: { code: 9407, httpStatus: 200 },
  /** The Idempotency-Key of an earlier call came back with another body: never a second effect. */
  idempotency_conflict: { code: 9412, httpStatus: 200 },
  /** A payment or hold would take a customer account below zero (SPEC.md section 8). */
  insufficient_balance: { code: 9460, httpStatus: 200 },
  rates_stale: { code: 9461, httpStatus: 200 },
  quote_expired: { code: 9462, httpStatus: 200 },
  /** Cards (SPEC.md section 8): the rules of cards.ts's transition table and top-up limits. */
  card_blocked_by_admin: { code: 9470, httpStatus: 200 },
  card_pending_replacement: { code: 9471, httpStatus: 200 },
  previous_renewal_first: { code: 9472, httpStatus: 200 },
  activate_card_failed: { code: 9473, httpStatus: 200 },
  set_pin_failed: { code: 9474, httpStatus: 200 },
  amount_below_minimum: { code: 9475, httpStatus: 200 },
  amount_above_maximum: { code: 9476, httpStatus: 200 },
  daily_top_up_limit: { code: 9477, httpStatus: 200 },
  /** The fee an action carried is not the fee now (the schedule changed since it was shown): nothing is charged. */
  fee_changed: { code: 9479, httpStatus: 200 },
  /** The card's state does not allow the action (cards.ts's transition table names why). */
  status_error: { code: 9478, httpStatus: 200 },
  /** The corporate card programme (programme.ts holds the rules). */
  contract_not_open: { code: 9480, httpStatus: 200 },
  order_below_minimum: { code: 9481, httpStatus: 200 },
  order_above_remaining: { code: 9482, httpStatus: 200 },
  /** SPEC.md section 8: "Failed to allocate cards". */
  allocate_cards_failed: { code: 9483, httpStatus: 200 },
  card_already_bound: { code: 9484, httpStatus: 200 },
  cardholder_kyc_not_approved: { code: 9485, httpStatus: 200 },
  /**
   * SPEC.md section 8, "Password reset is not supported in the current state": a card's PIN (its
   * password at the terminal) is set or reset only on an active card.
   */
  password_reset_unsupported: { code: 9486, httpStatus: 200 },
  /**
   * SPEC.md section 8, "Submission failed. We will contact you shortly.": the card processor did not
   * answer (unavailable, timed out). Nothing was done; the bank's card staff are told to contact the
   * company.
   */
  submission_failed: { code: 9487, httpStatus: 200 },
  /**
   * SPEC.md section 8, "Data error": the card processor answered something that is not what its
   * interface says. Nothing was done; the bank's card staff are told.
   */
  data_error: { code: 9488, httpStatus: 200 },
  internal: { code: 9500, httpStatus: 500 },
  /** The server is overloaded (event loop stalled): retry after the Retry-After header's seconds. */
  busy: { code: 9503, httpStatus: 503 },
} as const satisfies Record<string, { code: number; httpStatus: number }>;

export type ErrorKey = keyof typeof errorCatalogue;

export const successCode = 200;
export const sessionInvalidCode = errorCatalogue.session_invalid.code;

export function errorKeyOfCode(code: number): ErrorKey | undefined {
  return (Object.keys(errorCatalogue) as ErrorKey[]).find((key) => errorCatalogue[key].code === code);
}
