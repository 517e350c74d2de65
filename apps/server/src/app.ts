/**
 * The Fastify application without a listening socket: main.ts listens, tests use `inject`.
 * Cross-cutting concerns are installed here in one order: request context and ids, the request's
 * span (when traces are on), security
 * headers, error mapping, then the domain modules, then what depends on every call being known
 * (the unbuilt listed calls, the OpenAPI document), then the web app.
 */
import { readFileSync } from 'node:fs';
import type { Http2SecureServer } from 'node:http2';
import { errorKeysOf, listedCalls } from '@bank/contract/calls';
import type { ErrorKey } from '@bank/contract/errors';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyHttp2SecureOptions,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { DestinationStream } from 'pino';
import { registerDevMailboxRoutes } from './adapters/mail/dev-mailbox-routes.ts';
import { createEmailQueue, registerEmailDelivery } from './adapters/mail/email-queue.ts';
import { createDevMailboxMailer, createSmtpMailer, type Mailer } from './adapters/mail/mailer.ts';
import { createProviders, type Providers } from './adapters/providers.ts';
import { createDocumentStorage } from './adapters/storage/create-document-storage.ts';
import type { Config } from './config.ts';
import { createSessionResolver, registerStaffPairingRule } from './modules/account/index.ts';
import { appModules } from './modules/index.ts';
import { type Database, openDatabase } from './platform/db.ts';
import { AppError, registerErrorHandler } from './platform/errors.ts';
import { registerHealthRoutes } from './platform/health.ts';
import { deleteExpiredIdempotencyKeys, deleteExpiredIdempotencyKeysSchedule } from './platform/idempotency.ts';
import { createJobs, type Jobs } from './platform/jobs.ts';
import { createLogger } from './platform/logger.ts';
import { registerAgentEndpoint } from './platform/mcp.ts';
import { createMetrics, type Metrics, registerMetrics, registerPressureRelief } from './platform/metrics.ts';
import type { AppModule, ModuleContext } from './platform/module.ts';
import { buildOpenApiDocument, registerApiDocs } from './platform/openapi.ts';
import {
  pruneExpiredCounters,
  pruneRateLimitCountersSchedule,
  registerPublicCallRateLimit,
} from './platform/rate-limit.ts';
import { generateRequestId, registerRequestContext } from './platform/request-context.ts';
import { registerRequestTracing } from './platform/request-tracing.ts';
import { registerUnbuiltCalls } from './platform/route.ts';
import { createSecretBox } from './platform/secret-box.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { type Clock, type SessionResolver, systemClock } from './platform/session.ts';
import { isAdjustableClock, registerTestClockRoutes } from './platform/test-clock.ts';
import { registerWebApp } from './platform/web-app.ts';

export type AppDependencies = {
  /** Opened (and migrated) by the caller, who closes it; when absent the app opens one from config and closes it on close. */
  database?: Database;
  /** The app clock; with config ENABLE_TEST_CLOCK it must be adjustable (platform/test-clock.ts). */
  clock?: Clock;
  /** The account module's resolver when absent. */
  sessionResolver?: SessionResolver;
  /** SMTP (config SMTP_URL) or the development mailbox when absent. */
  mailer?: Mailer;
  logger?: { level?: string; stream?: DestinationStream };
  /** The domain modules; the app's own list when absent (tests add test-only calls this way). */
  modules?: readonly AppModule[];
  /** The outside providers, when the caller made them to share (main.ts: with the demo seed); made from config when absent. */
  providers?: Providers;
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
    database: Database;
  }
}

/** JSON call bodies are small: files go to storage through awsS3Auth, not through the API. */
const maxJsonBodyBytes = 1024 * 1024;

const apiPrefix = '/api/';

