/**
 * FX and OTC (SPEC.md routes fx and otc; DECISIONS.md "Money", FX and OTC row). FX converts between
 * the company's digital assets at a quoted rate within the quote's validity (30 s): the server keeps
 * the quote, so accepting names only its id and the client never chooses its rate. OTC is a request
 * for quote for large amounts (from otcThresholdUsd in US dollars): the company's relationship
 * manager answers it in the back office with a rate and a validity, and the client accepts or
 * declines it within that validity. Both settle through the ledger in one batch.
 */
import { z } from 'zod';
import { defineCall } from './calls.ts';
import { PageRequest, page, QueueSearch } from './envelope.ts';
import { DigitalAssetSchema } from './ledger.ts';
import { checkAmount, decimalsOf } from './money.ts';
import { otcStatuses } from './states.ts';
import { identifierText, multiLineText } from './text.ts';

/** From this many US dollars (equivalent at the current rate) a trade is OTC, not FX. */
export const otcThresholdUsd = '100000';
/** How long an FX quote holds (DECISIONS.md "Money", rates row). */
export const fxQuoteValiditySeconds = 30;
/** The validity a relationship manager may give an OTC quote, in minutes. */
export const otcValidityMinutes = { min: 1, max: 120 } as const;
export const otcNoteMaxLength = 500;
/** Quotes a company may ask for in a minute (a screen asks once per click), and OTC requests in an hour. */
export const fxQuotesPerCompanyPerMinute = 30;
export const otcRequestsPerCompanyPerHour = 20;
/** A rate's decimals: units of the target per unit of the source, as conversions keep them. */
const rateScale = 8;

/**
 * Who sees which OTC requests in the back office: a system admin every company's (and the shared
 * queue of companies without a relationship manager); a relationship manager only those of the
 * companies they manage (the rule of contact requests).
 */
export function seesEveryOtcRequest(role: string): boolean {
  return role === 'system_admin';
}

const assetPair = {
  from: DigitalAssetSchema,
  to: DigitalAssetSchema,
  /** An amount of `from`: a decimal string at most that asset's scale. */
  amount: z.string().max(39),
};

function checkPair(
  value: { from: z.infer<typeof DigitalAssetSchema>; to: unknown; amount: unknown },
  context: z.RefinementCtx,
) {
  if (value.from === value.to)
    context.addIssue({ code: 'custom', path: ['to'], message: 'validation.exchange_same_asset' });
  checkAmount(value.amount, value.from, {}, context, ['amount']);
}

export const FxQuoteRequest = z.object(assetPair).strict().superRefine(checkPair);
export type FxQuoteRequest = z.infer<typeof FxQuoteRequest>;

/** A quote kept by the server: what converting `amount` of `from` gives in `to`, until `expires_at`. */
export const FxQuote = z.object({
  quote_id: z.string(),
  from: DigitalAssetSchema,
  to: DigitalAssetSchema,
  amount: z.string(),
  /** Units of `to` per unit of `from`, and when the rates behind it were quoted. */
  rate: z.string(),
  rate_at: z.string(),
  /** The converted amount before the fee, the fee (in `to`) and what the company receives. */
  gross: z.string(),
  fee: z.string(),
  /** The fee as a fraction of the converted amount ("0.002" is 0.2%). */
  fee_rate: z.string(),
  amount_received: z.string(),
  expires_at: z.string(),
  /** The server's time when it answered: the screen counts down from the difference, not its own clock. */
  server_time: z.string(),
});
export type FxQuote = z.infer<typeof FxQuote>;

export const quoteFx = defineCall({
  path: '/api/v1/fx/quote',
  permission: 'exchange',
  isKycGated: true,
  errors: ['rates_stale', 'rate_limited'],
  summary: 'A quote to convert an amount of one digital asset into another, valid for 30 seconds',
  request: FxQuoteRequest,
  response: FxQuote,
});

/** A conversion made: the quote it accepted and the line of the history it wrote. */
export const FxConversion = FxQuote.omit({ server_time: true }).extend({
  transaction_id: z.string(),
  accepted_at: z.string(),
});
export type FxConversion = z.infer<typeof FxConversion>;

export const acceptFxQuote = defineCall({
  path: '/api/v1/fx/accept',
  permission: 'exchange',
  isKycGated: true,
  isIdempotent: true,
  errors: ['not_found', 'illegal_state', 'quote_expired', 'insufficient_balance', 'rates_stale'],
  summary: 'Converts at a quote the company was given, within its validity (the rate is the quote’s)',
  request: z.object({ quote_id: identifierText(64) }).strict(),
  response: FxConversion,
});

/** An OTC request's life; `accepted` means settled (accepting settles at once). */
export const OtcStatus = z.enum(otcStatuses);
export type OtcStatus = z.infer<typeof OtcStatus>;

/** The allowed changes, the one table server and screens read; anything else is illegal_state. */
const otcTransitions: Readonly<Record<OtcStatus, readonly OtcStatus[]>> = {
  // The desk answers with a quote, or the client (or the desk) cancels before it is answered.
  requested: ['quoted', 'cancelled'],
  // The client accepts or declines within the validity; past it, the quote expires.
  quoted: ['accepted', 'declined', 'expired'],
  accepted: [],
  declined: [],
  expired: [],
  cancelled: [],
};

export function canMoveOtc(from: OtcStatus, to: OtcStatus): boolean {
  return otcTransitions[from].includes(to);
}

