/**
 * Who acts on a company's payouts: a signed-in company user, with what the session holds; and who
 * may cancel what waits for approval (a payout or a batch alike).
 */
import type { Language } from '@bank/contract/constants';
import { AppError } from '../../platform/errors.ts';
import type { SessionContext } from '../../platform/session.ts';

export type PayoutActor = {
  userId: string;
  companyId: string;
  session: SessionContext;
  ip: string;
  now: Date;
  language: Language;
};

/** A payout or a batch, as far as its cancelling goes. */
type Cancellable = { status: string; created_by: string };
type CancellingCaller = { userId: string; isAdministrator: boolean };

const isMakerOrAdministrator = (item: Cancellable, caller: CancellingCaller) =>
  item.created_by === caller.userId || caller.isAdministrator;

/**
 * Whether `caller` may cancel it now: it waits for approval, and the caller made it or is the
 * company's administrator (so that what no one may approve never waits forever).
 */
export function mayCancelWaiting(item: Cancellable, caller: CancellingCaller): boolean {
  return item.status === 'pending_approval' && isMakerOrAdministrator(item, caller);
}

/** The refusal of a cancel mayCancelWaiting does not allow: another user's (forbidden), or no longer waiting. */
export function requireCancellable(item: Cancellable, actor: PayoutActor): void {
  if (!isMakerOrAdministrator(item, { userId: actor.userId, isAdministrator: actor.session.role === 'administrator' }))
    throw new AppError('forbidden', {
      messageKey: 'payouts.errors.cancel_not_allowed',
      detail: 'only the maker or the administrator cancels',
    });
  if (item.status !== 'pending_approval')
    throw new AppError('illegal_state', { messageKey: 'payouts.errors.not_pending_approval' });
}
