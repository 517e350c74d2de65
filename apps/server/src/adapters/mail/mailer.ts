/**
 * Sending one email. With SMTP_URL: nodemailer over real SMTP. Without: the development mailbox, a
 * table shown at /dev/mailbox, so a newcomer reads the codes without any mail server. Callers never
 * send directly: they queue the email (email-queue.ts) and a job sends it.
 */
import nodemailer from 'nodemailer';
import type { DbHandle } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { devMailbox } from './dev-mailbox-table.ts';

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html: string;
};

export type Mailer = {
  kind: 'smtp' | 'dev_mailbox';
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
};

/** A mail server that does not answer must fail the job (which is retried), not hang it. */
const smtpTimeoutMs = 20_000;

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: smtpTimeoutMs,
    greetingTimeout: smtpTimeoutMs,
    socketTimeout: smtpTimeoutMs,
  });
  return {
    kind: 'smtp',
    async send(email) {
      await transport.sendMail({ from, to: email.to, subject: email.subject, text: email.text, html: email.html });
    },
    close: () => transport.close(),
  };
}

export function createDevMailboxMailer(handle: DbHandle): Mailer {
  return {
    kind: 'dev_mailbox',
    async send(email) {
      await handle.insert(devMailbox).values({ id: newId(), ...email });
    },
    close: () => undefined,
  };
}
