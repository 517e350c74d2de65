/**
 * Starts the server: settings, traces (when an OTLP endpoint is set), database (migrated),
 * application, demo data, job worker, socket. Stops gracefully on SIGINT/SIGTERM: no new requests,
 * running ones finish, the job queue stops, the database closes, the last spans are sent; a stop
 * that hangs is cut after a time limit.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { appVersion } from '@bank/contract/constants';
import type { PGlite } from '@electric-sql/pglite';
import { createProviders } from './adapters/providers.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { demoSeeders } from './modules/index.ts';
import { cachedPgliteTemplate, keepAsPgliteTemplate } from './platform/database-template.ts';
import { openDatabase } from './platform/db.ts';
import { unhandledRejectionPolicy } from './platform/jobs.ts';
import { formatDemoAccounts, runDemoSeed } from './platform/module.ts';
import { createSecretBox } from './platform/secret-box.ts';
import { systemClock } from './platform/session.ts';
import { createOffsetClock } from './platform/test-clock.ts';
import { startTracing } from './platform/tracing.ts';

const shutdownTimeLimitMs = 15_000;

/**
 * `npm start` runs the server while it still builds the web app (scripts/start.mjs passes
 * `--after-web-build`): the database is migrated and seeded and the job queue started meanwhile,
 * and the server listens once the script says on the IPC channel that the app can be served (a
 * message sent earlier waits on the channel): the browser's build is written, and the pages drawn at
 * build time are still being drawn (platform/web-app.ts sends each once it is written).
 */
function webAppBuilt(): Promise<void> {
  if (!process.argv.includes('--after-web-build')) return Promise.resolve();
  const parentGone = new Error('npm start ended before the web app was built');
  if (!process.connected) return Promise.reject(parentGone);
  return new Promise((resolve, reject) => {
    const rejectParentGone = () => reject(parentGone);
    process.once('disconnect', rejectParentGone);
    process.once('message', () => {
      process.off('disconnect', rejectParentGone);
      resolve();
    });
  });
}

/**
 * The embedded database is PostgreSQL compiled to WebAssembly. V8 compiles it quickly to baseline
 * code (Liftoff) and, by default, again with its optimising compiler (TurboFan) for every function
 * that runs hot: the first start on a new data folder (initdb, migrations, the demo seed) ran so
 * much of PostgreSQL that the second compilation took 1.6 s of its 3.2 s of CPU before the first
 * statement, and some 2 s of the start's 10 s, on two cores the web app's build is using too.
 * Baseline code runs a statement some 5 to 10% slower afterwards: the embedded database is for one
 * machine's demos and development (docs/operations.md), where the start is what is waited for.
 * Set before any WebAssembly is compiled; PostgreSQL servers (DATABASE_URL) are not concerned.
 */
function keepEmbeddedDatabaseCodeBaseline(): void {
  v8.setFlagsFromString('--liftoff-only');
}

/** A cache that cannot be written costs the next start the template, never this one its start. */
async function keepTemplateIfPossible(client: PGlite): Promise<void> {
  await keepAsPgliteTemplate(client).catch((error: unknown) =>
    console.warn(`The database template was not kept: ${error instanceof Error ? error.message : String(error)}`),
  );
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (!config.databaseUrl) keepEmbeddedDatabaseCodeBaseline();
  // Before anything that makes spans; without an endpoint it loads nothing.
  const tracing = await startTracing(config.tracing, { version: appVersion, environment: config.nodeEnv });
  // A new embedded database starts from the migrated template in the machine's cache; where there is
  // none yet, it is made afresh and kept as the template once migrated.
  const isNewEmbeddedDatabase = !config.databaseUrl && !existsSync(path.join(config.dataDir, 'PG_VERSION'));
  const template = isNewEmbeddedDatabase ? await cachedPgliteTemplate() : undefined;
  const database = await openDatabase({
    ...config,
    ...(template ? { pgliteTemplate: template } : {}),
    ...(isNewEmbeddedDatabase && !template ? { onNewPgliteMigrated: keepTemplateIfPossible } : {}),
  });
  // The configuration refuses the test clock in production.
  const clock = config.enableTestClock ? createOffsetClock(systemClock) : systemClock;
  // Made once: the app's modules and the demo seed work through the same providers.
  const providers = createProviders(config, createSecretBox(config.appSecret));
  const app = await buildApp(config, { database, clock, providers });
  process.on('unhandledRejection', unhandledRejectionPolicy(app.log));
  const demoAccounts = config.seedDemo
    ? await runDemoSeed({ db: database.db, now: clock.now(), config, providers }, demoSeeders)
    : undefined;
  await app.jobs.start();
  await webAppBuilt();
  await app.listen({ port: config.port, host: config.host });
  if (demoAccounts) console.log(formatDemoAccounts(demoAccounts));

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const baseUrl = config.publicUrl ?? `${config.tls ? 'https' : 'http'}://localhost:${port}`;
  console.log(`Ready on ${baseUrl} (database: ${database.description})`);
  if (config.tracing) console.log(`Traces sent to ${config.tracing.tracesUrl} (OTLP, ${config.tracing.protocol})`);
  if (!config.smtpUrl) console.log(`Emails are not sent (SMTP_URL is not set): read them at ${baseUrl}/dev/mailbox`);
  if (config.enableTestClock)
    console.log('Test clock enabled: POST /dev/clock {"advance_seconds": n} moves the server clock');

  let isStopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (isStopping) return;
    isStopping = true;
    app.log.info({ signal }, 'stopping');
    const timer = setTimeout(() => {
      console.error(`Shutdown took longer than ${shutdownTimeLimitMs / 1000} s; exiting.`);
      process.exit(1);
    }, shutdownTimeLimitMs);
    timer.unref();
    app
      .close()
      .then(() => database.close())
      .then(() => tracing?.shutdown())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
