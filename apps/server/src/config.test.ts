import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
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
      WEB_DIST_DIR: '/srv/web',
      PUBLIC_URL: 'https://bank.example',
      TRUST_PROXY: '1',
    });
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      nodeEnv: 'production',
      logLevel: 'warn',
      dataDir: '/var/lib/bank',
      databaseUrl: 'postgres://bank@db:5432/bank',
      webDistDir: '/srv/web',
      publicUrl: 'https://bank.example',
      trustProxy: 1,
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
    ['PUBLIC_URL', 'bank.example'],
    ['TRUST_PROXY', 'yes'],
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
});
