/**
 * The KYC calls: company KYC (the four sections, submission), the upload calls of its documents (the
 * documents module's services, with KYC's policy: document-policy.ts) and the back office's review.
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
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../platform/db.ts';
import { registerCall } from '../../platform/route.ts';
import type { createPhoneLinkService, DocumentService } from '../documents/index.ts';
import { kycInfo, saveSection, submitForReview } from './kyc-service.ts';
import { companyReview, decideReview, reviewQueuePage } from './review-service.ts';

type KycServices = {
  db: AppDatabase;
  documents: DocumentService;
  phone: ReturnType<typeof createPhoneLinkService>;
};

export function registerKycCalls(app: FastifyInstance, { db, documents, phone }: KycServices): void {
  registerCall(app, getKycInfo, (_body, call) => kycInfo(db, call));
  registerCall(app, saveCorporate, (body, call) => saveSection(db, 'corporate', body, call));
  registerCall(app, saveCompany, (body, call) => saveSection(db, 'company', body, call));
  registerCall(app, saveOwnership, (body, call) => saveSection(db, 'shareholder', body, call));
  registerCall(app, saveTrading, (body, call) => saveSection(db, 'trading', body, call));
  registerCall(app, submitKyc, (_body, call) => submitForReview(db, call));

  registerCall(app, authorizeUpload, (body, call) => documents.authorize(body, call));
  registerCall(app, completeUpload, (body, call) => documents.complete(body, call));

  registerCall(app, createPhoneUploadLink, (body, call) => phone.create(body, call));
  registerCall(app, phoneUploadInfo, (body, call) => phone.info(body, call));
  registerCall(app, phoneAuthorizeUpload, (body, call) => phone.authorize(body, call));
  registerCall(app, phoneCompleteUpload, (body, call) => phone.complete(body, call));

  registerCall(app, listKycReviews, (body) => reviewQueuePage(db, body));
  registerCall(app, getKycReview, (body) => companyReview(db, body));
  registerCall(app, decideKyc, (body, call) => decideReview(db, body, call));
}
