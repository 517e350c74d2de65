/**
 * The calls of card applications, their drafts, their review and cardholders' KYC, registered by
 * the cards module with its context (the processor beside the module context).
 */
import {
  discardCardApplicationDraft,
  getCardApplicationDraft,
  saveCardApplicationDraft,
} from '@bank/contract/card-application-drafts';
import {
  authorizeCardDocument,
  completeCardDocument,
  decideCardApplication,
  getCardApplicationForReview,
  getCardApplyConfig,
  getCardholderKyc,
  listCardApplications,
  listCardApplicationsForReview,
  listCardholderKyc,
  sendCardholderCode,
  submitCardApplication,
  updateAccountInfo,
  updateAddressKyc,
  updateIdKyc,
  updateMemberInfo,
  verifyCardholderCode,
  verifyCardUsername,
} from '@bank/contract/card-applications';
import type { FastifyInstance } from 'fastify';
import { type CallContext, registerCall } from '../../../platform/route.ts';
import { clientCompanyId } from '../../../platform/tenant.ts';
import { createDocumentService } from '../../documents/index.ts';
import type { CardsContext } from '../context.ts';
import * as applications from './applications.ts';
import * as cardholderKyc from './cardholder-kyc.ts';
import * as drafts from './drafts.ts';
import * as queries from './queries.ts';
import * as review from './review.ts';

function actorOf(call: CallContext): applications.ClientActor & { ip: string } {
  return {
    userId: call.session.user_id,
    companyId: clientCompanyId(call),
    ip: call.ip,
    now: call.now,
    language: call.language,
  };
}

export function registerApplicationCalls(app: FastifyInstance, cards: CardsContext): void {
  registerApplyCalls(app, cards);
  registerDraftCalls(app, cards);
  registerReviewCalls(app, cards);
  registerCardholderKycCalls(app, cards);
}

/** The application: its form's checks, the email's proof, its documents and the submission. */
function registerApplyCalls(app: FastifyInstance, cards: CardsContext): void {
  const db = cards.database.db;
  const { processor, secretBox } = cards;
  const codes: applications.CodeDependencies = {
    secretBox,
    emailQueue: cards.emailQueue,
    codesPerClientPerHour: cards.config.rateLimitEmailCodesPerClientPerHour,
  };
  registerCall(app, getCardApplyConfig, (_body, call) => applications.applyConfig(db, clientCompanyId(call)));
  registerCall(app, verifyCardUsername, (body, call) => applications.usernameAvailability(db, processor, call, body));
  registerCall(app, sendCardholderCode, (body, call) =>
    applications.sendCardholderCode(db, codes, actorOf(call), body.email),
  );
  registerCall(app, verifyCardholderCode, (body, call) =>
    applications.verifyCardholderCode(db, secretBox, actorOf(call), body),
  );
  const documents = createDocumentService({
    db,
    storage: cards.documentStorage,
    owner: applications.cardDocumentPolicy(cards.clock),
  });
  registerCall(app, authorizeCardDocument, ({ purpose, ...body }, call) =>
    documents.authorize({ ...body, section: applications.cardDocumentSection, kind: purpose }, call),
  );
  registerCall(app, completeCardDocument, (body, call) => documents.complete(body, call));
  registerCall(app, submitCardApplication, (body, call) =>
    drafts.submitFromDraft(call.transaction ?? db, { processor, secretBox }, actorOf(call), body),
  );
  registerCall(app, listCardApplications, (body, call) => queries.companyApplications(db, clientCompanyId(call), body));
}

/** The draft: the signed-in user's own, nobody else's. */
function registerDraftCalls(app: FastifyInstance, cards: CardsContext): void {
  const db = cards.database.db;
  registerCall(app, getCardApplicationDraft, (_body, call) => drafts.draftOf(db, cards.secretBox, actorOf(call)));
  registerCall(app, saveCardApplicationDraft, (body, call) => drafts.saveDraft(db, actorOf(call), body));
  registerCall(app, discardCardApplicationDraft, (_body, call) => drafts.discardOwnDraft(db, actorOf(call)));
}

/** The back office's review of applications. */
function registerReviewCalls(app: FastifyInstance, cards: CardsContext): void {
  const db = cards.database.db;
  const staffActor = (call: CallContext): review.StaffActor => ({
    userId: call.session.user_id,
    ip: call.ip,
    now: call.now,
  });
  registerCall(app, listCardApplicationsForReview, (body) => queries.reviewQueue(db, body));
  registerCall(app, getCardApplicationForReview, (body) => queries.staffApplication(db, body.application_id));
  registerCall(app, decideCardApplication, (body, call) =>
    db.transaction((tx) => review.decideApplication(tx, cards.processor, staffActor(call), body)),
  );
}

/** Cardholders' KYC (kycManage). */
function registerCardholderKycCalls(app: FastifyInstance, cards: CardsContext): void {
  const db = cards.database.db;
  const { processor, secretBox } = cards;
  registerCall(app, listCardholderKyc, (body, call) => queries.cardholderKycList(db, clientCompanyId(call), body));
  registerCall(app, getCardholderKyc, (body, call) =>
    queries.cardholderKyc(db, clientCompanyId(call), body.cardholder_id),
  );
  registerCall(app, updateIdKyc, (body, call) =>
    db.transaction((tx) => cardholderKyc.updateIdKyc(tx, processor, actorOf(call), body)),
  );
  registerCall(app, updateAddressKyc, (body, call) =>
    db.transaction((tx) => cardholderKyc.updateAddressKyc(tx, processor, actorOf(call), body)),
  );
  registerCall(app, updateAccountInfo, (body, call) =>
    db.transaction((tx) => cardholderKyc.updateAccountInfo(tx, { processor, secretBox }, actorOf(call), body)),
  );
  registerCall(app, updateMemberInfo, (body, call) =>
    db.transaction((tx) => cardholderKyc.updateMemberInfo(tx, processor, actorOf(call), body)),
  );
}
