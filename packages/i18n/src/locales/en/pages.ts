/**
 * A title and a one-line purpose for every public page, by its key in `publicPaths`: on the first
 * load, as are the signed-in pages' (main-pages.ts), whose headings a first visit draws before their code arrives.
 */
import type { PageId, publicPaths } from '@bank/contract/routes';
import type { mainPages } from './main-pages.ts';

type PageText = { title: string; purpose: string };

export const publicPages = {
  login: { title: 'Log in', purpose: 'Sign in to your company’s banking dashboard.' },
  register: { title: 'Open an account', purpose: 'Register your company to start banking with us.' },
  forgotPassword: { title: 'Forgotten password', purpose: 'Receive a code by email to choose a new password.' },
  resetPassword: { title: 'Reset password', purpose: 'Choose a new password for your account.' },
  phoneUpload: { title: 'Upload documents', purpose: 'Photograph and upload documents from your phone.' },
  teamInvitation: { title: 'Join your company', purpose: 'Choose a password to accept your invitation.' },
} as const satisfies Record<keyof typeof publicPaths, PageText>;

/**
 * Home's, on the first load too: a signed-in visit draws home's heading before the signed-in
 * screens' code and messages (main-pages.ts) arrive.
 */
export const firstViewPages = {
  home: { title: 'Home', purpose: 'Where your company stands with the bank, and what needs your attention.' },
} as const satisfies Partial<Record<PageId, PageText>>;

/** Every page's, as the other locales write them. */
export type Pages = typeof publicPages & typeof firstViewPages & typeof mainPages;
