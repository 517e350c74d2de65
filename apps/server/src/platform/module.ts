/**
 * What a domain module is and what it is given: the shapes app.ts and the modules share, kept here
 * so that neither imports the other. A module registers its calls in `register`; its demo data is a
 * DemoSeeder it carries (modules/index.ts lists the modules).
 */
import type { FastifyInstance } from 'fastify';
import type { EmailQueue } from '../adapters/mail/email-queue.ts';
import type { Providers } from '../adapters/providers.ts';
import type { DocumentStorage } from '../adapters/storage/storage.ts';
import type { Config } from '../config.ts';
import type { AppDatabase, Database } from './db.ts';
import type { Jobs } from './jobs.ts';
import type { Metrics } from './metrics.ts';
import type { SecretBox } from './secret-box.ts';
import type { Clock } from './session.ts';

/** What a domain module is given: everything it depends on, nothing it must import as a singleton. */
export type ModuleContext = {
  config: Config;
  database: Database;
  clock: Clock;
  jobs: Jobs;
  /** Keyed hashes and encryption with the server secret (config APP_SECRET). */
  secretBox: SecretBox;
  /** Emails leave through the job queue: `emailQueue.enqueue(tx, email)` in the transaction of the change. */
  emailQueue: EmailQueue;
  /** Where documents are kept (config STORAGE_*): made and closed by the app, used through the documents module. */
  documentStorage: DocumentStorage;
  /** Series a module adds to /metrics (platform/metrics.ts). */
  metrics: Metrics;
  /** The outside providers the configuration chose, made once (adapters/providers.ts). */
  providers: Providers;
};

export type AppModule = {
  name: string;
  register(app: FastifyInstance, context: ModuleContext): void | Promise<void>;
  /** The module's demo data, run in module order by main.ts when config SEED_DEMO allows. */
  demoSeeder?: DemoSeeder;
};

export type DemoAccount = { email: string; password: string; role: string; note?: string };

export type DemoSeedContext = {
  db: AppDatabase;
  now: Date;
  /** The server's settings, for seeders that need an adapter (KYC stores its demo documents); absent in some tests. */
  config?: Config;
  /**
   * The outside providers the app made (adapters/providers.ts), for seeders that work through one:
   * demo cards are made at the card processor simulator the app uses. Absent in some tests.
   */
  providers?: Providers;
};

/** A module's demo data: idempotent, run by main.ts when config SEED_DEMO allows. */
export type DemoSeeder = {
  name: string;
  /** Creates what is missing; answers every account it stands for, new or not, to be printed. */
  seed(context: DemoSeedContext): Promise<DemoAccount[]>;
};

export async function runDemoSeed(context: DemoSeedContext, seeders: readonly DemoSeeder[]): Promise<DemoAccount[]> {
  const accounts: DemoAccount[] = [];
  for (const seeder of seeders) accounts.push(...(await seeder.seed(context)));
  return accounts;
}

/** The start-up listing of the demo accounts (printed only when the seed is enabled). */
export function formatDemoAccounts(accounts: readonly DemoAccount[]): string {
  const lines = accounts.map(
    (account) =>
      `  ${account.email.padEnd(28)} ${account.password.padEnd(24)} ${account.role}${account.note ? ` (${account.note})` : ''}`,
  );
  return ['Demo accounts (SEED_DEMO; codes arrive at /dev/mailbox when SMTP_URL is not set):', ...lines].join('\n');
}
