/**
 * A deposit's full history for the back office (admin/deposits/history): whichever record staff
 * start from (a bank transfer, a notice, coins on a network, the company's history line, or a
 * transaction hash), everything about the deposit in one answer: the notice with its proof and who
 * sent it, the bank transfer with the decision on it, the coins with their confirmations, the
 * company's history line and its steps, the ledger movements it caused (the ledger's
 * movementsOfReference) and the audit entries that name it.
 */
import type { DepositHistory } from '@bank/contract/deposit';
import { eq } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { companies, users } from '../account/index.ts';
import { movementsOfReference } from '../ledger/index.ts';
import { sourceOfTransaction, transactionDetailsOfSource } from '../transactions/index.ts';
import { bankCreditOf, creditSourceType, noticeOf, noticeSourceType } from './fiat.ts';
import { depositReferenceType } from './incoming.ts';
import {
  auditEntriesAbout,
  type CreditRow,
  creditOfNotice,
  type DepositRow,
  depositOf,
  type NoticeRow,
  noticeById,
} from './queries.ts';
import { bankCredits, deposits } from './tables.ts';

/** The records of one deposit: a fiat one's notice and transfer (either may be missing), or a crypto one's coins. */
type Records =
  | { kind: 'fiat'; notice: NoticeRow | null; credit: CreditRow | null }
  | { kind: 'crypto'; deposit: DepositRow };

async function fiatOfCredit(handle: DbHandle, credit: CreditRow): Promise<Records> {
  return { kind: 'fiat', credit, notice: credit.notice_id ? await noticeById(handle, credit.notice_id) : null };
}

async function fiatOfNotice(handle: DbHandle, notice: NoticeRow): Promise<Records> {
  return { kind: 'fiat', notice, credit: await creditOfNotice(handle, notice.id) };
}

/** The records an id (or a hash) names, or null. Ids are UUIDv7 everywhere, so no two tables share one. */
async function recordsOf(handle: DbHandle, id: string): Promise<Records | null> {
  if (!isUuid(id)) {
    const [coins] = await handle.select().from(deposits).where(eq(deposits.tx_hash, id)).limit(1);
    return coins ? { kind: 'crypto', deposit: coins } : null;
  }
  const [credit] = await handle.select().from(bankCredits).where(eq(bankCredits.id, id));
  if (credit) return fiatOfCredit(handle, credit);
  const notice = await noticeById(handle, id);
  if (notice) return fiatOfNotice(handle, notice);
  const [coins] = await handle.select().from(deposits).where(eq(deposits.id, id));
  if (coins) return { kind: 'crypto', deposit: coins };
  const source = await sourceOfTransaction(handle, id);
  if (!source || !isUuid(source.id)) return null;
  if (source.type === depositReferenceType) {
    const [fromLine] = await handle.select().from(deposits).where(eq(deposits.id, source.id));
    return fromLine ? { kind: 'crypto', deposit: fromLine } : null;
  }
  if (source.type === noticeSourceType) {
    const fromLine = await noticeById(handle, source.id);
    return fromLine ? fiatOfNotice(handle, fromLine) : null;
  }
  if (source.type === creditSourceType) {
    const [fromLine] = await handle.select().from(bankCredits).where(eq(bankCredits.id, source.id));
    return fromLine ? fiatOfCredit(handle, fromLine) : null;
  }
  return null;
}

/** The business record the company's history line and the ledger transfers name. */
function sourceOf(records: Records): { type: string; id: string } | null {
  if (records.kind === 'crypto') return { type: depositReferenceType, id: records.deposit.id };
  if (records.credit?.source_type && records.credit.source_id)
    return { type: records.credit.source_type, id: records.credit.source_id };
  if (records.notice) return { type: noticeSourceType, id: records.notice.id };
  return null;
}

export async function depositHistory(handle: DbHandle, id: string): Promise<DepositHistory> {
  const records = await recordsOf(handle, id);
  if (!records) throw new AppError('not_found', { detail: `no deposit, notice, bank transfer or history line ${id}` });

  const companyId =
    records.kind === 'crypto' ? records.deposit.company_id : (records.notice?.company_id ?? records.credit?.company_id);
  const [company] = companyId
    ? await handle.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, companyId))
    : [];
  const source = sourceOf(records);
  const line = source ? await transactionDetailsOfSource(handle, source) : null;
  const movements = source && companyId ? await movementsOfReference(handle, companyId, source) : [];

  const names: { key: string; id: string }[] = [];
  const starts: Date[] = [];
  let notice: DepositHistory['notice'] = null;
  let bankCredit: DepositHistory['bank_credit'] = null;
  let crypto: DepositHistory['crypto'] = null;
  if (records.kind === 'crypto') {
    crypto = { ...depositOf(records.deposit), address: records.deposit.address };
    names.push({ key: 'deposit_id', id: records.deposit.id });
    starts.push(records.deposit.seen_at);
  } else {
    if (records.notice) {
      const [submitter] = await handle
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, records.notice.created_by));
      notice = { ...(await noticeOf(handle, records.notice)), submitted_by: submitter?.email ?? null };
      names.push({ key: 'notice_id', id: records.notice.id });
      if (records.notice.proof_document_id) names.push({ key: 'document_id', id: records.notice.proof_document_id });
      starts.push(records.notice.created_at);
    }
    if (records.credit) {
      bankCredit = await bankCreditOf(handle, records.credit);
      names.push({ key: 'credit_id', id: records.credit.id });
      starts.push(records.credit.received_at);
    }
  }
  // A proof is uploaded before its notice is sent: the entries are read from an hour before the first record.
  const since = new Date(Math.min(...starts.map((time) => time.getTime())) - 60 * 60 * 1000);
  return {
    kind: records.kind,
    company: company ? { company_id: company.id, name: company.name ?? '' } : null,
    transaction: line?.transaction ?? null,
    steps: line?.steps ?? [],
    notice,
    bank_credit: bankCredit,
    crypto,
    movements,
    audit: await auditEntriesAbout(handle, names, since),
  };
}
