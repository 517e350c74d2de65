/**
 * transaction/download: the company's statement of a period, from the ledger (per asset: opening
 * and closing balance, credits, debits, fees, and every posted movement with its running balance),
 * written as PDF, CSV or XLSX in the caller's language. Lines are read a page at a time and written
 * as they come, so that a statement of a million lines holds one page in memory. Entries are
 * never changed once posted, so the totals and the lines, read apart, agree.
 */
import type { Language } from '@bank/contract/constants';
import type { StatementRequest } from '@bank/contract/transaction';
import { eq } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { type StatementLine, writeStatement } from '../../platform/exports/statement.ts';
import { type FileReply, fileReply } from '../../platform/route.ts';
import { companies } from '../account/index.ts';
import { statementEntries, statementTotals } from '../ledger/index.ts';

const dayMs = 86_400_000;

export async function statementFile(
  handle: DbHandle,
  caller: { companyId: string; language: Language },
  request: StatementRequest,
  now: Date,
): Promise<FileReply> {
  // A period that reaches today ends now: entries posted while the file is written are left for the
  // next statement, so that the lines read later add up to the totals read first.
  const until = Math.min(Date.parse(request.to) + dayMs, now.getTime());
  const period = { from: new Date(Date.parse(request.from)), until: new Date(until) };
  const [company] = await handle
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, caller.companyId));
  const totals = await statementTotals(handle, caller.companyId, period, request.asset);
  async function* lines(): AsyncGenerator<StatementLine> {
    for (const total of totals) {
      if (!total.accountId) continue;
      yield* statementEntries(handle, { accountId: total.accountId, asset: total.asset }, period);
    }
  }
  const file = await writeStatement(request.format, {
    language: caller.language,
    companyName: company?.name ?? '',
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
    lines: lines(),
  });
  return fileReply(file.fileName, file.contentType, file.body);
}
