/**
 * The test clock of browser journeys: the system clock plus an offset that POST /dev/clock moves
 * forward, so that a journey can see a session expire without waiting 16 minutes; and POST
 * /dev/schedules/<name>, which runs a schedule at once, so that a journey that moved the clock past
 * a retry's time sees it made without waiting for the next minute's tick. Exists only when config
 * ENABLE_TEST_CLOCK=true, which production refuses at start.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Jobs } from './jobs.ts';
import type { Clock } from './session.ts';

export type AdjustableClock = Clock & {
  /** Moves the clock forward; never back, so that stored times never lie in the future. */
  advance(seconds: number): Date;
  /**
   * Runs `work` with the clock standing still but for `advance`, then runs on from where it stood
   * (never back): the calls a test needs inside one fixed window of a limit (30 quotes a minute), or
   * before a delay runs out, stay there however long a busy machine takes over them.
   */
  standingStill<T>(work: () => Promise<T>): Promise<T>;
};

export function createOffsetClock(base: Clock): AdjustableClock {
  let offsetMs = 0;
  /** Set while the clock stands still: the time it shows. */
  let stillAtMs: number | undefined;
  const runningMs = () => base.now().getTime() + offsetMs;
  return {
    now: () => new Date(stillAtMs ?? runningMs()),
    advance(seconds) {
      if (stillAtMs !== undefined) {
        stillAtMs += seconds * 1000;
        return new Date(stillAtMs);
      }
      offsetMs += seconds * 1000;
      return new Date(runningMs());
    },
    async standingStill(work) {
      if (stillAtMs !== undefined) return work();
      stillAtMs = runningMs();
      try {
        return await work();
      } finally {
        offsetMs = stillAtMs - base.now().getTime();
        stillAtMs = undefined;
      }
    },
  };
}

export function isAdjustableClock(clock: Clock): clock is AdjustableClock {
  return typeof (clock as Partial<AdjustableClock>).advance === 'function';
}

/** A year: enough for any expiry a journey checks, small enough to keep dates sane. */
const maxAdvanceSeconds = 366 * 24 * 60 * 60;

const AdvanceRequest = z.object({ advance_seconds: z.number().int().min(1).max(maxAdvanceSeconds) }).strict();

export function registerTestClockRoutes(app: FastifyInstance, clock: AdjustableClock, jobs: Jobs): void {
  app.post('/dev/clock', async (request, reply) => {
    const parsed = AdvanceRequest.safeParse(request.body ?? {});
    if (!parsed.success) {
      return reply.status(400).send({ error: `advance_seconds must be a whole number from 1 to ${maxAdvanceSeconds}` });
    }
    const now = clock.advance(parsed.data.advance_seconds);
    request.log.warn({ advance_seconds: parsed.data.advance_seconds, now: now.toISOString() }, 'test clock moved');
    return { now: now.toISOString() };
  });

  app.post<{ Params: { name: string } }>('/dev/schedules/:name', async (request, reply) => {
    const { name } = request.params;
    if (!jobs.scheduleNames().includes(name)) return reply.status(404).send({ error: `no schedule ${name}` });
    await jobs.runSchedule(name);
    request.log.warn({ schedule: name }, 'schedule run at once');
    return { ran: name };
  });
}
