/**
 * What every change of the company's team shares: who acts (with their session's second-factor
 * freshness), the audit row each change writes under the company's lock, and the refusals.
 */
import type { Language } from '@bank/contract/constants';
import type { TranslationParams } from '@bank/i18n/resources';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { CallContext } from '../../platform/route.ts';
import type { SessionContext } from '../../platform/session.ts';
import { clientCompanyId } from '../../platform/tenant.ts';

export type Body<Call> = z.output<Call extends { request: infer Request extends z.ZodType } ? Request : never>;

/** Who acts: a user of the company, with their session's second-factor freshness. */
export type TeamActor = {
  userId: string;
  companyId: string;
  ip: string;
  now: Date;
  language: Language;
  /** The caller's session: its second factor's freshness guards the changes that widen access. */
  session: SessionContext;
};

/** The caller of a team call as the team's services take it. */
export function teamActorOf(call: CallContext): TeamActor {
  return {
    userId: call.session.user_id,
    companyId: clientCompanyId(call),
    ip: call.ip,
    now: call.now,
    language: call.language,
    session: call.session,
  };
}

export const hourMs = 3_600_000;
/** An invited user's password hash until they choose one: no password verifies against it. */
export const noPassword = '!invited';

export function teamRefusal(key: string, detail: string, params: Record<string, unknown> = {}): AppError {
  return new AppError('illegal_state', {
    messageKey: `email.messages.${key}`,
    params: params as TranslationParams,
    detail,
  });
}

export function notFound(detail: string): AppError {
  return new AppError('not_found', { detail });
}

export async function audit(handle: DbHandle, actor: TeamActor, action: string, detail: Record<string, unknown>) {
  await writeAudit(handle, {
    action,
    at: actor.now,
    actorUserId: actor.userId,
    companyId: actor.companyId,
    ip: actor.ip,
    detail,
  });
}
