/**
 * The web app's frame that every page shows, public ones included (product name, language, common
 * buttons, the 404 page, errors of a route): on the first load. The signed-in screens' frame is
 * shell-signed-in.ts, loaded with them.
 */
import type { shellSignedIn } from './shell-signed-in.ts';

export const shellFirstLoad = {
  product_name: 'Corporate Banking',
  product_tagline: 'Fiat and digital asset banking for companies',
  skip_to_content: 'Skip to main content',
  loading: 'Loading…',
  version: 'Version {{version}}',
  language: {
    label: 'Language',
    change: 'Change language, current: {{language}}',
    en: 'English',
    ch: '中文',
    jp: '日本語',
  },
  buttons: {
    back_home: 'Back to home',
    go_to_login: 'Go to login',
    go_to_kyc: 'Go to company KYC',
    retry: 'Retry',
    reload: 'Reload',
    cancel: 'Cancel',
    close: 'Close',
    confirm: 'Confirm',
    stay_logged_in: 'Stay logged in',
    log_out_now: 'Log out now',
  },
  not_found: {
    code: 'Error 404',
    title: 'Page not found',
    description: 'There is no page at {{path}}. It may have moved, or the address may be mistyped.',
    hint: 'Use the navigation to find what you need, or return to a page you know.',
  },
  route_error: {
    title: 'Something went wrong',
    description: 'This page could not be shown. Reloading usually fixes it; your data is safe.',
  },
  public: {
    secure_note: 'Your connection to the bank is encrypted.',
  },
  date_placeholder: '—',
  /** Home's heading, which a signed-in visit draws before the signed-in screens' code and messages arrive. */
  home: {
    welcome: 'Welcome, {{name}}',
    welcome_anonymous: 'Welcome',
  },
} as const;

/** The whole frame, as the other locales write it. */
export type Shell = typeof shellFirstLoad & typeof shellSignedIn;
