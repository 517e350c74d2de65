/**
 * Announcements (SPEC.md section 2: affiche, affiche_list, affiche_list_admin).
 * Staff holding `announcements` write one in English, Chinese and Japanese (all three required),
 * with a publish window and an audience (every client company, or chosen ones), publish and
 * unpublish it. Clients read what is published, within its window, for their company; a new one
 * reaches their inbox when its window opens. Text fields are flat (`title_en`, `body_jp`...) so
 * that each is a field of the form and a refusal lands beside it.
 */
import { z } from 'zod';
import { defineCall } from './calls.ts';
import type { Language } from './constants.ts';
import { PageRequest, page } from './envelope.ts';
import { identifierText, multiLineText, singleLineText } from './text.ts';

/** A title fits a line of the list and of the inbox. */
const announcementTitleMaxLength = 120;
/** A notice, not a brochure: about two screens of text. */
export const announcementBodyMaxLength = 5000;
/** Companies an announcement may name (beyond that, send it to all). */
const announcementMaxCompanies = 200;

const announcementAudiences = ['all_companies', 'chosen_companies'] as const;
export const AnnouncementAudience = z.enum(announcementAudiences);
export type AnnouncementAudience = z.infer<typeof AnnouncementAudience>;

/**
 * What staff see of an announcement: a draft (never published), unpublished (taken down; editable
 * like a draft), or published and, by its window, scheduled, live or ended.
 */
export const announcementStates = ['draft', 'scheduled', 'live', 'ended', 'unpublished'] as const;
export const AnnouncementState = z.enum(announcementStates);
export type AnnouncementState = z.infer<typeof AnnouncementState>;

/** What may be done to an announcement in each state: the one table server and screens read. */
const announcementActionsOfState = {
  draft: ['edit', 'publish'],
  unpublished: ['edit', 'publish'],
  scheduled: ['unpublish'],
  live: ['unpublish'],
  ended: ['unpublish'],
} as const satisfies Record<AnnouncementState, readonly ('edit' | 'publish' | 'unpublish')[]>;
export type AnnouncementAction = (typeof announcementActionsOfState)[AnnouncementState][number];

export function isAnnouncementActionAllowed(state: AnnouncementState, action: AnnouncementAction): boolean {
  return (announcementActionsOfState[state] as readonly string[]).includes(action);
}

/** The state of an announcement at `now`, from whether it is published and its window. */
export function announcementStateOf(
  announcement: { is_published: boolean; was_published: boolean; starts_at: string; ends_at: string | null },
  now: Date,
): AnnouncementState {
  if (!announcement.is_published) return announcement.was_published ? 'unpublished' : 'draft';
  if (Date.parse(announcement.starts_at) > now.getTime()) return 'scheduled';
  if (announcement.ends_at !== null && Date.parse(announcement.ends_at) <= now.getTime()) return 'ended';
  return 'live';
}

const requiredTitle = singleLineText(announcementTitleMaxLength).pipe(
  z.string().min(1, { message: 'announcements.validation.title_required' }),
);
const requiredBody = multiLineText(announcementBodyMaxLength).pipe(
  z.string().min(1, { message: 'announcements.validation.body_required' }),
);
const instant = z.iso.datetime({ offset: true, message: 'announcements.validation.time_invalid' });

export type AnnouncementTextField = `${'title' | 'body'}_${Language}`;
const textFields = {
  title_en: requiredTitle,
  body_en: requiredBody,
  title_ch: requiredTitle,
  body_ch: requiredBody,
  title_jp: requiredTitle,
  body_jp: requiredBody,
};

/** What staff write: the texts, the window and the audience. */
export const AnnouncementDraft = z
  .object({
    ...textFields,
    starts_at: z.string({ message: 'announcements.validation.starts_at_required' }).pipe(instant),
    /** Open-ended when absent or null. */
    ends_at: instant.nullable().optional(),
    audience: AnnouncementAudience,
    /** The chosen companies (audience chosen_companies); ignored for all companies. */
    company_ids: z.array(identifierText(64)).max(announcementMaxCompanies).default([]),
  })
  .strict();

/** The rules across fields of a draft (a window that ends after it starts, companies when chosen). */
function checkDraft(value: z.output<typeof AnnouncementDraft>, context: z.core.$RefinementCtx): void {
  if (value.ends_at && Date.parse(value.ends_at) <= Date.parse(value.starts_at))
    context.addIssue({ code: 'custom', path: ['ends_at'], message: 'announcements.validation.window_order' });
  if (value.audience === 'chosen_companies' && value.company_ids.length === 0)
    context.addIssue({ code: 'custom', path: ['company_ids'], message: 'announcements.validation.companies_required' });
}

const AnnouncementId = z.object({ announcement_id: identifierText(64) }).strict();

