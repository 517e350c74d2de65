/**
 * The job queue (pg-boss on the same PostgreSQL, embedded or server) and the delivery of outbox
 * events to their handlers. Every subscriber has its own queue, so a failing handler is retried
 * without running the others again. The relay runs when a committed event is NOTIFYed, and on a
 * short poll that catches what a lost notification or a crash left behind.
 */
import { SpanKind } from '@opentelemetry/api';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from './db.ts';
import { databaseFailureOf } from './db-failures.ts';
import { type DomainEvent, outboxChannel, relayOutboxBatch } from './outbox.ts';
import { runForRequest } from './request-context.ts';
import { inSpan, linksTo, spanAttributes, untraced } from './tracing.ts';

export const jobQueueSchema = 'pgboss';

type EventHandler = (event: DomainEvent) => Promise<void>;

/**
 * A recurring job. pg-boss keeps one schedule per name in the database and, with several server
 * instances, sends one job per tick however many instances run; a worker of any instance runs it.
 * The handler must be safe to run twice (a retried tick, or `runSchedule` beside the clock's own).
 */
type ScheduleDefinition = {
  /** The queue's name, `<domain>__<what>`: keep it stable across releases. */
  name: string;
  /** Five-field cron in UTC. pg-boss looks at schedules once a minute: nothing finer than a minute. */
  cron: string;
  run(): Promise<void>;
  /** Retries of a failed run before the tick is given up (the next tick tries again). */
  retryLimit?: number;
  /** A run taking longer than this is taken as failed. */
  expireInSeconds?: number;
};

export type Jobs = {
  /**
   * Subscribes a handler to an event type. `subscriber` names its queue and must stay stable across
   * releases (events pending for it survive a restart). Call before start().
   */
  onEvent(type: string, subscriber: string, handler: EventHandler): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  isStarted(): boolean;
  /** Declares a recurring job (rates, hold expiry, renewals, fees, clean-ups). Call before start(). */
  schedule(definition: ScheduleDefinition): void;
  /** Runs a declared schedule's handler at once, outside its cron (tests, operations). */
  runSchedule(name: string): Promise<void>;
  /** Names of the declared schedules. */
  scheduleNames(): string[];
  /** Runs the relay until the outbox is empty; resolves with how many queues got jobs. */
  relayNow(): Promise<number>;
  /** The queue itself, for the schedules and plain jobs of later capabilities. Started by start(). */
  boss: PgBoss;
};

/**
 * How fast work caught by a crash is taken up again. A worker killed mid-job leaves its job active;
 * pg-boss's maintenance, every `maintenanceIntervalSeconds` on one instance, fails an active job
 * older than its expiry, and the job is retried after its retry delay (5 s for an event). An event
 * handler (an inbox message, an email, a webhook: each bounded by its own timeout of 20 s or less)
 * expires after `eventExpirySeconds`, so such a job is running again within a minute of the crash.
 */
export const jobRecovery = { eventExpirySeconds: 40, maintenanceIntervalSeconds: 10 } as const;

export type JobsOptions = {
  database: Database;
  logger: Logger;
  /** The safety-net poll of the relay. */
  relayPollIntervalMs?: number;
  /** How often an idle worker looks for jobs; the relay also wakes workers right after handing them jobs. */
  workerPollIntervalSeconds?: number;
  stopTimeoutMs?: number;
  /** jobRecovery unless a test shortens it. */
  recovery?: { eventExpirySeconds: number; maintenanceIntervalSeconds: number };
};

/**
 * What the process does with a promise rejected with nobody to handle it. pg-boss 10 (the last
 * release for Node 20) marks a finished job complete, or failed, without awaiting the statement:
 * when the database is lost at that moment (a failover), the rejection has no handler, and Node
 * would end the process with every request in flight. Such a rejection is logged: the job stays
 * active and runs again after its expiry, and handlers are safe to run twice. Any other rejection
 * is thrown on, and ends the process as Node would.
 */
