/** A feedback's status as a coloured badge: open waits on the bank, answered is done. */
import type { FeedbackStatus } from '@bank/contract/feedback';
import { useTranslation } from 'react-i18next';
import { colourOfTone, type StateTone } from '../../ui/state-tone.ts';
import { ToneBadge } from '../../ui/tone-badge.tsx';

const toneOfStatus: Record<FeedbackStatus, StateTone> = { open: 'in_progress', answered: 'positive' };

export function FeedbackStatusBadge({ status }: { status: FeedbackStatus }) {
  const { t } = useTranslation();
  return <ToneBadge colour={colourOfTone[toneOfStatus[status]]}>{t(`feedback.statuses.${status}`)}</ToneBadge>;
}
