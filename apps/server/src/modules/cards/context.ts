/**
 * What the cards module's calls are given: the module context and the card processor the
 * configuration chose (adapters/providers.ts), with the simulator's controls when it is the
 * simulator. Each part of the module registers its calls with it.
 */

import type { CallDefinition } from '@bank/contract/calls';
import type { CardProcessor } from '../../adapters/card-processor/card-processor.ts';
import type { CardProcessorSimulator } from '../../adapters/card-processor/simulator.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { CallHandler } from '../../platform/route.ts';

export type CardsContext = ModuleContext & {
  processor: CardProcessor;
  /** The simulator's controls (the back office's panel, tests), when the simulator is the processor. */
  simulator: CardProcessorSimulator | null;
};

/**
 * The card processor for a module's calls, and its simulator's controls when the simulator is
 * chosen. The simulator keeps its state in the database, so the cards module and the card
 * programme (which asks for it through the cards module's index) share one processor.
 */
export function cardProcessorOf(
  context: Pick<ModuleContext, 'providers'>,
): Pick<CardsContext, 'processor' | 'simulator'> {
  return { processor: context.providers.cardProcessor, simulator: context.providers.simulators.cardProcessor };
}

/** The checked body of a call, as its handler receives it: what a service step of the call takes. */
export type CallBody<Call extends CallDefinition> = Parameters<CallHandler<Call>>[0];
