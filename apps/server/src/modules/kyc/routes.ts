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
import { registerCall } from '../../platform/route.ts';
import type { createPhoneLinkService, DocumentService } from '../documents/index.ts';
import type { createKycService } from './kyc-service.ts';
import type { createReviewService } from './review-service.ts';

type KycServices = {
  kyc: ReturnType<typeof createKycService>;
  documents: DocumentService;
  phone: ReturnType<typeof createPhoneLinkService>;
  review: ReturnType<typeof createReviewService>;
};

export function registerKycCalls(app: FastifyInstance, { kyc, documents, phone, review }: KycServices): void {
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
}