export const AnnouncementCompany = z.object({ company_id: z.string(), name: z.string().nullable() });
export type AnnouncementCompany = z.infer<typeof AnnouncementCompany>;

const textsOut = {
  title_en: z.string(),
  body_en: z.string(),
  title_ch: z.string(),
  body_ch: z.string(),
  title_jp: z.string(),
  body_jp: z.string(),
};

/** An announcement as staff manage it. */
export const ManagedAnnouncement = z.object({
  announcement_id: z.string(),
  ...textsOut,
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  audience: AnnouncementAudience,
  /** The chosen companies, by name; empty for all companies. */
  companies: z.array(AnnouncementCompany),
  state: AnnouncementState,
  /** When the window opened and the audience's inboxes were told; null until then. */
  delivered_at: z.string().nullable(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
  /** The email of who wrote or last changed it. */
  updated_by: z.string().nullable(),
});
export type ManagedAnnouncement = z.infer<typeof ManagedAnnouncement>;

/** An announcement as a client reads it: every language, the reader's chosen at the time of reading. */
export const ClientAnnouncement = z.object({
  announcement_id: z.string(),
  ...textsOut,
  starts_at: z.string(),
  ends_at: z.string().nullable(),
});
export type ClientAnnouncement = z.infer<typeof ClientAnnouncement>;

/** The title or body of an announcement in a language. */
export function announcementText(
  announcement: Pick<ClientAnnouncement, AnnouncementTextField>,
  part: 'title' | 'body',
  language: Language,
): string {
  return announcement[`${part}_${language}`];
}

// Staff -------------------------------------------------------------------------------------------

export const listManagedAnnouncements = defineCall({
  path: '/api/v1/admin/announcements/list',
  permission: 'announcements',
  summary: 'Back office: every announcement, newest first (by creation), of one state or all',
  request: PageRequest.extend({ state: AnnouncementState.optional() }).strict(),
  response: page(ManagedAnnouncement),
});

export const getManagedAnnouncement = defineCall({
  path: '/api/v1/admin/announcements/get',
  permission: 'announcements',
  errors: ['not_found'],
  summary: 'Back office: one announcement with its texts, window, audience and state',
  request: AnnouncementId,
  response: ManagedAnnouncement,
});

export const createAnnouncement = defineCall({
  path: '/api/v1/admin/announcements/create',
  permission: 'announcements',
  isIdempotent: true,
  errors: ['not_found'],
  summary: 'Back office: writes a draft announcement (three languages, window, audience)',
  request: AnnouncementDraft.superRefine(checkDraft),
  response: ManagedAnnouncement,
});

export const updateAnnouncement = defineCall({
  path: '/api/v1/admin/announcements/update',
  permission: 'announcements',
  errors: ['not_found', 'illegal_state'],
  summary: 'Back office: changes a draft or an unpublished announcement (a published one is unpublished first)',
  request: AnnouncementDraft.extend({ announcement_id: identifierText(64) }).superRefine(checkDraft),
  response: ManagedAnnouncement,
});

export const publishAnnouncement = defineCall({
  path: '/api/v1/admin/announcements/publish',
  permission: 'announcements',
  errors: ['not_found', 'illegal_state'],
  summary:
    'Back office: publishes a draft; its audience reads it within its window, and their inboxes are told when the window opens',
  request: AnnouncementId,
  response: ManagedAnnouncement,
});

export const unpublishAnnouncement = defineCall({
  path: '/api/v1/admin/announcements/unpublish',
  permission: 'announcements',
  errors: ['not_found', 'illegal_state'],
  summary: 'Back office: takes a published announcement down; it becomes editable again',
  request: AnnouncementId,
  response: ManagedAnnouncement,
});

export const listAnnouncementCompanies = defineCall({
  path: '/api/v1/admin/announcements/companies',
  permission: 'announcements',
  summary: 'Back office: client companies by name, for choosing an audience (a name search, or given ids)',
  request: z
    .object({
      search: singleLineText(100).optional(),
      /** Companies to answer whatever the search (those already chosen, to show their names). */
      company_ids: z.array(identifierText(64)).max(announcementMaxCompanies).optional(),
      page_size: z.number().int().min(1).max(100).default(20),
    })
    .strict(),
  response: z.object({ items: z.array(AnnouncementCompany) }),
});

// Clients -----------------------------------------------------------------------------------------

export const listAnnouncements = defineCall({
  path: '/api/v1/announcement/list',
  permission: 'session',
  summary: "Announcements for the caller's company that are published and within their window, newest first",
  request: PageRequest.strict(),
  response: page(ClientAnnouncement),
});

export const getAnnouncement = defineCall({
  path: '/api/v1/announcement/get',
  permission: 'session',
  errors: ['not_found'],
  summary: 'One announcement the caller may read (published, within its window, for their company)',
  request: AnnouncementId,
  response: ClientAnnouncement,
});
