/**
 * The one place that turns the configuration into a DocumentStorage.
 *
 * The disk driver's signing secret: STORAGE_SIGNING_SECRET when set (required in production).
 * Otherwise, on a developer's machine or under test, it is derived from APP_SECRET with HMAC, so it
 * needs no setting, survives restarts (an upload URL issued before a `tsx watch` restart still
 * works) and changes whenever APP_SECRET does. Nothing is written to disk.
 */
import { createHmac } from 'node:crypto';
import type { Config } from '../../config.ts';
import { type Clock, systemClock } from '../../platform/session.ts';
import { DiskDocumentStorage } from './disk-storage.ts';
import { S3DocumentStorage } from './s3-storage.ts';
import type { DocumentStorage } from './storage.ts';

export type DocumentStorageConfig = Pick<Config, 'storage' | 'nodeEnv' | 'appSecret' | 'publicUrl'>;

function developmentSigningSecret(appSecret: string): string {
  return createHmac('sha256', appSecret).update('bank/storage-signing-secret/development').digest('base64url');
}

export function createDocumentStorage(config: DocumentStorageConfig, options: { clock?: Clock } = {}): DocumentStorage {
  const clock = options.clock ?? systemClock;
  const settings = config.storage;
  if (settings.driver === 's3') {
    return new S3DocumentStorage({
      bucket: settings.bucket,
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      clock,
    });
  }
  if (!settings.signingSecret && config.nodeEnv === 'production') {
    // loadConfig refuses this already; a hand-made config must not fall back to a derived secret.
    throw new Error('STORAGE_SIGNING_SECRET is required in production');
  }
  return new DiskDocumentStorage({
    rootDir: settings.dir,
    signingSecret: settings.signingSecret ?? developmentSigningSecret(config.appSecret),
    publicBaseUrl: config.publicUrl,
    clock,
  });
}
