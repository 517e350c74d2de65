/** Company KYC on the server: the emails of a submission and of each review decision, and refusals. */
export const kycEmail = {
  submitted: {
    subject: 'We have received your KYC',
    title: 'KYC received',
    body: 'The KYC of {{company}} was submitted for review at {{time}}. Our compliance team usually reviews it within {{days}} working days; until then its sections cannot be changed. We will email you the decision.',
  },
  approved: {
    subject: 'Your KYC is approved',
    title: 'KYC approved',
    body: 'The KYC of {{company}} was approved at {{time}}. Deposits, transfers, cards and the other features of your account are now open to you.',
  },
  rejected: {
    subject: 'Your KYC was not accepted',
    title: 'KYC not accepted',
    body: 'The KYC of {{company}} was not accepted at {{time}}. You may correct the sections concerned and submit it again.',
  },
  returned: {
    subject: 'Your KYC needs changes',
    title: 'KYC returned for changes',
    body: 'The KYC of {{company}} was returned to you for changes at {{time}}. Please update the sections concerned and submit it again.',
  },
  refused: {
    subject: 'Your KYC application was refused',
    title: 'KYC refused',
    body: 'The KYC of {{company}} was refused at {{time}}. This decision is final: the application cannot be corrected or submitted again.',
    next_steps:
      'If you have a question about this decision, or your company’s circumstances have changed, please contact your relationship manager, or write to us with “Send feedback” in your account menu.',
  },
  reason: 'Reason given by the bank: {{reason}}',
  unnamed_company: 'your company',
  messages: {
    not_editable: 'Your KYC cannot be changed in its current state.',
    refused_final:
      'Your company’s KYC was refused and cannot be changed or submitted again. Please contact your relationship manager.',
    document_unknown: 'This document was not found. Please upload it again.',
    signature_not_allowed: 'A signature cannot be uploaded to this section.',
    upload_not_received: 'The file has not arrived yet. Please upload it again.',
    upload_finished: 'This upload has already been completed or refused. Please upload the file again.',
    upload_expired: 'This upload has expired. Please upload the file again.',
    phone_link_invalid: 'This upload link is not valid. Create a new one on your computer.',
    phone_link_expired: 'This upload link has expired. Create a new one on your computer.',
    phone_link_used: 'This upload link has already been used. Create a new one on your computer.',
    phone_link_attempts: 'This upload link has been tried too many times. Create a new one on your computer.',
  },
} as const;

type Messages<T> = { [Key in keyof T]: T[Key] extends string ? string : Messages<T[Key]> };
/** The shape the other locales fill in: every key of English, any wording. */
export type KycEmailMessages = Messages<typeof kycEmail>;
