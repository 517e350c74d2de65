/** The four KYC sections in their order, each with its step page (contract routes.ts), and how far each is. */
import type { KycSection } from '@bank/contract/documents';
import type { KycInfo } from '@bank/contract/kyc';
import { type PageId, pathOf } from '@bank/contract/routes';

export type KycStep = { section: KycSection; pageId: PageId };

export const kycSteps: readonly KycStep[] = [
  { section: 'corporate', pageId: 'kyc_declaration' },
  { section: 'company', pageId: 'kyc_company' },
  { section: 'shareholder', pageId: 'kyc_ownership' },
  { section: 'trading', pageId: 'kyc_trading' },
];

export function stepIndexOf(section: KycSection): number {
  return kycSteps.findIndex((step) => step.section === section);
}

/** Where "Save and continue" goes: the next step, or the overview (with Submit) after the last. */
export function pathAfter(section: KycSection): string {
  const next = kycSteps[stepIndexOf(section) + 1];
  return next ? pathOf(next.pageId) : pathOf('kyc');
}

export type SectionProgress = 'complete' | 'draft' | 'not_started';

/** How far a section's form is, for the stepper, the overview's cards and the staff's review alike. */
export function progressOf(state: KycInfo['sections'][KycSection]): SectionProgress {
  if (state.is_complete) return 'complete';
  return state.data ? 'draft' : 'not_started';
}
