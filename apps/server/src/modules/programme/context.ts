/**
 * What the card programme's calls are given: the module context and the card processor, which is
 * the cards module's (asked for through its index), with the simulator's controls outside
 * production.
 */
import type { ModuleContext } from '../../platform/module.ts';
import { cardProcessorOf } from '../cards/index.ts';

export type ProgrammeContext = ModuleContext & ReturnType<typeof cardProcessorOf>;

export function programmeContextOf(context: ModuleContext): ProgrammeContext {
  return { ...context, ...cardProcessorOf(context) };
}
