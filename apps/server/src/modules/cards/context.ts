/**
 * What the cards module's calls are given: the module context and the card processor (the
 * simulator outside production). Each slice of the module registers its calls with it.
 */
import type { CardProcessor } from '../../adapters/card-processor/card-processor.ts';
import { type CardProcessorSimulator, createCardProcessorSimulator } from '../../adapters/card-processor/simulator.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { SecretBox } from '../../platform/secret-box.ts';

export type CardsContext = ModuleContext & {
  processor: CardProcessor;
  /** The simulator's controls, outside production only (the back office's panel, tests). */
  simulator: CardProcessorSimulator | null;
};

/** The simulator's key, derived from the server secret (the same in the app and in its tests). */
export const simulatorKeyOf = (secretBox: SecretBox) => secretBox.keyedHash('card-processor-simulator', 'key');

/**
 * The card processor for a module's calls, and its simulator's controls outside production. The
 * simulator keeps its state in the database, so the cards module and the card programme (which
 * asks for it through the cards module's index) share one processor.
 */
export function cardProcessorOf(context: ModuleContext): Pick<CardsContext, 'processor' | 'simulator'> {
  const isSimulatorOpen = context.config.nodeEnv !== 'production';
  // A real processor's adapter takes the simulator's place in production, where none is wired yet.
  const simulator = createCardProcessorSimulator({ secret: simulatorKeyOf(context.secretBox) });
  return { processor: simulator, simulator: isSimulatorOpen ? simulator : null };
}
