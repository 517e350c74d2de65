/**
 * The server's settings, read once from the environment at start. A missing or wrong setting stops
 * the process with a message naming it rather than failing later in an unrelated place.
 */
import path from 'node:path';
import { z } from 'zod';
import { defaultWebDistDir } from './platform/paths.ts';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const portMessage = { error: 'must be a whole number from 0 to 65535' };

const EnvSchema = z.object({
  PORT: z.coerce.number(portMessage).int(portMessage).min(0, portMessage).max(65_535, portMessage).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(logLevels).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, { error: 'must be true, false or the number of proxies in front (1 to 99)' })
    .optional(),
});

export type Config = {
  port: number;
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: (typeof logLevels)[number];
  /** Folder of the embedded PGlite database; unused when `databaseUrl` is set. */
  dataDir: string;
  /** A PostgreSQL server; when absent the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  webDistDir: string;
  publicUrl: string | undefined;
  /**
   * Whether X-Forwarded-For is believed (true, or how many proxies to skip). Off by default: a
   * client could otherwise pick the address that logs and rate limits see.
   */
  trustProxy: boolean | number;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Empty values count as unset, as `PORT= npm start` means "use the default". */
function withoutEmptyValues(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== ''),
  );
}

function trustProxyOf(value: string | undefined): boolean | number {
  if (value === undefined || value === 'false') return false;
  return value === 'true' ? true : Number(value);
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(withoutEmptyValues(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      const value = env[name];
      return `  ${name}: ${issue.message}${value === undefined ? '' : ` (got ${JSON.stringify(value)})`}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const settings = parsed.data;
  return {
    port: settings.PORT,
    host: settings.HOST,
    nodeEnv: settings.NODE_ENV,
    logLevel: settings.LOG_LEVEL ?? (settings.NODE_ENV === 'test' ? 'silent' : 'info'),
    dataDir: path.resolve(settings.DATA_DIR),
    databaseUrl: settings.DATABASE_URL,
    webDistDir: settings.WEB_DIST_DIR ? path.resolve(settings.WEB_DIST_DIR) : defaultWebDistDir,
    publicUrl: settings.PUBLIC_URL,
    trustProxy: trustProxyOf(settings.TRUST_PROXY),
  };
}
