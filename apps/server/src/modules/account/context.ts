/**
 * What the account module's services are given (module.ts builds it from the module context), and
 * the checked body of a call as a service receives it. Each part of the module (sign-in/,
 * registration/, authenticator/, staff/) takes it.
 */
import type { z } from 'zod';
import type { EmailQueue } from '../../adapters/mail/email-queue.ts';
import type { AppDatabase } from '../../platform/db.ts';
import type { SecretBox } from '../../platform/secret-box.ts';

export type AccountDependencies = {
  db: AppDatabase;
  secretBox: SecretBox;
  emailQueue: EmailQueue;
  /** Codes one client address may have emailed per hour (config RATE_LIMIT_EMAIL_CODES_PER_CLIENT_PER_HOUR). */
  emailCodesPerClientPerHour: number;
  /** config PUBLIC_URL: the passkeys' relying party (else the address the caller reached us at). */
  publicUrl: string | undefined;
};

/** The checked body of a call: what a service step of the call takes. */
export type Body<Call> = z.output<Call extends { request: infer Request extends z.ZodType } ? Request : never>;
