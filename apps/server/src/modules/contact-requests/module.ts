/**
 * The contact requests module: from a product page a company user asks their relationship manager
 * to make contact (contact/*); the manager (or, for companies without one, a system admin) reads the
 * queue and marks requests handled (admin/contact_requests/*); the manager is also emailed each
 * request.
 */
import { consumeEvent } from '../../platform/events.ts';
import type { AppModule } from '../../platform/module.ts';
import { sendRelationshipManagerEmail } from './emails.ts';
import { registerContactRequestCalls } from './routes.ts';

export const contactRequestsModule: AppModule = {
  name: 'contact-requests',
  register(app, context) {
    const db = context.database.db;

    // The company's relationship manager hears of a request by email too, once per request.
    consumeEvent(
      { jobs: context.jobs, db },
      'contact_request.sent',
      'contact_request_email',
      sendRelationshipManagerEmail(context.emailQueue),
    );
    registerContactRequestCalls(app, db);
  },
};
