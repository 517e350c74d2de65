/**
 * The rules of announcements: what each state allows (the contract's table), the audit entry of
 * every staff action, and the one place that tells an audience: `openWindow` records the
 * `announcement.published` event and marks the announcement delivered in the same transaction, so
 * that publishing with an open window, the schedule, or both racing, tell each audience once.
 */
import {
  type AnnouncementAction,
  type AnnouncementDraft,
  isAnnouncementActionAllowed,
  type ManagedAnnouncement,
} from '@bank/contract/announcements';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import type { AppDatabase, DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { recordEvent } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import {
  type AnnouncementRow,
  type AnnouncementValues,
  announcementRow,
  checkedCompanyIds,
  companyIdsOf,
  insertAnnouncement,
  managedAnnouncementOf,
  markDelivered,
  setPublished,
  stateOfRow,
  updateAnnouncementRow,
  windowsOpenedAt,
} from './queries.ts';

type Draft = z.output<typeof AnnouncementDraft>;

/** Who acts, from where, when: every staff action is audited with it. */
export type StaffActor = { userId: string; ip: string; now: Date };

const messageOfRefusedAction: Record<AnnouncementAction, string> = {
  edit: 'announcements.errors.not_editable',
  publish: 'announcements.errors.not_publishable',
  unpublish: 'announcements.errors.not_published',
};

function requireAction(row: AnnouncementRow, action: AnnouncementAction, now: Date): void {
  const state = stateOfRow(row, now);
  if (!isAnnouncementActionAllowed(state, action))
    throw new AppError('illegal_state', {
      messageKey: messageOfRefusedAction[action],
      detail: `cannot ${action} announcement ${row.id} in state ${state}`,
    });
}

function valuesOf(draft: Draft): AnnouncementValues {
  return {
    title_en: draft.title_en,
    body_en: draft.body_en,
    title_ch: draft.title_ch,
    body_ch: draft.body_ch,
    title_jp: draft.title_jp,
    body_jp: draft.body_jp,
    starts_at: new Date(draft.starts_at),
    ends_at: draft.ends_at ? new Date(draft.ends_at) : null,
    audience: draft.audience,
  };
}

/** What the audit log keeps of an announcement: never its bodies, which can be long. */
function auditDetailOf(row: AnnouncementRow, companyCount: number) {
  return {
    announcement_id: row.id,
    title: row.title_en,
    audience: row.audience,
    ...(row.audience === 'chosen_companies' ? { companies: companyCount } : {}),
    starts_at: row.starts_at.toISOString(),
    ...(row.ends_at ? { ends_at: row.ends_at.toISOString() } : {}),
  };
}

async function chosenCompanies(handle: DbHandle, draft: Draft): Promise<string[]> {
  return draft.audience === 'chosen_companies' ? checkedCompanyIds(handle, draft.company_ids) : [];
}

export async function createDraft(tx: DbHandle, draft: Draft, actor: StaffActor): Promise<ManagedAnnouncement> {
  const companyIds = await chosenCompanies(tx, draft);
  const row = await insertAnnouncement(
    tx,
    { ...valuesOf(draft), id: newId(actor.now.getTime()), userId: actor.userId, now: actor.now },
    companyIds,
  );
  await writeAudit(tx, {
    action: 'announcement.created',
    at: actor.now,
    actorUserId: actor.userId,
    ip: actor.ip,
    detail: auditDetailOf(row, companyIds.length),
  });
  return managedAnnouncementOf(tx, row, actor.now);
}

export async function editDraft(
  db: AppDatabase,
  id: string,
  draft: Draft,
  actor: StaffActor,
): Promise<ManagedAnnouncement> {
  return db.transaction(async (tx) => {
    requireAction(await announcementRow(tx, id, true), 'edit', actor.now);
    const companyIds = await chosenCompanies(tx, draft);
    const row = await updateAnnouncementRow(
      tx,
      id,
      { ...valuesOf(draft), userId: actor.userId, now: actor.now },
      companyIds,
    );
    await writeAudit(tx, {
      action: 'announcement.updated',
      at: actor.now,
      actorUserId: actor.userId,
      ip: actor.ip,
      detail: auditDetailOf(row, companyIds.length),
    });
    return managedAnnouncementOf(tx, row, actor.now);
  });
}

/**
 * Tells the announcement's audience, once: records the event the inbox consumes and marks it
 * delivered, in the caller's transaction (which holds the row's lock).
 */
async function openWindow(tx: DbHandle, row: AnnouncementRow, now: Date): Promise<void> {
  const companyIds = row.audience === 'chosen_companies' ? await companyIdsOf(tx, row.id) : [];
  await recordEvent(tx, 'announcement.published', {
    announcement_id: row.id,
    audience: row.audience,
    company_ids: companyIds,
    title_en: row.title_en,
    title_ch: row.title_ch,
    title_jp: row.title_jp,
    starts_at: row.starts_at.toISOString(),
    at: now.toISOString(),
  });
  await markDelivered(tx, row.id, now);
}

export async function publish(db: AppDatabase, id: string, actor: StaffActor): Promise<ManagedAnnouncement> {
  return db.transaction(async (tx) => {
    const current = await announcementRow(tx, id, true);
    requireAction(current, 'publish', actor.now);
    if (current.ends_at && current.ends_at.getTime() <= actor.now.getTime())
      throw new AppError('illegal_state', {
        messageKey: 'announcements.errors.window_ended',
        detail: `announcement ${id} ended at ${current.ends_at.toISOString()}`,
      });
    const row = await setPublished(tx, id, { isPublished: true, userId: actor.userId, now: actor.now });
    // An open window tells the audience now; a later one waits for the schedule. Told once only:
    // an announcement unpublished and published again is not told a second time.
    const isTold = row.delivered_at === null && row.starts_at.getTime() <= actor.now.getTime();
    if (isTold) await openWindow(tx, row, actor.now);
    const companyCount = row.audience === 'chosen_companies' ? (await companyIdsOf(tx, id)).length : 0;
    await writeAudit(tx, {
      action: 'announcement.published',
      at: actor.now,
      actorUserId: actor.userId,
      ip: actor.ip,
      detail: { ...auditDetailOf(row, companyCount), is_delivered: isTold || row.delivered_at !== null },
    });
    return managedAnnouncementOf(tx, await announcementRow(tx, id), actor.now);
  });
}

export async function unpublish(db: AppDatabase, id: string, actor: StaffActor): Promise<ManagedAnnouncement> {
  return db.transaction(async (tx) => {
    requireAction(await announcementRow(tx, id, true), 'unpublish', actor.now);
    const row = await setPublished(tx, id, { isPublished: false, userId: actor.userId, now: actor.now });
    const companyCount = row.audience === 'chosen_companies' ? (await companyIdsOf(tx, id)).length : 0;
    await writeAudit(tx, {
      action: 'announcement.unpublished',
      at: actor.now,
      actorUserId: actor.userId,
      ip: actor.ip,
      detail: auditDetailOf(row, companyCount),
    });
    return managedAnnouncementOf(tx, row, actor.now);
  });
}

/**
 * The schedule's work: every published announcement whose window has opened by `now` and whose
 * audience has not been told is told now. Safe to run twice or on two instances at once (rows are
 * locked and skipped when locked; a told one is marked in the same transaction). Answers how many.
 */
export async function openScheduledWindows(db: AppDatabase, now: Date): Promise<number> {
  let told = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const rows = await windowsOpenedAt(tx, now);
      for (const row of rows) await openWindow(tx, row, now);
      return rows.length;
    });
    told += count;
    if (count < 100) return told;
  }
}
