/**
 * The bank-rail adapter for money leaving (DECISIONS.md "Money"): a fiat payment to a payee's bank
 * account through the correspondent network. The simulator accepts a payment and answers the
 * rail's reference; it settles some minutes later (the payouts module's schedule, never in
 * production) or fails when told to (the back office's simulator control), as a real rail reports
 * completion or a return asynchronously. Incoming credits are the deposits module's simulator.
 */
import { randomBytes } from 'node:crypto';

type OutgoingPayment = {
  currency: string;
  amount: string;
  beneficiaryName: string;
  accountNumber: string;
  swiftCode: string;
  /** The bank's own reference of the payout, carried to the beneficiary's statement. */
  reference: string;
};

export type BankRailProvider = {
  name: string;
  sendPayment(payment: OutgoingPayment): Promise<{ railReference: string }>;
};

/** How long the simulated rail takes to settle a payment it accepted. */
export const simulatedSettlementMinutes = 2;

export function createSimulatedBankRail(): BankRailProvider {
  return {
    name: 'simulator',
    async sendPayment() {
      return { railReference: `SIM${randomBytes(6).toString('hex').toUpperCase()}` };
    },
  };
}
