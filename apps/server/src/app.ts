/**
 * The Fastify application without a listening socket: main.ts listens, tests use `inject`.
 * Cross-cutting concerns are installed here in one order: request context and ids, security
 * headers, error mapping, then the domain modules, then what depends on every call being known
 * (the unbuilt listed calls, the OpenAPI document), then the web app.
 */
import { listedCalls } from '@bank/contract/calls';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import { appModules } from './modules/index.ts';
import { type Database, openDatabase } from './platform/db.ts';
import { AppError, registerErrorHandler } from './platform/errors.ts';
import { registerHealthRoutes } from './platform/health.ts';
import { createJobs, type Jobs } from './platform/jobs.ts';
import { createLogger } from './platform/logger.ts';
import { buildOpenApiDocument, registerApiDocs } from './platform/openapi.ts';
import { generateRequestId, registerRequestContext } from './platform/request-context.ts';
import { registerUnbuiltCalls } from './platform/route.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { type Clock, resolveNoSession, type SessionResolver, systemClock } from './platform/session.ts';
import { registerWebApp } from './platform/web-app.ts';

/** What a domain module is given: everything it depends on, nothing it must import as a singleton. */
export type ModuleContext = {
  config: Config;
  database: Database;
  clock: Clock;
  jobs: Jobs;
};

export type AppModule = {
  name: string;
  register(app: FastifyInstance, context: ModuleContext): void | Promise<void>;
};

export type AppDependencies = {
  /** Opened (and migrated) by the caller, who closes it; when absent the app opens one from config and closes it on close. */
  database?: Database;
  clock?: Clock;
  sessionResolver?: SessionResolver;
  logger?: { level?: string; stream?: DestinationStream };
  /** The domain modules; the app's own list when absent (tests add test-only calls this way). */
  modules?: readonly AppModule[];
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
    database: Database;
  }
}

/** JSON call bodies are small: files go to storage through awsS3Auth, not through the API. */
export const maxJsonBodyBytes = 1024 * 1024;

const apiPrefix = '/api/';

export async function buildApp(config: Config, dependencies: AppDependencies = {}): Promise<FastifyInstance> {
  const logger = createLogger({
    level: dependencies.logger?.level ?? config.logLevel,
    stream: dependencies.logger?.stream,
  });
  const ownsDatabase = !dependencies.database;
  const database = dependencies.database ?? (await openDatabase(config));
  const clock = dependencies.clock ?? systemClock;
  const jobs = createJobs({ database, logger: logger.child({ component: 'jobs' }) });

  const serverOptions: FastifyServerOptions = {
    // Typed as Fastify's base logger so that the instance is the plain FastifyInstance every module takes.
    loggerInstance: logger as FastifyBaseLogger,
    genReqId: generateRequestId,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    bodyLimit: maxJsonBodyBytes,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hopIndex: number) => hopIndex < (config.trustProxy as number)
        : config.trustProxy,
    return503OnClosing: true,
  };
  const app = Fastify(serverOptions);
  app.decorate('database', database);
  app.decorate('jobs', jobs);
  app.decorate('callPlatform', {
    clock,
    sessionResolver: dependencies.sessionResolver ?? resolveNoSession,
    calls: new Map(),
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    if (ownsDatabase) await database.close();
  });

  // Only JSON bodies: a text/plain body must be refused, not handed to a schema as a string.
  app.removeContentTypeParser('text/plain');

  registerRequestContext(app);
  await registerSecurityHeaders(app);
  registerErrorHandler(app);
  // Rate limits (identity capability) register here, after the request context and before any route,
  // as platform/rate-limit.ts: they need the caller's identity and must refuse before a handler runs.

  app.addHook('onSend', async (request, reply) => {
    // Answers of the API are personal financial data: never stored by a browser or proxy.
    if (request.url.startsWith(apiPrefix)) reply.header('cache-control', 'no-store');
  });

  registerHealthRoutes(app, { database, jobs });

  const context: ModuleContext = { config, database, clock, jobs };
  for (const module of dependencies.modules ?? appModules) {
    const modulePlugin: FastifyPluginAsync = async (scope) => module.register(scope, context);
    await app.register(modulePlugin);
  }
  registerUnbuiltCalls(app);
  await registerApiDocs(app, buildOpenApiDocument(app.callPlatform.calls.values(), listedCalls));

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
