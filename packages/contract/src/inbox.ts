/**
 * The inbox (SPEC.md section 7, "Messages"; DECISIONS.md "Organisation"): every event a user should
 * know of becomes a message in the inbox of each user allowed to see it, written from the outbox so
 * that none is lost between a change and its notice. A message holds facts, never text: the web app
 * writes its title and body in the reader's language at the time of reading, from `kind` and
 * `params`. Categories group the messages (`msg/box` counts each); later capabilities add kinds
 * (payouts, cards, top-ups, announcements, feedback answers) with one line each here.
 */
import { z } from 'zod';
import { defineCall } from './calls.ts';
import { EmptyRequest, EmptyResponse, PageRequest, page } from './envelope.ts';
import { identifierText } from './text.ts';

export const messageCategories = ['account', 'transactions', 'cards', 'announcements', 'support'] as const;
export const MessageCategory = z.enum(messageCategories);
export type MessageCategory = z.infer<typeof MessageCategory>;

/** What a message tells, and the category it belongs to. */
export const categoryOfMessageKind = {
  kyc_submitted: 'account',
  kyc_approved: 'account',
  kyc_rejected: 'account',
  kyc_returned: 'account',
  security_changed: 'account',
  deposit_credited: 'transactions',
  payout_approval_requested: 'transactions',
  payout_in_review: 'transactions',
  payout_sent: 'transactions',
  payout_completed: 'transactions',
  payout_rejected: 'transactions',
  payout_failed: 'transactions',
  announcement_published: 'announcements',
  feedback_answered: 'support',
  contact_request_handled: 'support',
  contact_request_received: 'support',
  fx_converted: 'transactions',
  otc_quoted: 'transactions',
  otc_settled: 'transactions',
  otc_request_received: 'support',
  top_up_completed: 'cards',
  top_up_returned: 'cards',
  top_up_cancelled: 'cards',
  card_application_submitted: 'cards',
  card_application_approved: 'cards',
  card_application_rejected: 'cards',
  card_awaiting_activation: 'cards',
  card_activated: 'cards',
  card_blocked: 'cards',
  card_unblocked: 'cards',
  card_anomaly: 'cards',
  card_expired: 'cards',
  card_auto_renewal_failed: 'cards',
  programme_batch_ready_to_bind: 'cards',
  programme_card_bound: 'cards',
  programme_membership_fee_failed: 'cards',
} as const satisfies Record<string, MessageCategory>;

export type MessageKind = keyof typeof categoryOfMessageKind;
export const messageKinds = Object.keys(categoryOfMessageKind) as [MessageKind, ...MessageKind[]];
export const MessageKind = z.enum(messageKinds);

/** The pages a message may lead to (the web app maps each to its path). */
export const MessageLink = z.object({
  page: z.enum([
    'kyc',
    'transaction_detail',
    'account',
    'announcement',
    'feedback',
    'private_banking',
    'structured_products',
    'investment_banking',
    'admin_contact_requests',
    'otc',
    'admin_otc',
    'top_up_history',
    'cardholder_kyc',
    'cards',
    'renewals',
    'programme_cards',
    'programme_fees',
  ]),
  /** The record the page opens (a transaction's, an announcement's or a feedback's id), when it opens one. */
  id: z.string().nullable(),
});
export type MessageLink = z.infer<typeof MessageLink>;

export const InboxMessage = z.object({
  message_id: z.string(),
  category: MessageCategory,
  kind: MessageKind,
  /** The facts the text is written from: amount, asset, network, reason, change... */
  params: z.record(z.string(), z.string()),
  link: MessageLink.nullable(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type InboxMessage = z.infer<typeof InboxMessage>;

export const MessageListRequest = PageRequest.extend({
  category: MessageCategory.optional(),
  is_unread_only: z.boolean().optional(),
}).strict();

export const listMessages = defineCall({
  path: '/api/v1/msg/list',
  summary: "The user's messages, newest first, of one category or all, a page at a time (keyset)",
  request: MessageListRequest,
  response: page(InboxMessage),
});

export const MessageIdRequest = z.object({ message_id: identifierText(64) }).strict();

export const readMessage = defineCall({
  path: '/api/v1/msg/read',
  errors: ['not_found'],
  summary: 'Marks one of the user’s messages read and answers it',
  request: MessageIdRequest,
  response: InboxMessage,
});

export const UnreadCount = z.object({ unread: z.number().int() });

export const countUnreadMessages = defineCall({
  path: '/api/v1/msg/count',
  summary: "How many of the user's messages are unread (the header's bell)",
  request: EmptyRequest,
  response: UnreadCount,
});

export const clearMessages = defineCall({
  path: '/api/v1/msg/clear',
  summary: 'Marks every message of the user read, of one category or all; answers how many it marked',
  request: z.object({ category: MessageCategory.optional() }).strict(),
  response: z.object({ marked: z.number().int() }),
});

export const MessageBox = z.object({ category: MessageCategory, unread: z.number().int(), total: z.number().int() });
export type MessageBox = z.infer<typeof MessageBox>;

export const listMessageBoxes = defineCall({
  path: '/api/v1/msg/box',
  summary: "The inbox's categories, each with its unread and total count",
  request: EmptyRequest,
  response: z.object({ boxes: z.array(MessageBox) }),
});

export const deleteMessage = defineCall({
  path: '/api/v1/msg/delete',
  errors: ['not_found'],
  summary: 'Deletes one of the user’s messages',
  request: MessageIdRequest,
  response: EmptyResponse,
});
