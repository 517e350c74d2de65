/**
 * The contact requests' calls: a company user's request and list (contact/*), the back office's queue
 * and its handling (admin/contact_requests/*).
 */
import {
  handleContactRequest,
  listContactRequests,
  listStaffContactRequests,
  requestContact,
  type StaffContactRequest,
} from '@bank/contract/contact-requests';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../platform/db.ts';
import { type CallContext, registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import { requesterPage, staffPage } from './queries.ts';
import { markHandled, sendRequest } from './service.ts';

const requesterOf = (call: CallContext) => ({
  companyId: clientCompanyId(call),
  userId: call.session.user_id,
  now: call.now,
});
const staffOf = (call: CallContext) => ({ userId: call.session.user_id, role: call.session.role });

/** What the audit log keeps of a request marked handled. */
function handledAudit(handled: StaffContactRequest) {
  return {
    action: 'contact_request.handled',
    companyId: handled.company.company_id,
    detail: { request_id: handled.request_id, product: handled.product },
  };
}

export function registerContactRequestCalls(app: FastifyInstance, db: AppDatabase): void {
  registerCall(app, requestContact, (body, call) => sendRequest(call.transaction ?? db, requesterOf(call), body));
  registerCall(app, listContactRequests, (body, call) => requesterPage(db, call.session.user_id, body));

  // Back office.
  registerCall(app, listStaffContactRequests, (body, call) => staffPage(db, staffOf(call), body));
  registerCall(
    app,
    handleContactRequest,
    (body, call) =>
      markHandled(call.transaction ?? db, { ...staffOf(call), now: call.now }, body.request_id, body.note),
    { audit: handledAudit },
  );
}
