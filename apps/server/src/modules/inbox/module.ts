/**
 * The inbox module (organisation issue, part 3): messages written from events, and the msg/* calls
 * through which each user reads, marks and deletes their own.
 */
import {
  clearMessages,
  countUnreadMessages,
  deleteMessage,
  listMessageBoxes,
  listMessages,
  readMessage,
} from '@bank/contract/inbox';
import { consumeEvent } from '../../platform/events.ts';
import type { AppModule } from '../../platform/module.ts';
import { registerCall } from '../../platform/route.ts';
import {
  announcementMessage,
  cardActivatedMessage,
  cardApplicationMessage,
  cardAutoRenewalFailedMessage,
  cardBalanceReturnedMessage,
  cardReplacementFeeOwedMessage,
  cardStatusMessage,
  contactRequestHandledMessage,
  contactRequestSentMessage,
  conversionMessage,
  depositCreditedMessage,
  feedbackAnsweredMessage,
  kycChangeMessage,
  membershipFeeFailedMessage,
  otcQuotedMessage,
  otcRequestedMessage,
  payoutStatusMessage,
  processorFailedMessage,
  securityChangeMessage,
  topUpStatusMessage,
} from './consumers.ts';
import { markAllRead, markRead, messageBoxes, messagePage, removeMessage, unreadCount } from './messages.ts';

const subscriber = 'inbox';

export const inboxModule: AppModule = {
  name: 'inbox',
  register(app, context) {
    const db = context.database.db;
    const events = { jobs: context.jobs, db };
    consumeEvent(events, 'kyc.status_changed', subscriber, kycChangeMessage);
    consumeEvent(events, 'deposit.credited', subscriber, depositCreditedMessage);
    consumeEvent(events, 'payout.status_changed', subscriber, payoutStatusMessage);
    consumeEvent(events, 'account.security_changed', subscriber, securityChangeMessage);
    consumeEvent(events, 'announcement.published', subscriber, announcementMessage);
    consumeEvent(events, 'feedback.answered', subscriber, feedbackAnsweredMessage);
    consumeEvent(events, 'contact_request.handled', subscriber, contactRequestHandledMessage);
    consumeEvent(events, 'contact_request.sent', subscriber, contactRequestSentMessage);
    consumeEvent(events, 'conversion.made', subscriber, conversionMessage);
    consumeEvent(events, 'otc.quoted', subscriber, otcQuotedMessage);
    consumeEvent(events, 'otc.requested', subscriber, otcRequestedMessage);
    consumeEvent(events, 'top_up.status_changed', subscriber, topUpStatusMessage);
    consumeEvent(events, 'card_application.status_changed', subscriber, cardApplicationMessage);
    consumeEvent(events, 'card.operation_status_changed', subscriber, cardStatusMessage);
    consumeEvent(events, 'card.activated', subscriber, cardActivatedMessage);
    consumeEvent(events, 'card.balance_returned', subscriber, cardBalanceReturnedMessage);
    consumeEvent(events, 'card.auto_renewal_failed', subscriber, cardAutoRenewalFailedMessage);
    consumeEvent(events, 'card.replacement_fee_owed', subscriber, cardReplacementFeeOwedMessage);
    consumeEvent(events, 'programme.membership_fee_failed', subscriber, membershipFeeFailedMessage);
    consumeEvent(events, 'card.processor_failed', subscriber, processorFailedMessage);

    registerCall(app, listMessages, (body, call) => messagePage(db, call.session.user_id, body));
    registerCall(app, readMessage, (body, call) => markRead(db, call.session.user_id, body.message_id, call.now));
    registerCall(app, countUnreadMessages, async (_body, call) => ({
      unread: await unreadCount(db, call.session.user_id),
    }));
    registerCall(app, clearMessages, async (body, call) => ({
      marked: await markAllRead(db, call.session.user_id, body.category, call.now),
    }));
    registerCall(app, listMessageBoxes, async (_body, call) => ({
      boxes: await messageBoxes(db, call.session.user_id),
    }));
    registerCall(app, deleteMessage, async (body, call) => {
      await removeMessage(db, call.session.user_id, body.message_id);
      return null;
    });
  },
};