/** Whether the call a request reached declares the error (an unbuilt listed call answers not_found). */
function isDeclaredBy(app: FastifyInstance): (request: FastifyRequest, key: ErrorKey) => boolean {
  return (request, key) => {
    const path = request.routeOptions.url ?? '';
    const defined = app.callPlatform.calls.get(path);
    if (defined) return errorKeysOf(defined).includes(key);
    const listed = listedCalls.get(path);
    if (listed) return errorKeysOf({ ...listed, errors: ['not_found'] }).includes(key);
    return true;
  };
}

/** What the app is made of before it has routes: the database, clock, queue, secrets, mail and storage. */
async function openParts(config: Config, dependencies: AppDependencies) {
  const logger = createLogger({
    level: dependencies.logger?.level ?? config.logLevel,
    stream: dependencies.logger?.stream,
  });
  const database = dependencies.database ?? (await openDatabase(config));
  const clock = dependencies.clock ?? systemClock;
  const jobs = createJobs({ database, logger: logger.child({ component: 'jobs' }) });
  if (config.enableTestClock && !isAdjustableClock(clock)) {
    throw new Error('ENABLE_TEST_CLOCK needs an adjustable clock (createOffsetClock) given to buildApp');
  }
  const secretBox = createSecretBox(config.appSecret);
  const mailer =
    dependencies.mailer ??
    (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createDevMailboxMailer(database.db));
  const emailQueue = createEmailQueue(secretBox);
  const documentStorage = createDocumentStorage(config, { clock });
  registerEmailDelivery(jobs, { mailer, secretBox });
  return {
    logger,
    database,
    ownsDatabase: !dependencies.database,
    clock,
    jobs,
    secretBox,
    mailer,
    emailQueue,
    documentStorage,
  };
}

type AppParts = Awaited<ReturnType<typeof openParts>>;

/**
 * HTTPS with HTTP/2 for browsers (a page's files on one connection, no queue of six) and HTTP/1.1
 * for every other client (ALPN). Node's compatibility API gives the routes the same request and
 * reply, so the instance is typed as the plain one every module takes.
 */
function secureServer(options: FastifyServerOptions, tls: { certFile: string; keyFile: string }): FastifyInstance {
  const https = { allowHTTP1: true, cert: readFileSync(tls.certFile), key: readFileSync(tls.keyFile) };
  const secure = { ...options, http2: true, https } as FastifyHttp2SecureOptions<Http2SecureServer>;
  return Fastify(secure) as unknown as FastifyInstance;
}

function createServer(config: Config, parts: AppParts, dependencies: AppDependencies): FastifyInstance {
  const { database, clock, jobs, mailer, documentStorage } = parts;
  const serverOptions: FastifyServerOptions = {
    // Typed as Fastify's base logger so that the instance is the plain FastifyInstance every module takes.
    loggerInstance: parts.logger as FastifyBaseLogger,
    genReqId: generateRequestId,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    bodyLimit: maxJsonBodyBytes,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hopIndex: number) => hopIndex < (config.trustProxy as number)
        : config.trustProxy,
    return503OnClosing: true,
  };
  const app = config.tls ? secureServer(serverOptions, config.tls) : Fastify(serverOptions);
  app.decorate('database', database);
  app.decorate('jobs', jobs);
  app.decorate('callPlatform', {
    clock,
    database,
    sessionResolver: dependencies.sessionResolver ?? createSessionResolver(database.db),
    apiKeyCallsPerMinute: config.rateLimitApiKeyCallsPerMinute,
    calls: new Map(),
    failureAnswers: [],
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer.close();
    await documentStorage.close();
    if (parts.ownsDatabase) await database.close();
  });
  return app;
}

