/**
 * Exchange rates: the rates adapter's quotes, kept with their time (every valuation and, later,
 * every conversion names the rate it used). `ledger__refresh_rates` asks the adapter every
 * rateRefreshMinutes; a rate older than rateStaleAfterMinutes converts nothing.
 */
import { rateStaleAfterMinutes } from '@bank/contract/ledger';
import { createSimulatedRates, type RatesProvider } from '../../adapters/rates/rates.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { latestRates, type Rate } from './queries.ts';
import { exchangeRates } from './tables.ts';

export const refreshRatesSchedule = 'ledger__refresh_rates';

export function isRateStale(rate: Pick<Rate, 'quotedAt'>, now: Date): boolean {
  return now.getTime() - rate.quotedAt.getTime() > rateStaleAfterMinutes * 60_000;
}

/** Asks the adapter for new rates, moving on from the newest kept, and keeps them. */
export async function refreshRates(handle: DbHandle, provider: RatesProvider, now: Date): Promise<void> {
  const previous = new Map([...(await latestRates(handle))].map(([asset, rate]) => [asset, rate.usdRate]));
  const quotes = await provider.quote(previous);
  if (quotes.length === 0) return;
  await handle
    .insert(exchangeRates)
    .values(
      quotes.map((quote) => ({ asset: quote.asset, usd_rate: quote.usdRate, source: provider.name, quoted_at: now })),
    );
}

/**
 * Outside production: quotes every rate now, as the schedule would (journeys move the clock past a
 * quote's freshness). Only the simulated rates take orders from the back office.
 */
export async function quoteRatesNow(
  handle: DbHandle,
  rates: { provider: RatesProvider; isSimulated: boolean },
  actor: { userId: string; ip: string; now: Date },
): Promise<{ rates_at: string }> {
  if (!rates.isSimulated) throw new AppError('forbidden', { detail: 'the rates control needs the simulated rates' });
  await refreshRates(handle, rates.provider, actor.now);
  await writeAudit(handle, {
    action: 'simulator.rates_quoted',
    at: actor.now,
    actorUserId: actor.userId,
    ip: actor.ip,
  });
  return { rates_at: actor.now.toISOString() };
}

/** A fresh database has no rate until the schedule's first tick: quote once (the simulator, outside a provider). */
export async function ensureRates(
  handle: DbHandle,
  now: Date,
  provider: RatesProvider = createSimulatedRates(),
): Promise<void> {
  if ((await latestRates(handle)).size === 0) await refreshRates(handle, provider, now);
}
