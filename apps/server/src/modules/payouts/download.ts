/**
 * withdraw/<kind>/download: the company's payouts of one kind in a period, newest first, as a table
 * (platform/exports) in PDF, CSV or XLSX in the caller's language. Payouts are read 500 at a time as
 * the file is written, so a record of any length holds one page in memory.
 */
import type { Language } from '@bank/contract/constants';
import { rateOfPayout } from '@bank/contract/money-text';
import type { PayoutKind } from '@bank/contract/payouts';
import type { TransactionStatus } from '@bank/contract/states';
import type { ExportFormat } from '@bank/contract/transaction';
import { translate } from '@bank/i18n/resources';
import { eq } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit.ts';
import type { Database, DbHandle } from '../../platform/db.ts';
import { rateTextIn } from '../../platform/exports/statement-text.ts';
import { type TableColumn, type TableRow, writeTable } from '../../platform/exports/table.ts';
import { type FileReply, fileReply } from '../../platform/route.ts';
import { companies } from '../account/index.ts';
import type { PayoutActor } from './actor.ts';
import { companyPayouts } from './queries.ts';

type PayoutColumn = Omit<TableColumn, 'header'>;

const cryptoColumns: readonly PayoutColumn[] = [
  { key: 'date', align: 'left', width: 18, kind: 'time' },
  { key: 'status', align: 'left', width: 14 },
  { key: 'asset', align: 'left', width: 6 },
  { key: 'network', align: 'left', width: 8 },
  { key: 'amount', align: 'right', width: 16, kind: 'amount', assetKey: 'asset' },
  { key: 'fee', align: 'right', width: 12, kind: 'amount', assetKey: 'asset' },
  { key: 'destination', align: 'left', width: 20 },
  { key: 'account', align: 'left', width: 44, kind: 'identifier' },
  { key: 'purpose', align: 'left', width: 22 },
  { key: 'tx_hash', align: 'left', width: 66, kind: 'identifier' },
  { key: 'payout_id', align: 'left', width: 38, kind: 'identifier' },
];

const fiatColumns: readonly PayoutColumn[] = [
  { key: 'date', align: 'left', width: 18, kind: 'time' },
  { key: 'status', align: 'left', width: 14 },
  { key: 'asset', align: 'left', width: 6 },
  { key: 'amount', align: 'right', width: 16, kind: 'amount', assetKey: 'asset' },
  { key: 'fee', align: 'right', width: 12, kind: 'amount', assetKey: 'asset' },
  { key: 'currency', align: 'left', width: 8 },
  { key: 'fiat_amount', align: 'right', width: 14, kind: 'amount', assetKey: 'currency' },
  { key: 'rate', align: 'right', width: 12 },
  { key: 'destination', align: 'left', width: 22 },
  { key: 'account', align: 'left', width: 34, kind: 'identifier' },
  { key: 'purpose', align: 'left', width: 22 },
  { key: 'payout_id', align: 'left', width: 38, kind: 'identifier' },
];

const pageSize = 500;

async function payoutRecordFile(
  handle: DbHandle,
  caller: { companyId: string; language: Language },
  kind: PayoutKind,
  request: { format: ExportFormat; from: string; to: string; status?: TransactionStatus | undefined },
): Promise<FileReply> {
  const { language } = caller;
  const [company] = await handle
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, caller.companyId));
  async function* rows(): AsyncGenerator<TableRow> {
    let cursor: string | undefined;
    do {
      const page = await companyPayouts(handle, caller.companyId, kind, {
        from: request.from,
        to: request.to,
        ...(request.status ? { status: request.status } : {}),
        page_size: pageSize,
        ...(cursor ? { cursor } : {}),
      });
      for (const payout of page.items)
        yield {
          date: new Date(payout.created_at),
          status: translate(language, `states.transaction.${payout.status}`),
          asset: payout.asset,
          network: payout.network,
          amount: payout.amount,
          fee: payout.fee,
          currency: payout.fiat?.currency ?? null,
          fiat_amount: payout.fiat?.amount ?? null,
          rate: payout.fiat
            ? rateTextIn(
                language,
                rateOfPayout({ asset: payout.asset, currency: payout.fiat.currency, rate: payout.fiat.rate }),
              )
            : null,
          destination: payout.destination.name,
          account: payout.destination.address ?? payout.destination.account_number,
          purpose: translate(language, `payouts.purposes.${payout.purpose}`),
          tx_hash: payout.tx_hash,
          payout_id: payout.payout_id,
        };
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }
  const columns = kind === 'crypto' ? cryptoColumns : fiatColumns;
  const file = await writeTable(request.format, {
    language,
    title: translate(language, kind === 'crypto' ? 'payouts.record.title_crypto' : 'payouts.record.title_fiat'),
    companyName: company?.name ?? '',
    period: { from: request.from, to: request.to },
    generatedAt: new Date(),
    fileName: kind === 'crypto' ? 'crypto-payouts' : 'fiat-payouts',
    columns: columns.map((column) => ({
      ...column,
      header: translate(language, `payouts.record.columns.${column.key}`),
    })),
    emptyMessage: translate(language, 'payouts.record.empty'),
    rows: rows(),
  });
  return fileReply(file.fileName, file.contentType, file.body);
}

type PayoutRecordRequest = Parameters<typeof payoutRecordFile>[3];

/** The record as the company downloads it: audited first, then read as a heavy read (a replica's when it has caught up). */
export async function downloadPayoutRecord(
  database: Database,
  actor: PayoutActor,
  kind: PayoutKind,
  request: PayoutRecordRequest,
): Promise<FileReply> {
  await writeAudit(database.db, {
    action: 'payout.record_downloaded',
    at: actor.now,
    actorUserId: actor.userId,
    companyId: actor.companyId,
    ip: actor.ip,
    detail: { kind, format: request.format, from: request.from, to: request.to },
  });
  return payoutRecordFile(await database.forHeavyRead(), actor, kind, request);
}
