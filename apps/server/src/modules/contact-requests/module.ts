/**
 * The contact requests module (organisation issue, part 7): from a product page a company user asks
 * their relationship manager to make contact (contact/*); the manager (or, for companies without
 * one, a system admin) reads the queue and marks requests handled (admin/contact_requests/*); the
 * manager is also emailed each request.
 */
import {
  handleContactRequest,
  listContactRequests,
  listStaffContactRequests,
  requestContact,
} from '@bank/contract/contact-requests';
import { consumeEvent } from '../../platform/events.ts';
import type { AppModule } from '../../platform/module.ts';
import { registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import { sendRelationshipManagerEmail } from './emails.ts';
import { requesterPage, staffPage } from './queries.ts';
import { markHandled, sendRequest } from './service.ts';

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

    registerCall(app, requestContact, (body, call) =>
      sendRequest(
        call.transaction ?? db,
        { companyId: clientCompanyId(call), userId: call.session.user_id, now: call.now },
        body,
      ),
    );
    registerCall(app, listContactRequests, (body, call) => requesterPage(db, call.session.user_id, body));

    // Back office.
    registerCall(app, listStaffContactRequests, (body, call) =>
      staffPage(db, { userId: call.session.user_id, role: call.session.role }, body),
    );
    registerCall(app, handleContactRequest, (body, call) =>
      markHandled(
        db,
        { userId: call.session.user_id, role: call.session.role, ip: call.ip, now: call.now },
        body.request_id,
        body.note,
      ),
    );
  },
};
