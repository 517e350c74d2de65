/**
 * The client's side of KYC: read it, save each section as a draft or as complete, and submit the
 * four for review. Every change runs in one transaction that first locks the company row, so a
 * save never slips in beside a submission or a decision.
 */

import type { ResponseOf } from '@bank/contract/calls';
import { type KycSection, kycSections } from '@bank/contract/documents';
import type { KycInfo, submitKyc } from '@bank/contract/kyc';
import type { MessageRef } from '@bank/contract/validation';
import { writeAudit } from '../../platform/audit.ts';
import type { AppDatabase, DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { recordEvent } from '../../platform/events.ts';
import { isUuid } from '../../platform/ids.ts';
import type { CallContext } from '../../platform/route.ts';
import { clientCompanyId, lockCompany } from '../../platform/tenant.ts';
import { findCompanyDocuments, removeUnreferencedDocuments } from '../documents/index.ts';
import { readKycInfo } from './kyc-info.ts';
import {
  type CompanyKyc,
  findCompany,
  findSection,
  insertRound,
  listSections,
  setCompanyKycStatus,
  setCompanyName,
  upsertSection,
} from './queries.ts';
import {
  type AnySectionData,
  checkSectionComplete,
  type DocumentReference,
  documentReferencesOf,
  parseStoredDraft,
  type SectionData,
} from './sections.ts';
import { isKycEditable, nextKycStatus, sectionDisplayOf } from './state-machine.ts';

/** The client's company, locked (platform/tenant.ts) and read: how every KYC change starts. */
export async function lockClientCompany(handle: DbHandle, companyId: string): Promise<CompanyKyc> {
  await lockCompany(handle, companyId);
  const company = await findCompany(handle, companyId);
  if (!company) throw new AppError('session_invalid', { detail: `company ${companyId} does not exist` });
  return company;
}

export function notEditableError(company: CompanyKyc): AppError {
  return new AppError('illegal_state', {
    // A finally refused company is told why it cannot go on, not only that it cannot.
    messageKey:
      company.kyc_status === 'kyc_rejected' ? 'kyc_email.messages.refused_final' : 'kyc_email.messages.not_editable',
    detail: `KYC of ${company.id} is ${company.kyc_status}, not editable`,
  });
}

function fieldOf(reference: DocumentReference): string {
  return ['data', ...reference.path].join('.');
}

/**
 * Problems with the documents a draft refers to: each must be a live document of this company, of
 * this section and of the kind the field takes (a signature field takes a `signature`), used once.
 */
async function documentProblems(
  handle: DbHandle,
  companyId: string,
  section: KycSection,
  data: AnySectionData,
): Promise<Record<string, MessageRef>> {
  const references = documentReferencesOf(section, data);
  const ids = references.map((reference) => reference.documentId).filter(isUuid);
  const found = new Map((await findCompanyDocuments(handle, companyId, ids)).map((row) => [row.id, row]));
  const problems: Record<string, MessageRef> = {};
  const seen = new Set<string>();
  for (const reference of references) {
    const document = found.get(reference.documentId);
    if (!document || document.section !== section || document.kind !== reference.kind) {
      problems[fieldOf(reference)] = { key: 'kyc_email.messages.document_unknown' };
    } else if (seen.has(reference.documentId)) {
      problems[fieldOf(reference)] = { key: 'validation.invalid' };
    }
    seen.add(reference.documentId);
  }
  return problems;
}

/** The kinds of document a section's draft refers to (and so removes when they leave it). */
export function kindsReferencedBy(section: KycSection) {
  switch (section) {
    case 'corporate':
      return ['signature'] as const;
    case 'company':
      return ['kyc_document'] as const;
    case 'shareholder':
      return [] as const;
    case 'trading':
      return ['signature', 'kyc_document'] as const;
  }
}

/**
 * The sections as they are submitted, each complete by today's rules and documents; refuses the
 * submission beside every section that is not.
 */
async function completeSnapshot(tx: DbHandle, companyId: string): Promise<Partial<Record<KycSection, AnySectionData>>> {
  const rows = new Map((await listSections(tx, companyId)).map((row) => [row.section, row]));
  const snapshot: Partial<Record<KycSection, AnySectionData>> = {};
  const incomplete: Record<string, MessageRef> = {};
  for (const section of kycSections) {
    const row = rows.get(section);
    const data = row?.is_complete ? parseStoredDraft(section, row.data) : null;
    // What was complete when saved is checked again: the rules or a document may have changed.
    let isComplete = data !== null;
    if (data) {
      checkSectionComplete(section, data, () => {
        isComplete = false;
      });
      if (Object.keys(await documentProblems(tx, companyId, section, data)).length > 0) isComplete = false;
      snapshot[section] = data;
    }
    if (!isComplete) incomplete[`sections.${section}`] = { key: 'validation.sections_incomplete' };
  }
  if (Object.keys(incomplete).length > 0) {
    throw new AppError('validation', {
      messageKey: 'validation.sections_incomplete',
      fields: incomplete,
      detail: `incomplete sections: ${Object.keys(incomplete).join(', ')}`,
    });
  }
  return snapshot;
}

export async function kycInfo(db: DbHandle, context: CallContext): Promise<KycInfo> {
  const companyId = clientCompanyId(context);
  const company = await findCompany(db, companyId);
  if (!company) throw new AppError('session_invalid', { detail: 'session of a company that does not exist' });
  return readKycInfo(db, company);
}

export async function saveSection<Section extends KycSection>(
  db: AppDatabase,
  section: Section,
  body: { complete: boolean; data: SectionData[Section] },
  context: CallContext,
) {
  const companyId = clientCompanyId(context);
  return db.transaction(async (tx) => {
    const company = await lockClientCompany(tx, companyId);
    if (!isKycEditable(company.kyc_status)) throw notEditableError(company);
    const problems = await documentProblems(tx, companyId, section, body.data);
    if (Object.keys(problems).length > 0) {
      throw new AppError('validation', { fields: problems, detail: `${section}: documents not usable` });
    }
    const previous = await findSection(tx, companyId, section);
    await upsertSection(tx, {
      companyId,
      section,
      data: body.data,
      isComplete: body.complete,
      now: context.now,
    });
    if (previous) {
      await removeUnreferencedDocuments(tx, {
        companyId,
        section,
        kinds: kindsReferencedBy(section),
        keepIds: documentReferencesOf(section, body.data).map((reference) => reference.documentId),
        before: previous.updated_at,
        now: context.now,
      });
    }
    if (section === 'company') {
      const name = (body.data as SectionData['company']).company_name;
      if (name) await setCompanyName(tx, companyId, name);
    }
    await writeAudit(tx, {
      action: 'kyc.section_saved',
      at: context.now,
      actorUserId: context.session.user_id,
      companyId,
      ip: context.ip,
      detail: { section, is_complete: body.complete },
    });
    return {
      status: sectionDisplayOf(company.kyc_status),
      is_complete: body.complete,
      updated_at: context.now.toISOString(),
    };
  });
}

export async function submitForReview(db: AppDatabase, context: CallContext): Promise<ResponseOf<typeof submitKyc>> {
  const companyId = clientCompanyId(context);
  return db.transaction(async (tx) => {
    const company = await lockClientCompany(tx, companyId);
    if (company.kyc_status === 'kyc_rejected') throw notEditableError(company);
    const to = nextKycStatus(company.kyc_status, 'submit');
    const snapshot = await completeSnapshot(tx, companyId);

    const round = await insertRound(tx, {
      companyId,
      submittedBy: context.session.user_id,
      snapshot,
      now: context.now,
    });
    await setCompanyKycStatus(tx, companyId, to);
    await recordEvent(
      tx,
      'kyc.status_changed',
      {
        company_id: companyId,
        from: company.kyc_status,
        to,
        round,
        actor_user_id: context.session.user_id,
        at: context.now.toISOString(),
      },
      { companyId },
    );
    await writeAudit(tx, {
      action: 'kyc.submitted',
      at: context.now,
      actorUserId: context.session.user_id,
      companyId,
      ip: context.ip,
      detail: { round, from: company.kyc_status, to },
    });
    return { status: to };
  });
}