export function unhandledRejectionPolicy(logger: Pick<Logger, 'warn'>): (reason: unknown) => void {
  return (reason) => {
    if (databaseFailureOf(reason) !== 'unavailable') throw reason;
    logger.warn({ err: reason }, 'database unavailable under a job queue statement nobody awaited');
  };
}

type Subscription = { type: string; subscriber: string; queue: string; handler: EventHandler };

const relayBatchSize = 100;

function queueNameOf(type: string, subscriber: string): string {
  return `event__${type}__${subscriber}`.replace(/[^\w-]/g, '_');
}

/**
 * A scheduled job's run, in a span of its own: a new trace when the queue hands it over, a child
 * when someone runs it at once (runSchedule, inside their request).
 */
function runScheduled(definition: ScheduleDefinition, isFromQueue: boolean): Promise<void> {
  return inSpan(
    `job ${definition.name}`,
    { kind: SpanKind.INTERNAL, attributes: { 'bank.job.name': definition.name }, isRoot: isFromQueue },
    () => definition.run(),
  );
}

/**
 * An event's consumer runs as part of the request that recorded the event (its id on the logs and
 * on what the consumer records) and in a span of a new trace, linked to the span that recorded it.
 */
function consume(subscription: Subscription, event: DomainEvent): Promise<void> {
  return runForRequest(event.request_id ?? null, () =>
    inSpan(
      `process ${subscription.queue}`,
      {
        kind: SpanKind.CONSUMER,
        isRoot: true,
        links: linksTo(event.traceparent),
        attributes: {
          [spanAttributes.messagingSystem]: 'pg-boss',
          [spanAttributes.messagingOperationType]: 'process',
          [spanAttributes.messagingDestinationName]: subscription.queue,
          [spanAttributes.messagingMessageId]: event.id,
          'bank.event.type': subscription.type,
          'bank.event.subscriber': subscription.subscriber,
        },
      },
      () => subscription.handler(event),
    ),
  );
}

