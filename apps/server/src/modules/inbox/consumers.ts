/**
 * What becomes a message: each consumer turns one event of the outbox into a message for every user
 * allowed to see it, in the consumer's transaction (consumeEvent claims the event in the same
 * transaction, so a message is written once however often the event is delivered). Adding a kind
 * is a line in the contract's catalogue (inbox.ts) and a consumer here.
 */
import { seesEveryContactRequest } from '@bank/contract/contact-requests';
import { seesEveryOtcRequest } from '@bank/contract/exchange';
import type { MessageContent } from '@bank/contract/inbox';
import { holdsPermission, permissionsOf } from '@bank/contract/permissions';
import { staffRoles } from '@bank/contract/roles';
import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import type { EventConsumer } from '../../platform/events.ts';
import { parseAmount } from '../../platform/money.ts';
import { companies, companyUsersHolding, users } from '../account/index.ts';
import { cardholders, cardStock, cards, usersReachingCard } from '../cards/index.ts';
import { deliverMessage } from './queries.ts';

/** A KYC submission to its submitter; a decision to the company's users who keep its profile. */
export const kycChangeMessage: EventConsumer<'kyc.status_changed'> = async (tx, change, event) => {
  const at = new Date(change.at);
  if (!change.decision) {
    // A submission is confirmed to whoever submitted it.
    await deliverMessage(tx, [change.actor_user_id], {
      kind: 'kyc_submitted',
      params: {},
      link: { page: 'kyc', id: null },
      companyId: change.company_id,
      at,
      eventId: event.id,
    });
    return;
  }
  const readers = await companyUsersHolding(tx, change.company_id, 'company_profile');
  await deliverMessage(
    tx,
    readers.map((reader) => reader.id),
    {
      kind: `kyc_${change.decision}`,
      params: { reason: change.reason ?? undefined },
      link: { page: 'kyc', id: null },
      companyId: change.company_id,
      at,
      eventId: event.id,
    },
  );
};

/** Money in, to the company's users who may see its balances. */
export const depositCreditedMessage: EventConsumer<'deposit.credited'> = async (tx, deposit, event) => {
  const readers = await companyUsersHolding(tx, deposit.company_id, 'view_balances');
  await deliverMessage(
    tx,
    readers.map((reader) => reader.id),
    {
      kind: 'deposit_credited',
      params: { asset: deposit.asset, amount: deposit.amount, network: deposit.network ?? undefined },
      link: deposit.transaction_id ? { page: 'transaction_detail', id: deposit.transaction_id } : null,
      companyId: deposit.company_id,
      at: new Date(deposit.at),
      eventId: event.id,
    },
  );
};

const payoutMessageKinds = {
  admin_review: 'payout_in_review',
  in_process: 'payout_sent',
  success: 'payout_completed',
  rejected: 'payout_rejected',
  failed: 'payout_failed',
  cancelled: 'payout_cancelled',
} as const;

/**
 * A payout moved: waiting for approval, to the company's approvers other than its maker; any other
 * change, to its maker and the users who prepare payouts (the administrator among them).
 */
export const payoutStatusMessage: EventConsumer<'payout.status_changed'> = async (tx, payout, event) => {
  const isApprovalRequest = payout.status === 'pending_approval';
  const kind = isApprovalRequest
    ? 'payout_approval_requested'
    : payoutMessageKinds[payout.status as keyof typeof payoutMessageKinds];
  if (!kind) return;
  const holders = await companyUsersHolding(
    tx,
    payout.company_id,
    isApprovalRequest ? 'approve_payouts' : 'prepare_payouts',
  );
  const readers = isApprovalRequest
    ? holders.map((holder) => holder.id).filter((id) => id !== payout.maker_user_id)
    : [...new Set([payout.maker_user_id, ...holders.map((holder) => holder.id)])];
  await deliverMessage(tx, readers, {
    kind,
    params: {
      amount: payout.amount,
      asset: payout.asset,
      destination: payout.destination_name,
      reason: payout.reason ?? undefined,
      payout_kind: payout.kind,
    },
    link: payout.transaction_id ? { page: 'transaction_detail', id: payout.transaction_id } : null,
    companyId: payout.company_id,
    at: new Date(payout.at),
    eventId: event.id,
  });
};

/**
 * A batch of payouts: when it waits for approval, to the company's approvers but its maker; when it
 * is rejected, to its maker (with the approver's words). Its paid rows are payouts, told as above.
 */
