/** The limits of webhook delivery, in one place. */

const minuteSeconds = 60;

/**
 * The wait before each retry: exponential from one minute, doubling (1, 2, 4 ... 2,048 minutes),
 * 12 retries after the first attempt, about 2.8 days in all: what integrators expect of Stripe and
 * Svix (about 3 days), and long enough to outlast a weekend outage of a receiver.
 */
export const retryDelaysSeconds: readonly number[] = Array.from({ length: 12 }, (_, step) => minuteSeconds * 2 ** step);

export const webhookRules = {
  /** A receiver must answer within this; a slow one is a failed attempt, retried later. */
  requestTimeoutMs: 10_000,
  /** How long a sender holds a delivery it is attempting before another may take it (a crash). */
  claimSeconds: 60,
  /** What of the receiver's answer the log keeps. */
  responseExcerptMaxCharacters: 500,
  /** The most of the answer read at all (the rest is not waited for). */
  responseMaxBytes: 64 * 1024,
  /** Deliveries one run of the minute's schedule attempts. */
  dueBatchSize: 50,
  /** Finished deliveries (and their attempts) are kept this long for the log and for replays. */
  deliveryRetentionDays: 90,
} as const;
