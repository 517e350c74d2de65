/** The back office's account call (packages/contract/src/account.ts): the audit log, newest first. */
import { listAuditLog } from '@bank/contract/account';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../../platform/db.ts';
import { registerCall } from '../../../platform/route.ts';
import { listAuditEntries } from './audit.ts';

export function registerStaffCalls(app: FastifyInstance, db: AppDatabase): void {
  registerCall(app, listAuditLog, (body) =>
    listAuditEntries(db, { pageSize: body.page_size, cursor: body.cursor, action: body.action }),
  );
}
