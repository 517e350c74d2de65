/**
 * The server's settings, read once from the environment at start. A missing or wrong setting stops
 * the process with a message naming it rather than failing later in an unrelated place.
 */
import { accessSync, constants as fileAccess } from 'node:fs';
import path from 'node:path';
import { apiKeyLimits } from '@bank/contract/api-keys';
import { z } from 'zod';
import { defaultWebDistDir } from './platform/paths.ts';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const portMessage = { error: 'must be a whole number from 0 to 65535' };
const booleanSetting = z.enum(['true', 'false'], { error: 'must be true or false' });

const defaultMailFrom = 'Bank <no-reply@bank.localhost>';
/**
 * Used only outside production, where APP_SECRET may be left unset so that `npm start` works at
 * once. Production refuses to start without a secret of its own.
 */
export const developmentAppSecret = 'development-only-app-secret-never-use-in-production';

const rateLimitMessage = { error: 'must be a whole number from 1 to 10000000' };
/** A count a limit allows. */
const rateLimitSetting = z.coerce
  .number(rateLimitMessage)
  .int(rateLimitMessage)
  .min(1, rateLimitMessage)
  .max(10_000_000, rateLimitMessage);

/** OTLP over HTTP (the exporters built here): the base URL of a collector, or its traces URL. */
const otlpUrlSetting = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL (OTLP over HTTP)' });
const otlpProtocolSetting = z.enum(['http/protobuf', 'http/json'], {
  error: 'must be http/protobuf or http/json (OTLP over gRPC is not built)',
});
/** The samplers of the OpenTelemetry specification that the SDK has built in. */
const tracesSamplers = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
const samplerRatioMessage = { error: 'must be a number from 0 to 1 (the share of traces kept)' };

const providerSetting = z
  .enum(['simulator'], { error: 'must be simulator (the only adapter built here; docs/operations.md, "Adapters")' })
  .default('simulator');

