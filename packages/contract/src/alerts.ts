/**
 * Alerts a user sets for themselves (issue 33, item 6): a balance below a threshold per asset, any
 * payout above an amount, a card purchase above an amount, a sign-in from a new device. Each is
 * delivered to its user's inbox and by email, once per crossing: a balance when it goes from at or
 * above the threshold to below it (the ledger's crossing detector), a payout or a purchase once each.
 * A user sets only the kinds their role may see (`permissionsOfAlertKind`), and is told only while
 * they still may.
 */
import { z } from 'zod';
import { defineCall } from './calls.ts';
import { EmptyRequest, EmptyResponse } from './envelope.ts';
import { type Asset, checkAmount, digitalAssets } from './money.ts';
import type { ClientPermission } from './permissions.ts';
import { identifierText } from './text.ts';

export const alertKinds = ['balance_below', 'payout_above', 'card_purchase_above', 'new_device_sign_in'] as const;
export const AlertKind = z.enum(alertKinds);
export type AlertKind = z.infer<typeof AlertKind>;

/** What a user must hold to set (and keep receiving) an alert of the kind: any one of them; none for their own sign-ins. */
export const permissionsOfAlertKind = {
  balance_below: ['view_balances'],
  payout_above: ['prepare_payouts', 'approve_payouts'],
  card_purchase_above: ['cards'],
  new_device_sign_in: [],
} as const satisfies Record<AlertKind, readonly ClientPermission[]>;

/** Whether a user holding `held` may set an alert of the kind. */
export function mayHaveAlert(kind: AlertKind, held: readonly string[]): boolean {
  const needed: readonly string[] = permissionsOfAlertKind[kind];
  return needed.length === 0 || needed.some((permission) => held.includes(permission));
}

/** Cards are USD accounts (DECISIONS.md "Cards"): a purchase alert's amount is in USD. */
export const cardAlertCurrency = 'USD' satisfies Asset;

/** The assets an alert of the kind is set in (the company's balances, or USD for cards); none for sign-ins. */
export const assetsOfAlertKind = {
  balance_below: digitalAssets,
  payout_above: digitalAssets,
  card_purchase_above: [cardAlertCurrency],
  new_device_sign_in: [],
} as const satisfies Record<AlertKind, readonly Asset[]>;

/** A user keeps at most this many alerts. */
export const alertsPerUserMax = 20;

export const Alert = z.object({
  alert_id: z.string(),
  kind: AlertKind,
  /** The asset of its amount; null for a sign-in alert. */
  asset: z.string().nullable(),
  /** The threshold (balance below it) or the amount (a payout or a purchase above it); null for a sign-in alert. */
  amount: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Alert = z.infer<typeof Alert>;

/** A new alert (no `alert_id`) or a change to one of the user's own. */
export const SaveAlertRequest = z
  .object({
    alert_id: identifierText(64).optional(),
    kind: AlertKind,
    /** Empty for a sign-in alert. */
    asset: z.string().max(8),
    amount: z.unknown(),
  })
  .strict()
  .superRefine((value, context) => {
    const allowed: readonly string[] = assetsOfAlertKind[value.kind];
    if (allowed.length === 0) return;
    if (!allowed.includes(value.asset)) {
      context.addIssue({ code: 'custom', path: ['asset'], message: 'alerts.validation.asset_required' });
      return;
    }
    if (value.amount === '' || value.amount === undefined) {
      context.addIssue({ code: 'custom', path: ['amount'], message: 'alerts.validation.amount_required' });
      return;
    }
    checkAmount(value.amount, value.asset as Asset, {}, context, ['amount']);
  })
  .transform((value) => {
    const hasAmount = assetsOfAlertKind[value.kind].length > 0;
    return {
      ...value,
      asset: hasAmount ? value.asset : null,
      amount: hasAmount ? (value.amount as string) : null,
    };
  });
export type SaveAlertRequest = z.input<typeof SaveAlertRequest>;

export const listAlerts = defineCall({
  path: '/api/v1/alert/list',
  permission: 'session',
  summary: "The caller's own alerts, oldest first",
  request: EmptyRequest,
  response: z.object({ items: z.array(Alert) }),
});

export const saveAlert = defineCall({
  path: '/api/v1/alert/save',
  permission: 'session',
  isIdempotent: true,
  errors: ['not_found', 'illegal_state'],
  summary:
    "Adds an alert, or changes one of the caller's own; only the kinds the caller's role may see (a balance alert needs view_balances)",
  request: SaveAlertRequest,
  response: Alert,
});

export const deleteAlert = defineCall({
  path: '/api/v1/alert/delete',
  permission: 'session',
  errors: ['not_found'],
  summary: "Removes one of the caller's own alerts",
  request: z.object({ alert_id: identifierText(64) }).strict(),
  response: EmptyResponse,
});
