/**
 * What makes an alert fire: one consumer per event (one line each in module.ts). Each finds the
 * alerts the event meets, keeps those whose user may still see what it tells (their role's
 * permissions, a card they reach), and tells each user once per event: a message in their inbox and
 * an email, in the consumer's transaction (the event is claimed with them, so a redelivery tells no
 * one twice). A balance alert fires on the ledger's crossing event (once per crossing); a payout
 * alert at the payout's submission; a purchase alert at the purchase's authorisation.
 */
import { cardAlertCurrency, permissionsOfAlertKind } from '@bank/contract/alerts';
import type { MessageContent, MessageLink } from '@bank/contract/inbox';
import type { EmailQueue } from '../../adapters/mail/email-queue.ts';
import type { DbHandle } from '../../platform/db.ts';
import type { EventConsumer } from '../../platform/events.ts';
import { parseAmount } from '../../platform/money.ts';
import type { DomainEvent } from '../../platform/outbox.ts';
import { companyUsersHolding, findUserById, languageOfUser } from '../account/index.ts';
import { usersReachingCard } from '../cards/index.ts';
import { deliverMessage } from '../inbox/index.ts';
import { type AlertFacts, alertEmail } from './emails.ts';
import { type AlertRow, alertById, companyAlertsOfKind } from './queries.ts';

type Notice = { facts: AlertFacts; message: MessageContent; link: MessageLink | null; at: Date };

/** Tells an alert's user, if still active: the inbox message and the email. */
async function tell(tx: DbHandle, emailQueue: EmailQueue, alert: AlertRow, notice: Notice, event: DomainEvent) {
  const user = await findUserById(tx, alert.user_id);
  if (user?.status !== 'active') return;
  await deliverMessage(tx, [user.id], {
    ...notice.message,
    link: notice.link,
    companyId: alert.company_id,
    at: notice.at,
    eventId: event.id,
  });
  await emailQueue.enqueue(tx, alertEmail(languageOfUser(user), user.email, notice.facts, notice.at), {
    companyId: alert.company_id,
  });
}

/** The company's users who still hold a permission the kind needs (their group may have changed since). */
async function usersWhoMaySee(tx: DbHandle, companyId: string, kind: AlertRow['kind']): Promise<Set<string>> {
  const holders = await Promise.all(
    permissionsOfAlertKind[kind].map((permission) => companyUsersHolding(tx, companyId, permission)),
  );
  return new Set(holders.flat().map((holder) => holder.id));
}

const amountOf = (row: AlertRow) => parseAmount(row.amount ?? '0');

export function balanceAlert(emailQueue: EmailQueue): EventConsumer<'balance.fell_below_threshold'> {
  return async (tx, crossing, event) => {
    if (crossing.watcher_user_id === null) return;
    const alert = await alertById(tx, crossing.threshold_id);
    if (alert?.kind !== 'balance_below') return;
    if (!(await usersWhoMaySee(tx, alert.company_id, alert.kind)).has(alert.user_id)) return;
    const threshold = { amount: crossing.threshold, asset: crossing.asset };
    const available = { amount: crossing.available, asset: crossing.asset };
    await tell(
      tx,
      emailQueue,
      alert,
      {
        facts: { kind: 'balance_below', threshold, available },
        message: {
          kind: 'alert_balance_below',
          params: { asset: crossing.asset, threshold: crossing.threshold, available: crossing.available },
        },
        link: null,
        at: new Date(crossing.at),
      },
      event,
    );
  };
}

export function payoutAlert(emailQueue: EmailQueue): EventConsumer<'payout.status_changed'> {
  return async (tx, payout, event) => {
    // Once per payout: at its submission (the first state it takes).
    if (payout.previous_status !== null) return;
    const amount = parseAmount(payout.amount);
    const met = (await companyAlertsOfKind(tx, payout.company_id, 'payout_above')).filter(
      (alert) => alert.asset === payout.asset && amount.gt(amountOf(alert)),
    );
    if (met.length === 0) return;
    const maySee = await usersWhoMaySee(tx, payout.company_id, 'payout_above');
    for (const alert of lowestPerUser(met).filter((candidate) => maySee.has(candidate.user_id))) {
      const threshold = { amount: amountOf(alert).toFixed(), asset: payout.asset };
      await tell(
        tx,
        emailQueue,
        alert,
        {
          facts: {
            kind: 'payout_above',
            amount: { amount: payout.amount, asset: payout.asset },
            threshold,
            destination: payout.destination_name,
          },
          message: {
            kind: 'alert_payout_above',
            params: {
              asset: payout.asset,
              amount: payout.amount,
              threshold: threshold.amount,
              destination: payout.destination_name,
            },
          },
          link: payout.transaction_id ? { page: 'transaction_detail', id: payout.transaction_id } : null,
          at: new Date(payout.at),
        },
        event,
      );
    }
  };
}

export function cardPurchaseAlert(emailQueue: EmailQueue): EventConsumer<'card.purchase_authorised'> {
  return async (tx, purchase, event) => {
    const amount = parseAmount(purchase.amount);
    const met = (await companyAlertsOfKind(tx, purchase.company_id, 'card_purchase_above')).filter((alert) =>
      amount.gt(amountOf(alert)),
    );
    if (met.length === 0) return;
    // Card managers reach every card of the company; a cardholder only their own.
    const reaching = new Set(await usersReachingCard(tx, purchase.company_id, purchase.card_id));
    for (const alert of lowestPerUser(met).filter((candidate) => reaching.has(candidate.user_id))) {
      const threshold = amountOf(alert).toFixed(2);
      await tell(
        tx,
        emailQueue,
        alert,
        {
          facts: {
            kind: 'card_purchase_above',
            amount: { amount: purchase.amount, asset: cardAlertCurrency },
            threshold: { amount: threshold, asset: cardAlertCurrency },
            merchant: purchase.merchant_name,
            last4: purchase.last4,
          },
          message: {
            kind: 'alert_card_purchase_above',
            params: { last4: purchase.last4, amount: purchase.amount, threshold, merchant: purchase.merchant_name },
          },
          link: { page: 'cards', id: null },
          at: new Date(purchase.at),
        },
        event,
      );
    }
  };
}

export function newDeviceAlert(emailQueue: EmailQueue): EventConsumer<'account.signed_in_from_new_device'> {
  return async (tx, signIn, event) => {
    if (!signIn.company_id) return;
    const own = (await companyAlertsOfKind(tx, signIn.company_id, 'new_device_sign_in')).find(
      (alert) => alert.user_id === signIn.user_id,
    );
    if (!own) return;
    await tell(
      tx,
      emailQueue,
      own,
      {
        facts: { kind: 'new_device_sign_in', device: signIn.device, ip: signIn.ip },
        message: { kind: 'alert_new_device_sign_in', params: { device: signIn.device, ip: signIn.ip ?? undefined } },
        link: { page: 'account', id: null },
        at: new Date(signIn.at),
      },
      event,
    );
  };
}

/** Of one user's alerts an event meets, the one with the lowest amount (one message per user and event). */
function lowestPerUser(met: readonly AlertRow[]): AlertRow[] {
  const byUser = new Map<string, AlertRow>();
  for (const alert of met) {
    const kept = byUser.get(alert.user_id);
    if (!kept || amountOf(alert).lt(amountOf(kept))) byUser.set(alert.user_id, alert);
  }
  return [...byUser.values()];
}
