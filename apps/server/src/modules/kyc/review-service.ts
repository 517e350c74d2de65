/**
 * The back office's KYC review: the queue, one company's KYC, and the decisions. Only compliance
 * officers and system admins review (a relationship manager is staff but not a reviewer). Every
 * decision follows the state machine, is audited with the reviewer and time, is emailed to the
 * company's administrators in their language, and writes `kyc.status_changed`.
 */
import type { ResponseOf } from '@bank/contract/calls';
import { isLanguage } from '@bank/contract/constants';
import type { decideKyc, getKycReview, listKycReviews } from '@bank/contract/kyc';
import type { z } from 'zod';
import type { EmailQueue } from '../../adapters/mail/email-queue.ts';
import type { AppDatabase } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { writeEvent } from '../../platform/outbox.ts';
import type { CallContext } from '../../platform/route.ts';
import { writeAudit } from '../account/audit.ts';
import { kycStatusOfCompany } from '../account/user-info.ts';
import { kycEmail } from './kyc-emails.ts';
import { readKycInfo } from './kyc-info.ts';
import { kycStatusChangedEventType } from './kyc-service.ts';
import {
  applicantEmail,
  companyAdministrators,
  decideRound,
  findCompany,
  isUuid,
  latestRound,
  listQueue,
  lockCompany,
  type QueueCursor,
  setCompanyKycStatus,
} from './queries.ts';
import { kycReviewerRoles } from './rules.ts';
import { nextKycStatus, roundDecisionOf } from './state-machine.ts';

export type ReviewDependencies = { db: AppDatabase; emailQueue: EmailQueue };

const dayMs = 24 * 60 * 60 * 1000;

function assertReviewer(context: CallContext): void {
  const session = context.session;
  if (!session.is_staff || !kycReviewerRoles.includes(session.role)) {
    throw new AppError('forbidden', { detail: `${session.role} may not review KYC` });
  }
}

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

export function createReviewService(dependencies: ReviewDependencies) {
  const { db, emailQueue } = dependencies;

  async function clientCompany(companyId: string) {
    const company = isUuid(companyId) ? await findCompany(db, companyId) : undefined;
    const applicant = company ? await applicantEmail(db, company.id) : '';
    // A company with no user is no client's (and staff have no company).
    if (!company || applicant === '') throw new AppError('not_found', { detail: `no client company ${companyId}` });
    return { company, applicant };
  }

  return {
    async list(
      body: z.output<(typeof listKycReviews)['request']>,
      context: CallContext,
    ): Promise<ResponseOf<typeof listKycReviews>> {
      assertReviewer(context);
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
        status: kycStatusOfCompany(row.status),
        round: row.round ?? 0,
        submitted_at: row.submitted_at?.toISOString() ?? null,
      }));
      const last = items.at(-1);
      return {
        items,
        next_cursor:
          hasMore && last ? encodeCursor({ submitted_at: last.submitted_at, company_id: last.company_id }) : null,
      };
    },

    async get(body: { company_id: string }, context: CallContext): Promise<ResponseOf<typeof getKycReview>> {
      assertReviewer(context);
      const { company, applicant } = await clientCompany(body.company_id);
      const info = await readKycInfo(db, company);
      return { ...info, company_id: company.id, company_name: company.name, applicant_email: applicant };
    },

    async decide(
      body: z.output<(typeof decideKyc)['request']>,
      context: CallContext,
    ): Promise<ResponseOf<typeof decideKyc>> {
      assertReviewer(context);
      const { company: found } = await clientCompany(body.company_id);
      const reason = body.reason?.trim() || null;
      return db.transaction(async (tx) => {
        const company = await lockCompany(tx, found.id);
        if (!company) throw new AppError('not_found', { detail: `company ${found.id} vanished` });
        const to = nextKycStatus(company.kyc_status, body.decision);
        const round = await latestRound(tx, company.id);
        if (!round || round.decision !== null) {
          throw new AppError('illegal_state', { detail: `company ${company.id} has no round under review` });
        }
        const decision = roundDecisionOf[body.decision];
        await decideRound(tx, {
          roundId: round.id,
          decision,
          reason,
          decidedBy: context.session.user_id,
          now: context.now,
        });
        await setCompanyKycStatus(tx, company.id, to);
        await writeEvent(tx, {
          type: kycStatusChangedEventType,
          company_id: company.id,
          payload: {
            company_id: company.id,
            from: company.kyc_status,
            to,
            round: round.round,
            decision,
            at: context.now.toISOString(),
          },
        });
        await writeAudit(tx, {
          action: 'kyc.decided',
          at: context.now,
          actorUserId: context.session.user_id,
          companyId: company.id,
          ip: context.ip,
          detail: { round: round.round, decision, from: company.kyc_status, to, reason },
        });
        for (const administrator of await companyAdministrators(tx, company.id)) {
          const language = isLanguage(administrator.language) ? administrator.language : 'en';
          await emailQueue.enqueue(
            tx,
            kycEmail(language, administrator.email, decision, { companyName: company.name, at: context.now, reason }),
            { companyId: company.id },
          );
        }
        return { status: to };
      });
    },
  };
}
