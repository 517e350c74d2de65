/**
 * The feedback module (organisation issue, part 6): company users send feedback with an optional
 * screenshot (feedback/*); staff holding `feedback` read and answer it (admin/feedback/*).
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
import type { AppModule } from '../../platform/module.ts';
import { registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import { createDocumentService } from '../documents/index.ts';
import { senderFeedback, senderFeedbackPage, staffFeedback, staffFeedbackPage } from './queries.ts';
import { feedbackScreenshotPolicy, screenshotPurpose, screenshotSection } from './screenshots.ts';
import { feedbackDemoSeeder } from './seed.ts';
import { answer, submit } from './service.ts';

export const feedbackModule: AppModule = {
  name: 'feedback',
  demoSeeder: feedbackDemoSeeder,
  register(app, context) {
    const db = context.database.db;

    // Screenshots: the documents' upload flow, with the feedback's policy (screenshots.ts).
    const screenshots = createDocumentService({
      db,
      storage: context.documentStorage,
      owner: feedbackScreenshotPolicy(context.clock),
    });
    registerCall(app, authorizeFeedbackScreenshot, (body, call) =>
      screenshots.authorize({ ...body, section: screenshotSection, kind: screenshotPurpose }, call),
    );
    registerCall(app, completeFeedbackScreenshot, (body, call) => screenshots.complete(body, call));

    registerCall(app, submitFeedback, (body, call) =>
      submit(
        call.transaction ?? db,
        { companyId: clientCompanyId(call), userId: call.session.user_id, now: call.now },
        body,
      ),
    );
    registerCall(app, listFeedback, (body, call) => senderFeedbackPage(db, call.session.user_id, body));
    registerCall(app, getFeedback, (body, call) => senderFeedback(db, call.session.user_id, body.feedback_id));

    // Back office.
    registerCall(app, listStaffFeedback, (body) => staffFeedbackPage(db, body));
    registerCall(app, getStaffFeedback, (body) => staffFeedback(db, body.feedback_id));
    registerCall(app, answerFeedback, (body, call) =>
      answer(db, body.feedback_id, body.answer, { userId: call.session.user_id, ip: call.ip, now: call.now }),
    );
  },
};
