/**
 * What operations watch, in Prometheus's text format at GET /metrics: every call's rate, errors and
 * latency; the job queue's depth and the age of its oldest waiting job; the outbox's lag; and what
 * modules add (webhook delivery failures, the ledger's invariant check). Each app has its own
 * registry, so that two apps in one process (tests) never share a series. docs/operations.md lists
 * the alerts worth setting on these.
 *
 * /metrics asks for the bearer token of config METRICS_TOKEN; without one it is open outside
 * production and absent in production, where call names and volumes are not for the internet.
 */
import { timingSafeEqual } from 'node:crypto';
import { errorCatalogue } from '@bank/contract/errors';
import { translate } from '@bank/i18n/resources';
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type AppDatabase, type Database, executeRows } from './db.ts';
import { envelopeCodeOf } from './errors.ts';
import { jobQueueSchema } from './jobs.ts';

export type Metrics = {
  registry: Registry;
  /** A gauge read when /metrics is scraped (keep `read` cheap: it runs at every scrape). */
  gauge(definition: { name: string; help: string; labelNames?: string[]; read(gauge: Gauge): Promise<void> }): void;
  /** A gauge set by its owner (a schedule's last result). */
  settableGauge(definition: { name: string; help: string }): Gauge;
};

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'bank_' });
  return {
    registry,
    gauge({ name, help, labelNames = [], read }) {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          await read(this);
        },
      });
    },
    settableGauge: ({ name, help }) => new Gauge({ name, help, registers: [registry] }),
  };
}

const apiPrefix = '/api/';

function isTokenAccepted(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer /, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Under pressure (the event loop stalled past `maxEventLoopDelayMs`), a call is answered at once with
 * HTTP 503, the `busy` envelope and Retry-After, rather than queued until every caller times out.
 * The probes are exempt, so that a load balancer still sees the instance.
 */
export async function registerPressureRelief(
  app: FastifyInstance,
  options: { maxEventLoopDelayMs: number; retryAfterSeconds: number },
): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    retryAfter: options.retryAfterSeconds,
    exposeStatusRoute: false,
    // under-pressure sends what the handler returns, and lets the request through when it returns nothing.
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply) => {
      if (!request.url.startsWith(apiPrefix)) return undefined;
      const { code, httpStatus } = errorCatalogue.busy;
      reply.status(httpStatus).header('retry-after', String(options.retryAfterSeconds));
      return { code, msg: translate(request.language, 'errors.busy'), data: null };
    }) as unknown as NonNullable<FastifyUnderPressureOptions['pressureHandler']>,
  });
}

type MetricsOptions = {
  db: AppDatabase;
  contention: Database['contention'];
  unavailable: Database['unavailable'];
  heavyReads: Database['heavyReads'];
  token: string | undefined;
  isProduction: boolean;
};

