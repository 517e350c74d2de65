/**
 * Probes for the process manager and the load balancer: /healthz says the process answers,
 * /readyz that it can do its work (the database answers and the job queue runs).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from './db.ts';
import type { Jobs } from './jobs.ts';

export function registerHealthRoutes(app: FastifyInstance, dependencies: { database: Database; jobs: Jobs }): void {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    const databaseReady = await dependencies.database.db.execute(sql`select 1`).then(
      () => true,
      (error: unknown) => {
        request.log.warn({ err: error }, 'readiness: database does not answer');
        return false;
      },
    );
    const jobQueueReady = dependencies.jobs.isStarted();
    const isReady = databaseReady && jobQueueReady;
    return reply
      .status(isReady ? 200 : 503)
      .send({ status: isReady ? 'ready' : 'not_ready', database: databaseReady, job_queue: jobQueueReady });
  });
}
