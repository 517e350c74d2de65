/**
 * What the card programme's calls are given: the module context and the card processor, which is
 * the cards module's (asked for through its index), with the simulator's controls outside
 * production.
 */
import type { ModuleContext } from '../../platform/module.ts';
import { cardProcessorOf } from '../cards/index.ts';

export type ProgrammeContext = ModuleContext & ReturnType<typeof cardProcessorOf>;

/** Who acts on the company's programme cards and fees, and from where. */
export type ProgrammeCaller = { userId: string; companyId: string; ip: string | null; now: Date };

export function programmeContextOf(context: ModuleContext): ProgrammeContext {
  return { ...context, ...cardProcessorOf(context) };
}
