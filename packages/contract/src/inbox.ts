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
  kyc_refused: 'account',
  security_changed: 'account',
  deposit_credited: 'transactions',
  payout_approval_requested: 'transactions',
  payout_in_review: 'transactions',
  payout_sent: 'transactions',
  payout_completed: 'transactions',
  payout_rejected: 'transactions',
  payout_failed: 'transactions',
  payout_cancelled: 'transactions',
  payout_batch_approval_requested: 'transactions',
  payout_batch_rejected: 'transactions',
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
  card_cancelled: 'cards',
  card_balance_returned: 'cards',
  card_replacement_refused: 'cards',
  card_auto_renewal_failed: 'cards',
  card_replacement_fee_owed: 'cards',
  card_processor_failed: 'cards',
  programme_batch_ready_to_bind: 'cards',
  programme_card_bound: 'cards',
  programme_membership_fee_failed: 'cards',
  alert_balance_below: 'transactions',
  alert_payout_above: 'transactions',
  alert_card_purchase_above: 'cards',
  alert_new_device_sign_in: 'account',
} as const satisfies Record<string, MessageCategory>;

export type MessageKind = keyof typeof categoryOfMessageKind;
export const messageKinds = Object.keys(categoryOfMessageKind) as [MessageKind, ...MessageKind[]];
export const MessageKind = z.enum(messageKinds);

/** A fact of a message: a string (amounts as decimal strings, days as YYYY-MM-DD, contract values as they are). */
const fact = z.string();
const optionalFact = z.string().optional();

const cardFacts = z.object({ last4: fact });
const payoutFacts = z.object({
  amount: fact,
  asset: fact,
  destination: fact,
  payout_kind: fact,
  /** A rejection's words to the client, or a failure's cause (a value of payouts.ts' payoutFailureCauses). */
  reason: optionalFact,
});
const topUpFacts = z.object({ amount: fact, last4: fact, asset: fact });
const conversionFacts = z.object({
  from_asset: fact,
  from_amount: fact,
  to_asset: fact,
  amount_received: fact,
  rate: fact,
});
const decisionFacts = z.object({ reason: optionalFact });
const applicationFacts = z.object({ name: fact, reason: optionalFact });

/**
 * The facts each kind of message is written from: the variables its title and body need
 * (docs/decisions/0032-messages-keep-facts-not-text.md). The producer's message is typed by it (MessageContent), so a consumer that
 * leaves out a fact does not compile, and the server checks it again when it writes the message.
 */
export const messageParamsOfKind = {
  kyc_submitted: z.object({}),
  kyc_approved: decisionFacts,
  kyc_rejected: decisionFacts,
  kyc_returned: decisionFacts,
  kyc_refused: decisionFacts,
  /** `change`: a value of the security changes the catalogue names (password_changed...). */
  security_changed: z.object({ change: fact }),
  deposit_credited: z.object({ amount: fact, asset: fact, network: optionalFact }),
  payout_approval_requested: payoutFacts,
  payout_in_review: payoutFacts,
  payout_sent: payoutFacts,
  payout_completed: payoutFacts,
  payout_rejected: payoutFacts,
  payout_failed: payoutFacts,
  payout_cancelled: payoutFacts,
  /** A batch of payouts (payout-batches.ts): its file's name, its number of rows, a rejection's words. */
  payout_batch_approval_requested: z.object({ file_name: fact, rows: fact }),
  payout_batch_rejected: z.object({ file_name: fact, rows: fact, reason: optionalFact }),
  /** The announcement's own title in each language of the wire (en, ch, jp). */
  announcement_published: z.object({ title_en: fact, title_ch: fact, title_jp: fact }),
  feedback_answered: z.object({}),
  /** `product`: a banking product of contact-requests.ts. */
  contact_request_handled: z.object({ product: fact }),
  contact_request_received: z.object({ product: fact }),
  fx_converted: conversionFacts,
  otc_quoted: conversionFacts.extend({ expires_at: fact }),
  otc_settled: conversionFacts,
  otc_request_received: z.object({ from_asset: fact, from_amount: fact, to_asset: fact }),
  top_up_completed: topUpFacts,
  top_up_returned: topUpFacts,
  top_up_cancelled: topUpFacts,
  card_application_submitted: applicationFacts,
  card_application_approved: applicationFacts,
  card_application_rejected: applicationFacts,
  card_awaiting_activation: cardFacts,
  card_activated: cardFacts,
  card_blocked: cardFacts,
  card_unblocked: cardFacts,
  /** `cause`: a card anomaly cause of the contract's states, when the processor gave one. */
  card_anomaly: cardFacts.extend({ cause: optionalFact }),
  card_expired: cardFacts,
  card_cancelled: cardFacts,
  /** `cause`: expired or cancelled; `amount` in USD; `rate`: units of `asset` per USD. */
  card_balance_returned: cardFacts.extend({
    cause: fact,
    amount: fact,
    asset: fact,
    credited_amount: fact,
    rate: fact,
  }),
  card_replacement_refused: cardFacts,
  card_auto_renewal_failed: cardFacts.extend({ amount: fact, asset: fact, due_on: fact }),
  card_replacement_fee_owed: cardFacts.extend({ amount: fact }),
  /**
   * To the bank's card staff: the company whose user met a card processor failure, what they were
   * doing (a value of cards.ts' cardProcessorActions) and the fault (cardProcessorFaults).
   */
  card_processor_failed: z.object({ company_name: fact, action: fact, fault: fact }),
  programme_batch_ready_to_bind: z.object({ batch_number: fact, quantity: fact }),
  programme_card_bound: cardFacts.extend({ cardholder_name: fact }),
  programme_membership_fee_failed: cardFacts.extend({ amount: fact, due_on: fact }),
  /** The user's own alerts (alerts.ts): what crossed their threshold or amount, in its asset. */
  alert_balance_below: z.object({ asset: fact, threshold: fact, available: fact }),
  alert_payout_above: z.object({ asset: fact, amount: fact, threshold: fact, destination: fact }),
  /** `amount` and `threshold` in USD. */
  alert_card_purchase_above: cardFacts.extend({ amount: fact, threshold: fact, merchant: fact }),
  /** `device`: the browser and system as the sessions list shows them. */
  alert_new_device_sign_in: z.object({ device: fact, ip: optionalFact }),
} as const satisfies Record<MessageKind, z.ZodObject>;

export type MessageParams<Kind extends MessageKind> = z.infer<(typeof messageParamsOfKind)[Kind]>;

/** A message's kind with the facts of that kind: what a producer hands to the inbox. */
export type MessageContent = { [Kind in MessageKind]: { kind: Kind; params: MessageParams<Kind> } }[MessageKind];

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
    'payout_batches',
  ]),
  /** The record the page opens (a transaction's, an announcement's, a feedback's or a batch's id), when it opens one. */
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

const MessageListRequest = PageRequest.extend({
  category: MessageCategory.optional(),
  is_unread_only: z.boolean().optional(),
}).strict();

export const listMessages = defineCall({
  path: '/api/v1/msg/list',
  summary: "The user's messages, newest first, of one category or all, a page at a time (keyset)",
  request: MessageListRequest,
  response: page(InboxMessage),
});

const MessageIdRequest = z.object({ message_id: identifierText(64) }).strict();

export const readMessage = defineCall({
  path: '/api/v1/msg/read',
  errors: ['not_found'],
  summary: 'Marks one of the user’s messages read and answers it',
  request: MessageIdRequest,
  response: InboxMessage,
});

const UnreadCount = z.object({ unread: z.number().int() });

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
