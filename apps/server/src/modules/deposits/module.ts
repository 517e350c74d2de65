/**
 * The deposits module: the route file. Deposit configuration (assets, networks, confirmations),
 * the company's deposit address per network from the custody provider, the bank details for fiat
 * transfers with the company's reference, fiat deposit notices with their proof of transfer (the
 * documents' upload flow), its deposits and their record as a file, the back office's decisions
 * and a deposit's full history, and the simulators: a schedule adds blocks every minute
 * (crediting confirmed deposits) and, in the demo, sends the bank transfer of each open notice a
 * minute old; outside production staff with deposit_operations can send coins, bank transfers and
 * blocks on demand.
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
import { simulatedBlocksOfMinute } from '../../adapters/custody/custody.ts';
import { writeAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppModule } from '../../platform/module.ts';
import { registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import { createDocumentService } from '../documents/index.ts';
import { companyTransactionDetails, sourceOfTransaction } from '../transactions/index.ts';
import { depositAddress } from './addresses.ts';
import { bankDetails } from './bank-details.ts';
import { sendScheduledBankCredits, sendSimulatedBankCredit } from './bank-rail-simulator.ts';
import { depositRecordFile, depositTypes } from './deposit-download.ts';
import { depositHistory } from './deposit-history.ts';
import * as fiat from './fiat.ts';
import * as incoming from './incoming.ts';
import { confirm, depositPage, depositsInFlightPage, receive } from './incoming.ts';
import { depositProofPolicy, proofPurpose, proofSection } from './proofs.ts';
import { depositsDemoSeeder } from './seed.ts';

const confirmDepositsSchedule = 'deposits__confirm_simulated_networks';
export const simulateBankCreditsSchedule = 'deposits__simulate_bank_credits';

/**
 * The simulated bank rail sends open notices' transfers on a schedule, as a real rail's credits
 * arrive: wherever the rail is the simulator, with the simulated networks' minute.
 */
export function isBankRailScheduled(
  config: { simulateNetworkBlocks: boolean },
  providers: { simulators: { bankRail: boolean } },
): boolean {
  return config.simulateNetworkBlocks && providers.simulators.bankRail;
}

