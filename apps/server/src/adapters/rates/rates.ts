/**
 * The rates adapter (DECISIONS.md "Money"): mid rates in US dollars for the digital assets a
 * company holds and the fiat currencies it deposits and pays out in (the US dollar is 1 by definition). The simulator stands in for a market data provider: it starts at plausible mid
 * rates and moves each by a small random step per quote, stable coins within a few hundredths of a
 * cent of one dollar, BTC and ETH within a tenth of their reference. A real provider implements
 * the same interface.
 */
import type { Asset } from '@bank/contract/money';
import Decimal from 'decimal.js';

type RateQuote = { asset: Asset; usdRate: string };

export type RatesProvider = {
  /** Its name, stored with every rate it quoted. */
  name: string;
  quote(previous: ReadonlyMap<Asset, string>): Promise<RateQuote[]>;
};

/** Reference mids the simulator moves around, and how far it may stray from them. */
const references: Readonly<Record<Asset, { mid: string; step: number; band: number }>> = {
  USDC: { mid: '1', step: 0.00005, band: 0.0005 },
  USDT: { mid: '1', step: 0.00008, band: 0.001 },
  BTC: { mid: '97250', step: 0.004, band: 0.1 },
  ETH: { mid: '3420', step: 0.005, band: 0.1 },
  USD: { mid: '1', step: 0, band: 0 },
  EUR: { mid: '1.08', step: 0.0005, band: 0.05 },
  SGD: { mid: '0.745', step: 0.0004, band: 0.05 },
  CNY: { mid: '0.1385', step: 0.0003, band: 0.05 },
  GBP: { mid: '1.27', step: 0.0005, band: 0.05 },
  AUD: { mid: '0.655', step: 0.0005, band: 0.05 },
  HKD: { mid: '0.1285', step: 0.0001, band: 0.02 },
};

export function createSimulatedRates(random: () => number = Math.random): RatesProvider {
  return {
    name: 'simulator',
    async quote(previous) {
      return (Object.keys(references) as Asset[]).map((asset) => {
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
