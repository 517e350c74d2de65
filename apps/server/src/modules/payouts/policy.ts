/**
 * What a payout may be (withdraw/details) and the company's approval policy (withdraw/policy/set):
 * every payout, or those above a per-asset threshold, wait for a second user's approval.
 */
import { type DigitalAsset, digitalAssets, fiatCurrencies } from '@bank/contract/money';
import {
  type ApprovalPolicy,
  cryptoPayoutOptions,
  fiatPayoutAssets,
  fiatPayoutFee,
  fiatPayoutLimits,
  type PayoutConfig,
  payoutPurposes,
  payoutQuoteValiditySeconds,
} from '@bank/contract/payouts';
import { eq } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit.ts';
import type { DbHandle } from '../../platform/db.ts';
import { formatAmountForWire, type MoneyValue, parseAmount } from '../../platform/money.ts';
import { lockCompany } from '../../platform/tenant.ts';
import { requireFreshSecondFactor } from '../account/index.ts';
import type { PayoutActor } from './actor.ts';
import { coolingHoursOf } from './destinations.ts';
import { type ApprovalThresholds, payoutPolicies } from './tables.ts';

export async function approvalPolicyOf(handle: DbHandle, companyId: string): Promise<ApprovalPolicy> {
  const [row] = await handle.select().from(payoutPolicies).where(eq(payoutPolicies.company_id, companyId));
  const thresholds: ApprovalThresholds = row?.thresholds ?? {};
  return {
    approve_all: row?.approve_all ?? false,
    thresholds: digitalAssets.map((asset) => ({ asset, amount: thresholds[asset] ?? null })),
  };
}

/** Whether a payout of `amount` of `asset` needs a second user's approval under the policy. */
export function needsApproval(policy: ApprovalPolicy, asset: DigitalAsset, amount: MoneyValue): boolean {
  if (policy.approve_all) return true;
  const threshold = policy.thresholds.find((item) => item.asset === asset)?.amount;
  return threshold !== null && threshold !== undefined && amount.greaterThan(parseAmount(threshold));
}

export async function payoutConfig(handle: DbHandle, companyId: string): Promise<PayoutConfig> {
  return {
    crypto: cryptoPayoutOptions(),
    fiat: {
      assets: [...fiatPayoutAssets],
      currencies: [...fiatCurrencies],
      min: fiatPayoutLimits.min,
      max: fiatPayoutLimits.max,
      fee_rate: fiatPayoutFee.rate,
      fee_minimum: fiatPayoutFee.minimum,
    },
    purposes: [...payoutPurposes],
    cooling_hours: await coolingHoursOf(handle, companyId),
    quote_validity_seconds: payoutQuoteValiditySeconds,
    approval: await approvalPolicyOf(handle, companyId),
  };
}

export async function setApprovalPolicy(
  handle: DbHandle,
  actor: PayoutActor,
  body: { approve_all: boolean; thresholds: { asset: DigitalAsset; amount: string | null }[] },
): Promise<ApprovalPolicy> {
  requireFreshSecondFactor(actor);
  await lockCompany(handle, actor.companyId);
  const thresholds: ApprovalThresholds = {};
  for (const item of body.thresholds)
    if (item.amount !== null) thresholds[item.asset] = formatAmountForWire(parseAmount(item.amount), item.asset);
  const coolingHours = await coolingHoursOf(handle, actor.companyId);
  await handle
    .insert(payoutPolicies)
    .values({
      company_id: actor.companyId,
      cooling_hours: coolingHours,
      approve_all: body.approve_all,
      thresholds,
      updated_at: actor.now,
    })
    .onConflictDoUpdate({
      target: payoutPolicies.company_id,
      set: { approve_all: body.approve_all, thresholds, updated_at: actor.now },
    });
  await writeAudit(handle, {
    action: 'payout_policy.changed',
    at: actor.now,
    actorUserId: actor.userId,
    companyId: actor.companyId,
    ip: actor.ip,
    detail: { approve_all: body.approve_all, thresholds },
  });
  return approvalPolicyOf(handle, actor.companyId);
}