const EnvSchema = z.object({
  PORT: z.coerce.number(portMessage).int(portMessage).min(0, portMessage).max(65_535, portMessage).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(logLevels).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  DATABASE_READ_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, { error: 'must be true, false or the number of proxies in front (1 to 99)' })
    .optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).max(200).default(defaultMailFrom),
  APP_SECRET: z
    .string()
    .min(32, { error: 'must be at least 32 characters (e.g. `openssl rand -base64 48`)' })
    .optional(),
  SEED_DEMO: booleanSetting.optional(),
  ENABLE_TEST_CLOCK: booleanSetting.optional(),
  SIMULATE_NETWORK_BLOCKS: booleanSetting.optional(),
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: booleanSetting.optional(),
  /** The bearer token /metrics asks for; without one it is open outside production and absent in it. */
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  // The outside providers (adapters/providers.ts): only the simulators are built here; a bank adds its own.
  CARD_PROCESSOR: providerSetting,
  CUSTODY: providerSetting,
  BANK_RAIL: providerSetting,
  RATES_PROVIDER: providerSetting,
  /** Production on the simulators: a demo, said explicitly. */
  DEMO_MODE: booleanSetting.optional(),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds (0 turns the check off)' })
    .int()
    .min(0)
    .max(60_000)
    .optional(),
  RATE_LIMIT_PUBLIC_CALLS_PER_MINUTE: rateLimitSetting.default(100),
  // Codes one client address may have emailed per hour, to all addresses together.
  RATE_LIMIT_EMAIL_CODES_PER_CLIENT_PER_HOUR: rateLimitSetting.default(20),
  // Calls one API key may make a minute (decision 0041), shared by every instance.
  RATE_LIMIT_API_KEY_CALLS_PER_MINUTE: rateLimitSetting.default(apiKeyLimits.callsPerMinute),
  // Document storage (adapters/storage); cross-field rules in storageProblems. Secrets are checked
  // there too, so that a wrong one is never echoed in the error message.
  STORAGE_DRIVER: z.enum(['disk', 's3'], { error: 'must be disk or s3' }).default('disk'),
  STORAGE_DIR: z.string().min(1).optional(),
  STORAGE_SIGNING_SECRET: z.string().optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, { error: 'must be a region name such as eu-central-1' })
    .default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be a bucket name (3 to 63 of a-z, 0-9, . and -)' })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanSetting.default('false'),
  // Traces (platform/tracing.ts): the OpenTelemetry specification's own variables. Headers are
  // checked in tracingProblems, so that a wrong one (it may hold a collector's key) is never echoed.
  OTEL_SDK_DISABLED: booleanSetting.optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpUrlSetting.optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlpUrlSetting.optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocolSetting.optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocolSetting.optional(),
  OTEL_EXPORTER_OTLP_HEADERS: z.string().optional(),
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: z.string().optional(),
  OTEL_SERVICE_NAME: z
    .string()
    .regex(/^[\x21-\x7e]{1,100}$/, { error: 'must be 1 to 100 printable characters without spaces' })
    .default('bank-server'),
  OTEL_TRACES_SAMPLER: z
    .enum(tracesSamplers, { error: `must be one of ${tracesSamplers.join(', ')}` })
    .default('parentbased_always_on'),
  OTEL_TRACES_SAMPLER_ARG: z.coerce
    .number(samplerRatioMessage)
    .min(0, samplerRatioMessage)
    .max(1, samplerRatioMessage)
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
  /**
   * A read replica of that server (one standby) for the heavy reads: history, statements, downloads
   * (platform/heavy-reads.ts). Ignored by the embedded database.
   */
  databaseReadUrl: string | undefined;
  webDistDir: string;
  publicUrl: string | undefined;
  /**
   * TLS_CERT_FILE and TLS_KEY_FILE (PEM): the server itself answers HTTPS, HTTP/2 to browsers (one
   * connection for a page's many files) and HTTP/1.1 to other clients. Absent: plain HTTP, for a
   * proxy in front that terminates TLS (decision 0047).
   */
  tls: { certFile: string; keyFile: string } | undefined;
  /**
   * Whether X-Forwarded-For is believed (true, or how many proxies to skip). Off by default: a
   * client could otherwise pick the address that logs and rate limits see.
   */
  trustProxy: boolean | number;
  /** Real SMTP delivery; when absent, emails go to the development mailbox (/dev/mailbox). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * The server's own secret: keys the hashes of emailed codes and encrypts authenticator secrets and
   * queued emails. Changing it invalidates pending codes and paired authenticators.
   */
  appSecret: string;
  /** Whether main.ts seeds the demo company and staff accounts (never by default in production). */
  seedDemo: boolean;
  /** POST /dev/clock moves the server clock forward, for browser journeys; refused in production. */
  enableTestClock: boolean;
  /**
   * The simulated networks add their blocks every minute (on by default). Browser journeys turn it
   * off and add blocks on demand, so that a confirmation count they check is not moved by the minute.
   */
  simulateNetworkBlocks: boolean;
  /**
   * Webhook URLs may be plain http and reach private, loopback and link-local addresses: for tests
   * and journeys whose receiver runs on this machine. Off by default; production refuses it.
   */
  webhooksAllowPrivateTargets: boolean;
  /** /metrics (Prometheus) asks for this bearer token; unset: open outside production, absent in it. */
  metricsToken: string | undefined;
  /** The general limit of public (anonymous) calls per client address, shared by every instance. */
  rateLimitPublicCallsPerMinute: number;
  rateLimitEmailCodesPerClientPerHour: number;
  /** The calls one API key may make a minute. */
  rateLimitApiKeyCallsPerMinute: number;
  /** Where uploaded documents are kept (adapters/storage). */
  storage: StorageSettings;
  /** Which adapter stands for each outside provider (adapters/providers.ts). */
  providers: { cardProcessor: 'simulator'; custody: 'simulator'; bankRail: 'simulator'; rates: 'simulator' };
  /** DEMO_MODE: production may run on the simulators (a public demo); refused otherwise. */
  demoMode: boolean;
  /**
   * Calls are answered busy (503, Retry-After) while the event loop lags this much (under-pressure);
   * 0 turns it off. 2 s in production; off elsewhere, where the embedded database's statements
   * (run on the server's own thread) and a test run's load stall the loop without any overload.
   */
  maxEventLoopDelayMs: number;
  /** OpenTelemetry traces over OTLP/HTTP; absent (no endpoint set), nothing of the SDK is loaded. */
  tracing: TracingSettings | undefined;
};

