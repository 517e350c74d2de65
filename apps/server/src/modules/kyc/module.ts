/**
 * The KYC module: the route file. Company KYC (the four sections, submission), its documents
 * (uploads judged by content, one-time phone links) and the back office's review. The document
 * storage is made here from the configuration, closed with the app, and, for the disk driver, its
 * signed upload and download routes are served here too; an upload URL accepts a body only while
 * its upload is pending and within its time.
 */
import {
  authorizeUpload,
  completeUpload,
  createPhoneUploadLink,
  documentUrl,
  phoneAuthorizeUpload,
  phoneCompleteUpload,
  phoneUploadInfo,
} from '@bank/contract/documents';
import {
  decideKyc,
  getKycInfo,
  getKycReview,
  listKycReviews,
  saveCompany,
  saveCorporate,
  saveOwnership,
  saveTrading,
  submitKyc,
} from '@bank/contract/kyc';
import { createDocumentStorage } from '../../adapters/storage/create-document-storage.ts';
import { registerDiskStorageRoutes } from '../../adapters/storage/disk-storage-routes.ts';
import type { AppModule } from '../../app.ts';
import { registerCall } from '../../platform/route.ts';
import { isUploadPending } from './document-queries.ts';
import { createDocumentService } from './document-service.ts';
import { createKycService } from './kyc-service.ts';
import { createPhoneLinkService } from './phone-link-service.ts';
import { createReviewService } from './review-service.ts';

export const kycModule: AppModule = {
  name: 'kyc',
  async register(app, context) {
    const db = context.database.db;
    const storage = createDocumentStorage(context.config, { clock: context.clock });
    app.addHook('onClose', async () => storage.close());
    await registerDiskStorageRoutes(app, storage, {
      isUploadUsable: (key) => isUploadPending(db, key, context.clock.now()),
    });

    const kyc = createKycService({ db, emailQueue: context.emailQueue });
    const documents = createDocumentService({ db, storage });
    const phone = createPhoneLinkService({ db, config: context.config, documents, storage });
    const review = createReviewService({ db, emailQueue: context.emailQueue });

    registerCall(app, getKycInfo, (_body, call) => kyc.getKycInfo(call));
    registerCall(app, saveCorporate, (body, call) => kyc.saveSection('corporate', body, call));
    registerCall(app, saveCompany, (body, call) => kyc.saveSection('company', body, call));
    registerCall(app, saveOwnership, (body, call) => kyc.saveSection('shareholder', body, call));
    registerCall(app, saveTrading, (body, call) => kyc.saveSection('trading', body, call));
    registerCall(app, submitKyc, (_body, call) => kyc.submit(call));

    registerCall(app, authorizeUpload, (body, call) => documents.authorize(body, call));
    registerCall(app, completeUpload, (body, call) => documents.complete(body, call));
    registerCall(app, documentUrl, (body, call) => documents.documentUrl(body, call));

    registerCall(app, createPhoneUploadLink, (body, call) => phone.create(body, call));
    registerCall(app, phoneUploadInfo, (body, call) => phone.info(body, call));
    registerCall(app, phoneAuthorizeUpload, (body, call) => phone.authorize(body, call));
    registerCall(app, phoneCompleteUpload, (body, call) => phone.complete(body, call));

    registerCall(app, listKycReviews, (body, call) => review.list(body, call));
    registerCall(app, getKycReview, (body, call) => review.get(body, call));
    registerCall(app, decideKyc, (body, call) => review.decide(body, call));
  },
};