/** What every call goes through, in order: context and span, pressure, headers, errors, rate limits, session rules. */
async function registerCrossCutting(app: FastifyInstance, config: Config, parts: AppParts): Promise<void> {
  const { database, clock, jobs } = parts;
  // Only JSON bodies: a text/plain body must be refused, not handed to a schema as a string.
  app.removeContentTypeParser('text/plain');

  registerRequestContext(app);
  // Inside the request's id and before every other hook, so that its span covers all of them.
  registerRequestTracing(app);
  if (config.maxEventLoopDelayMs > 0)
    await registerPressureRelief(app, { maxEventLoopDelayMs: config.maxEventLoopDelayMs, retryAfterSeconds: 5 });
  await registerSecurityHeaders(app);
  registerErrorHandler(app, config.nodeEnv === 'production' ? {} : { isDeclared: isDeclaredBy(app) });
  // Rate limits: after the request context and before any route, so that they refuse before a handler runs.
  registerPublicCallRateLimit(app, { database, clock, callsPerMinute: config.rateLimitPublicCallsPerMinute });
  jobs.schedule({
    name: pruneRateLimitCountersSchedule,
    cron: '*/10 * * * *',
    run: () => pruneExpiredCounters(database.db, clock.now()),
  });
  jobs.schedule({
    name: deleteExpiredIdempotencyKeysSchedule,
    cron: '17 * * * *',
    run: () => deleteExpiredIdempotencyKeys(database.db, clock.now()),
  });
  // Staff without an authenticator may only pair one: a hook on every call, after its session rule.
  registerStaffPairingRule(app);

  app.addHook('onSend', async (request, reply) => {
    // Answers of the API are personal financial data: never stored by a browser or proxy.
    if (request.url.startsWith(apiPrefix)) reply.header('cache-control', 'no-store');
  });
}

/** Health, metrics, and the development side doors (absent in production). */
function registerOperations(app: FastifyInstance, config: Config, parts: AppParts): Metrics {
  const { database, clock, jobs, mailer } = parts;
  registerHealthRoutes(app, { database, jobs });
  const metrics = createMetrics();
  registerMetrics(app, metrics, {
    db: database.db,
    contention: database.contention,
    unavailable: database.unavailable,
    heavyReads: database.heavyReads,
    token: config.metricsToken,
    isProduction: config.nodeEnv === 'production',
  });
  // The mailbox without SMTP, the clock when enabled.
  if (mailer.kind === 'dev_mailbox') registerDevMailboxRoutes(app, database.db);
  if (config.enableTestClock && isAdjustableClock(clock)) registerTestClockRoutes(app, clock, jobs);
  return metrics;
}

async function registerModules(app: FastifyInstance, modules: readonly AppModule[], context: ModuleContext) {
  for (const module of modules) {
    const modulePlugin: FastifyPluginAsync = async (scope) => module.register(scope, context);
    await app.register(modulePlugin);
  }
  registerUnbuiltCalls(app);
  registerAgentEndpoint(app);
  await registerApiDocs(
    app,
    buildOpenApiDocument(app.callPlatform.calls.values(), listedCalls, context.config.publicUrl ?? '/'),
  );
}

export async function buildApp(config: Config, dependencies: AppDependencies = {}): Promise<FastifyInstance> {
  const parts = await openParts(config, dependencies);
  const app = createServer(config, parts, dependencies);
  await registerCrossCutting(app, config, parts);
  const metrics = registerOperations(app, config, parts);
  const { database, clock, jobs, secretBox, emailQueue, documentStorage } = parts;
  const context: ModuleContext = {
    config,
    database,
    clock,
    jobs,
    secretBox,
    emailQueue,
    documentStorage,
    metrics,
    providers: dependencies.providers ?? createProviders(config, secretBox),
  };
  await registerModules(app, dependencies.modules ?? appModules, context);

  const webApp = await registerWebApp(app, { webDistDir: config.webDistDir });
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith(apiPrefix) || request.url === '/api') {
      throw new AppError('not_found', { httpStatus: 404, detail: `no route ${request.method} ${request.url}` });
    }
    if (request.method === 'GET' || request.method === 'HEAD') return webApp.answerUnknownPage(request, reply);
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found\n');
  });

  return app;
}
