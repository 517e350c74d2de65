/**
 * The feedback calls: a company user's feedback, its screenshot's upload and their list (feedback/*),
 * the back office's reading and answer (admin/feedback/*).
 */
import {
  answerFeedback,
  authorizeFeedbackScreenshot,
  completeFeedbackScreenshot,
  getFeedback,
  getStaffFeedback,
  listFeedback,
  listStaffFeedback,
  submitFeedback,
} from '@bank/contract/feedback';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../platform/db.ts';
import { type CallContext, registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import type { DocumentService } from '../documents/index.ts';
import { senderFeedback, senderFeedbackPage, staffFeedback, staffFeedbackPage } from './queries.ts';
import { screenshotPurpose, screenshotSection } from './screenshots.ts';
import { answer, submit } from './service.ts';

const senderOf = (call: CallContext) => ({
  companyId: clientCompanyId(call),
  userId: call.session.user_id,
  now: call.now,
});
const staffOf = (call: CallContext) => ({ userId: call.session.user_id, ip: call.ip, now: call.now });
const screenshotOf = { section: screenshotSection, kind: screenshotPurpose } as const;

/** `screenshots`: the documents' upload flow, with the feedback's policy (screenshots.ts). */
export function registerFeedbackCalls(app: FastifyInstance, db: AppDatabase, screenshots: DocumentService): void {
  registerCall(app, authorizeFeedbackScreenshot, (body, call) =>
    screenshots.authorize({ ...body, ...screenshotOf }, call),
  );
  registerCall(app, completeFeedbackScreenshot, (body, call) => screenshots.complete(body, call));

  registerCall(app, submitFeedback, (body, call) => submit(call.transaction ?? db, senderOf(call), body));
  registerCall(app, listFeedback, (body, call) => senderFeedbackPage(db, call.session.user_id, body));
  registerCall(app, getFeedback, (body, call) => senderFeedback(db, call.session.user_id, body.feedback_id));

  // Back office.
  registerCall(app, listStaffFeedback, (body) => staffFeedbackPage(db, body));
  registerCall(app, getStaffFeedback, (body) => staffFeedback(db, body.feedback_id));
  registerCall(app, answerFeedback, (body, call) => answer(db, body.feedback_id, body.answer, staffOf(call)));
}
