/**
 * Emails leave through the job queue: a call writes the email as an outbox event in its own
 * transaction (so it is sent exactly when the change commits), and a job sends it, so that a slow
 * or failing mail server never slows or fails a request; a failed send is retried by the queue.
 *
 * The event is sealed with the server secret: an email can carry a code, and the outbox and job
 * tables must not hold codes readable by anyone with database access.
 */
import type { DbHandle } from '../../platform/db.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { writeEvent } from '../../platform/outbox.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { Mailer, OutgoingEmail } from './mailer.ts';

const emailRequestedEventType = 'mail.requested';
/** The subscriber name is the queue's name: keep it stable across releases. */
const emailSenderSubscriber = 'mail_sender';
const sealPurpose = 'queued-email';

type EmailRequestedPayload = { sealed: string };

export type EmailQueue = {
  /** Queues an email in the caller's transaction; it is sent only if that transaction commits. */
  enqueue(handle: DbHandle, email: OutgoingEmail, options?: { companyId?: string | null }): Promise<void>;
};

export function createEmailQueue(secretBox: SecretBox): EmailQueue {
  return {
    async enqueue(handle, email, options = {}) {
      const payload: EmailRequestedPayload = { sealed: secretBox.seal(sealPurpose, JSON.stringify(email)) };
      await writeEvent(handle, { type: emailRequestedEventType, payload, company_id: options.companyId ?? null });
    },
  };
}

export function registerEmailDelivery(jobs: Jobs, dependencies: { mailer: Mailer; secretBox: SecretBox }): void {
  jobs.onEvent(emailRequestedEventType, emailSenderSubscriber, async (event) => {
    const { sealed } = event.payload as EmailRequestedPayload;
    const email = JSON.parse(dependencies.secretBox.open(sealPurpose, sealed)) as OutgoingEmail;
    await dependencies.mailer.send(email);
  });
}
