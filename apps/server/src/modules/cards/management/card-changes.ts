/**
 * What every change of a card does besides its own work: the row is updated, the card's timeline
 * gets its line, and a change of state or operation stage is recorded as
 * `card.operation_status_changed` (the inbox and the card operation status webhook hear of it).
 * Also who acts (CardCaller) and the timeline as the wire shows it, to a client or to staff.
 */

import type { CardTimelineLine } from '@bank/contract/card-management';
import type { CardActor } from '@bank/contract/cards';
import { desc, eq, inArray } from 'drizzle-orm';
import type { DbHandle } from '../../../platform/db.ts';
import { recordEvent } from '../../../platform/events.ts';
import type { CallContext } from '../../../platform/route.ts';
import { clientCompanyId } from '../../../platform/tenant.ts';
import { users } from '../../account/index.ts';
import { cardAccessOf } from '../card-view.ts';
import type { CardRow } from '../queries.ts';
import { type CardEventKind, cardEvents, cards } from '../tables.ts';
import { recordCardEvent } from '../timeline.ts';

/** Who changes a card, and from where: a client user (with the company) or staff (none). */
export type CardCaller = {
  userId: string;
  companyId: string | null;
  /** The caller, when they reach only the cards they hold (CardAccess); null for the company and staff. */
  holderUserId: string | null;
  actor: Exclude<CardActor, 'system'>;
  /** Null when the product acts on its own (the demo seed). */
  ip: string | null;
  now: Date;
};

/** The caller of a back-office call (staff), or of a client call through its card access. */
export function cardCallerOf(call: CallContext): CardCaller {
  const who = { userId: call.session.user_id, ip: call.ip, now: call.now };
  if (call.session.is_staff) return { ...who, companyId: null, holderUserId: null, actor: 'staff' };
  const access = cardAccessOf(call);
  return { ...who, companyId: access.companyId, holderUserId: access.holderUserId, actor: access.actor };
}

/** The caller of a client call on a card of its company (staff, who have no company, are refused). */
export function clientCardCallerOf(call: CallContext): CardCaller & { companyId: string } {
  return { ...cardCallerOf(call), companyId: clientCompanyId(call) };
}

/** The fields of a card a change may set. */
export type CardChange = Partial<
  Pick<
    CardRow,
    | 'status'
    | 'operation_stage'
    | 'anomaly_cause'
    | 'block_type'
    | 'block_reason'
    | 'block_cause'
    | 'block_is_final'
    | 'blocked_by'
    | 'blocked_at'
    | 'replacement_status'
    | 'replaced_by_card_id'
    | 'replacement_fee_owed'
    | 'mailing_address'
    | 'expires_on'
    | 'auto_renewal'
    | 'auto_renewal_asset'
  >
>;

/** Updates the card, writes its timeline line and, when its state or stage moved, the event. */
export async function applyCardChange(
  handle: DbHandle,
  card: CardRow,
  change: CardChange,
  line: { kind: CardEventKind; detail?: Record<string, string | null>; actorUserId: string | null },
  now: Date,
): Promise<CardRow> {
  const isStageChanged = change.operation_stage !== undefined && change.operation_stage !== card.operation_stage;
  const isStatusChanged = change.status !== undefined && change.status !== card.status;
  const [updated] = await handle
    .update(cards)
    .set({ ...change, ...(isStageChanged ? { stage_updated_at: now } : {}), updated_at: now })
    .where(eq(cards.id, card.id))
    .returning();
  if (!updated) throw new Error(`card ${card.id} vanished during a change`);
  await recordCardEvent(
    handle,
    {
      cardId: card.id,
      companyId: card.company_id,
      kind: line.kind,
      operationStage: updated.operation_stage,
      detail: line.detail ?? {},
      actorUserId: line.actorUserId,
    },
    now,
  );
  if (isStageChanged || isStatusChanged) {
    await recordEvent(
      handle,
      'card.operation_status_changed',
      {
        company_id: card.company_id,
        card_id: card.id,
        last4: card.last4,
        status: updated.status,
        from_stage: card.operation_stage,
        operation_stage: updated.operation_stage,
        anomaly_cause: updated.anomaly_cause,
        at: now.toISOString(),
      },
      { companyId: card.company_id },
    );
  }
  return updated;
}

/** The most lines a timeline shows: the latest ones. */
const timelineMaxLines = 500;

/**
 * The card's timeline, oldest first: by the time each line happened, lines of the same instant in
 * the order they were written (`seq`), so the order never changes between two readings. A long
 * timeline keeps its latest lines. A client reads the bank's staff as "the bank" (no name); staff
 * read their colleagues' names.
 */
export async function cardTimeline(
  handle: DbHandle,
  cardId: string,
  audience: 'client' | 'staff',
): Promise<CardTimelineLine[]> {
  const latest = await handle
    .select()
    .from(cardEvents)
    .where(eq(cardEvents.card_id, cardId))
    .orderBy(desc(cardEvents.at), desc(cardEvents.seq))
    .limit(timelineMaxLines);
  const lines = latest.reverse();
  const actorIds = [...new Set(lines.flatMap((line) => (line.actor_user_id ? [line.actor_user_id] : [])))];
  const actors =
    actorIds.length === 0
      ? []
      : await handle
          .select({ id: users.id, name: users.full_name, company_id: users.company_id })
          .from(users)
          .where(inArray(users.id, actorIds));
  const actorOf = new Map(actors.map((actor) => [actor.id, actor]));
  return lines.map((line) => {
    const actor = line.actor_user_id ? actorOf.get(line.actor_user_id) : undefined;
    const isBank = actor !== undefined && actor.company_id === null;
    return {
      id: line.id,
      kind: line.kind,
      operation_stage: line.operation_stage,
      detail: line.detail,
      actor_kind: actor === undefined ? 'system' : isBank ? 'bank' : 'company_user',
      actor_name: actor === undefined || (isBank && audience === 'client') ? null : actor.name,
      at: line.at.toISOString(),
    };
  });
}
