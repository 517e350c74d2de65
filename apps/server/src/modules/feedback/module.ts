/**
 * The feedback module: company users send feedback with an optional screenshot (feedback/*); staff
 * holding `feedback` read and answer it (admin/feedback/*).
 */
import type { AppModule } from '../../platform/module.ts';
import { createDocumentService } from '../documents/index.ts';
import { registerFeedbackCalls } from './routes.ts';
import { feedbackScreenshotPolicy } from './screenshots.ts';
import { feedbackDemoSeeder } from './seed.ts';

export const feedbackModule: AppModule = {
  name: 'feedback',
  demoSeeder: feedbackDemoSeeder,
  register(app, context) {
    const db = context.database.db;
    const screenshots = createDocumentService({
      db,
      storage: context.documentStorage,
      owner: feedbackScreenshotPolicy(context.clock),
    });
    registerFeedbackCalls(app, db, screenshots);
  },
};
