/** A company's KYC as the contract's KycInfo: sections with their drafts, documents, status and history. */
import { type KycSection, kycSections } from '@bank/contract/documents';
import type { KycInfo } from '@bank/contract/kyc';
import type { DbHandle } from '../../platform/db.ts';
import { documentRefOf, findDocumentsByIds } from '../documents/index.ts';
import { type CompanyKyc, listRounds, listSections, type RoundRow, type SectionRow } from './queries.ts';
import { type AnySectionData, documentReferencesOf, parseStoredDraft } from './sections.ts';
import { hasRefusalReason, isKycEditable, sectionDisplayOf } from './state-machine.ts';

function roundOf(round: RoundRow): KycInfo['history'][number] {
  return {
    round: round.round,
    submitted_at: round.submitted_at.toISOString(),
    decision: round.decision,
    reason: round.reason,
    decided_at: round.decided_at?.toISOString() ?? null,
  };
}

export async function readKycInfo(handle: DbHandle, company: CompanyKyc): Promise<KycInfo> {
  const [sectionRows, rounds] = await Promise.all([listSections(handle, company.id), listRounds(handle, company.id)]);
  const rowOf = new Map<string, SectionRow>(sectionRows.map((row) => [row.section, row]));
  const display = sectionDisplayOf(company.kyc_status);

  const drafts = new Map<KycSection, AnySectionData | null>();
  for (const section of kycSections) drafts.set(section, parseStoredDraft(section, rowOf.get(section)?.data));

  // After a refusal that named the sections to correct, only those are failed; the others stand.
  const sectionsToFix = display === 'failed' ? (rounds.at(-1)?.sections_to_fix ?? null) : null;
  const statusOf = (section: KycSection) =>
    sectionsToFix && !sectionsToFix.includes(section) ? ('success' as const) : display;

  const sectionOf = (section: KycSection) => {
    const row = rowOf.get(section);
    return {
      status: statusOf(section),
      is_complete: row?.is_complete ?? false,
      updated_at: row?.updated_at.toISOString() ?? null,
      data: drafts.get(section) ?? null,
    };
  };

  const referenced = new Map<string, KycSection>();
  for (const section of kycSections) {
    const data = drafts.get(section);
    if (!data) continue;
    for (const reference of documentReferencesOf(section, data)) referenced.set(reference.documentId, section);
  }
  const documentRows = await findDocumentsByIds(handle, company.id, [...referenced.keys()]);
  const last = rounds.at(-1);

  return {
    status: company.kyc_status,
    refusal_reason: hasRefusalReason(company.kyc_status) ? (last?.reason ?? null) : null,
    is_editable: isKycEditable(company.kyc_status),
    sections: {
      corporate: sectionOf('corporate'),
      company: sectionOf('company'),
      shareholder: sectionOf('shareholder'),
      trading: sectionOf('trading'),
    } as KycInfo['sections'],
    // Found by the sections' references: each is a document of the section that refers to it.
    documents: documentRows.flatMap((document) => {
      const section = referenced.get(document.id);
      return section ? [{ ...documentRefOf(document), section }] : [];
    }),
    history: rounds.map(roundOf),
  };
}
