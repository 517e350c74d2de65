/**
 * Feedback (SPEC.md section 7: feedback/submit). A company user sends the bank a
 * category, a text and optionally a screenshot (the documents' upload flow, purpose
 * `feedback_screenshot`: JPEG or PNG judged by content, 5 MB); staff holding `feedback` read the
 * queue, open one and answer it once; the answer reaches the user's inbox and their feedback page.
 */
import { z } from 'zod';
import { defineCall } from './calls.ts';
import { AuthorizeUploadRequest, DocumentRef, UploadTicket } from './documents.ts';
import { PageRequest, page, QueueSearch } from './envelope.ts';
import { identifierText, multiLineText } from './text.ts';

export const feedbackCategories = ['product', 'payments', 'cards', 'account', 'bug', 'other'] as const;
export const FeedbackCategory = z.enum(feedbackCategories);
export type FeedbackCategory = z.infer<typeof FeedbackCategory>;

/** Open until staff answer it; answered once, for good. */
export const feedbackStatuses = ['open', 'answered'] as const;
export const FeedbackStatus = z.enum(feedbackStatuses);
export type FeedbackStatus = z.infer<typeof FeedbackStatus>;

/** About a page of text: room for steps to reproduce a problem, not an essay. */
const feedbackTextMaxLength = 2000;
const feedbackAnswerMaxLength = 2000;
/** Feedback one user may send in an hour: room for a busy afternoon, not for a script. */
export const feedbackPerUserPerHour = 10;

const requiredText = (maxLength: number, message: string) =>
  multiLineText(maxLength).pipe(z.string().min(1, { message }));

export const FeedbackSubmitRequest = z
  .object({
    category: FeedbackCategory,
    text: requiredText(feedbackTextMaxLength, 'feedback.validation.text_required'),
    /** A screenshot the caller uploaded through feedback/screenshotUpload and screenshotComplete. */
    screenshot_document_id: identifierText(64).optional(),
  })
  .strict();

/** Feedback as its sender reads it. */
export const Feedback = z.object({
  feedback_id: z.string(),
  category: FeedbackCategory,
  text: z.string(),
  status: FeedbackStatus,
  screenshot: DocumentRef.nullable(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
  submitted_at: z.string(),
});
export type Feedback = z.infer<typeof Feedback>;

/** Feedback as staff read it: who sent it, for which company, and who answered. */
export const StaffFeedback = Feedback.extend({
  company: z.object({ company_id: z.string(), name: z.string().nullable() }),
  sender: z.object({ full_name: z.string(), email: z.string() }),
  answered_by: z.string().nullable(),
});
export type StaffFeedback = z.infer<typeof StaffFeedback>;

const FeedbackId = z.object({ feedback_id: identifierText(64) }).strict();

// Clients -----------------------------------------------------------------------------------------

export const submitFeedback = defineCall({
  path: '/api/v1/feedback/submit',
  isIdempotent: true,
  errors: ['rate_limited'],
  summary: 'Sends the bank feedback: a category, a text and optionally a screenshot',
  request: FeedbackSubmitRequest,
  response: Feedback,
});

/** The screenshot goes through the documents' upload flow (documents.ts), as a deposit's proof does. */
export const authorizeFeedbackScreenshot = defineCall({
  path: '/api/v1/feedback/screenshotUpload',
  permission: 'session',
  errors: ['illegal_state'],
  summary: 'Authorise the upload of a screenshot for feedback and say where to send it',
  request: AuthorizeUploadRequest.omit({ section: true, kind: true }).strict(),
  response: UploadTicket,
});

export const completeFeedbackScreenshot = defineCall({
  path: '/api/v1/feedback/screenshotComplete',
  permission: 'session',
  errors: ['not_found', 'illegal_state'],
  summary: 'Check an uploaded screenshot by its content (JPEG or PNG) and size, and keep it for feedback',
  request: z.object({ upload_id: identifierText() }).strict(),
  response: DocumentRef,
});

export const listFeedback = defineCall({
  path: '/api/v1/feedback/list',
  permission: 'session',
  summary: "The caller's feedback, newest first, with the bank's answers (keyset pages)",
  request: PageRequest.strict(),
  response: page(Feedback),
});

export const getFeedback = defineCall({
  path: '/api/v1/feedback/get',
  permission: 'session',
  errors: ['not_found'],
  summary: 'One of the caller’s feedback with its answer',
  request: FeedbackId,
  response: Feedback,
});

// Staff -------------------------------------------------------------------------------------------

export const listStaffFeedback = defineCall({
  path: '/api/v1/admin/feedback/list',
  permission: 'feedback',
  summary: 'Back office: feedback from every company, newest first, open or answered or all (keyset pages)',
  request: PageRequest.extend({ status: FeedbackStatus.optional(), ...QueueSearch.shape }).strict(),
  response: page(StaffFeedback),
});

export const getStaffFeedback = defineCall({
  path: '/api/v1/admin/feedback/get',
  permission: 'feedback',
  errors: ['not_found'],
  summary: 'Back office: one feedback with its sender, company and screenshot',
  request: FeedbackId,
  response: StaffFeedback,
});

export const answerFeedback = defineCall({
  path: '/api/v1/admin/feedback/answer',
  permission: 'feedback',
  errors: ['not_found', 'illegal_state'],
  summary: 'Back office: answers open feedback once; the answer reaches the sender’s inbox',
  request: FeedbackId.extend({
    answer: requiredText(feedbackAnswerMaxLength, 'feedback.validation.answer_required'),
  }).strict(),
  response: StaffFeedback,
});
