import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createDocumentStorage } from './create-document-storage.ts';
import { DiskDocumentStorage } from './disk-storage.ts';
import { S3DocumentStorage } from './s3-storage.ts';

/** The configuration's message, or '' when it loads. */
function configProblems(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

describe('storage settings', () => {
  it('default to the disk driver under DATA_DIR/files, with no secret of their own', () => {
    expect(loadConfig({}).storage).toEqual({
      driver: 'disk',
      dir: path.resolve('./data/files'),
      signingSecret: undefined,
    });
    expect(loadConfig({ DATA_DIR: '/var/lib/bank' }).storage).toMatchObject({ dir: '/var/lib/bank/files' });
  });

  it('read STORAGE_DIR and STORAGE_SIGNING_SECRET', () => {
    const secret = 's'.repeat(32);
    expect(loadConfig({ STORAGE_DIR: '/srv/files', STORAGE_SIGNING_SECRET: secret }).storage).toEqual({
      driver: 'disk',
      dir: '/srv/files',
      signingSecret: secret,
    });
  });

  it('read every S3 setting', () => {
    expect(
      loadConfig({
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'eu-central-1',
        S3_BUCKET: 'bank-documents',
        S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      driver: 's3',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      bucket: 'bank-documents',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG' },
      forcePathStyle: true,
    });
    expect(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'bank-documents' }).storage).toEqual({
      driver: 's3',
      endpoint: undefined,
      region: 'us-east-1',
      bucket: 'bank-documents',
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it.each([
    [{ STORAGE_DRIVER: 'ftp' }, 'STORAGE_DRIVER: must be disk or s3'],
    [{ STORAGE_DRIVER: 's3' }, 'S3_BUCKET: required when STORAGE_DRIVER=s3'],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'Bad_Bucket' }, 'S3_BUCKET: must be a bucket name'],
    [{ S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT: must be an http:// or https:// URL'],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE: must be true or false'],
    [{ S3_ACCESS_KEY_ID: 'AKIDEXAMPLE' }, 'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither'],
  ])('stop on %j naming the setting', (env, message) => {
    expect(configProblems(env)).toContain(message);
  });

  it('refuse a short signing secret without repeating it', () => {
    const message = configProblems({ STORAGE_SIGNING_SECRET: 'tooShortSecretValue' });
    expect(message).toContain('STORAGE_SIGNING_SECRET: must be at least 32 characters');
    expect(message).not.toContain('tooShortSecretValue');
  });

  it('require STORAGE_SIGNING_SECRET in production with the disk driver only', () => {
    const required = 'STORAGE_SIGNING_SECRET: required when NODE_ENV=production';
    expect(configProblems({ NODE_ENV: 'production' })).toContain(required);
    expect(configProblems({ NODE_ENV: 'production', STORAGE_SIGNING_SECRET: 'p'.repeat(40) })).not.toContain(
      'STORAGE_SIGNING_SECRET',
    );
    expect(configProblems({ NODE_ENV: 'production', STORAGE_DRIVER: 's3', S3_BUCKET: 'bank-documents' })).not.toContain(
      'STORAGE_SIGNING_SECRET',
    );
  });
});

describe('createDocumentStorage', () => {
  const expiresAt = () => new Date(Date.now() + 60_000);

  it('chooses the disk driver by default and the S3 driver when configured', async () => {
    const disk = createDocumentStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/bank-test' }));
    expect(disk).toBeInstanceOf(DiskDocumentStorage);
    expect((disk as DiskDocumentStorage).rootDir).toBe('/tmp/bank-test/files');
    const s3 = createDocumentStorage(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'bank-documents' }));
    expect(s3).toBeInstanceOf(S3DocumentStorage);
    await s3.close();
  });

  it('derives a stable development secret from APP_SECRET, so URLs survive a restart and follow APP_SECRET', async () => {
    const appSecret = 'a'.repeat(40);
    const before = createDocumentStorage(loadConfig({ APP_SECRET: appSecret })) as DiskDocumentStorage;
    const afterRestart = createDocumentStorage(loadConfig({ APP_SECRET: appSecret })) as DiskDocumentStorage;
    const otherApp = createDocumentStorage(loadConfig({ APP_SECRET: 'b'.repeat(40) })) as DiskDocumentStorage;
    const target = await before.createUploadTarget({ key: 'companies/c/u', maxBytes: 10, expiresAt: expiresAt() });
    const token = target.url.split('/').pop() ?? '';
    expect(afterRestart.verifyUploadToken(token)).toMatchObject({ key: 'companies/c/u' });
    expect(otherApp.verifyUploadToken(token)).toBeNull();
  });

  it('uses STORAGE_SIGNING_SECRET when set, and refuses a hand-made production config without one', async () => {
    const signed = createDocumentStorage(loadConfig({ STORAGE_SIGNING_SECRET: 'x'.repeat(40) })) as DiskDocumentStorage;
    const derived = createDocumentStorage(loadConfig({})) as DiskDocumentStorage;
    const target = await signed.createUploadTarget({ key: 'companies/c/u', maxBytes: 10, expiresAt: expiresAt() });
    expect(derived.verifyUploadToken(target.url.split('/').pop() ?? '')).toBeNull();

    const production = { ...loadConfig({}), nodeEnv: 'production' as const };
    expect(() => createDocumentStorage(production)).toThrow(/STORAGE_SIGNING_SECRET/);
  });
});
