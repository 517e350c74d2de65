/**
 * The KYC module: the route file. Company KYC (the four sections, submission), the upload calls of
 * its documents (the documents module's services, with KYC's policy: document-policy.ts) and the
 * back office's review.
 */
import {
  authorizeUpload,
  completeUpload,
  createPhoneUploadLink,
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
import { consumeEvent } from '../../platform/events.ts';
import type { AppModule } from '../../platform/module.ts';
import { registerCall } from '../../platform/route.ts';
import { createDocumentService, createPhoneLinkService } from '../documents/index.ts';
import { kycDocumentPolicy } from './document-policy.ts';
import { sendKycStatusEmails } from './kyc-emails.ts';
import { createKycService } from './kyc-service.ts';
import { createReviewService } from './review-service.ts';
import { kycDemoSeeder } from './seed.ts';

export const kycModule: AppModule = {
  name: 'kyc',
  demoSeeder: kycDemoSeeder,
  async register(app, context) {
    const db = context.database.db;
    const storage = context.documentStorage;

    const kyc = createKycService({ db });
    const documents = createDocumentService({ db, storage, owner: kycDocumentPolicy });
    const phone = createPhoneLinkService({ db, config: context.config, documents, storage, owner: kycDocumentPolicy });
    const review = createReviewService({ db });

    // What follows a KYC change, once per event, from the job queue.
    consumeEvent(
      { jobs: context.jobs, db },
      'kyc.status_changed',
      'kyc_email',
      sendKycStatusEmails(context.emailQueue),
    );

    registerCall(app, getKycInfo, (_body, call) => kyc.getKycInfo(call));
    registerCall(app, saveCorporate, (body, call) => kyc.saveSection('corporate', body, call));
    registerCall(app, saveCompany, (body, call) => kyc.saveSection('company', body, call));
    registerCall(app, saveOwnership, (body, call) => kyc.saveSection('shareholder', body, call));
    registerCall(app, saveTrading, (body, call) => kyc.saveSection('trading', body, call));
    registerCall(app, submitKyc, (_body, call) => kyc.submit(call));

    registerCall(app, authorizeUpload, (body, call) => documents.authorize(body, call));
    registerCall(app, completeUpload, (body, call) => documents.complete(body, call));

    registerCall(app, createPhoneUploadLink, (body, call) => phone.create(body, call));
    registerCall(app, phoneUploadInfo, (body, call) => phone.info(body, call));
    registerCall(app, phoneAuthorizeUpload, (body, call) => phone.authorize(body, call));
    registerCall(app, phoneCompleteUpload, (body, call) => phone.complete(body, call));

    registerCall(app, listKycReviews, (body) => review.list(body));
    registerCall(app, getKycReview, (body) => review.get(body));
    registerCall(app, decideKyc, (body, call) => review.decide(body, call));
  },
};
