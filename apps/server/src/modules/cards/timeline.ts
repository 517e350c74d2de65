/** A card's timeline (card_events): one line per thing that happened to it, with who and when. */
import type { CardOperationStage } from '@bank/contract/states';
import type { DbHandle } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { type CardEventKind, cardEvents } from './tables.ts';

export async function recordCardEvent(
  handle: DbHandle,
  event: {
    cardId: string;
    companyId: string;
    kind: CardEventKind;
    operationStage: CardOperationStage;
    detail?: Record<string, string | null>;
    actorUserId?: string | null;
  },
  now: Date,
): Promise<void> {
  await handle.insert(cardEvents).values({
    id: newId(now.getTime()),
    card_id: event.cardId,
    company_id: event.companyId,
    kind: event.kind,
    operation_stage: event.operationStage,
    detail: event.detail ?? {},
    actor_user_id: event.actorUserId ?? null,
    at: now,
  });
}
