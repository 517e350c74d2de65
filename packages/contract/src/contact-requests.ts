/**
 * "Contact my relationship manager": from a product page (SPEC.md section 2:
 * private_b_p, structured_p, investment_b) a company user asks to be contacted about the product,
 * by a method and optionally at a time they prefer. The request lands in the queue of the company's
 * relationship manager (the sales RM whose CI code the company registered with), or in the shared
 * queue system admins read when the company has none. Staff mark it handled with an internal note;
 * the requester's inbox is told.
 */
import { z } from 'zod';
import { defineCall } from './calls.ts';
import { PageRequest, page, QueueSearch } from './envelope.ts';
import { RelationshipManagerContact } from './roles.ts';
import { identifierText, multiLineText, singleLineText } from './text.ts';

/** The products a request may be about: the product pages' ids (routes.ts). */
export const bankingProducts = ['private_banking', 'structured_products', 'investment_banking'] as const;
export const BankingProduct = z.enum(bankingProducts);
export type BankingProduct = z.infer<typeof BankingProduct>;

export const contactMethods = ['phone', 'email', 'video_call'] as const;
export const ContactMethod = z.enum(contactMethods);
export type ContactMethod = z.infer<typeof ContactMethod>;

export const contactRequestStatuses = ['open', 'handled'] as const;
export const ContactRequestStatus = z.enum(contactRequestStatuses);
export type ContactRequestStatus = z.infer<typeof ContactRequestStatus>;

/** A short message: what the RM should know before calling. */
const contactMessageMaxLength = 1000;
/** "Weekdays after 14:00 HKT": a line, not a calendar. */
const preferredTimeMaxLength = 100;
const handledNoteMaxLength = 1000;
/** Requests one user may send in an hour (a request per product and a few corrections). */
export const contactRequestsPerUserPerHour = 5;

/**
 * Who sees which requests: a system admin every company's (and the shared queue of companies
 * without a relationship manager); a relationship manager only those of the companies they manage.
 */
export function seesEveryContactRequest(role: string): boolean {
  return role === 'system_admin';
}

export const ContactRequestDraft = z
  .object({
    product: BankingProduct,
    contact_method: ContactMethod,
    message: multiLineText(contactMessageMaxLength).pipe(
      z.string().min(1, { message: 'contact_requests.validation.message_required' }),
    ),
    preferred_time: singleLineText(preferredTimeMaxLength).optional(),
  })
  .strict();

/** A request as the client who sent it sees it. */
export const ContactRequest = z.object({
  request_id: z.string(),
  product: BankingProduct,
  contact_method: ContactMethod,
  message: z.string(),
  preferred_time: z.string().nullable(),
  status: ContactRequestStatus,
  submitted_at: z.string(),
  handled_at: z.string().nullable(),
});
export type ContactRequest = z.infer<typeof ContactRequest>;

/** A request as staff see it: the company, who asked and how to reach them, whose queue it is in. */
export const StaffContactRequest = ContactRequest.extend({
  company: z.object({ company_id: z.string(), name: z.string().nullable() }),
  requester: z.object({ full_name: z.string(), email: z.string(), phone: z.string() }),
  /** The company's relationship manager; null: the shared queue. */
  relationship_manager: RelationshipManagerContact.nullable(),
  handled_note: z.string().nullable(),
  handled_by: z.string().nullable(),
});
export type StaffContactRequest = z.infer<typeof StaffContactRequest>;

// Clients -----------------------------------------------------------------------------------------

export const requestContact = defineCall({
  path: '/api/v1/contact/request',
  permission: 'session',
  isIdempotent: true,
  errors: ['rate_limited'],
  summary: 'Asks the company’s relationship manager to make contact about a product',
  request: ContactRequestDraft,
  response: ContactRequest,
});

export const listContactRequests = defineCall({
  path: '/api/v1/contact/list',
  permission: 'session',
  summary: "The caller's contact requests, newest first, of one product or all (keyset pages)",
  request: PageRequest.extend({ product: BankingProduct.optional() }).strict(),
  response: page(ContactRequest),
});

// Staff -------------------------------------------------------------------------------------------

export const listStaffContactRequests = defineCall({
  path: '/api/v1/admin/contact_requests/list',
  permission: 'contact_requests',
  summary:
    'Back office: contact requests of the companies the caller manages (a system admin: all, with the shared queue), newest first',
  request: PageRequest.extend({ status: ContactRequestStatus.optional(), ...QueueSearch.shape }).strict(),
  response: page(StaffContactRequest),
});

export const handleContactRequest = defineCall({
  path: '/api/v1/admin/contact_requests/handle',
  permission: 'contact_requests',
  errors: ['not_found', 'illegal_state'],
  summary: 'Back office: marks an open request handled with a note; the requester’s inbox is told',
  request: z
    .object({
      request_id: identifierText(64),
      note: multiLineText(handledNoteMaxLength).pipe(
        z.string().min(1, { message: 'contact_requests.validation.note_required' }),
      ),
    })
    .strict(),
  response: StaffContactRequest,
});