export const payoutBatchMessage: EventConsumer<'payout_batch.status_changed'> = async (tx, batch, event) => {
  const isApprovalRequest = batch.status === 'pending_approval';
  if (!isApprovalRequest && batch.status !== 'rejected') return;
  const readers = isApprovalRequest
    ? (await companyUsersHolding(tx, batch.company_id, 'approve_payouts'))
        .map((holder) => holder.id)
        .filter((id) => id !== batch.maker_user_id)
    : [batch.maker_user_id];
  const facts = { file_name: batch.file_name, rows: String(batch.rows) };
  await deliverMessage(tx, readers, {
    ...(isApprovalRequest
      ? { kind: 'payout_batch_approval_requested', params: facts }
      : { kind: 'payout_batch_rejected', params: { ...facts, reason: batch.reason ?? undefined } }),
    link: { page: 'payout_batches', id: batch.batch_id },
    companyId: batch.company_id,
    at: new Date(batch.at),
    eventId: event.id,
  });
};

const topUpMessageKinds = {
  success: 'top_up_completed',
  returned: 'top_up_returned',
  cancelled: 'top_up_cancelled',
} as const;

/**
 * A card top-up ended (loaded, returned, cancelled), to its maker and the users who reach the card
 * (card managers, and its holder). Processing and retry are steps on the way, told on the top-up history.
 */
export const topUpStatusMessage: EventConsumer<'top_up.status_changed'> = async (tx, topUp, event) => {
  const kind = topUpMessageKinds[topUp.status as keyof typeof topUpMessageKinds];
  if (!kind) return;
  const readers = await usersReachingCard(tx, topUp.company_id, topUp.card_id);
  await deliverMessage(tx, [...new Set([topUp.maker_user_id, ...readers])], {
    kind,
    params: { amount: topUp.amount, last4: topUp.last4, asset: topUp.debit_asset },
    link: { page: 'top_up_history', id: null },
    companyId: topUp.company_id,
    at: new Date(topUp.at),
    eventId: event.id,
  });
};

/** A card application: its submission to its submitter; a decision to the submitter and the company's card managers. */
export const cardApplicationMessage: EventConsumer<'card_application.status_changed'> = async (tx, change, event) => {
  const isSubmission = change.status === 'pending';
  const holders = isSubmission ? [] : await companyUsersHolding(tx, change.company_id, 'card_management');
  await deliverMessage(tx, [...new Set([change.submitted_by_user_id, ...holders.map((holder) => holder.id)])], {
    kind: isSubmission
      ? 'card_application_submitted'
      : `card_application_${change.status === 'rejected' ? 'rejected' : 'approved'}`,
    params: { name: change.applicant_name, reason: change.reason ?? undefined },
    link: { page: 'cardholder_kyc', id: null },
    companyId: change.company_id,
    at: new Date(change.at),
    eventId: event.id,
  });
};

/**
 * A card moved: the company's card users hear what needs them or changes what the card
 * can do: it arrived in the post (activate it), a block, its lifting, an anomaly with its cause, its
 * end. The stages on its way to print and the post are on the card's timeline only.
 */
export const cardStatusMessage: EventConsumer<'card.operation_status_changed'> = async (tx, change, event) => {
  const isStageNew = change.from_stage !== change.operation_stage;
  if (isStageNew && (await programmeCardMessage(tx, change, event.id))) return;
  const kind =
    change.status === 'expired' && change.operation_stage === 'cancelled'
      ? 'card_expired'
      : change.status === 'cancelled' && isStageNew
        ? 'card_cancelled'
        : change.operation_stage === 'replacement_refused' && isStageNew
          ? 'card_replacement_refused'
          : change.operation_stage === 'awaiting_activation' && isStageNew
            ? 'card_awaiting_activation'
            : change.operation_stage === 'card_anomaly' && isStageNew
              ? 'card_anomaly'
              : change.status === 'blocked' && !isStageNew
                ? 'card_blocked'
                : change.status === 'active' && !isStageNew && change.operation_stage === 'activated'
                  ? 'card_unblocked'
                  : null;
  if (!kind) return;
  const content: MessageContent =
    kind === 'card_anomaly'
      ? { kind, params: { last4: change.last4, cause: change.anomaly_cause ?? undefined } }
      : { kind, params: { last4: change.last4 } };
  await tellCardUsers(tx, change, event.id, content, { link: 'cards', at: change.at });
};

/**
 * A programme card moved: the company's programme users hear when a print batch is ready
 * to bind, once per batch (told by the batch's first card, as every card of a batch is printed and
 * mailed together), and its card users when a card is bound (or rebound) to a holder, who activates
 * it. Answers whether the change was one of these.
 */
