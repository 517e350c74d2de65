/**
 * The deposits' calls, one line each: configuration, the company's addresses and bank details,
 * proofs of transfer, notices, its deposits and their record; the back office's lists and
 * decisions; and the simulators' controls.
 */
import {
  authorizeDepositProof,
  completeDepositProof,
  creditBankTransfer,
  creditHeldDeposit,
  depositConfig,
  downloadDeposits,
  getBankDetails,
  getDeposit,
  getDepositConfig,
  getDepositDetails,
  getDepositHistory,
  listBankCredits,
  listDeposits,
  listDepositsInFlight,
  quoteFiatDeposit,
  returnBankTransfer,
  returnHeldDeposit,
  simulateBankCredit,
  simulateBlocks,
  simulateIncomingDeposit,
  submitDepositNotice,
} from '@bank/contract/deposit';
import type { FastifyInstance } from 'fastify';
import type { CustodyProvider } from '../../adapters/custody/custody.ts';
import type { Database } from '../../platform/db.ts';
import { type CallContext, registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import type { createDocumentService } from '../documents/index.ts';
import { depositAddress } from './addresses.ts';
import { bankDetails } from './bank-details.ts';
import { companyDeposit, type DepositCaller, downloadDepositRecord, sendDepositNotice } from './company-deposits.ts';
import { creditTransfer, type DepositStaff, decideHeldDeposit, returnTransfer } from './decisions.ts';
import { depositHistory } from './deposit-history.ts';
import { bankCreditPage, quoteFiatDeposit as quoteFiat } from './fiat.ts';
import { proofPurpose, proofSection } from './proofs.ts';
import { depositPage, depositsInFlightPage } from './queries.ts';
import type { SimulatorControls } from './simulator-controls.ts';

export type DepositRouteDependencies = {
  database: Database;
  custody: CustodyProvider;
  /** Proofs of transfer: the documents' upload flow, with the deposits' policy (proofs.ts). */
  proofs: ReturnType<typeof createDocumentService>;
  simulators: SimulatorControls;
};

const callerOf = (call: CallContext): DepositCaller => ({
  companyId: clientCompanyId(call),
  userId: call.session.user_id,
  ip: call.ip,
  language: call.language,
  now: call.now,
});

const staffOf = (call: CallContext): DepositStaff => ({ userId: call.session.user_id, ip: call.ip, now: call.now });

export function registerDepositsRoutes(
  app: FastifyInstance,
  { database, custody, proofs, simulators }: DepositRouteDependencies,
) {
  const { db } = database;
  registerCall(app, authorizeDepositProof, (body, call) =>
    proofs.authorize({ ...body, section: proofSection, kind: proofPurpose }, call),
  );
  registerCall(app, completeDepositProof, (body, call) => proofs.complete(body, call));

  registerCall(app, getDepositConfig, async () => depositConfig());
  registerCall(app, getDepositDetails, (body, call) =>
    depositAddress(
      db,
      custody,
      { companyId: clientCompanyId(call), asset: body.asset, network: body.network },
      call.now,
    ),
  );
  registerCall(app, getBankDetails, (body, call) => bankDetails(db, clientCompanyId(call), body.currency, call.now));
  registerCall(app, listDeposits, (body, call) => depositPage(db, clientCompanyId(call), body.after));
  registerCall(app, getDeposit, (body, call) => companyDeposit(db, clientCompanyId(call), body.transaction_id));
  registerCall(app, downloadDeposits, (body, call) => downloadDepositRecord(database, callerOf(call), body));
  registerCall(app, quoteFiatDeposit, (body, call) => quoteFiat(db, clientCompanyId(call), body, call.now));
  registerCall(app, submitDepositNotice, (body, call) =>
    sendDepositNotice(call.transaction ?? db, callerOf(call), body),
  );

  // The back office: incoming bank transfers to credit or return, coins still confirming.
  registerCall(app, listBankCredits, (body) => bankCreditPage(db, body));
  registerCall(app, listDepositsInFlight, (body) => depositsInFlightPage(db, body));
  registerCall(app, getDepositHistory, (body) => depositHistory(db, body.id));
  registerCall(app, creditBankTransfer, (body, call) => creditTransfer(call.transaction ?? db, staffOf(call), body));
  registerCall(app, returnBankTransfer, (body, call) =>
    db.transaction((tx) => returnTransfer(tx, staffOf(call), body)),
  );
  registerCall(app, creditHeldDeposit, (body, call) =>
    db.transaction((tx) => decideHeldDeposit(tx, staffOf(call), body, 'credit')),
  );
  registerCall(app, returnHeldDeposit, (body, call) =>
    db.transaction((tx) => decideHeldDeposit(tx, staffOf(call), body, 'return')),
  );

  registerCall(app, simulateIncomingDeposit, (body, call) => simulators.sendCoins(staffOf(call), body));
  registerCall(app, simulateBankCredit, (body, call) => simulators.sendBankCredit(staffOf(call), body));
  registerCall(app, simulateBlocks, (body, call) => simulators.addBlocks(staffOf(call), body.blocks));
}
