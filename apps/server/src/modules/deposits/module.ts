/**
 * The deposits module: deposit configuration (assets, networks, confirmations), the company's
 * deposit address per network from the custody provider, the bank details for fiat transfers with
 * the company's reference, fiat deposit notices with their proof of transfer (the documents'
 * upload flow), its deposits and their record as a file, the back office's decisions and a
 * deposit's full history (routes.ts), and the simulators: a schedule adds blocks every minute
 * (crediting confirmed deposits) and, in the demo, sends the bank transfer of each open notice a
 * minute old; outside production staff with deposit_operations can send coins, bank transfers and
 * blocks on demand (simulator-controls.ts).
 */
import { simulatedBlocksOfMinute } from '../../adapters/custody/custody.ts';
import type { AppModule } from '../../platform/module.ts';
import { createDocumentService } from '../documents/index.ts';
import { sendScheduledBankCredits } from './bank-rail-simulator.ts';
import { confirm } from './incoming.ts';
import { depositProofPolicy } from './proofs.ts';
import { registerDepositsRoutes } from './routes.ts';
import { depositsDemoSeeder } from './seed.ts';
import { createSimulatorControls } from './simulator-controls.ts';

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
    const simulatorControls = createSimulatorControls(db, simulators.custody && simulators.bankRail);

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
          simulatorControls.refuseInProduction();
          await sendScheduledBankCredits(db, context.clock.now());
        },
      });

    const proofs = createDocumentService({
      db,
      storage: context.documentStorage,
      owner: depositProofPolicy(context.clock),
    });
    registerDepositsRoutes(app, { database: context.database, custody, proofs, simulators: simulatorControls });
  },
};
