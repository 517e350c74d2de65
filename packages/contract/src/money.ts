/**
 * Money (DECISIONS.md "Money"): the assets a company holds or pays in, the networks digital assets
 * travel on, each asset's scale, and amounts as decimal strings validated against that scale.
 * An amount is never a JavaScript number: a JSON number, exponent form or a digit beyond the
 * asset's scale is refused, so that no value is rounded by binary floating point on its way.
 */
import { z } from 'zod';

/** Balances are held in digital assets; fiat arrives and leaves through conversion. */
export const digitalAssets = ['USDT', 'USDC', 'BTC', 'ETH'] as const;
export const stablecoins = ['USDT', 'USDC'] as const;
export const fiatCurrencies = ['USD', 'EUR', 'SGD', 'CNY', 'GBP', 'AUD', 'HKD'] as const;
export const assets = [...digitalAssets, ...fiatCurrencies] as const;
export type Asset = (typeof assets)[number];
export type DigitalAsset = (typeof digitalAssets)[number];
export type FiatCurrency = (typeof fiatCurrencies)[number];
export const AssetSchema = z.enum(assets);

/** ERC20, BEP20 and TRC20 are rails of the stable coins, not separate currencies; BTC and ETH travel on their own chains. */
export const networks = ['ERC20', 'BEP20', 'TRC20', 'BTC', 'ETH'] as const;
export type Network = (typeof networks)[number];
const tokenNetworks = ['ERC20', 'BEP20', 'TRC20'] as const;

export const networksOfAsset: Readonly<Record<DigitalAsset, readonly Network[]>> = {
  USDT: tokenNetworks,
  USDC: tokenNetworks,
  BTC: ['BTC'],
  ETH: ['ETH'],
};

/** Decimal places an amount of the asset may carry on the wire and in the ledger. */
export const scaleOfAsset: Readonly<Record<Asset, number>> = {
  USDC: 6,
  USDT: 6,
  BTC: 8,
  ETH: 18,
  USD: 2,
  EUR: 2,
  SGD: 2,
  CNY: 2,
  GBP: 2,
  AUD: 2,
  HKD: 2,
};

/** Decimals shown on screen: 2 for fiat and stable coins, up to 8 (at least 2) for BTC and ETH. */
export function displayDecimals(asset: string): { min: number; max: number } {
  return asset === 'BTC' || asset === 'ETH' ? { min: 2, max: 8 } : { min: 2, max: 2 };
}

/** Digits before the point: NUMERIC(38, 18) leaves 20. */
const maxIntegerDigits = 20;
const decimalStringPattern = /^(0|[1-9]\d*)(\.\d+)?$/;

/** The number of decimals of a plain decimal string, or null when it is not one (sign, exponent, spaces...). */
export function decimalsOf(value: string): number | null {
  const match = decimalStringPattern.exec(value);
  if (!match) return null;
  if ((match[1] ?? '').length > maxIntegerDigits) return null;
  return match[2] ? match[2].length - 1 : 0;
}

/**
 * The largest amount any call accepts, of any asset: fifteen digits before the point. NUMERIC(38, 18)
 * holds twenty, so the five left are the headroom of sums, conversions at a rate and fees, which can
 * then never overflow a column (a quadrillion of any unit is beyond every real balance).
 */
const maxAmountIntegerDigits = 15;

type AmountOptions = { allowZero?: boolean };

/** Adds the amount's issues (not a string, not a plain decimal, beyond the asset's scale, zero) at `path`. */
export function checkAmount(
  value: unknown,
  asset: Asset,
  options: AmountOptions,
  context: z.RefinementCtx,
  path: PropertyKey[],
) {
  if (typeof value !== 'string') {
    context.addIssue({ code: 'custom', path, message: 'validation.amount_not_string' });
    return;
  }
  const decimals = decimalsOf(value);
  if (decimals === null) {
    context.addIssue({ code: 'custom', path, message: 'validation.amount_format' });
    return;
  }
  if ((value.split('.')[0] ?? '').length > maxAmountIntegerDigits) {
    context.addIssue({ code: 'custom', path, message: 'validation.amount_too_large' });
    return;
  }
  if (decimals > scaleOfAsset[asset]) {
    context.addIssue({
      code: 'custom',
      path,
      message: 'validation.amount_scale',
      params: { scale: scaleOfAsset[asset] },
    });
    return;
  }
  if (!options.allowZero && /^[0.]+$/.test(value))
    context.addIssue({ code: 'custom', path, message: 'validation.amount_zero' });
}

/** An amount of one known asset: a positive decimal string with at most the asset's scale. */
export function amountOf(asset: Asset, options: AmountOptions = {}) {
  return z
    .unknown()
    .superRefine((value, context) => checkAmount(value, asset, options, context, [])) as unknown as z.ZodType<string>;
}

/** An amount with its asset beside it (`{ amount: "12.50", asset: "USDC" }`), the scale checked against that asset. */
export function moneySchema(options: AmountOptions = {}) {
  return z
    .object({ amount: z.unknown(), asset: AssetSchema })
    .superRefine((value, context) => checkAmount(value.amount, value.asset, options, context, ['amount']))
    .transform((value) => ({ amount: value.amount as string, asset: value.asset }));
}
