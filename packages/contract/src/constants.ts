/**
 * The business constants and limits of SPEC.md section 9, as settled by DECISIONS.md.
 * Units are part of every name.
 */

export const appVersion = '0.1.93';

/** Wire and storage values of the language (SPEC.md section 3) and the locale each renders with. */
export const languages = ['en', 'ch', 'jp'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';
export const localeOfLanguage = { en: 'en', ch: 'zh-CN', jp: 'ja' } as const satisfies Record<Language, string>;
export type Locale = (typeof localeOfLanguage)[Language];

/**
 * The cookie in which the app also keeps the language (web lib/session-storage.ts), read by the
 * server for the one thing it sends drawn: the public pages drawn at build time.
 */
export const languageCookie = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

export const session = {
  /** Client: a click-free period after which the warning dialog opens. */
  idleWarningSeconds: 900,
  /** Client: the countdown of the warning dialog. */
  idleCountdownSeconds: 60,
  /**
   * Server: the rule. A session ends when its owner has neither acted for the 15 minutes of the
   * warning nor answered it in its 60 s countdown, so "Stay logged in" always finds the session alive.
   * The web app tells the server of activity (a keep-alive call at most once a minute) so that a long
   * form being typed is never lost.
   */
  idleExpirySeconds: 15 * 60 + 60,
  absoluteExpirySeconds: 12 * 60 * 60,
} as const;

export const notificationDurationMs = 3000;
/** A screen's data load gives up after this (SPEC.md section 8). */
export const screenLoadTimeoutMs = 120_000;
/** The client shows HTTP 500/502/404 after this delay (SPEC.md section 8). */
export const httpErrorDelayMs = 1000;
/** After a 9400 the client clears storage and reloads after this delay. */
export const sessionExpiredReloadDelayMs = 2000;
/** A call still unanswered after this fails as a network timeout (SPEC.md section 7's request default). */
export const requestTimeoutMs = 6_000_000;

export const workingDays = {
  fiatWithdrawal: 3,
  relationshipManagerReply: 3,
  feedbackReply: 3,
  cardTopUpMin: 3,
  cardTopUpMax: 5,
  cardReview: 3,
  kycReview: 3,
} as const;

export const uploadLimits = {
  kycFilesPerSection: 10,
  kycMaxFileBytes: 10 * 1024 * 1024,
  cardFilesPerDocument: 1,
  cardMaxFileBytes: 5 * 1024 * 1024,
  /** Judged by content (magic bytes), never by name. */
  documentMimeTypes: ['image/jpeg', 'image/png', 'application/pdf'],
  cardImageMimeTypes: ['image/jpeg', 'image/png'],
  /**
   * An image must open as one: its header readable, each side at least this many pixels (a
   * document or a signature, never a tracking pixel), and no more pixels than a camera makes
   * (a larger one is a decompression bomb waiting for the reviewer's viewer).
   */
  imageMinSidePixels: 32,
  imageMaxPixels: 100_000_000,
} as const;

export const maxShareholders = 5;
export const maxOfficers = 5;

/** The longest email address (RFC 5321's path limit less its brackets). */
export const emailMaxLength = 254;

/** Emailed codes: how long one is valid, and the wait between two sends for one address and purpose. */
export const emailCodeTimes = { validitySeconds: 10 * 60, resendCooldownSeconds: 60 } as const;

export const codeLengths = {
  authenticator: 6,
  emailCode: 6,
  cardPin: 4,
  cardNumber: 16,
} as const;

export const passwordRule = { minLength: 8, maxLength: 64 } as const;

/** Monthly expected volume bands, in USD. */
export const monthlyVolumeBands = ['under_10k', '10k_100k', '100k_500k', '500k_1m', '1m_10m', 'over_10m'] as const;

export const monthlyFrequencyBands = ['under_10', '10_20', 'over_20'] as const;

export const entityTypes = [
  'sole_proprietorship',
  'limited_partnership',
  'limited_liability_company',
  'corporation',
  'other',
] as const;

export const cardLevels = ['premier', 'prestige'] as const;
export const applicantTypes = ['director', 'partner', 'staff'] as const;

/** Every list call takes at most this many rows a page. */
export const maxPageSize = 100;
export const defaultPageSize = 20;

/** The way back in when the authenticator is lost. */
export const recoveryCodeRules = {
  /** Made at pairing (and made again on request, which ends the old set); each usable once. */
  count: 10,
  /** With this many left or fewer, the user is warned to make a new set. */
  fewLeft: 3,
} as const;
