/**
 * Probes for the process manager and the load balancer: /healthz says the process answers,
 * /readyz that it can do its work: the database answers, every migration this build carries is
 * applied there, and the job queue runs.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Database, executeRows } from './db.ts';
import type { Jobs } from './jobs.ts';
import { migrationsDir } from './paths.ts';

/** The migrations of this build (drizzle's journal beside them). */
function migrationsOfBuild(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

export function registerHealthRoutes(app: FastifyInstance, dependencies: { database: Database; jobs: Jobs }): void {
  const expectedMigrations = migrationsOfBuild();
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    const databaseReady = await dependencies.database.db.execute(sql`select 1`).then(
      () => true,
      (error: unknown) => {
        request.log.warn({ err: error }, 'readiness: database does not answer');
        return false;
      },
    );
    const migrationsApplied =
      databaseReady &&
      (await executeRows<{ count: number }>(
        dependencies.database.db,
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      ).then(
        ([row]) => (row?.count ?? 0) >= expectedMigrations,
        () => false,
      ));
    const jobQueueReady = dependencies.jobs.isStarted();
    const isReady = databaseReady && migrationsApplied && jobQueueReady;
    return reply.status(isReady ? 200 : 503).send({
      status: isReady ? 'ready' : 'not_ready',
      database: databaseReady,
      migrations: migrationsApplied,
      job_queue: jobQueueReady,
    });
  });
}
