/** The company's audit log (packages/contract/src/audit-log.ts): its administrator reads and downloads it. */
import { downloadCompanyAuditLog, listCompanyAuditLog } from '@bank/contract/audit-log';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../../platform/db.ts';
import { registerCall } from '../../../platform/route.ts';
import { clientCompanyId } from '../../../platform/tenant.ts';
import { downloadCompanyAudit, readerOf } from './audit-file.ts';
import { auditPage } from './audit-log.ts';

export function registerCompanyAuditCalls(app: FastifyInstance, db: AppDatabase): void {
  registerCall(app, listCompanyAuditLog, (body, call) => auditPage(db, { companyId: clientCompanyId(call) }, body));
  registerCall(app, downloadCompanyAuditLog, (body, call) =>
    downloadCompanyAudit(db, { ...readerOf(call), companyId: clientCompanyId(call) }, body),
  );
}