async function programmeCardMessage(
  tx: DbHandle,
  change: {
    company_id: string;
    card_id: string;
    last4: string;
    from_stage: string | null;
    operation_stage: string;
    at: string;
  },
  eventId: string,
): Promise<boolean> {
  if (change.operation_stage === 'printed_pending_bind') {
    const [stock] = await tx.select().from(cardStock).where(eq(cardStock.id, change.card_id));
    if (!stock) return false;
    const [first] = await tx
      .select({ id: cardStock.id })
      .from(cardStock)
      .where(eq(cardStock.batch_id, stock.batch_id))
      .orderBy(asc(cardStock.id))
      .limit(1);
    if (first?.id !== stock.id) return true;
    const [batch] = await tx
      .select({ quantity: count() })
      .from(cardStock)
      .where(eq(cardStock.batch_id, stock.batch_id));
    const readers = await companyUsersHolding(tx, change.company_id, 'card_programme');
    await deliverMessage(
      tx,
      readers.map((reader) => reader.id),
      {
        kind: 'programme_batch_ready_to_bind',
        params: { batch_number: stock.batch_number, quantity: String(batch?.quantity ?? 0) },
        link: { page: 'programme_cards', id: null },
        companyId: change.company_id,
        at: new Date(change.at),
        eventId,
      },
    );
    return true;
  }
  const isBinding =
    change.operation_stage === 'pending_rebind' ||
    (change.operation_stage === 'bound' && change.from_stage !== 'pending_rebind');
  if (!isBinding) return false;
  const [holder] = await tx
    .select({ first_name: cardholders.first_name, last_name: cardholders.last_name })
    .from(cards)
    .innerJoin(cardholders, eq(cardholders.id, cards.cardholder_id))
    .where(eq(cards.id, change.card_id));
  // Bound to nobody the company knows (a card outside the programme's cardholders): nothing to tell.
  if (!holder) return true;
  await tellCardUsers(
    tx,
    change,
    eventId,
    {
      kind: 'programme_card_bound',
      params: { last4: change.last4, cardholder_name: `${holder.first_name} ${holder.last_name}` },
    },
    { link: 'cards', at: change.at },
  );
  return true;
}

/**
 * What was left on an ended card came back to the company's stable coin: the company's card users
 * and those who see its balances hear it, with the history line to open.
 */
export const cardBalanceReturnedMessage: EventConsumer<'card.balance_returned'> = async (tx, returned, event) => {
  const cardUsers = await companyUsersHolding(tx, returned.company_id, 'cards');
  const balanceReaders = await companyUsersHolding(tx, returned.company_id, 'view_balances');
  await deliverMessage(tx, [...new Set([...cardUsers, ...balanceReaders].map((reader) => reader.id))], {
    kind: 'card_balance_returned',
    params: {
      last4: returned.last4,
      cause: returned.cause,
      amount: returned.amount,
      asset: returned.asset,
      credited_amount: returned.credited_amount,
      rate: returned.rate,
    },
    link: { page: 'transaction_detail', id: returned.transaction_id },
    companyId: returned.company_id,
    at: new Date(returned.at),
    eventId: event.id,
  });
};

export const cardActivatedMessage: EventConsumer<'card.activated'> = async (tx, activation, event) => {
  await tellCardUsers(
    tx,
    activation,
    event.id,
    { kind: 'card_activated', params: { last4: activation.last4 } },
    { link: 'cards', at: activation.at },
  );
};

export const cardAutoRenewalFailedMessage: EventConsumer<'card.auto_renewal_failed'> = async (tx, failure, event) => {
  await tellCardUsers(
    tx,
    failure,
    event.id,
    {
      kind: 'card_auto_renewal_failed',
      params: { last4: failure.last4, amount: failure.amount, asset: failure.asset, due_on: failure.due_on },
    },
    { link: 'renewals', at: failure.at },
  );
};

/** A lost, stolen or damaged card blocked at once whose replacement waits on its fee: the card users hear it. */
export const cardReplacementFeeOwedMessage: EventConsumer<'card.replacement_fee_owed'> = async (tx, owed, event) => {
  await tellCardUsers(
    tx,
    owed,
    event.id,
    { kind: 'card_replacement_fee_owed', params: { last4: owed.last4, amount: owed.amount } },
    { link: 'cards', at: owed.at },
  );
};

/** An owed membership term the schedule could not take: the users who pay membership fees hear it. */
export const membershipFeeFailedMessage: EventConsumer<'programme.membership_fee_failed'> = async (
  tx,
  failure,
  event,
) => {
  const readers = await companyUsersHolding(tx, failure.company_id, 'programme_fees');
  await deliverMessage(
    tx,
    readers.map((reader) => reader.id),
    {
      kind: 'programme_membership_fee_failed',
      params: { last4: failure.last4, amount: failure.amount, due_on: failure.due_on },
      link: { page: 'programme_fees', id: null },
      companyId: failure.company_id,
      at: new Date(failure.at),
      eventId: event.id,
    },
  );
};