// Long: a factory whose closure is the queue's state (started, the relay's run, the workers); each function in it is short.
export function createJobs(options: JobsOptions): Jobs {
  const { database, logger } = options;
  const relayPollIntervalMs = options.relayPollIntervalMs ?? 2000;
  const recovery = options.recovery ?? jobRecovery;
  const boss = new PgBoss({
    ...database.jobQueueConnection,
    schema: jobQueueSchema,
    max: 4,
    migrate: true,
    supervise: true,
    maintenanceIntervalSeconds: recovery.maintenanceIntervalSeconds,
    schedule: true,
  });
  // The queue and the relay retry by themselves (their next poll): while the database is unavailable
  // (a restart, a failover) their failures are expected and warned of; any other is an error.
  const logFailure = (error: unknown, message: string) =>
    databaseFailureOf(error) === 'unavailable'
      ? logger.warn({ err: error }, `${message}: database unavailable`)
      : logger.error({ err: error }, message);
  boss.on('error', (error) => logFailure(error, 'job queue error'));

  const subscriptions: Subscription[] = [];
  const schedules = new Map<string, ScheduleDefinition>();
  const workerIdsOfQueue = new Map<string, string>();
  let started = false;
  let stopping = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  let relayRun: Promise<number> | undefined;
  let relayAgain = false;

  async function relayUntilEmpty(): Promise<number> {
    let queuesWithJobs = 0;
    do {
      relayAgain = false;
      for (;;) {
        const queues = await relayOutboxBatch(database.db, boss, {
          jobQueueSchema,
          batchSize: relayBatchSize,
          expireInSeconds: recovery.eventExpirySeconds,
        });
        if (queues.length === 0) break;
        queuesWithJobs += queues.length;
        for (const queue of queues) {
          const workerId = workerIdsOfQueue.get(queue);
          if (workerId) boss.notifyWorker(workerId);
        }
      }
    } while (relayAgain && !stopping);
    return queuesWithJobs;
  }

  /** One relay at a time per process; a trigger during a run makes it go round once more. */
  function relayNow(): Promise<number> {
    if (relayRun) {
      relayAgain = true;
      return relayRun;
    }
    // The relay is the queue's plumbing: its transactions are no one's work to trace.
    const run = untraced(relayUntilEmpty).finally(() => {
      relayRun = undefined;
    });
    relayRun = run;
    return run;
  }

  function triggerRelay(): void {
    if (!started || stopping) return;
    relayNow().catch((error: unknown) => logFailure(error, 'outbox relay failed'));
  }

  async function startSchedules(): Promise<void> {
    for (const definition of schedules.values()) {
      await boss.createQueue(definition.name, {
        name: definition.name,
        retryLimit: definition.retryLimit ?? 2,
        retryDelay: 30,
        expireInSeconds: definition.expireInSeconds ?? 15 * 60,
      });
      await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
      await boss.work(definition.name, { batchSize: 1 }, async () => {
        await runScheduled(definition, true);
      });
    }
  }

  async function startQueueAndWorkers(): Promise<void> {
    await boss.start();
    await startSchedules();
    for (const subscription of subscriptions) {
      await boss.createQueue(subscription.queue);
      await boss.subscribe(subscription.type, subscription.queue);
      // One job at a time, so that a failing handler retries only its own event.
      let workerId = '';
      workerId = await boss.work<DomainEvent>(
        subscription.queue,
        { pollingIntervalSeconds: options.workerPollIntervalSeconds ?? 2, batchSize: 1 },
        async (jobs) => {
          for (const job of jobs) await consume(subscription, job.data);
          // Where there was one job there are likely more: look again at once instead of after the poll interval.
          boss.notifyWorker(workerId);
        },
      );
      workerIdsOfQueue.set(subscription.queue, workerId);
    }
  }

  return {
    boss,
    schedule(definition) {
      if (started) throw new Error(`schedule(${definition.name}) must be called before the job queue starts`);
      if (!/^[a-z0-9_]+$/.test(definition.name))
        throw new Error(`schedule name ${definition.name}: use a-z, 0-9 and _`);
      if (schedules.has(definition.name)) throw new Error(`schedule ${definition.name} is declared twice`);
      schedules.set(definition.name, definition);
    },

    async runSchedule(name) {
      const definition = schedules.get(name);
      if (!definition) throw new Error(`no schedule ${name}`);
      await runScheduled(definition, false);
    },

    scheduleNames: () => [...schedules.keys()],

    onEvent(type, subscriber, handler) {
      if (started) throw new Error(`onEvent(${type}, ${subscriber}) must be called before the job queue starts`);
      const queue = queueNameOf(type, subscriber);
      if (subscriptions.some((existing) => existing.queue === queue)) {
        throw new Error(`${subscriber} already handles ${type}`);
      }
      subscriptions.push({ type, subscriber, queue, handler });
    },

    async start() {
      if (started) return;
      try {
        await startQueueAndWorkers();
      } catch (error) {
        // A half-started queue would keep polling a database the caller is about to close.
        await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
        throw error;
      }
      started = true;
      stopListening = await database.listen(outboxChannel, triggerRelay);
      pollTimer = setInterval(triggerRelay, relayPollIntervalMs);
      pollTimer.unref();
      triggerRelay();
    },

    async stop() {
      if (!started || stopping) return;
      stopping = true;
      clearInterval(pollTimer);
      await stopListening?.();
      await relayRun?.catch(() => undefined);
      await boss.stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs ?? 10_000 });
      // pg-boss marks a finished job complete without awaiting it, so its stop can return with that
      // statement still on its way; one more statement through the same database, queued behind it,
      // lets it land before the caller closes the database.
      await new Promise((resolve) => setImmediate(resolve));
      await database.db.execute(sql`select 1`);
      started = false;
      stopping = false;
    },

    isStarted: () => started && !stopping,
    relayNow,
  };
}