export const OtcRequestDraft = z
  .object({ ...assetPair, note: multiLineText(otcNoteMaxLength).optional() })
  .strict()
  .superRefine(checkPair);
export type OtcRequestDraft = z.infer<typeof OtcRequestDraft>;

/** An OTC request as the company sees it. */
export const OtcTrade = z.object({
  request_id: z.string(),
  from: DigitalAssetSchema,
  to: DigitalAssetSchema,
  amount: z.string(),
  note: z.string().nullable(),
  /** `quoted` past its validity reads `expired` at once, before the schedule writes it. */
  status: OtcStatus,
  /** The desk's answer: units of `to` per unit of `from` (all in: no separate fee), and what arrives. */
  rate: z.string().nullable(),
  amount_received: z.string().nullable(),
  quoted_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** When the client accepted, declined or cancelled (or the desk cancelled). */
  decided_at: z.string().nullable(),
  /** The history line of the settled trade. */
  transaction_id: z.string().nullable(),
  requested_at: z.string(),
  server_time: z.string(),
});
export type OtcTrade = z.infer<typeof OtcTrade>;

export const requestOtcQuote = defineCall({
  path: '/api/v1/otc/request',
  permission: 'exchange',
  isKycGated: true,
  isIdempotent: true,
  errors: ['rates_stale', 'rate_limited'],
  summary: 'Asks the relationship manager for a quote on a large trade (from the OTC threshold)',
  request: OtcRequestDraft,
  response: OtcTrade,
});

export const listOtcTrades = defineCall({
  path: '/api/v1/otc/list',
  permission: 'exchange',
  isKycGated: true,
  summary: "The company's OTC requests, newest first, a page at a time (keyset)",
  request: PageRequest.strict(),
  response: page(OtcTrade),
});

const OtcRequestIdRequest = z.object({ request_id: identifierText(64) }).strict();

export const acceptOtcQuote = defineCall({
  path: '/api/v1/otc/accept',
  permission: 'exchange',
  isKycGated: true,
  isIdempotent: true,
  errors: ['not_found', 'illegal_state', 'quote_expired', 'insufficient_balance'],
  summary: 'Accepts the desk’s quote within its validity: the trade settles at once at its rate',
  request: OtcRequestIdRequest,
  response: OtcTrade,
});

export const declineOtcQuote = defineCall({
  path: '/api/v1/otc/decline',
  permission: 'exchange',
  isKycGated: true,
  errors: ['not_found', 'illegal_state'],
  summary: 'Declines the desk’s quote',
  request: OtcRequestIdRequest,
  response: OtcTrade,
});

export const cancelOtcRequest = defineCall({
  path: '/api/v1/otc/cancel',
  permission: 'exchange',
  isKycGated: true,
  errors: ['not_found', 'illegal_state'],
  summary: 'Withdraws a request the desk has not answered yet',
  request: OtcRequestIdRequest,
  response: OtcTrade,
});

/** An OTC request as the desk sees it: whose, who asked, who answered, and the desk's own note. */
export const StaffOtcTrade = OtcTrade.extend({
  company: z.object({ company_id: z.string(), name: z.string() }),
  requested_by: z.string(),
  relationship_manager: z.string().nullable(),
  quoted_by: z.string().nullable(),
  /** For the bank only: why this rate, or why cancelled. */
  desk_note: z.string().nullable(),
  /** The US dollar value of the amount at the current rate (2 decimals); null without a rate. */
  usd_value: z.string().nullable(),
});
export type StaffOtcTrade = z.infer<typeof StaffOtcTrade>;

/** The desk's queue: open (requested or quoted) or closed (the rest); absent, all. */
export const otcQueueStatuses = ['open', 'closed'] as const;

export const listOtcDesk = defineCall({
  path: '/api/v1/admin/otc/list',
  permission: 'otc_desk',
  summary: 'OTC requests of the companies the caller manages (a system admin: all), newest first',
  request: PageRequest.extend({ status: z.enum(otcQueueStatuses).optional(), ...QueueSearch.shape }).strict(),
  response: page(StaffOtcTrade),
});

const OtcDeskQuote = z
  .object({
    request_id: identifierText(64),
    /** Units of the target per unit of the source, at most 8 decimals. */
    rate: z.string().max(30),
    validity_minutes: z.number().int().min(otcValidityMinutes.min).max(otcValidityMinutes.max),
    note: multiLineText(otcNoteMaxLength).optional(),
  })
  .strict()
  .superRefine((value, context) => {
    const decimals = decimalsOf(value.rate);
    if (decimals === null || decimals > rateScale || /^[0.]+$/.test(value.rate))
      context.addIssue({ code: 'custom', path: ['rate'], message: 'validation.exchange_rate_format' });
  });

export const quoteOtcRequest = defineCall({
  path: '/api/v1/admin/otc/quote',
  permission: 'otc_desk',
  errors: ['not_found', 'illegal_state'],
  summary: 'Answers an OTC request with a rate and a validity in minutes',
  request: OtcDeskQuote,
  response: StaffOtcTrade,
});

export const cancelOtcDeskRequest = defineCall({
  path: '/api/v1/admin/otc/cancel',
  permission: 'otc_desk',
  errors: ['not_found', 'illegal_state'],
  summary: 'Cancels an OTC request the desk will not quote, with the reason (kept by the bank)',
  request: OtcRequestIdRequest.extend({
    note: multiLineText(otcNoteMaxLength).pipe(z.string().min(3)),
  }).strict(),
  response: StaffOtcTrade,
});
