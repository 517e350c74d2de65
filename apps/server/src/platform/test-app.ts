/**
 * Test support: the application on a fresh database of its own (see test-database.ts), driven
 * through `app.inject`. Close it in afterAll.
 */
import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Database } from './db.ts';
import { createTestDatabase } from './test-database.ts';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
};

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test' }), ...overrides };
}

export async function createTestApp(
  options: Omit<AppDependencies, 'database'> & {
    config?: Partial<Config>;
    /** The PostgreSQL server to make the test's database on, when not DATABASE_URL's (a proxy of it). */
    databaseUrl?: string;
  } = {},
): Promise<TestApp> {
  const { config: overrides, databaseUrl, ...dependencies } = options;
  const config = testConfig(overrides);
  const database = await createTestDatabase(databaseUrl, { databaseReadUrl: config.databaseReadUrl });
  try {
    const app = await buildApp(config, { ...dependencies, database });
    return {
      app,
      database,
      config,
      async close() {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
