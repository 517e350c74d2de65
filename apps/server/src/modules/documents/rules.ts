/** How long the links of an upload and a download live (each purpose's file limits are the contract's documentPurposeRules). */
export const documentRules = {
  /** An upload URL is valid this long; a phone upload's never outlives its link. */
  uploadValiditySeconds: 15 * 60,
  /** Completion is still accepted this long after the URL expired (a slow last chunk). */
  completionGraceSeconds: 5 * 60,
  /** A document link (view or download) is valid this long. */
  downloadLinkSeconds: 5 * 60,
  phoneLinkValiditySeconds: 15 * 60,
  /** Uploads one phone link may authorise (each retry supersedes the previous one). */
  phoneLinkMaxAuthorizations: 5,
  /** The public phone calls, per client address and minute (besides the general public limit). */
  phoneCallsPerMinute: 30,
} as const;