export type TracingSettings = {
  /** OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as it is, or OTEL_EXPORTER_OTLP_ENDPOINT with v1/traces added. */
  tracesUrl: string;
  /** http/protobuf, the specification's default, or http/json. */
  protocol: 'http/protobuf' | 'http/json';
  /** Sent with every export (a collector's or vendor's key): OTEL_EXPORTER_OTLP_(TRACES_)HEADERS. */
  headers: Record<string, string>;
  serviceName: string;
  sampler: (typeof tracesSamplers)[number];
  /** The share of traces a ratio sampler keeps (1: all). */
  samplerRatio: number;
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
  const problems = [
    ...productionProblems(settings),
    ...storageProblems(settings),
    ...tracingProblems(settings),
    ...tlsProblems(settings),
  ];
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    port: settings.PORT,
    host: settings.HOST,
    nodeEnv: settings.NODE_ENV,
    logLevel: settings.LOG_LEVEL ?? (settings.NODE_ENV === 'test' ? 'silent' : 'info'),
    dataDir: path.resolve(settings.DATA_DIR),
    databaseUrl: settings.DATABASE_URL,
    databaseReadUrl: settings.DATABASE_READ_URL,
    webDistDir: settings.WEB_DIST_DIR ? path.resolve(settings.WEB_DIST_DIR) : defaultWebDistDir,
    publicUrl: settings.PUBLIC_URL,
    tls:
      settings.TLS_CERT_FILE && settings.TLS_KEY_FILE
        ? { certFile: path.resolve(settings.TLS_CERT_FILE), keyFile: path.resolve(settings.TLS_KEY_FILE) }
        : undefined,
    trustProxy: trustProxyOf(settings.TRUST_PROXY),
    smtpUrl: settings.SMTP_URL,
    mailFrom: settings.MAIL_FROM,
    appSecret: settings.APP_SECRET ?? developmentAppSecret,
    seedDemo: settings.SEED_DEMO === undefined ? settings.NODE_ENV !== 'production' : settings.SEED_DEMO === 'true',
    enableTestClock: settings.ENABLE_TEST_CLOCK === 'true',
    simulateNetworkBlocks: settings.SIMULATE_NETWORK_BLOCKS !== 'false',
    webhooksAllowPrivateTargets: settings.WEBHOOKS_ALLOW_PRIVATE_TARGETS === 'true',
    metricsToken: settings.METRICS_TOKEN,
    rateLimitPublicCallsPerMinute: settings.RATE_LIMIT_PUBLIC_CALLS_PER_MINUTE,
    rateLimitEmailCodesPerClientPerHour: settings.RATE_LIMIT_EMAIL_CODES_PER_CLIENT_PER_HOUR,
    rateLimitApiKeyCallsPerMinute: settings.RATE_LIMIT_API_KEY_CALLS_PER_MINUTE,
    storage: storageSettingsOf(settings),
    providers: {
      cardProcessor: settings.CARD_PROCESSOR,
      custody: settings.CUSTODY,
      bankRail: settings.BANK_RAIL,
      rates: settings.RATES_PROVIDER,
    },
    demoMode: settings.DEMO_MODE === 'true',
    maxEventLoopDelayMs: settings.MAX_EVENT_LOOP_DELAY_MS ?? (settings.NODE_ENV === 'production' ? 2000 : 0),
    tracing: tracingSettingsOf(settings),
  };
}

/** Settings that are fine on a developer's machine and dangerous in production. */
function productionProblems(settings: z.output<typeof EnvSchema>): string[] {
  if (settings.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!settings.APP_SECRET) problems.push('  APP_SECRET: required when NODE_ENV=production');
  // Without SMTP every email (codes included) would be readable by anyone at /dev/mailbox.
  if (!settings.SMTP_URL) problems.push('  SMTP_URL: required when NODE_ENV=production');
  if (settings.ENABLE_TEST_CLOCK === 'true')
    problems.push('  ENABLE_TEST_CLOCK: refused when NODE_ENV=production (it lets anyone move the server clock)');
  if (settings.WEBHOOKS_ALLOW_PRIVATE_TARGETS === 'true')
    problems.push(
      '  WEBHOOKS_ALLOW_PRIVATE_TARGETS: refused when NODE_ENV=production (webhooks could reach the internal network)',
    );
  // A simulator moves no real money: production runs on one only when it says it is a demo.
  if (settings.DEMO_MODE !== 'true')
    for (const name of ['CARD_PROCESSOR', 'CUSTODY', 'BANK_RAIL', 'RATES_PROVIDER'] as const)
      if (settings[name] === 'simulator')
        problems.push(
          `  ${name}: the simulator is refused when NODE_ENV=production unless DEMO_MODE=true (a demo); a real provider's adapter is needed`,
        );
  return problems;
}

