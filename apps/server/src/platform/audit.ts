/**
 * The audit log: who did what, when and from where. Append-only (a database trigger refuses UPDATE,
 * DELETE and TRUNCATE). Every module writes its entries with `writeAudit` in the transaction of the
 * change; failures are written in a transaction of their own so that refusing the call does not
 * roll them back. Never put a secret in `detail`.
 */
import { auditLog } from './audit-table.ts';
import type { DbHandle } from './db.ts';
import { newId } from './ids.ts';

export type AuditEntryInput = {
  /** `<domain>.<fact>`, past tense: login.succeeded, password.changed, session.revoked. */
  action: string;
  at: Date;
  actorUserId?: string | null;
  companyId?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
};

export async function writeAudit(handle: DbHandle, entry: AuditEntryInput): Promise<void> {
  await handle.insert(auditLog).values({
    id: newId(entry.at.getTime()),
    at: entry.at,
    action: entry.action,
    actor_user_id: entry.actorUserId ?? null,
    company_id: entry.companyId ?? null,
    ip: entry.ip ?? null,
    detail: entry.detail ?? {},
  });
}
