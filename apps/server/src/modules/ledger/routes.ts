/**
 * The ledger's calls, one line each: balances and their history on the dashboard home, the back
 * office's ledger explorer and invariant check, and the simulated rates' control.
 */
import {
  checkLedger,
  getBalanceHistory,
  getDashboardHome,
  type LedgerCheck,
  listLedgerAccounts,
  listLedgerTransfers,
  simulateRates,
} from '@bank/contract/ledger';
import type { FastifyInstance } from 'fastify';
import type { RatesProvider } from '../../adapters/rates/rates.ts';
import type { AppDatabase } from '../../platform/db.ts';
import { registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import { balanceHistory, dashboardHome } from './dashboard.ts';
import { ledgerAccountPage, ledgerTransferPage } from './queries.ts';
import { quoteRatesNow } from './rates.ts';

export type LedgerRouteDependencies = {
  db: AppDatabase;
  rates: { provider: RatesProvider; isSimulated: boolean };
  /** Runs the invariant check and publishes its breaches (the schedule runs the same). */
  checkLedgerNow: (now: Date) => Promise<LedgerCheck>;
};

export function registerLedgerRoutes(app: FastifyInstance, { db, rates, checkLedgerNow }: LedgerRouteDependencies) {
  registerCall(app, getDashboardHome, (_body, call) => dashboardHome(db, clientCompanyId(call), call.now));
  registerCall(app, getBalanceHistory, async (body, call) => ({
    points: await balanceHistory(db, clientCompanyId(call), body.days, call.now),
  }));
  registerCall(app, listLedgerAccounts, (body) => ledgerAccountPage(db, body));
  registerCall(app, listLedgerTransfers, (body) => ledgerTransferPage(db, body));
  registerCall(app, checkLedger, (_body, call) => checkLedgerNow(call.now));
  registerCall(app, simulateRates, (_body, call) =>
    quoteRatesNow(db, rates, { userId: call.session.user_id, ip: call.ip, now: call.now }),
  );
}