/** What happened to a card, to the users who reach it (card managers, and its holder). */
async function tellCardUsers(
  tx: DbHandle,
  card: { company_id: string; card_id: string },
  eventId: string,
  content: MessageContent,
  where: { link: 'cards' | 'renewals'; at: string },
) {
  const companyId = card.company_id;
  await deliverMessage(tx, await usersReachingCard(tx, companyId, card.card_id), {
    ...content,
    link: { page: where.link, id: null },
    companyId,
    at: new Date(where.at),
    eventId,
  });
}

/** A change to how a user signs in, to that user (the email says it too). */
export const securityChangeMessage: EventConsumer<'account.security_changed'> = async (tx, change, event) => {
  await deliverMessage(tx, [change.user_id], {
    kind: 'security_changed',
    params: { change: change.change },
    link: { page: 'account', id: null },
    companyId: null,
    at: new Date(change.at),
    eventId: event.id,
  });
};

/** Readers written to in one statement: an announcement to every company reaches many users. */
const readersPerInsert = 1000;

/** Every user of the given companies, or of every company (the bank's staff belong to none). */
async function usersOfCompanies(handle: DbHandle, companyIds: readonly string[] | 'all'): Promise<string[]> {
  if (companyIds !== 'all' && companyIds.length === 0) return [];
  const rows = await handle
    .select({ id: users.id })
    .from(users)
    .where(
      and(isNotNull(users.company_id), companyIds === 'all' ? undefined : inArray(users.company_id, [...companyIds])),
    )
    .orderBy(asc(users.id));
  return rows.map((row) => row.id);
}

/**
 * An announcement whose window opened, to every user of its audience: each company's users, whatever
 * their permissions (an announcement is for everyone at the client). The three titles travel in the
 * params, and the reader's language picks one at the time of reading.
 */
export const announcementMessage: EventConsumer<'announcement.published'> = async (tx, announcement, event) => {
  const readers = await usersOfCompanies(
    tx,
    announcement.audience === 'all_companies' ? 'all' : announcement.company_ids,
  );
  for (let start = 0; start < readers.length; start += readersPerInsert) {
    await deliverMessage(tx, readers.slice(start, start + readersPerInsert), {
      kind: 'announcement_published',
      params: {
        title_en: announcement.title_en,
        title_ch: announcement.title_ch,
        title_jp: announcement.title_jp,
      },
      link: { page: 'announcement', id: announcement.announcement_id },
      companyId: null,
      at: new Date(announcement.at),
      eventId: event.id,
    });
  }
};

/** Staff answered feedback: its sender reads the answer on their feedback page. */
export const feedbackAnsweredMessage: EventConsumer<'feedback.answered'> = async (tx, answered, event) => {
  await deliverMessage(tx, [answered.user_id], {
    kind: 'feedback_answered',
    params: {},
    link: { page: 'feedback', id: answered.feedback_id },
    companyId: answered.company_id,
    at: new Date(answered.at),
    eventId: event.id,
  });
};

/** Staff handled a request to be contacted: the requester is told, with the product's page. */
export const contactRequestHandledMessage: EventConsumer<'contact_request.handled'> = async (tx, handled, event) => {
  await deliverMessage(tx, [handled.user_id], {
    kind: 'contact_request_handled',
    params: { product: handled.product },
    link: { page: handled.product, id: null },
    companyId: handled.company_id,
    at: new Date(handled.at),
    eventId: event.id,
  });
};

/** The staff roles that read the shared queue of companies without a relationship manager. */
const sharedQueueRoles = staffRoles.filter(
  (role) => holdsPermission(permissionsOf({ role }), 'contact_requests') && seesEveryContactRequest(role),
);

/**
 * A new request to be contacted, to the queue it is in: the company's relationship manager, or the
 * staff who read the shared queue when it has none.
 */
export const contactRequestSentMessage: EventConsumer<'contact_request.sent'> = async (tx, sent, event) => {
  const [company] = await tx
    .select({ manager: companies.relationship_manager_id })
    .from(companies)
    .where(eq(companies.id, sent.company_id));
  const readers = company?.manager
    ? [company.manager]
    : (
        await tx
          .select({ id: users.id })
          .from(users)
          .where(inArray(users.role, [...sharedQueueRoles]))
          .orderBy(asc(users.id))
      ).map((row) => row.id);
  for (let start = 0; start < readers.length; start += readersPerInsert) {
    await deliverMessage(tx, readers.slice(start, start + readersPerInsert), {
      kind: 'contact_request_received',
      params: { product: sent.product },
      link: { page: 'admin_contact_requests', id: null },
      companyId: sent.company_id,
      at: new Date(sent.at),
      eventId: event.id,
    });
  }
};

