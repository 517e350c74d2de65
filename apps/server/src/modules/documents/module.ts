/**
 * The documents module. It serves what every purpose shares: the disk storage's signed upload and
 * download routes (an upload URL accepts a body only while its upload is pending and within its
 * time) and the short-lived link to read a document (routes.ts). The upload calls belong to the
 * owner of a purpose, which defines their bodies (company KYC: modules/kyc/routes.ts).
 */
import { registerDiskStorageRoutes } from '../../adapters/storage/disk-storage-routes.ts';
import type { AppModule } from '../../platform/module.ts';
import { isUploadPending } from './queries.ts';
import { registerDocumentCalls } from './routes.ts';
import { createDocumentLinks } from './service.ts';

export const documentsModule: AppModule = {
  name: 'documents',
  async register(app, context) {
    const db = context.database.db;
    const storage = context.documentStorage;
    await registerDiskStorageRoutes(app, storage, {
      isUploadUsable: (key) => isUploadPending(db, key, context.clock.now()),
    });
    registerDocumentCalls(app, createDocumentLinks({ db, storage }));
  },
};
