/**
 * Domain events: what happened, recorded by a service in the transaction of the change and handed
 * to consumers (emails now; the inbox and webhooks later) through the job queue. One line per
 * event: its type and the schema of its payload, which the server checks when recording it and
 * again when a consumer reads it. Payloads hold facts and ids, never text for a reader: consumers
 * compose messages in each reader's language when they run.
 */
import { z } from 'zod';
import { AccountKycStatus } from './states.ts';

export const domainEventSchemas = {
  /** A company's KYC moved: submitted by a user, or decided by staff (approve, reject, return). */
  'kyc.status_changed': z.object({
    company_id: z.string(),
    from: AccountKycStatus,
    to: AccountKycStatus,
    round: z.number().int(),
    /** Who made the change: the submitting user, or the member of staff who decided. */
    actor_user_id: z.string(),
    decision: z.enum(['approved', 'rejected', 'returned']).optional(),
    reason: z.string().nullable().optional(),
    at: z.string(),
  }),
} as const;

export type DomainEventType = keyof typeof domainEventSchemas;
export type DomainEventPayload<Type extends DomainEventType> = z.output<(typeof domainEventSchemas)[Type]>;
