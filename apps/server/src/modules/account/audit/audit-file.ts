/**
 * The audit log as a file (platform/exports/table.ts): the entries the reader filtered, newest
 * first, as PDF, CSV or XLSX in the reader's language, each action as a sentence (packages/i18n
 * audit-text.ts, the words the screen shows). The download is itself audited before the file is
 * written: a company's administrator's in the company's log; the bank's staff's in the back office's
 * only (naming the company in its detail), so that a client's log holds its own users' actions.
 */
import type { AuditEntry, AuditFilter } from '@bank/contract/audit-log';
import { auditCategoryOf } from '@bank/contract/audit-log';
import type { Language } from '@bank/contract/constants';
import type { ExportFormat } from '@bank/contract/transaction';
import { auditActionText, auditDetailText, type CatalogueLookup } from '@bank/i18n/audit-text';
import { hasMessage, translate } from '@bank/i18n/resources';
import { eq } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit.ts';
import type { DbHandle } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { formatDisplayDateTime, utcZone } from '../../../platform/exports/statement-text.ts';
import { type Table, type TableColumn, type TableRow, writeTable } from '../../../platform/exports/table.ts';
import { isUuid } from '../../../platform/ids.ts';
import { type CallContext, type FileReply, fileReply } from '../../../platform/route.ts';
import { companies } from '../tables.ts';
import { type AuditScope, auditEntriesOf } from './audit-log.ts';

type AuditColumn = Omit<TableColumn, 'header'>;

/** The file's columns; each header is `statement.audit_log.columns.<key>`. */
const auditColumns: readonly AuditColumn[] = [
  { key: 'at', align: 'left', width: 18, kind: 'time' },
  { key: 'actor', align: 'left', width: 28 },
  { key: 'action', align: 'left', width: 28 },
  { key: 'category', align: 'left', width: 16 },
  { key: 'ip', align: 'left', width: 16 },
  { key: 'detail', align: 'left', width: 44 },
  { key: 'entry_id', align: 'left', width: 38, kind: 'identifier' },
];

/** The catalogue in the reader's language, as audit-text.ts looks words up. */
function lookupIn(language: Language): CatalogueLookup {
  return (key, params) => (hasMessage(key) ? translate(language, key, params) : undefined);
}

/** One entry as the file's row: the same words as the screen's. */
function auditRow(language: Language, zone: string, entry: AuditEntry): TableRow {
  const lookup = lookupIn(language);
  return {
    at: new Date(entry.at),
    actor: entry.actor_email,
    action: auditActionText(lookup, entry.action),
    category: translate(language, `account.audit.categories.${auditCategoryOf(entry.action)}`),
    ip: entry.ip,
    detail: auditDetailText(
      lookup,
      (instant) => formatDisplayDateTime(new Date(instant), language, zone),
      entry.detail,
    ),
    entry_id: entry.id,
  };
}

function auditTable(
  language: Language,
  heading: { companyName: string; period: { from: string; to: string }; timeZone: string; generatedAt: Date },
  entries: AsyncIterable<AuditEntry>,
): Table {
  async function* rows(): AsyncGenerator<TableRow> {
    for await (const entry of entries) yield auditRow(language, heading.timeZone, entry);
  }
  return {
    language,
    title: translate(language, 'statement.audit_log.title'),
    ...heading,
    fileName: 'audit-log',
    columns: auditColumns.map((column) => ({
      ...column,
      header: translate(language, `statement.audit_log.columns.${column.key}`, { zone: heading.timeZone }),
    })),
    emptyMessage: translate(language, 'statement.audit_log.empty'),
    rows: rows(),
  };
}

export type AuditDownload = AuditFilter & { format: ExportFormat; from: string; to: string };

/** Who downloads, from where, in which language, at what time. */
export type AuditReader = { userId: string; ip: string; language: Language; now: Date };

export function readerOf(call: CallContext): AuditReader {
  return { userId: call.session.user_id, ip: call.ip, language: call.language, now: call.now };
}

/** What the download's own audit entry says: the format and every filter, never more. */
function downloadDetail(request: AuditDownload, companyId?: string): Record<string, unknown> {
  return {
    format: request.format,
    from: request.from,
    to: request.to,
    ...(request.category ? { category: request.category } : {}),
    ...(request.actor_email ? { actor_email: request.actor_email } : {}),
    ...(companyId ? { company_id: companyId } : {}),
  };
}

async function companyNameOf(handle: DbHandle, companyId: string): Promise<string | null> {
  if (!isUuid(companyId)) return null;
  const [company] = await handle.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return company ? (company.name ?? '') : null;
}

async function auditFile(
  handle: DbHandle,
  scope: AuditScope & { companyId: string },
  companyName: string,
  reader: AuditReader,
  request: AuditDownload,
): Promise<FileReply> {
  // Times in the zone whose days the reader filtered by (UTC when none was given).
  const heading = {
    companyName,
    period: { from: request.from, to: request.to },
    timeZone: request.time_zone ?? utcZone,
    generatedAt: reader.now,
  };
  const file = await writeTable(
    request.format,
    auditTable(reader.language, heading, auditEntriesOf(handle, scope, request)),
  );
  return fileReply(file.fileName, file.contentType, file.body);
}

/** The company's administrator's download of their company's log: audited in it, then written. */
export async function downloadCompanyAudit(
  handle: DbHandle,
  reader: AuditReader & { companyId: string },
  request: AuditDownload,
): Promise<FileReply> {
  await writeAudit(handle, {
    action: 'audit_log.downloaded',
    at: reader.now,
    actorUserId: reader.userId,
    companyId: reader.companyId,
    ip: reader.ip,
    detail: downloadDetail(request),
  });
  const companyName = (await companyNameOf(handle, reader.companyId)) ?? '';
  return auditFile(handle, { companyId: reader.companyId }, companyName, reader, request);
}

/** The bank's staff's download of one company's log: an unknown company answers not found; audited in the back office's log. */
export async function downloadStaffAudit(
  handle: DbHandle,
  reader: AuditReader,
  request: AuditDownload & { company_id: string },
): Promise<FileReply> {
  const companyName = await companyNameOf(handle, request.company_id);
  if (companyName === null) throw new AppError('not_found', { detail: 'audit download of an unknown company' });
  await writeAudit(handle, {
    action: 'audit_log.downloaded',
    at: reader.now,
    actorUserId: reader.userId,
    ip: reader.ip,
    detail: downloadDetail(request, request.company_id),
  });
  return auditFile(handle, { companyId: request.company_id }, companyName, reader, request);
}
