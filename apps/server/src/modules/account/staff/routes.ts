/** The back office's account calls (packages/contract/src/audit-log.ts): the audit log, of every company or one, and its files. */
import { downloadAuditLog, listAuditCompanies, listAuditLog } from '@bank/contract/audit-log';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../../platform/db.ts';
import { registerCall } from '../../../platform/route.ts';
import { downloadStaffAudit, readerOf } from '../audit/audit-file.ts';
import { auditPage } from '../audit/audit-log.ts';
import { companiesByName } from '../queries.ts';

/** How many companies the choice of whose log to read offers at once. */
const companyChoicesMax = 20;

export function registerStaffCalls(app: FastifyInstance, db: AppDatabase): void {
  registerCall(app, listAuditLog, (body) =>
    auditPage(db, body.company_id ? { companyId: body.company_id } : { everyCompany: true }, body),
  );
  registerCall(app, downloadAuditLog, (body, call) => downloadStaffAudit(db, readerOf(call), body));
  registerCall(app, listAuditCompanies, async (body) => ({
    items: await companiesByName(db, { search: body.search, companyId: body.company_id, limit: companyChoicesMax }),
  }));
}
