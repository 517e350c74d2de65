/**
 * The bank-rail simulator (never in production): a transfer arrives at the bank's receiving
 * account, as the real rail would report it, and is matched like one (fiat.ts receiveBankCredit).
 * On demand, staff send one (admin/simulator/bankCredit); in the demo, a schedule sends the
 * transfer each open notice announced once the notice is a minute old, so a notice sent on the
 * screen is followed by its money without anyone at the back office's simulator.
 */
import type { FiatCurrency } from '@bank/contract/money';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit.ts';
import { type AppDatabase, type DbHandle, executeRows } from '../../platform/db.ts';
import { formatAmountForWire, parseAmount } from '../../platform/money.ts';
import { companies } from '../account/index.ts';
import { type IncomingBankTransfer, receiveBankCredit } from './fiat.ts';
import { bankCredits, depositNotices } from './tables.ts';

export type SimulatorActor = { userId: string | null; ip: string | null; isScheduled: boolean };

/** A simulated transfer arrives: received and matched as the rail's own would be, and audited. */
export async function sendSimulatedBankCredit(
  tx: DbHandle,
  incoming: IncomingBankTransfer,
  actor: SimulatorActor,
  now: Date,
): Promise<string> {
  const creditId = await receiveBankCredit(tx, incoming, now);
  await writeAudit(tx, {
    action: 'simulator.bank_credit_sent',
    at: now,
    actorUserId: actor.userId,
    ip: actor.ip,
    detail: {
      credit_id: creditId,
      currency: incoming.currency,
      amount: incoming.amount,
      reference: incoming.reference,
      ...(actor.isScheduled ? { scheduled: true } : {}),
    },
  });
  return creditId;
}

/** A notice gets its simulated transfer once it is this old. */
const scheduledCreditDelayMs = 60_000;

/** The most notices one run answers (the next minute takes the rest). */
const noticesPerRun = 100;

/**
 * Runs that overlap (a retried tick beside the next one, two instances) take turns notice by
 * notice, so that each sees the credits the other made: one transfer per notice.
 */
const simulatorLockKey = sql`hashtext('deposits__simulate_bank_credits')`;

/**
 * Sends the transfer of every open notice without one that is at least a minute old: one
 * transaction per notice, which checks again under the lock that the notice is still open and has
 * no transfer. Answers how many were sent.
 */
export async function sendScheduledBankCredits(db: AppDatabase, now: Date): Promise<number> {
  const dueBefore = new Date(now.getTime() - scheduledCreditDelayMs);
  const due = await db
    .select({ id: depositNotices.id })
    .from(depositNotices)
    .where(
      and(
        eq(depositNotices.status, 'open'),
        lte(depositNotices.created_at, dueBefore),
        sql`not exists (select 1 from ${bankCredits} where ${bankCredits.notice_id} = ${depositNotices.id})`,
      ),
    )
    .orderBy(asc(depositNotices.id))
    .limit(noticesPerRun);
  let sent = 0;
  for (const { id } of due) {
    const isSent = await db.transaction(async (tx) => {
      await executeRows(tx, sql`select pg_advisory_xact_lock(${simulatorLockKey})`);
      const [notice] = await tx
        .select({
          currency: depositNotices.currency,
          amount: depositNotices.amount,
          reference: depositNotices.reference,
          company: companies.name,
        })
        .from(depositNotices)
        .innerJoin(companies, eq(companies.id, depositNotices.company_id))
        .where(and(eq(depositNotices.id, id), eq(depositNotices.status, 'open')));
      if (!notice) return false;
      const [existing] = await tx
        .select({ id: bankCredits.id })
        .from(bankCredits)
        .where(eq(bankCredits.notice_id, id))
        .limit(1);
      if (existing) return false;
      const currency = notice.currency as FiatCurrency;
      await sendSimulatedBankCredit(
        tx,
        {
          currency,
          amount: formatAmountForWire(parseAmount(notice.amount), currency),
          reference: notice.reference,
          sender: (notice.company ?? 'Demo sender').toUpperCase(),
        },
        { userId: null, ip: null, isScheduled: true },
        now,
      );
      return true;
    });
    if (isSent) sent += 1;
  }
  return sent;
}
