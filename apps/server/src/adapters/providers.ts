/**
 * The outside providers the bank works through, chosen by configuration and made once, here: the
 * card processor (config CARD_PROCESSOR), custody (CUSTODY), the bank rail (BANK_RAIL) and market
 * rates (RATES_PROVIDER); document storage and mail have their own settings (STORAGE_DRIVER,
 * SMTP_URL). Each is an interface a bank implements for its real provider (docs/operations.md,
 * "Adapters"); the simulators stand in for them on one machine and in a demo. Production refuses
 * to start on a simulator unless DEMO_MODE=true says it is a demo (config.ts).
 *
 * A simulator chosen brings what makes it behave like its provider: its schedules (the card
 * processor's stages, the networks' blocks, the rail's settlement) and the back office's controls,
 * wherever it runs.
 */
import type { Config } from '../config.ts';
import type { SecretBox } from '../platform/secret-box.ts';
import { type BankRailProvider, createSimulatedBankRail } from './bank-rail/bank-rail.ts';
import type { CardProcessor } from './card-processor/card-processor.ts';
import { type CardProcessorSimulator, createCardProcessorSimulator } from './card-processor/simulator.ts';
import { type CustodyProvider, createSimulatedCustody } from './custody/custody.ts';
import { createSimulatedRates, type RatesProvider } from './rates/rates.ts';

export type Providers = {
  cardProcessor: CardProcessor;
  custody: CustodyProvider;
  bankRail: BankRailProvider;
  rates: RatesProvider;
  /** The simulators in use, for their schedules and the back office's controls; null where a real provider is. */
  simulators: {
    cardProcessor: CardProcessorSimulator | null;
    custody: boolean;
    bankRail: boolean;
    rates: boolean;
  };
};

/** The card processor simulator's key, derived from the server secret. */
const cardProcessorSimulatorKeyOf = (secretBox: SecretBox) => secretBox.keyedHash('card-processor-simulator', 'key');

/**
 * The providers of the configuration. Only the simulators are built in this repository: each
 * setting names `simulator` today, and a bank's own adapter is added as another value.
 */
export function createProviders(config: Pick<Config, 'providers'>, secretBox: SecretBox): Providers {
  const { providers } = config;
  const cardProcessor =
    providers.cardProcessor === 'simulator'
      ? createCardProcessorSimulator({ secret: cardProcessorSimulatorKeyOf(secretBox) })
      : null;
  if (!cardProcessor) throw new Error(`no card processor adapter ${providers.cardProcessor}`);
  return {
    cardProcessor,
    custody: createSimulatedCustody(),
    bankRail: createSimulatedBankRail(),
    rates: createSimulatedRates(),
    simulators: {
      cardProcessor,
      custody: providers.custody === 'simulator',
      bankRail: providers.bankRail === 'simulator',
      rates: providers.rates === 'simulator',
    },
  };
}
