import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, developmentAppSecret, loadConfig } from './config.ts';
import { defaultWebDistDir } from './platform/paths.ts';

describe('loadConfig', () => {
  it('has defaults that run the embedded database on port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      nodeEnv: 'development',
      logLevel: 'info',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      databaseReadUrl: undefined,
      publicUrl: undefined,
      trustProxy: false,
    });
    expect(config.webDistDir).toBe(defaultWebDistDir);
    expect(defaultWebDistDir.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: '/var/lib/bank',
      DATABASE_URL: 'postgres://bank@db:5432/bank',
      DATABASE_READ_URL: 'postgres://bank@db-replica:5432/bank',
      WEB_DIST_DIR: '/srv/web',
      PUBLIC_URL: 'https://bank.example',
      TRUST_PROXY: '1',
      SMTP_URL: 'smtps://mailer:secret@smtp.bank.example:465',
      MAIL_FROM: 'Bank <noreply@bank.example>',
      APP_SECRET: 'a-production-secret-of-at-least-32-characters',
      SEED_DEMO: 'true',
      RATE_LIMIT_PUBLIC_CALLS_PER_MINUTE: '30',
      RATE_LIMIT_EMAIL_CODES_PER_CLIENT_PER_HOUR: '40',
      RATE_LIMIT_API_KEY_CALLS_PER_MINUTE: '600',
      STORAGE_SIGNING_SECRET: 'a-storage-signing-secret-of-32-characters',
      CARD_PROCESSOR: 'simulator',
      CUSTODY: 'simulator',
      BANK_RAIL: 'simulator',
      RATES_PROVIDER: 'simulator',
      DEMO_MODE: 'true',
    });
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      nodeEnv: 'production',
      logLevel: 'warn',
      dataDir: '/var/lib/bank',
      databaseUrl: 'postgres://bank@db:5432/bank',
      databaseReadUrl: 'postgres://bank@db-replica:5432/bank',
      webDistDir: '/srv/web',
      publicUrl: 'https://bank.example',
      trustProxy: 1,
      smtpUrl: 'smtps://mailer:secret@smtp.bank.example:465',
      mailFrom: 'Bank <noreply@bank.example>',
      appSecret: 'a-production-secret-of-at-least-32-characters',
      seedDemo: true,
      enableTestClock: false,
      simulateNetworkBlocks: true,
      webhooksAllowPrivateTargets: false,
      metricsToken: undefined,
      rateLimitPublicCallsPerMinute: 30,
      rateLimitEmailCodesPerClientPerHour: 40,
      rateLimitApiKeyCallsPerMinute: 600,
      storage: {
        driver: 'disk',
        dir: '/var/lib/bank/files',
        signingSecret: 'a-storage-signing-secret-of-32-characters',
      },
      providers: { cardProcessor: 'simulator', custody: 'simulator', bankRail: 'simulator', rates: 'simulator' },
      demoMode: true,
      maxEventLoopDelayMs: 2000,
      tracing: undefined,
    });
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('is silent under test unless told otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'verbose'],
    ['DATABASE_URL', 'mysql://db/bank'],
    ['DATABASE_READ_URL', 'db-replica:5432'],
    ['PUBLIC_URL', 'bank.example'],
    ['TRUST_PROXY', 'yes'],
    ['SMTP_URL', 'http://mail.example'],
    ['APP_SECRET', 'short'],
    ['SEED_DEMO', 'yes'],
    ['ENABLE_TEST_CLOCK', '1'],
    ['RATE_LIMIT_PUBLIC_CALLS_PER_MINUTE', '0'],
    ['RATE_LIMIT_EMAIL_CODES_PER_CLIENT_PER_HOUR', '0'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'collector:4318'],
    ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'grpc://collector:4317'],
    ['OTEL_EXPORTER_OTLP_PROTOCOL', 'grpc'],
    ['OTEL_TRACES_SAMPLER', 'jaeger_remote'],
    ['OTEL_TRACES_SAMPLER_ARG', '1.5'],
    ['OTEL_SDK_DISABLED', 'yes'],
  ])('stops on a wrong %s, naming it and the value', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`${name}: .*\\(got "${value.replace('.', '\\.')}"\\)`),
    );
  });

  it('names every wrong setting at once', () => {
    const error = (() => {
      try {
        loadConfig({ PORT: 'x', NODE_ENV: 'y' });
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error?.message).toContain('PORT');
    expect(error?.message).toContain('NODE_ENV');
  });

  it('sends email to the development mailbox, seeds the demo data and keeps the test clock off by default', () => {
    expect(loadConfig({})).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Bank <no-reply@bank.localhost>',
      appSecret: developmentAppSecret,
      seedDemo: true,
      enableTestClock: false,
      rateLimitPublicCallsPerMinute: 100,
      rateLimitEmailCodesPerClientPerHour: 20,
      rateLimitApiKeyCallsPerMinute: 120,
    });
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ ENABLE_TEST_CLOCK: 'true' }).enableTestClock).toBe(true);
  });

  it('in production: no demo seed by default, and refuses to start without a secret or SMTP, or with the test clock', () => {
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'a-production-secret-of-at-least-32-characters',
      SMTP_URL: 'smtp://smtp.bank.example',
      STORAGE_SIGNING_SECRET: 'a-storage-signing-secret-of-32-characters',
      DEMO_MODE: 'true',
    };
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(() => loadConfig({ ...production, APP_SECRET: undefined })).toThrow(
      /APP_SECRET: required when NODE_ENV=production/,
    );
    expect(() => loadConfig({ ...production, SMTP_URL: undefined })).toThrow(
      /SMTP_URL: required when NODE_ENV=production/,
    );
    expect(() => loadConfig({ ...production, ENABLE_TEST_CLOCK: 'true' })).toThrow(/ENABLE_TEST_CLOCK: refused/);
    expect(loadConfig(production).webhooksAllowPrivateTargets).toBe(false);
    expect(() => loadConfig({ ...production, WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' })).toThrow(
      /WEBHOOKS_ALLOW_PRIVATE_TARGETS: refused/,
    );
  });

  it('chooses each outside provider by configuration, and refuses the simulators in production unless it is a demo', () => {
    expect(loadConfig({}).providers).toEqual({
      cardProcessor: 'simulator',
      custody: 'simulator',
      bankRail: 'simulator',
      rates: 'simulator',
    });
    expect(() => loadConfig({ CUSTODY: 'fireblocks' })).toThrow(/CUSTODY: must be simulator/);
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'a-production-secret-of-at-least-32-characters',
      SMTP_URL: 'smtp://smtp.bank.example',
      STORAGE_SIGNING_SECRET: 'a-storage-signing-secret-of-32-characters',
    };
    let refusal = '';
    try {
      loadConfig(production);
    } catch (error) {
      refusal = (error as Error).message;
    }
    for (const name of ['CARD_PROCESSOR', 'CUSTODY', 'BANK_RAIL', 'RATES_PROVIDER'])
      expect(refusal).toContain(`${name}: the simulator is refused when NODE_ENV=production unless DEMO_MODE=true`);
    expect(loadConfig({ ...production, DEMO_MODE: 'true' }).demoMode).toBe(true);
  });

  describe('traces', () => {
    it('are off, loading nothing, until an OTLP endpoint is set', () => {
      expect(loadConfig({}).tracing).toBeUndefined();
      expect(loadConfig({ OTEL_SERVICE_NAME: 'bank-api', OTEL_TRACES_SAMPLER: 'always_on' }).tracing).toBeUndefined();
    });

    it('go to the base endpoint with v1/traces added, over http/protobuf, keeping every trace a caller keeps', () => {
      expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toEqual({
        tracesUrl: 'http://collector:4318/v1/traces',
        protocol: 'http/protobuf',
        headers: {},
        serviceName: 'bank-server',
        sampler: 'parentbased_always_on',
        samplerRatio: 1,
      });
      expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otlp.example/tenant/' }).tracing?.tracesUrl).toBe(
        'https://otlp.example/tenant/v1/traces',
      );
    });

    it('read the per-signal settings over the general ones, and the other standard variables', () => {
      const tracing = loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/ingest',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_HEADERS: 'Authorization=Bearer%20general, x-tenant=bank',
        OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'authorization=Bearer%20traces',
        OTEL_SERVICE_NAME: 'bank-api',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
      }).tracing;
      expect(tracing).toEqual({
        tracesUrl: 'https://traces.example/ingest',
        protocol: 'http/json',
        headers: { authorization: 'Bearer traces', 'x-tenant': 'bank' },
        serviceName: 'bank-api',
        sampler: 'parentbased_traceidratio',
        samplerRatio: 0.25,
      });
      expect(
        loadConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }).tracing?.tracesUrl,
      ).toBe('http://collector:4318/v1/traces');
    });

    it('stay off when OTEL_SDK_DISABLED says so', () => {
      expect(
        loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }).tracing,
      ).toBeUndefined();
    });

    it('refuse headers not written as name=value pairs, without echoing them (they hold keys)', () => {
      const secret = 'api-key-never-echoed';
      for (const name of ['OTEL_EXPORTER_OTLP_HEADERS', 'OTEL_EXPORTER_OTLP_TRACES_HEADERS'])
        for (const value of [secret, `=${secret}`, `x-key=${secret}%`]) {
          let refusal = '';
          try {
            loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', [name]: value });
          } catch (error) {
            refusal = (error as Error).message;
          }
          expect(refusal).toContain(`${name}: must be name=value pairs`);
          expect(refusal).not.toContain(secret);
        }
    });
  });
});
