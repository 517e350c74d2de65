/** Alerts (/alerts): the alerts a user sets for themselves, and their emails. */
export const alerts = {
  kinds: {
    balance_below: 'Balance below',
    payout_above: 'Payout above',
    card_purchase_above: 'Card purchase above',
    new_device_sign_in: 'Sign-in from a new device',
  },
  kind_descriptions: {
    balance_below: 'When your company’s available balance of an asset falls below an amount.',
    payout_above: 'When anyone in your company submits a payout above an amount.',
    card_purchase_above: 'When a card you can see is used for a purchase above an amount.',
    new_device_sign_in: 'When you sign in from a browser or device you have not used recently.',
  },
  list: {
    title: 'Your alerts',
    description:
      'Each alert is sent once, to your messages and by email, when it happens: a balance when it falls below your amount (again only after it has gone back above), a payout or a purchase once each. Only you receive your alerts.',
    empty_title: 'No alerts yet',
    empty: 'Add an alert to hear at once about low balances, large payouts, large card purchases or a new sign-in.',
    add: 'Add alert',
    edit: 'Change',
    remove: 'Remove',
    kind: 'Alert',
    condition: 'Condition',
    balance_below: 'Available {{asset}} below {{amount}}',
    payout_above: 'Payout in {{asset}} above {{amount}}',
    card_purchase_above: 'Card purchase above {{amount}}',
    new_device_sign_in: 'Any sign-in from a new device',
    actions: 'Actions',
    limit: 'You have {{count}} of {{max}} alerts.',
  },
  form: {
    add_title: 'Add an alert',
    edit_title: 'Change the alert',
    kind: 'What to watch',
    asset: 'Asset',
    amount: 'Amount',
    amount_usd: 'Amount (USD)',
    save: 'Save alert',
    cancel: 'Cancel',
    saved: 'Alert saved.',
    removed: 'Alert removed.',
    remove_title: 'Remove this alert?',
    remove_text: 'You will no longer be told when it happens.',
    remove_confirm: 'Remove alert',
  },
  validation: {
    asset_required: 'Choose the asset',
    amount_required: 'Enter the amount',
  },
  errors: {
    too_many: 'You have reached the most alerts one person may keep. Remove one to add another.',
  },
  email: {
    why: 'You receive this because you set this alert in online banking ({{time}}). You can change or remove it under Alerts.',
    unknown_address: 'an unknown address',
    balance_below: {
      subject: 'Alert: {{asset}} balance below {{threshold}}',
      title: 'Your balance fell below your alert',
      body: 'Your company’s available balance is now {{available}}, below the {{threshold}} you set.',
    },
    payout_above: {
      subject: 'Alert: payout of {{amount}} submitted',
      title: 'A large payout was submitted',
      body: 'A payout of {{amount}} to {{destination}} was submitted, above the {{threshold}} you set.',
    },
    card_purchase_above: {
      subject: 'Alert: card purchase of {{amount}}',
      title: 'A large card purchase',
      body: 'Card ending {{last4}} was used for {{amount}} at {{merchant}}, above the {{threshold}} you set.',
    },
    new_device_sign_in: {
      subject: 'Alert: sign-in from a new device',
      title: 'You signed in from a new device',
      body: 'Your account was signed in from {{device}} (address {{ip}}), a device you have not used recently. If this was not you, change your password and contact the bank at once.',
    },
  },
};
