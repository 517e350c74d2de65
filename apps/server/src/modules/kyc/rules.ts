/** The limits of KYC documents and links (DECISIONS.md: 10 files a section, 10 MB, jpeg/png/pdf). */
import { uploadLimits } from '@bank/contract/constants';
import type { DocumentKind, DocumentMimeType, KycSection } from '@bank/contract/documents';

export type DocumentKindRule = {
  maxBytes: number;
  /** Shown in the size message ('File size cannot exceed {{size}}M'). */
  maxMegabytes: number;
  allowedTypes: readonly DocumentMimeType[];
  /** Documents of this kind a section may hold, uploads under way included. */
  maxPerSection: number;
  /** Sections whose drafts refer to this kind. */
  sections: readonly KycSection[];
};

const megabyte = 1024 * 1024;

export const documentKindRules: Readonly<Record<DocumentKind, DocumentKindRule>> = {
  kyc_document: {
    maxBytes: uploadLimits.kycMaxFileBytes,
    maxMegabytes: uploadLimits.kycMaxFileBytes / megabyte,
    allowedTypes: uploadLimits.documentMimeTypes,
    maxPerSection: uploadLimits.kycFilesPerSection,
    sections: ['corporate', 'company', 'shareholder', 'trading'],
  },
  // A drawn signature is a small PNG (a canvas export); 1 MB leaves room for a photographed one.
  signature: {
    maxBytes: 1 * megabyte,
    maxMegabytes: 1,
    allowedTypes: uploadLimits.cardImageMimeTypes,
    maxPerSection: uploadLimits.kycFilesPerSection,
    sections: ['corporate', 'trading'],
  },
};

export const kycRules = {
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

/** Staff who review KYC and may read any company's documents; a relationship manager may not. */
export const kycReviewerRoles: readonly string[] = ['compliance_officer', 'system_admin'];
