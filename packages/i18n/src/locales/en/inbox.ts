import { inboxBell } from './inbox-bell.ts';

/** The inbox: the header's bell and the messages drawer, each message written from its facts. */
export const inbox = {
  title: 'Messages',
  close: 'Close messages',
  bell: inboxBell,
  categories: {
    all: 'All',
    account: 'Account',
    transactions: 'Transactions',
    cards: 'Cards',
    announcements: 'Announcements',
    support: 'Support',
  },
  categories_label: 'Message categories',
  unread_only: 'Unread only',
  mark_all_read: 'Mark all as read',
  marked_all_read: 'All messages marked as read.',
  mark_read: 'Mark as read',
  delete: 'Delete message',
  deleted: 'Message deleted.',
  open: 'Open',
  unread: 'Unread',
  load_more: 'Load more',
  all_loaded: 'No more messages',
  empty: {
    title: 'No messages yet',
    text: 'We will tell you here when your KYC is decided, money arrives or something changes on your account.',
  },
  empty_unread: {
    title: 'All caught up',
    text: 'You have read every message here.',
  },
  reason: 'Reason: {{reason}}',
  alert_note: 'You set this alert. Change or remove it on the Alerts page.',
  kinds: {
    alert_balance_below: {
      title: 'Balance below your alert',
      body: 'Your available balance is now {{available}}, below the {{threshold}} of your alert.',
    },
    alert_payout_above: {
      title: 'Large payout submitted',
      body: 'A payout of {{amount}} to {{destination}} was submitted, above the {{threshold}} of your alert.',
    },
    alert_card_purchase_above: {
      title: 'Large card purchase',
      body: 'Card •••• {{last4}} was used for {{amount}} at {{merchant}}, above the {{threshold}} of your alert.',
    },
    alert_new_device_sign_in: {
      title: 'Sign-in from a new device',
      body: 'You signed in from {{device}} (address {{ip}}), a device you have not used recently.',
      body_no_address: 'You signed in from {{device}}, a device you have not used recently.',
    },
    kyc_submitted: {
      title: 'KYC submitted',
      body: 'Your company’s KYC application was received. We will tell you here once it is reviewed.',
    },
    kyc_approved: {
      title: 'KYC approved',
      body: 'Your company’s KYC was approved. Deposits, transfers and cards are open to you.',
    },
    kyc_rejected: {
      title: 'KYC not accepted',
      body: 'Your company’s KYC application was not accepted. Read the reason, correct the sections concerned and submit it again.',
    },
    kyc_refused: {
      title: 'KYC refused',
      body: 'Your company’s KYC application was refused. This decision is final, so it cannot be submitted again. Please contact your relationship manager, or write to us with “Send feedback”.',
    },
    kyc_returned: {
      title: 'KYC needs corrections',
      body: 'Your company’s KYC application was returned for corrections. Correct the marked sections and submit it again.',
    },
    payout_approval_requested: {
      title: 'A payout waits for your approval',
      body: '{{amount}} {{asset}} to {{destination}}, submitted by a colleague.',
    },
    payout_in_review: {
      title: 'Payout in review',
      body: '{{amount}} {{asset}} to {{destination}} is being reviewed by the bank.',
    },
    payout_sent: { title: 'Payout sent', body: '{{amount}} {{asset}} to {{destination}} is on its way.' },
    payout_completed: { title: 'Payout completed', body: '{{amount}} {{asset}} to {{destination}} has been paid.' },
    payout_rejected: {
      title: 'Payout rejected',
      body: '{{amount}} {{asset}} to {{destination}} was rejected. The amount and fee are back in your balance.',
    },
    payout_cancelled: {
      title: 'Payout cancelled',
      body: '{{amount}} {{asset}} to {{destination}} was cancelled before approval. The amount and fee are back in your balance.',
    },
    payout_failed: {
      title: 'Payout failed',
      body: '{{amount}} {{asset}} to {{destination}} failed. The amount and fee are back in your balance.',
    },
    payout_batch_approval_requested: {
      title: 'A batch of payouts waits for your approval',
      body_one: 'A colleague submitted {{file}}: {{count}} payout.',
      body_other: 'A colleague submitted {{file}}: {{count}} payouts.',
    },
    payout_batch_rejected: {
      title: 'Batch of payouts rejected',
      body_one: '{{file}} ({{count}} payout) was rejected. The amounts and fees are back in your balance.',
      body_other: '{{file}} ({{count}} payouts) was rejected. The amounts and fees are back in your balance.',
    },
    deposit_credited: {
      title: 'Deposit credited',
      body: '{{amount}} {{asset}} was credited to your account.',
      body_network: '{{amount}} {{asset}} on {{network}} was credited to your account.',
    },
    feedback_answered: {
      title: 'Your feedback was answered',
      body: 'The bank answered your feedback. Open it to read the answer.',
    },
    contact_request_handled: {
      title: 'Your request was handled',
      body: 'Your relationship manager handled your request about {{product}}.',
    },
    contact_request_received: {
      title: 'New contact request',
      body: 'A client asks to be contacted about {{product}}.',
    },
    fx_converted: { title: 'Conversion made', body: '{{from_amount}} converted to {{amount_received}}.' },
    otc_quoted: {
      title: 'Your OTC quote is ready',
      body: '{{from_amount}} to {{to_asset}}: you would receive {{amount_received}}. Accept or decline it on the OTC page before it expires.',
    },
    otc_settled: { title: 'OTC trade settled', body: '{{from_amount}} exchanged for {{amount_received}}.' },
    otc_request_received: {
      title: 'New OTC request',
      body: 'A client asks for a quote: {{from_amount}} to {{to_asset}}.',
    },
    top_up_completed: { title: 'Card topped up', body: '{{amount}} USD was loaded onto card •••• {{last4}}.' },
    top_up_returned: {
      title: 'Card top-up returned',
      body: 'The top-up of {{amount}} USD to card •••• {{last4}} was returned; the {{asset}} reserved for it was released.',
    },
    top_up_cancelled: {
      title: 'Card top-up cancelled',
      body: 'The top-up of {{amount}} USD to card •••• {{last4}} was cancelled; the {{asset}} reserved for it was released.',
    },
    card_application_submitted: {
      title: 'Card application submitted',
      body: 'The card application for {{name}} is with our team for review ({{days}} working days).',
    },
    card_application_approved: {
      title: 'Card application approved',
      body: 'The card for {{name}} is ordered: it is printed and mailed once the processor has checked the cardholder’s KYC.',
    },
    card_application_rejected: {
      title: 'Card application rejected',
      body: 'The card application for {{name}} was rejected, and the card cost released.',
    },
    card_awaiting_activation: {
      title: 'Your card is on its way',
      body: 'Card •••• {{last4}} was mailed. Activate it with the KIT code and activation code of its letter when it arrives.',
    },
    card_activated: { title: 'Card activated', body: 'Card •••• {{last4}} is active.' },
    card_blocked: {
      title: 'Card blocked',
      body: 'Card •••• {{last4}} was blocked. Its details say who blocked it and why.',
    },
    card_unblocked: { title: 'Card unblocked', body: 'Card •••• {{last4}} works again.' },
    card_anomaly: {
      title: 'Card anomaly',
      body: 'The processor reports an anomaly on card •••• {{last4}}: {{cause}}.',
      body_no_cause: 'The processor reports an anomaly on card •••• {{last4}}. Its details say more.',
    },
    card_expired: {
      title: 'Card expired',
      body: 'Card •••• {{last4}} reached its end date without a renewal and no longer works.',
    },
    card_cancelled: { title: 'Card cancelled', body: 'Card •••• {{last4}} is cancelled and no longer works.' },
    card_replacement_refused: {
      title: 'Replacement refused',
      body: 'The card processor refused to issue a replacement card. The card it was to replace can be replaced again or cancelled.',
    },
    card_balance_returned: {
      title: 'Card balance returned',
      body: 'Card •••• {{last4}} {{ending}}: the {{amount}} USD left on it came back to your account as {{credited}} (rate: {{rate}}).',
      endings: { expired: 'expired', cancelled: 'was cancelled' },
    },
    card_auto_renewal_failed: {
      title: 'Automatic renewal failed',
      body: 'The annual fee of card •••• {{last4}} ({{amount}} USD) could not be taken from your {{asset}}, due {{due_on}}. Top up your balance or renew it on the renewals page.',
    },
    card_replacement_fee_owed: {
      title: 'Replacement waits on its fee',
      body: 'Card •••• {{last4}} is blocked for good. Its replacement fee ({{amount}} USD) could not be taken from your balance, so the replacement card is not ordered yet. Add funds, then pay the fee on the card.',
    },
    card_processor_failed: {
      title: 'Card processor failure: contact the client',
      body_unavailable:
        'The card processor did not answer when {{company}} tried to {{action}}. Nothing was done, and the client was told we will contact them shortly.',
      body_malformed:
        'The card processor gave an answer the product cannot read when {{company}} tried to {{action}}. Nothing was done in the product; check the card at the processor and contact the client.',
      actions: {
        username_check: 'check a cardholder’s username',
        card_application: 'submit a card application',
        cardholder_update: 'correct a cardholder’s details',
        activation: 'activate a card',
        set_pin: 'set a card’s PIN',
        block: 'block a card',
        unblock: 'unblock a card',
        replacement: 'order a replacement card',
        mailing_address: 'change a card’s mailing address',
        cancellation: 'cancel a card',
        renewal: 'renew a card',
        top_up: 'top up a card',
        programme_binding: 'bind a programme card',
        programme_unbinding: 'unbind a programme card',
      },
    },
    programme_batch_ready_to_bind: {
      title: 'Printed cards ready to bind',
      body: 'Print batch {{batch_number}} ({{quantity}} cards) has been printed and mailed to you. Bind its cards to your cardholders.',
    },
    programme_card_bound: {
      title: 'Card bound',
      body: 'Card •••• {{last4}} is bound to {{cardholder_name}}: activate it with the codes of its letter.',
    },
    programme_membership_fee_failed: {
      title: 'Membership fee not paid',
      body: 'The membership fee of card •••• {{last4}} ({{amount}} USD, due {{due_on}}) could not be taken: neither USDC nor USDT covered it. Add funds or pay it from the membership fees page.',
    },
    announcement_published: {
      title: 'New announcement',
      body: 'The bank published an announcement. Open it to read it in full.',
    },
    security_changed: {
      title: 'Security change',
      changes: {
        password_changed: 'Your password was changed.',
        password_reset: 'Your password was reset.',
        authenticator_paired: 'An authenticator app was paired with your account.',
        authenticator_removed: 'Your authenticator app was removed.',
        authenticator_reset: 'Our staff reset your authenticator after checking your identity.',
        recovery_code_used: 'A recovery code was used to sign in.',
        recovery_codes_regenerated: 'New recovery codes were made; the old ones no longer work.',
        passkey_added: 'A passkey was added to your account.',
        passkey_removed: 'A passkey was removed from your account.',
        account_locked: 'Your account was locked for a while after repeated failed sign-ins.',
      },
      not_you: 'If this was not you, contact the bank at once.',
    },
  },
};
