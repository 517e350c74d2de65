/** A contact request's status as a coloured badge: open waits on the bank, handled is done. */
import type { ContactRequestStatus } from '@bank/contract/contact-requests';
import { colourOfTone, type StateTone } from '../../ui/state-tone.ts';
import { ToneBadge } from '../../ui/tone-badge.tsx';

const toneOfStatus: Record<ContactRequestStatus, StateTone> = { open: 'in_progress', handled: 'positive' };

/** `label` is the status in the reader's words: the client reads "Sent", staff read "Open". */
export function ContactStatusBadge({ status, label }: { status: ContactRequestStatus; label: string }) {
  return <ToneBadge colour={colourOfTone[toneOfStatus[status]]}>{label}</ToneBadge>;
}
