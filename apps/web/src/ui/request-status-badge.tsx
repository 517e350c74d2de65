/**
 * The status of something a client asked of the bank (feedback, a contact request) as a coloured
 * badge: open waits on the bank, closed (answered, handled) is done. The label is the reader's words.
 */
import { colourOfTone } from './state-tone.ts';
import { ToneBadge } from './tone-badge.tsx';

export function RequestStatusBadge({ isOpen, label }: { isOpen: boolean; label: string }) {
  return <ToneBadge colour={colourOfTone[isOpen ? 'in_progress' : 'positive']}>{label}</ToneBadge>;
}
