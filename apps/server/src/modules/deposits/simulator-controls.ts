/**
 * The back office's controls of the simulated networks and rail (outside production, staff with
 * deposit_operations): coins sent to a deposit address, a bank transfer sent, blocks added. Each
 * is refused unless custody and the bank rail are both the simulators, and each is audited.
 */
import type { BankCredit, Deposit } from '@bank/contract/deposit';
import { writeAudit } from '../../platform/audit.ts';
import type { AppDatabase } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sendSimulatedBankCredit } from './bank-rail-simulator.ts';
import { bankCreditOf, type IncomingBankTransfer } from './fiat.ts';
import { confirm, type IncomingTransfer, receive } from './incoming.ts';
import { bankCreditRow } from './queries.ts';

/** Who works the controls: staff with deposit_operations. */
export type SimulatorOperator = { userId: string; ip: string; now: Date };

export type SimulatorControls = ReturnType<typeof createSimulatorControls>;

export function createSimulatorControls(db: AppDatabase, isSimulatorOpen: boolean) {
  const refuseInProduction = () => {
    if (!isSimulatorOpen)
      throw new AppError('forbidden', { detail: 'simulator controls need the simulated providers' });
  };
  return {
    refuseInProduction,

    async sendCoins(operator: SimulatorOperator, incoming: IncomingTransfer): Promise<Deposit> {
      refuseInProduction();
      return db.transaction(async (tx) => {
        const deposit = await receive(tx, incoming, operator.now);
        await writeAudit(tx, {
          action: 'simulator.deposit_sent',
          at: operator.now,
          actorUserId: operator.userId,
          ip: operator.ip,
          detail: {
            deposit_id: deposit.deposit_id,
            asset: incoming.asset,
            network: incoming.network,
            amount: incoming.amount,
          },
        });
        return deposit;
      });
    },

    async sendBankCredit(operator: SimulatorOperator, incoming: IncomingBankTransfer): Promise<BankCredit> {
      refuseInProduction();
      return db.transaction(async (tx) => {
        const actor = { userId: operator.userId, ip: operator.ip, isScheduled: false };
        const creditId = await sendSimulatedBankCredit(tx, incoming, actor, operator.now);
        return bankCreditOf(tx, await bankCreditRow(tx, creditId));
      });
    },

    async addBlocks(operator: SimulatorOperator, blocks: number): Promise<{ credited: number }> {
      refuseInProduction();
      const credited = await confirm(db, () => blocks, operator.now);
      await writeAudit(db, {
        action: 'simulator.blocks_added',
        at: operator.now,
        actorUserId: operator.userId,
        ip: operator.ip,
        detail: { blocks, credited },
      });
      return { credited };
    },
  };
}
