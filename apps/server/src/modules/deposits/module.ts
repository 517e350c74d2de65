/**
 * The deposits module: the route file. Deposit configuration (assets, networks, confirmations),
 * the company's deposit address per network from the custody provider, the bank details for fiat
 * transfers with the company's reference, its deposits, and the
 * simulated networks: a schedule adds blocks every minute (crediting confirmed deposits), and
 * outside production staff with deposit_operations can send coins and add blocks on demand.
 */
import {
  depositConfig,
  getBankDetails,
  getDepositConfig,
  getDepositDetails,
  listDeposits,
  simulateBlocks,
  simulateIncomingDeposit,
} from '@bank/contract/deposit';
import { createSimulatedCustody } from '../../adapters/custody/custody.ts';
import { writeAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppModule } from '../../platform/module.ts';
import { registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import { depositAddress } from './addresses.ts';
import { bankDetails } from './bank-details.ts';
import { confirm, depositPage, receive, simulatedBlocksOfMinute } from './incoming.ts';
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
