/**
 * The inbox module: messages written from events (consumers.ts, one consumer per kind of event), and
 * the msg/* calls through which each user reads, marks and deletes their own.
 */
import { consumeEvent } from '../../platform/events.ts';
import type { AppModule } from '../../platform/module.ts';
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
  payoutBatchMessage,
  payoutStatusMessage,
  processorFailedMessage,
  securityChangeMessage,
  topUpStatusMessage,
} from './consumers.ts';
import { registerInboxCalls } from './routes.ts';

const subscriber = 'inbox';

export const inboxModule: AppModule = {
  name: 'inbox',
  register(app, context) {
    const db = context.database.db;
    const events = { jobs: context.jobs, db };
    consumeEvent(events, 'kyc.status_changed', subscriber, kycChangeMessage);
    consumeEvent(events, 'deposit.credited', subscriber, depositCreditedMessage);
    consumeEvent(events, 'payout.status_changed', subscriber, payoutStatusMessage);
    consumeEvent(events, 'payout_batch.status_changed', subscriber, payoutBatchMessage);
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

    registerInboxCalls(app, db);
  },
};
