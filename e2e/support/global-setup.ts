/**
 * Starts the production build of the server (apps/server/dist/main.js, serving apps/web/dist) on a
 * free port with a fresh embedded database in a temporary folder, and hands its URL to the journeys.
 * With E2E_DATABASE_URL (a PostgreSQL server's URL), the server runs on a fresh database made on
 * that server for the run instead, and dropped after it (CI runs the money journeys so).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { scanForCardSecrets } from './card-secrets.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    staffAuthenticatorsDir: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitUntilReady(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wake) => setTimeout(wake, 250));
  }
  throw new Error(`the server was not ready within ${timeoutMs} ms`);
}

/** A fresh database on the PostgreSQL server of `serverUrl`, and how to drop it. */
async function freshPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `e2e_${Date.now()}_${process.pid}`;
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.href });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => run(`drop database if exists "${name}" with (force)`) };
}

export default async function setup(project: TestProject) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bank-e2e-'));
  const { DATABASE_URL: _ignored, E2E_DATABASE_URL: postgresUrl, ...environment } = process.env;
  const postgres = postgresUrl ? await freshPostgresDatabase(postgresUrl) : null;
  const logFile = join(dataDir, 'server.log');
  const logFd = openSync(logFile, 'a');
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...environment,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      NODE_ENV: 'test',
      // Every request's line, kept in a file the card secrets scan reads after the run.
      LOG_LEVEL: 'info',
      ENABLE_TEST_CLOCK: 'true',
      // Journeys add the simulated networks' blocks themselves: the minute's blocks would race them.
      SIMULATE_NETWORK_BLOCKS: 'false',
      // The webhook journey's receiver listens on this machine (plain http on 127.0.0.1).
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      // Every journey comes from 127.0.0.1: the per-client code cap would stop the suite, not an attacker.
      RATE_LIMIT_EMAIL_CODES_PER_CLIENT_PER_HOUR: '100000',
    },
    // The log goes straight to its file (no pipe through this process, which could hold the
    // server's writes back while the runner is busy); its stderr still reaches the run's output.
    stdio: ['ignore', logFd, 'inherit'],
  });
  const cardSecretsFile = join(dataDir, 'card-secrets.txt');
  // Seeded staff pair an authenticator once per server: every journey finds the secret here (accounts.ts).
  const staffAuthenticatorsDir = join(dataDir, 'staff-authenticators');
  mkdirSync(staffAuthenticatorsDir);
  project.provide('staffAuthenticatorsDir', staffAuthenticatorsDir);
  project.provide('cardSecretsFile', cardSecretsFile);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(baseUrl, server, 90_000);
  project.provide('baseUrl', baseUrl);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((done) => {
      if (server.exitCode !== null) return done(undefined);
      const force = setTimeout(() => server.kill('SIGKILL'), 10_000);
      server.once('exit', () => {
        clearTimeout(force);
        done(undefined);
      });
    });
    closeSync(logFd);
    const findings = await scanDatabase(postgres?.url ?? null, dataDir, (query) =>
      scanForCardSecrets({ secretsFile: cardSecretsFile, logFile, query }),
    );
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
    if (findings.length > 0) throw new Error(`card secrets were kept:\n${findings.join('\n')}`);
  };
}

type Query = Parameters<typeof scanForCardSecrets>[0]['query'];

/** Opens the run's database (the embedded one once the server stopped, or the PostgreSQL one) for a scan. */
async function scanDatabase<Result>(
  postgresUrl: string | null,
  dataDir: string,
  scan: (query: Query) => Promise<Result>,
) {
  if (postgresUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      return await scan((statement) => client.query(statement));
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const embedded = new PGlite(dataDir);
  try {
    return await scan((statement) => embedded.query<Record<string, unknown>>(statement));
  } finally {
    await embedded.close();
  }
}
