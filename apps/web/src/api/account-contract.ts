/**
 * The identity contract, loaded on use: its schemas (zod) are not part of the first load of /login.
 * Pages that are themselves loaded later import it directly; the login form and the shell load it
 * with this.
 */
export function loadAccountContract() {
  return import('@bank/contract/account');
}

/** Registration's contract, loaded on use: it carries the phone-number rules (libphonenumber-js). */
export function loadRegistrationContract() {
  return import('@bank/contract/registration');
}

/** The HTTP client, loaded on use by the login form (it carries zod, through the contract's envelope). */
export function loadHttpClient() {
  return import('../lib/api-client.ts');
}