type StorageSettings =
  | {
      driver: 'disk';
      /** STORAGE_DIR, by default DATA_DIR/files. */
      dir: string;
      /**
       * Signs the disk driver's upload and download URLs. Required in production; elsewhere, when
       * unset, createDocumentStorage derives one from APP_SECRET (stable across restarts).
       */
      signingSecret: string | undefined;
    }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      /** A non-AWS service (MinIO, an emulator); AWS when absent. */
      endpoint: string | undefined;
      forcePathStyle: boolean;
      /** Absent: the AWS SDK's default chain (environment, instance or task role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

function storageSettingsOf(settings: z.output<typeof EnvSchema>): StorageSettings {
  if (settings.STORAGE_DRIVER === 'disk') {
    return {
      driver: 'disk',
      dir: path.resolve(settings.STORAGE_DIR ?? path.join(settings.DATA_DIR, 'files')),
      signingSecret: settings.STORAGE_SIGNING_SECRET,
    };
  }
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = settings;
  return {
    driver: 's3',
    // Present: storageProblems refused the configuration otherwise.
    bucket: settings.S3_BUCKET ?? '',
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE === 'true',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

function isReadable(file: string): boolean {
  try {
    accessSync(file, fileAccess.R_OK);
    return true;
  } catch {
    return false;
  }
}

function tlsProblems(settings: z.output<typeof EnvSchema>): string[] {
  if ((settings.TLS_CERT_FILE === undefined) !== (settings.TLS_KEY_FILE === undefined))
    return ['  TLS_CERT_FILE, TLS_KEY_FILE: set both (HTTPS with HTTP/2) or neither (plain HTTP)'];
  return (['TLS_CERT_FILE', 'TLS_KEY_FILE'] as const)
    .filter((name) => settings[name] !== undefined && !isReadable(settings[name]))
    .map((name) => `  ${name}: cannot be read (${path.resolve(settings[name] ?? '')})`);
}

function storageProblems(settings: z.output<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  const secret = settings.STORAGE_SIGNING_SECRET;
  if (secret !== undefined && secret.length < 32) {
    problems.push('  STORAGE_SIGNING_SECRET: must be at least 32 characters (e.g. `openssl rand -base64 48`)');
  }
  if (secret === undefined && settings.STORAGE_DRIVER === 'disk' && settings.NODE_ENV === 'production') {
    problems.push('  STORAGE_SIGNING_SECRET: required when NODE_ENV=production and STORAGE_DRIVER=disk');
  }
  if (settings.STORAGE_DRIVER === 's3' && !settings.S3_BUCKET) {
    problems.push('  S3_BUCKET: required when STORAGE_DRIVER=s3');
  }
  if ((settings.S3_ACCESS_KEY_ID === undefined) !== (settings.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push('  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither (neither: the AWS default chain)');
  }
  return problems;
}

/**
 * OTLP headers as the specification writes them: `name=value` pairs separated by commas, each value
 * percent-encoded. Answers null when the text is not of that form.
 */
function parseOtlpHeaders(text: string | undefined): Record<string, string> | null {
  const headers: Record<string, string> = {};
  if (text === undefined) return headers;
  for (const pair of text.split(',')) {
    if (pair.trim() === '') continue;
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim();
    if (separator < 1 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) return null;
    try {
      headers[name.toLowerCase()] = decodeURIComponent(pair.slice(separator + 1).trim());
    } catch {
      return null;
    }
  }
  return headers;
}

function tracingProblems(settings: z.output<typeof EnvSchema>): string[] {
  // Never the value itself: a header usually carries a collector's or vendor's key.
  return (['OTEL_EXPORTER_OTLP_HEADERS', 'OTEL_EXPORTER_OTLP_TRACES_HEADERS'] as const)
    .filter((name) => parseOtlpHeaders(settings[name]) === null)
    .map((name) => `  ${name}: must be name=value pairs separated by commas, values percent-encoded`);
}

/** The traces' URL: a per-signal endpoint is used as it is; a base endpoint gets v1/traces (the specification's rule). */
function tracesUrlOf(settings: z.output<typeof EnvSchema>): string | undefined {
  if (settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  const base = settings.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!base) return undefined;
  return `${base}${base.endsWith('/') ? '' : '/'}v1/traces`;
}

function tracingSettingsOf(settings: z.output<typeof EnvSchema>): TracingSettings | undefined {
  const tracesUrl = tracesUrlOf(settings);
  if (!tracesUrl || settings.OTEL_SDK_DISABLED === 'true') return undefined;
  return {
    tracesUrl,
    protocol: settings.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? settings.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf',
    // Checked by tracingProblems; the per-signal headers add to (and override) the general ones.
    headers: {
      ...parseOtlpHeaders(settings.OTEL_EXPORTER_OTLP_HEADERS),
      ...parseOtlpHeaders(settings.OTEL_EXPORTER_OTLP_TRACES_HEADERS),
    },
    serviceName: settings.OTEL_SERVICE_NAME,
    sampler: settings.OTEL_TRACES_SAMPLER,
    samplerRatio: settings.OTEL_TRACES_SAMPLER_ARG ?? 1,
  };
}
