/**
 * The four sections as the server handles them: each one's contract Draft and completeness check,
 * and where a draft refers to documents (which must be the company's own, of the section and kind).
 */
import type { DocumentKind, KycSection } from '@bank/contract/documents';
import {
  CompanyDraft,
  CorporateDraft,
  checkCompanyComplete,
  checkCorporateComplete,
  checkOwnershipComplete,
  checkOwnershipTotal,
  checkTradingComplete,
  OwnershipDraft,
  type ReportIssue,
  TradingDraft,
} from '@bank/contract/kyc';
import type { z } from 'zod';

const sectionDrafts = {
  corporate: CorporateDraft,
  company: CompanyDraft,
  shareholder: OwnershipDraft,
  trading: TradingDraft,
} as const satisfies Record<KycSection, z.ZodType>;

export type SectionData = { [Section in KycSection]: z.output<(typeof sectionDrafts)[Section]> };
export type AnySectionData = SectionData[KycSection];

/** Every rule a section must meet to be submitted: complete, and (ownership) at most 100% in total. */
export function checkSectionComplete(section: KycSection, data: AnySectionData, report: ReportIssue): void {
  switch (section) {
    case 'corporate':
      checkCorporateComplete(data as SectionData['corporate'], report);
      break;
    case 'company':
      checkCompanyComplete(data as SectionData['company'], report);
      break;
    case 'shareholder':
      checkOwnershipComplete(data as SectionData['shareholder'], report);
      checkOwnershipTotal(data as SectionData['shareholder'], report);
      break;
    case 'trading':
      checkTradingComplete(data as SectionData['trading'], report);
      break;
  }
}

/** A stored draft, read back through its schema; null when there is none or it no longer parses. */
export function parseStoredDraft<Section extends KycSection>(
  section: Section,
  value: unknown,
): SectionData[Section] | null {
  if (value === null || value === undefined) return null;
  const parsed = sectionDrafts[section].safeParse(value);
  return parsed.success ? (parsed.data as SectionData[Section]) : null;
}

export type DocumentReference = {
  /** Path of the id inside the draft (the field of a validation error is `data.<path>`). */
  path: (string | number)[];
  documentId: string;
  kind: DocumentKind;
};

/** Every document id a draft refers to, with where and as what. */
export function documentReferencesOf(section: KycSection, data: AnySectionData): DocumentReference[] {
  switch (section) {
    case 'corporate': {
      const corporate = data as SectionData['corporate'];
      return corporate.signature_document_id
        ? [{ path: ['signature_document_id'], documentId: corporate.signature_document_id, kind: 'signature' }]
        : [];
    }
    case 'company':
      return (data as SectionData['company']).document_ids.map((documentId, index) => ({
        path: ['document_ids', index],
        documentId,
        kind: 'kyc_document',
      }));
    case 'shareholder':
      return [];
    case 'trading': {
      const trading = data as SectionData['trading'];
      const signatures: DocumentReference[] = trading.authorised_persons.flatMap((person, index) =>
        person.signature_document_id
          ? [
              {
                path: ['authorised_persons', index, 'signature_document_id'],
                documentId: person.signature_document_id,
                kind: 'signature' as const,
              },
            ]
          : [],
      );
      const forms: DocumentReference[] = trading.document_ids.map((documentId, index) => ({
        path: ['document_ids', index],
        documentId,
        kind: 'kyc_document',
      }));
      return [...signatures, ...forms];
    }
  }
}

/** Sections whose draft keeps a list of KYC documents (a phone upload is added to it). */
export function hasDocumentList(section: KycSection): section is 'company' | 'trading' {
  return section === 'company' || section === 'trading';
}

/** The draft with one more document at the end of its list (an empty draft when there was none). */
export function withAppendedDocument(
  section: 'company' | 'trading',
  data: AnySectionData | null,
  documentId: string,
): SectionData['company'] | SectionData['trading'] {
  const draft = (data ?? sectionDrafts[section].parse({})) as SectionData['company'] | SectionData['trading'];
  return { ...draft, document_ids: [...draft.document_ids, documentId] };
}