export function registerMetrics(app: FastifyInstance, metrics: Metrics, options: MetricsOptions): void {
  registerCallMetrics(app, metrics.registry);
  registerDatabaseCounters(metrics.registry, options);
  registerQueueGauges(metrics, options.db);

  if (options.isProduction && !options.token) return;
  app.get('/metrics', async (request, reply) => {
    if (options.token && !isTokenAccepted(request.headers.authorization, options.token))
      return reply.status(401).header('www-authenticate', 'Bearer').send();
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

/** Every API call's duration by status, and its error envelopes by code. */
function registerCallMetrics(app: FastifyInstance, registry: Registry): void {
  const calls = new Histogram({
    name: 'bank_api_call_duration_seconds',
    help: 'Duration of API calls, by call and HTTP status',
    labelNames: ['call', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'bank_api_call_errors_total',
    help: 'API calls answered with an error envelope, by call and envelope code',
    labelNames: ['call', 'code'],
    registers: [registry],
  });

  app.addHook('onSend', async (request, _reply, payload) => {
    if (!request.url.startsWith(apiPrefix)) return payload;
    const code = envelopeCodeOf(payload);
    if (code !== undefined && code !== '200') errors.inc({ call: request.routeOptions.url ?? 'unknown', code });
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith(apiPrefix)) return;
    calls.observe(
      { call: request.routeOptions.url ?? 'unknown', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}

/**
 * A counter that reads a running tally the database keeps (outcome -> count) and adds what grew
 * since the last scrape, labelled by outcome.
 */
function tallyCounter<Key extends string>(
  registry: Registry,
  definition: { name: string; help: string },
  tally: { readonly [K in Key]: number },
  labelOf: { readonly [K in Key]: string },
): void {
  const seen = Object.fromEntries(Object.keys(labelOf).map((key) => [key, 0])) as { [K in Key]: number };
  new Counter({
    ...definition,
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      for (const key of Object.keys(labelOf) as Key[]) {
        this.inc({ outcome: labelOf[key] }, tally[key] - seen[key]);
        seen[key] = tally[key];
      }
    },
  });
}

function registerDatabaseCounters(registry: Registry, options: MetricsOptions): void {
  tallyCounter(
    registry,
    {
      name: 'bank_db_contention_total',
      help: 'Transactions PostgreSQL rolled back for contention (deadlock, serialisation): retried, or lost on every try (answered busy)',
    },
    options.contention,
    { retried: 'retried', exhausted: 'exhausted' },
  );
  tallyCounter(
    registry,
    {
      name: 'bank_db_unavailable_total',
      help: 'Transactions that met an unavailable database (restart, failover): retried, unavailable on every try, or lost during COMMIT (outcome unknown); the last two answered busy',
    },
    options.unavailable,
    { retried: 'retried', exhausted: 'exhausted', commitUnknown: 'commit_unknown' },
  );
  tallyCounter(
    registry,
    {
      name: 'bank_db_heavy_reads_total',
      help: 'Heavy reads (history, statements, downloads) by where they went: the replica of DATABASE_READ_URL, or the primary because the replica had not replayed its latest writes or did not answer',
    },
    options.heavyReads,
    { replica: 'replica', replicaBehind: 'primary_replica_behind', replicaUnreachable: 'primary_replica_unreachable' },
  );
}

/** The job queue's backlog and the outbox's lag, read at each scrape. */
function registerQueueGauges(metrics: Metrics, db: AppDatabase): void {
  metrics.gauge({
    name: 'bank_job_queue_jobs',
    help: 'Jobs in the queue by state (created: waiting, retry: waiting to be retried, active: running)',
    labelNames: ['state'],
    async read(gauge) {
      const rows = await executeRows<{ state: string; count: number }>(
        db,
        sql`select state, count(*)::int as count from ${sql.identifier(jobQueueSchema)}.job
            where state in ('created', 'retry', 'active') group by state`,
      );
      for (const state of ['created', 'retry', 'active']) gauge.set({ state }, 0);
      for (const row of rows) gauge.set({ state: row.state }, row.count);
    },
  });
  metrics.gauge({
    name: 'bank_job_queue_oldest_waiting_seconds',
    help: 'Age of the oldest job due to run and not yet taken',
    async read(gauge) {
      const [row] = await executeRows<{ age: number | null }>(
        db,
        sql`select extract(epoch from now() - min(start_after))::float8 as age
            from ${sql.identifier(jobQueueSchema)}.job where state in ('created', 'retry') and start_after <= now()`,
      );
      gauge.set(Math.max(0, row?.age ?? 0));
    },
  });
  metrics.gauge({
    name: 'bank_outbox_lag_seconds',
    help: 'Age of the oldest event committed and not yet handed to its subscribers',
    async read(gauge) {
      const [row] = await executeRows<{ age: number | null }>(
        db,
        sql`select extract(epoch from now() - min(created_at))::float8 as age from outbox_events where published_at is null`,
      );
      gauge.set(Math.max(0, row?.age ?? 0));
    },
  });
}
