/**
 * The deposits module: the route file. Deposit configuration (assets, networks, confirmations),
 * the company's deposit address per network from the custody provider, the bank details for fiat
 * transfers with the company's reference, its deposits and their record as a file, and the
 * simulated networks: a schedule adds blocks every minute (crediting confirmed deposits), and
 * outside production staff with deposit_operations can send coins and add blocks on demand.
 */
import {
  creditBankTransfer,
  depositConfig,
  downloadDeposits,
  getBankDetails,
  getDeposit,
  getDepositConfig,
  getDepositDetails,
  listBankCredits,
  listDeposits,
  listDepositsInFlight,
  quoteFiatDeposit,
  returnBankTransfer,
  simulateBankCredit,
  simulateBlocks,
  simulateIncomingDeposit,
  submitDepositNotice,
} from '@bank/contract/deposit';
import { createSimulatedCustody } from '../../adapters/custody/custody.ts';
import { writeAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppModule } from '../../platform/module.ts';
import { registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import { companyTransactionDetails } from '../transactions/index.ts';
import { depositAddress } from './addresses.ts';
import { bankDetails } from './bank-details.ts';
import { depositRecordFile, depositTypes } from './deposit-download.ts';
import * as fiat from './fiat.ts';
import { confirm, depositPage, depositsInFlightPage, receive, simulatedBlocksOfMinute } from './incoming.ts';
import { depositsDemoSeeder } from './seed.ts';

export const confirmDepositsSchedule = 'deposits__confirm_simulated_networks';

export const depositsModule: AppModule = {
  name: 'deposits',
  demoSeeder: depositsDemoSeeder,
  register(app, context) {
    const db = context.database.db;
    const custody = createSimulatedCustody();
    const isSimulatorOpen = context.config.nodeEnv !== 'production';
    const refuseInProduction = () => {
      if (!isSimulatorOpen) throw new AppError('forbidden', { detail: 'simulator controls are closed in production' });
    };

    if (context.config.simulateNetworkBlocks)
      context.jobs.schedule({
        name: confirmDepositsSchedule,
        cron: '* * * * *',
        run: async () => {
          const now = context.clock.now();
          await confirm(db, simulatedBlocksOfMinute(now), now);
        },
      });

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
      return details;
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
      return depositRecordFile(db, { companyId, language: call.language }, body, call.now);
    });
    registerCall(app, quoteFiatDeposit, (body, call) =>
      fiat.quoteFiatDeposit(db, clientCompanyId(call), body, call.now),
    );
    registerCall(app, submitDepositNotice, (body, call) =>
      fiat.submitNotice(
        call.transaction ?? db,
        { companyId: clientCompanyId(call), userId: call.session.user_id },
        body,
        call.now,
      ),
    );

    // The back office: incoming bank transfers to credit or return, coins still confirming.
    registerCall(app, listBankCredits, (body) => fiat.bankCreditPage(db, body));
    registerCall(app, listDepositsInFlight, (body) => depositsInFlightPage(db, body));
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
        const creditId = await fiat.receiveBankCredit(tx, body, call.now);
        await writeAudit(tx, {
          action: 'simulator.bank_credit_sent',
          at: call.now,
          actorUserId: call.session.user_id,
          ip: call.ip,
          detail: { credit_id: creditId, currency: body.currency, amount: body.amount, reference: body.reference },
        });
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
