/**
 * The rates adapter (DECISIONS.md "Money"): mid rates in US dollars for the digital assets a
 * company holds. The simulator stands in for a market data provider: it starts at plausible mid
 * rates and moves each by a small random step per quote, stable coins within a few hundredths of a
 * cent of one dollar, BTC and ETH within a tenth of their reference. A real provider implements
 * the same interface.
 */
import type { DigitalAsset } from '@bank/contract/money';
import Decimal from 'decimal.js';

export type RateQuote = { asset: DigitalAsset; usdRate: string };

export type RatesProvider = {
  /** Its name, stored with every rate it quoted. */
  name: string;
  quote(previous: ReadonlyMap<DigitalAsset, string>): Promise<RateQuote[]>;
};

/** Reference mids the simulator moves around, and how far it may stray from them. */
const references: Readonly<Record<DigitalAsset, { mid: string; step: number; band: number }>> = {
  USDC: { mid: '1', step: 0.00005, band: 0.0005 },
  USDT: { mid: '1', step: 0.00008, band: 0.001 },
  BTC: { mid: '97250', step: 0.004, band: 0.1 },
  ETH: { mid: '3420', step: 0.005, band: 0.1 },
};

export function createSimulatedRates(random: () => number = Math.random): RatesProvider {
  return {
    name: 'simulator',
    async quote(previous) {
      return (Object.keys(references) as DigitalAsset[]).map((asset) => {
        const { mid, step, band } = references[asset];
        const reference = new Decimal(mid);
        const from = new Decimal(previous.get(asset) ?? mid);
        const moved = from.times(1 + (random() * 2 - 1) * step);
        const low = reference.times(1 - band);
        const high = reference.times(1 + band);
        const bounded = Decimal.min(high, Decimal.max(low, moved));
        return { asset, usdRate: bounded.toDecimalPlaces(asset === 'BTC' || asset === 'ETH' ? 2 : 6).toFixed() };
      });
    },
  };
}