/**
 * An FX conversion or a settled OTC trade, to the company's users who may see its balances (a fiat
 * deposit's conversion is told by its own `deposit.credited`).
 */
export const conversionMessage: EventConsumer<'conversion.made'> = async (tx, conversion, event) => {
  if ((conversion.source !== 'fx' && conversion.source !== 'otc') || !conversion.transaction_id) return;
  const readers = await companyUsersHolding(tx, conversion.company_id, 'view_balances');
  await deliverMessage(
    tx,
    readers.map((reader) => reader.id),
    {
      kind: conversion.source === 'fx' ? 'fx_converted' : 'otc_settled',
      params: {
        from_asset: conversion.from_currency,
        from_amount: conversion.from_amount,
        to_asset: conversion.to_asset,
        amount_received: parseAmount(conversion.to_amount).minus(parseAmount(conversion.fee)).toFixed(),
        rate: conversion.rate,
      },
      link: { page: 'transaction_detail', id: conversion.transaction_id },
      companyId: conversion.company_id,
      at: new Date(conversion.at),
      eventId: event.id,
    },
  );
};

/** The desk answered an OTC request: the company's users who may trade are told, to accept or decline in time. */
export const otcQuotedMessage: EventConsumer<'otc.quoted'> = async (tx, quoted, event) => {
  const readers = await companyUsersHolding(tx, quoted.company_id, 'exchange');
  await deliverMessage(
    tx,
    readers.map((reader) => reader.id),
    {
      kind: 'otc_quoted',
      params: {
        from_asset: quoted.from,
        from_amount: quoted.amount,
        to_asset: quoted.to,
        amount_received: quoted.amount_received,
        rate: quoted.rate,
        expires_at: quoted.expires_at,
      },
      link: { page: 'otc', id: quoted.request_id },
      companyId: quoted.company_id,
      at: new Date(quoted.at),
      eventId: event.id,
    },
  );
};

/** The staff roles that answer OTC requests of companies without a relationship manager. */
const sharedOtcDeskRoles = staffRoles.filter(
  (role) => holdsPermission(permissionsOf({ role }), 'otc_desk') && seesEveryOtcRequest(role),
);

/** A new OTC request, to the desk it is in: the company's relationship manager, or the shared desk. */
export const otcRequestedMessage: EventConsumer<'otc.requested'> = async (tx, requested, event) => {
  const [company] = await tx
    .select({ manager: companies.relationship_manager_id })
    .from(companies)
    .where(eq(companies.id, requested.company_id));
  const readers = company?.manager
    ? [company.manager]
    : (
        await tx
          .select({ id: users.id })
          .from(users)
          .where(inArray(users.role, [...sharedOtcDeskRoles]))
          .orderBy(asc(users.id))
      ).map((row) => row.id);
  for (let start = 0; start < readers.length; start += readersPerInsert) {
    await deliverMessage(tx, readers.slice(start, start + readersPerInsert), {
      kind: 'otc_request_received',
      params: { from_asset: requested.from, from_amount: requested.amount, to_asset: requested.to },
      link: { page: 'admin_otc', id: requested.request_id },
      companyId: requested.company_id,
      at: new Date(requested.at),
      eventId: event.id,
    });
  }
};

/** The staff roles that review cards: told when the card processor failed a company's request. */
const cardReviewRoles = staffRoles.filter((role) => holdsPermission(permissionsOf({ role }), 'card_review'));

/**
 * The card processor failed a company user's request: the bank's card staff are told which company
 * to contact about what (the user was told the bank will contact them).
 */
export const processorFailedMessage: EventConsumer<'card.processor_failed'> = async (tx, failure, event) => {
  const [company] = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, failure.company_id));
  const readers = (
    await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.role, [...cardReviewRoles]))
      .orderBy(asc(users.id))
  ).map((row) => row.id);
  for (let start = 0; start < readers.length; start += readersPerInsert) {
    await deliverMessage(tx, readers.slice(start, start + readersPerInsert), {
      kind: 'card_processor_failed',
      params: { company_name: company?.name ?? '', action: failure.action, fault: failure.fault },
      link: null,
      companyId: failure.company_id,
      at: new Date(failure.at),
      eventId: event.id,
    });
  }
};
