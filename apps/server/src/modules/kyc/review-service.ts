/**
 * The back office's KYC review: the queue, one company's KYC, and the decisions. Only compliance
 * officers and system admins review (a relationship manager is staff but not a reviewer). A
 * decision approves, rejects or returns (the company may submit again) or refuses finally (it may
 * not: `kyc_rejected`). Every decision follows the state machine, is audited with the reviewer and
 * time, is emailed to the company's administrators in their language, and writes
 * `kyc.status_changed`.
 */
import type { ResponseOf } from '@bank/contract/calls';
import type { decideKyc, getKycReview, listKycReviews } from '@bank/contract/kyc';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import type { AppDatabase, DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { recordEvent } from '../../platform/events.ts';
import { isUuid } from '../../platform/ids.ts';
import type { CallContext } from '../../platform/route.ts';
import { readKycInfo } from './kyc-info.ts';
import { lockClientCompany } from './kyc-service.ts';
import {
  applicantEmail,
  decideRound,
  findCompany,
  latestRound,
  listQueue,
  type QueueCursor,
  setCompanyKycStatus,
} from './queries.ts';
import { asksForCorrections, nextKycStatus, roundDecisionOf } from './state-machine.ts';

const dayMs = 24 * 60 * 60 * 1000;

function encodeCursor(cursor: QueueCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(cursor: string): QueueCursor {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<QueueCursor>;
    const isTime =
      value.submitted_at === null ||
      (typeof value.submitted_at === 'string' && !Number.isNaN(Date.parse(value.submitted_at)));
    if (isTime && typeof value.company_id === 'string' && isUuid(value.company_id)) {
      return { submitted_at: value.submitted_at ?? null, company_id: value.company_id };
    }
  } catch {
    // answered below
  }
  throw new AppError('validation', {
    fields: { cursor: { key: 'validation.invalid' } },
    detail: 'bad KYC queue cursor',
  });
}

function startOfDay(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}

async function clientCompany(db: DbHandle, companyId: string) {
  const company = isUuid(companyId) ? await findCompany(db, companyId) : undefined;
  const applicant = company ? await applicantEmail(db, company.id) : '';
  // A company with no user is no client's (and staff have no company).
  if (!company || applicant === '') throw new AppError('not_found', { detail: `no client company ${companyId}` });
  return { company, applicant };
}

export async function reviewQueuePage(
  db: DbHandle,
  body: z.output<(typeof listKycReviews)['request']>,
): Promise<ResponseOf<typeof listKycReviews>> {
  const rows = await listQueue(db, {
    status: body.status,
    submittedFrom: body.submitted_from ? startOfDay(body.submitted_from) : undefined,
    submittedBefore: body.submitted_to ? new Date(startOfDay(body.submitted_to).getTime() + dayMs) : undefined,
    search: body.search || undefined,
    cursor: body.cursor ? decodeCursor(body.cursor) : undefined,
    pageSize: body.page_size,
  });
  const hasMore = rows.length > body.page_size;
  const items = rows.slice(0, body.page_size).map((row) => ({
    company_id: row.company_id,
    company_name: row.company_name,
    applicant_email: row.submitter_email ?? row.first_user_email ?? '',
    status: row.status,
    round: row.round ?? 0,
    submitted_at: row.submitted_at?.toISOString() ?? null,
  }));
  const last = items.at(-1);
  return {
    items,
    next_cursor:
      hasMore && last ? encodeCursor({ submitted_at: last.submitted_at, company_id: last.company_id }) : null,
  };
}

export async function companyReview(
  db: DbHandle,
  body: { company_id: string },
): Promise<ResponseOf<typeof getKycReview>> {
  const { company, applicant } = await clientCompany(db, body.company_id);
  const info = await readKycInfo(db, company);
  return { ...info, company_id: company.id, company_name: company.name, applicant_email: applicant };
}

export async function decideReview(
  db: AppDatabase,
  body: z.output<(typeof decideKyc)['request']>,
  context: CallContext,
): Promise<ResponseOf<typeof decideKyc>> {
  const { company: found } = await clientCompany(db, body.company_id);
  const reason = body.reason?.trim() || null;
  return db.transaction(async (tx) => {
    const company = await lockClientCompany(tx, found.id);
    const to = nextKycStatus(company.kyc_status, body.decision);
    const round = await latestRound(tx, company.id);
    if (!round || round.decision !== null) {
      throw new AppError('illegal_state', { detail: `company ${company.id} has no round under review` });
    }
    const decision = roundDecisionOf[body.decision];
    // Named sections only mean something when the client must correct some; none named is all.
    const named = asksForCorrections(body.decision) ? [...new Set(body.sections_to_fix ?? [])] : [];
    const sectionsToFix = named.length > 0 ? named : null;
    await decideRound(tx, {
      roundId: round.id,
      decision,
      reason,
      sectionsToFix,
      decidedBy: context.session.user_id,
      now: context.now,
    });
    await setCompanyKycStatus(tx, company.id, to);
    await recordEvent(
      tx,
      'kyc.status_changed',
      {
        company_id: company.id,
        from: company.kyc_status,
        to,
        round: round.round,
        actor_user_id: context.session.user_id,
        decision,
        reason,
        at: context.now.toISOString(),
      },
      { companyId: company.id },
    );
    await writeAudit(tx, {
      action: 'kyc.decided',
      at: context.now,
      actorUserId: context.session.user_id,
      companyId: company.id,
      ip: context.ip,
      detail: {
        round: round.round,
        decision,
        from: company.kyc_status,
        to,
        reason,
        sections_to_fix: sectionsToFix,
      },
    });
    return { status: to };
  });
}
