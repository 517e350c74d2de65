/**
 * Security notices: a user is told by email of every change to how they sign in (a password
 * changed or reset, an authenticator paired, removed or reset by staff, a passkey added or removed, a recovery code used,
 * recovery codes made anew, a lock). Services record the change as an `account.security_changed`
 * event in the transaction of the change; the consumer below writes the email in the user's
 * language when it runs (one line in module.ts). Emailed codes are not notices: they are queued
 * directly, since the user is waiting for them.
 */
import type { AccountSecurityChange, DomainEventPayload } from '@bank/contract/events';
import type { EmailQueue } from '../../../adapters/mail/email-queue.ts';
import type { DbHandle } from '../../../platform/db.ts';
import { type EventConsumer, recordEvent } from '../../../platform/events.ts';
import { emailTime, noticeEmail } from '../account-emails.ts';
import { findUserById } from '../queries.ts';
import { languageOfUser } from '../user-info.ts';

type ChangeFacts = Omit<DomainEventPayload<'account.security_changed'>, 'user_id' | 'change' | 'at'>;

export async function recordSecurityChange(
  handle: DbHandle,
  user: { id: string; company_id: string | null },
  change: AccountSecurityChange,
  at: Date,
  facts: ChangeFacts = {},
): Promise<void> {
  await recordEvent(
    handle,
    'account.security_changed',
    { user_id: user.id, change, at: at.toISOString(), ...facts },
    { companyId: user.company_id },
  );
}

export function sendSecurityNotices(emailQueue: EmailQueue): EventConsumer<'account.security_changed'> {
  return async (tx, change) => {
    const user = await findUserById(tx, change.user_id);
    if (!user) return;
    const params = {
      time: emailTime(new Date(change.at)),
      left: change.recovery_codes_left ?? 0,
      failures: change.failures ?? 0,
      until: change.locked_until ? emailTime(new Date(change.locked_until)) : '',
      name: change.passkey_name ?? '',
    };
    await emailQueue.enqueue(tx, noticeEmail(languageOfUser(user), user.email, change.change, params), {
      companyId: user.company_id,
    });
  };
}