export const depositsModule: AppModule = {
  name: 'deposits',
  demoSeeder: depositsDemoSeeder,
  register(app, context) {
    const db = context.database.db;
    const { custody, simulators } = context.providers;
    // The back office's controls of the simulated networks and rail: only where they are the simulators.
    const isSimulatorOpen = simulators.custody && simulators.bankRail;
    const refuseInProduction = () => {
      if (!isSimulatorOpen)
        throw new AppError('forbidden', { detail: 'simulator controls need the simulated providers' });
    };

    if (context.config.simulateNetworkBlocks && simulators.custody)
      context.jobs.schedule({
        name: confirmDepositsSchedule,
        cron: '* * * * *',
        run: async () => {
          const now = context.clock.now();
          await confirm(db, simulatedBlocksOfMinute(now), now);
        },
      });
    if (isBankRailScheduled(context.config, context.providers))
      context.jobs.schedule({
        name: simulateBankCreditsSchedule,
        cron: '* * * * *',
        run: async () => {
          refuseInProduction();
          await sendScheduledBankCredits(db, context.clock.now());
        },
      });

    // Proofs of transfer: the documents' upload flow, with the deposits' policy (proofs.ts).
    const proofs = createDocumentService({
      db,
      storage: context.documentStorage,
      owner: depositProofPolicy(context.clock),
    });
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
    registerCall(app, getDeposit, async (body, call) => {
      const details = await companyTransactionDetails(db, clientCompanyId(call), body.transaction_id);
      if (!depositTypes.includes(details.transaction.type))
        throw new AppError('not_found', { detail: `transaction ${body.transaction_id} is not a deposit` });
      // The line is the company's (checked above); a fiat one may tell a notice.
      const source = await sourceOfTransaction(db, details.transaction.transaction_id);
      const notice = source ? await fiat.noticeOfSource(db, source) : null;
      return { ...details, notice: notice ? await fiat.noticeOf(db, notice) : null };
    });
    registerCall(app, downloadDeposits, async (body, call) => {
      const companyId = clientCompanyId(call);
      await writeAudit(db, {
        action: 'deposit.record_downloaded',
        at: call.now,
        actorUserId: call.session.user_id,
        companyId,
        ip: call.ip,
        detail: { format: body.format, from: body.from, to: body.to },
      });
      // A download is a heavy read: a replica's when it has caught up (platform/heavy-reads.ts).
      const handle = await context.database.forHeavyRead();
      return depositRecordFile(handle, { companyId, language: call.language }, body, call.now);
    });
    registerCall(app, quoteFiatDeposit, (body, call) =>
      fiat.quoteFiatDeposit(db, clientCompanyId(call), body, call.now),
    );
    registerCall(app, submitDepositNotice, async (body, call) => {
      const tx = call.transaction ?? db;
      const companyId = clientCompanyId(call);
      const submitted = await fiat.submitNotice(tx, { companyId, userId: call.session.user_id }, body, call.now);
      await writeAudit(tx, {
        action: 'deposit.notice_submitted',
        at: call.now,
        actorUserId: call.session.user_id,
        companyId,
        ip: call.ip,
        detail: {
          notice_id: submitted.notice_id,
          currency: body.currency,
          amount: body.amount,
          asset: body.target,
          ...(body.proof_document_id ? { document_id: body.proof_document_id } : {}),
        },
      });
      return { transaction_id: submitted.transaction_id };
    });

    // The back office: incoming bank transfers to credit or return, coins still confirming.
    registerCall(app, listBankCredits, (body) => fiat.bankCreditPage(db, body));
    registerCall(app, listDepositsInFlight, (body) => depositsInFlightPage(db, body));
    registerCall(app, getDepositHistory, (body) => depositHistory(db, body.id));
    registerCall(app, creditBankTransfer, async (body, call) => {
      const tx = call.transaction ?? db;
      const credited = await fiat.creditBankTransfer(
        tx,
        { creditId: body.credit_id, staffUserId: call.session.user_id, target: body.target, reason: body.reason },
        call.now,
      );
      await writeAudit(tx, {
        action: 'deposit.bank_transfer_credited',
        at: call.now,
        actorUserId: call.session.user_id,
        companyId: credited.company_id,
        ip: call.ip,
        detail: {
          credit_id: credited.id,
          currency: credited.currency,
          amount: credited.amount,
          asset: credited.credited_asset,
          rate: credited.rate,
          fee: credited.fee,
          net: credited.net,
          reason: credited.reason,
        },
      });
      return fiat.bankCreditOf(tx, credited);
    });
    registerCall(app, returnBankTransfer, (body, call) =>
      db.transaction(async (tx) => {
        const returned = await fiat.returnBankTransfer(
          tx,
          { creditId: body.credit_id, staffUserId: call.session.user_id, reason: body.reason },
          call.now,
        );
        await writeAudit(tx, {
          action: 'deposit.bank_transfer_returned',
          at: call.now,
          actorUserId: call.session.user_id,
          companyId: returned.company_id,
          ip: call.ip,
          detail: { credit_id: returned.id, currency: returned.currency, amount: returned.amount, reason: body.reason },
        });
        return fiat.bankCreditOf(tx, returned);
      }),
    );

    // A first coin deposit below the minimum, held once confirmed: staff credit or return it, saying why.
    for (const [contract, decide, action] of [
      [creditHeldDeposit, incoming.creditHeldDeposit, 'deposit.held_coins_credited'],
      [returnHeldDeposit, incoming.returnHeldDeposit, 'deposit.held_coins_returned'],
    ] as const)
      registerCall(app, contract, (body, call) =>
        db.transaction(async (tx) => {
          const { deposit, companyId } = await decide(tx, body.deposit_id, call.now);
          await writeAudit(tx, {
            action,
            at: call.now,
            actorUserId: call.session.user_id,
            companyId,
            ip: call.ip,
            detail: {
              deposit_id: deposit.deposit_id,
              asset: deposit.asset,
              amount: deposit.amount,
              reason: body.reason,
            },
          });
          return deposit;
        }),
      );

    registerCall(app, simulateIncomingDeposit, async (body, call) => {
      refuseInProduction();
      return db.transaction(async (tx) => {
        const deposit = await receive(tx, body, call.now);
        await writeAudit(tx, {
          action: 'simulator.deposit_sent',
          at: call.now,
          actorUserId: call.session.user_id,
          ip: call.ip,
          detail: { deposit_id: deposit.deposit_id, asset: body.asset, network: body.network, amount: body.amount },
        });
        return deposit;
      });
    });
    registerCall(app, simulateBankCredit, async (body, call) => {
      refuseInProduction();
      return db.transaction(async (tx) => {
        const creditId = await sendSimulatedBankCredit(
          tx,
          body,
          { userId: call.session.user_id, ip: call.ip, isScheduled: false },
          call.now,
        );
        return fiat.bankCreditOf(tx, await fiat.bankCreditRow(tx, creditId));
      });
    });
    registerCall(app, simulateBlocks, async (body, call) => {
      refuseInProduction();
      const credited = await confirm(db, () => body.blocks, call.now);
      await writeAudit(db, {
        action: 'simulator.blocks_added',
        at: call.now,
        actorUserId: call.session.user_id,
        ip: call.ip,
        detail: { blocks: body.blocks, credited },
      });
      return { credited };
    });
  },
};
