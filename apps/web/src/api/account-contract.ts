/**
 * The identity contract, loaded on use. It carries the phone-number rules of registration
 * (libphonenumber-js and its metadata), which the first load of /login must not pay for: pages that
 * are themselves loaded later import it directly; the login form and the shell load it with this.
 */
export function loadAccountContract() {
  return import('@bank/contract/account');
}

/** The HTTP client, loaded on use by the login form (it carries zod, through the contract's envelope). */
export function loadHttpClient() {
  return import('../lib/api-client.ts');
}
