/**
 * Test support: the application on a fresh database of its own (see test-database.ts), driven
 * through `app.inject`. Close it in afterAll.
 */
import type { FastifyInstance } from 'fastify';
import { createProviders, type Providers } from '../adapters/providers.ts';
import { type AppDependencies, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Database } from './db.ts';
import { createSecretBox } from './secret-box.ts';
import { createTestDatabase } from './test-database.ts';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The outside providers the app works through (for the demo seed, which makes its data at them). */
  providers: Providers;
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
    const providers = dependencies.providers ?? createProviders(config, createSecretBox(config.appSecret));
    const app = await buildApp(config, { ...dependencies, database, providers });
    return {
      app,
      database,
      config,
      providers,
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
