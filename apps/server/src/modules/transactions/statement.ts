/**
 * transaction/download: the company's statement of a period, from the ledger (per asset: opening
 * and closing balance, credits, debits, fees, and every posted movement with its running balance),
 * written as PDF, CSV or XLSX in the caller's language, its times and days in the caller's time
 * zone (the history's), the company named with its identifiers. Each line carries the id the
 * history shows for it (the transaction id of the line its business record opened), not the
 * record's own id. Lines are read a page at a time and written as they come, so that a statement
 * of a million lines holds one page in memory. Entries are never changed once posted, so the
 * totals and the lines, read apart, agree.
 */
import type { Language } from '@bank/contract/constants';
import type { StatementRequest } from '@bank/contract/transaction';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { type StatementLine, writeStatement } from '../../platform/exports/statement.ts';
import { periodInstants, statementLabel, utcZone } from '../../platform/exports/statement-text.ts';
import { type FileReply, fileReply } from '../../platform/route.ts';
import { companies } from '../account/index.ts';
import { companyRegistration } from '../kyc/index.ts';
import { statementEntries, statementTotals } from '../ledger/index.ts';
import { transactions } from './tables.ts';

/** Lines whose transaction ids are looked up at once: a page of the ledger's reads. */
const linesPerLookup = 500;

/** The lines with the history's transaction id in place of each business record's id, a batch at a time. */
async function* withTransactionIds(
  handle: DbHandle,
  companyId: string,
  lines: AsyncIterable<StatementLine>,
): AsyncGenerator<StatementLine> {
  let batch: StatementLine[] = [];
  const flush = async function* () {
    // By record type, so that each lookup probes the (source_type, source_id) index.
    const idsOfType = new Map<string, Set<string>>();
    for (const line of batch)
      if (line.referenceType)
        idsOfType.set(line.referenceType, (idsOfType.get(line.referenceType) ?? new Set()).add(line.reference));
    const rows =
      idsOfType.size === 0
        ? []
        : await handle
            .select({ id: transactions.id, type: transactions.source_type, sourceId: transactions.source_id })
            .from(transactions)
            .where(
              and(
                eq(transactions.company_id, companyId),
                or(
                  ...[...idsOfType].map(([type, ids]) =>
                    and(eq(transactions.source_type, type), inArray(transactions.source_id, [...ids])),
                  ),
                ),
              ),
            );
    const idOf = new Map(rows.map((row) => [`${row.type}:${row.sourceId}`, row.id]));
    for (const line of batch) {
      const transactionId = idOf.get(`${line.referenceType}:${line.reference}`);
      yield transactionId ? { ...line, reference: transactionId } : line;
    }
    batch = [];
  };
  for await (const line of lines) {
    batch.push(line);
    if (batch.length === linesPerLookup) yield* flush();
  }
  if (batch.length > 0) yield* flush();
}

/** The company's name and what identifies it: its registration number and its account id. */
export async function companyHeading(handle: DbHandle, companyId: string, language: Language) {
  const [company] = await handle.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  const registration = await companyRegistration(handle, companyId);
  return {
    companyName: company?.name ?? '',
    identifiers: [
      ...(registration
        ? [
            {
              label: statementLabel(language, 'registration_number'),
              value: [registration.number, registration.country].filter(Boolean).join(' · '),
            },
          ]
        : []),
      { label: statementLabel(language, 'account_id'), value: companyId },
    ],
  };
}

export async function statementFile(
  handle: DbHandle,
  caller: { companyId: string; language: Language },
  request: StatementRequest,
  now: Date,
): Promise<FileReply> {
  const timeZone = request.time_zone ?? utcZone;
  const period = periodInstants(request, timeZone, now);
  const totals = await statementTotals(handle, caller.companyId, period, request.asset);
  async function* lines(): AsyncGenerator<StatementLine> {
    for (const total of totals) {
      if (!total.accountId) continue;
      yield* statementEntries(handle, { accountId: total.accountId, asset: total.asset }, period);
    }
  }
  const file = await writeStatement(request.format, {
    language: caller.language,
    ...(await companyHeading(handle, caller.companyId, caller.language)),
    timeZone,
    period: { from: request.from, to: request.to },
    generatedAt: now,
    summaries: totals.map(({ asset, opening, credits, debits, fees, closing }) => ({
      asset,
      opening,
      credits,
      debits,
      fees,
      closing,
    })),
    lines: withTransactionIds(handle, caller.companyId, lines()),
  });
  return fileReply(file.fileName, file.contentType, file.body);
}
