/** Emails the server sends, and server messages that are not error-catalogue entries. */
export const email = {
  footer: 'This is an automatic message from Bank. Our staff will never ask you for a code or your password.',
  code: {
    register: {
      subject: 'Your registration code',
      title: 'Confirm your email address',
      intro: 'Use this code to finish creating your account.',
      unexpected: 'If you did not ask for it, ignore this email: nobody can use the code without your mailbox.',
    },
    login: {
      subject: 'Your sign-in code',
      title: 'Sign-in verification',
      intro: 'Use this code to finish signing in.',
      unexpected: 'If you did not try to sign in, someone knows your password: change it at once.',
    },
    reset_password: {
      subject: 'Your password reset code',
      title: 'Reset your password',
      intro: 'Use this code to set a new password.',
      unexpected: 'If you did not ask to reset your password, ignore this email; your password stays as it is.',
    },
    step_up: {
      subject: 'Your confirmation code',
      title: 'Confirm a sensitive action',
      intro: 'Use this code to confirm the action you started.',
      unexpected: 'If you did not start an action, change your password at once and contact us.',
    },
    step_up_actions: {
      payout: {
        subject: 'Your code to confirm a payout',
        intro: 'Use this code to confirm the payout you are sending, approving or cancelling.',
      },
      payee: {
        subject: 'Your code to confirm a payee change',
        intro: 'Use this code to confirm the payee or wallet address you are adding, changing or removing.',
      },
      team: {
        subject: 'Your code to confirm a team change',
        intro: 'Use this code to confirm the change to your team’s members or permissions.',
      },
      webhooks: {
        subject: 'Your code to confirm a webhook change',
        intro: 'Use this code to confirm the change to your webhook URLs or signing secret.',
      },
      security: {
        subject: 'Your code to confirm a security change',
        intro: 'Use this code to confirm the change to your password, authenticator or recovery codes.',
      },
      card: {
        subject: 'Your code to confirm a card action',
        intro: 'Use this code to confirm the card action you started (PIN, block, cancellation or details).',
      },
    },
    validity: 'The code is valid for {{minutes}} minutes and can be used once.',
  },
  account_exists: {
    subject: 'You already have an account',
    title: 'You already have an account',
    body: 'Someone tried to register a new account with this address, which already has one. If it was you, sign in, or reset your password if you have forgotten it. If it was not you, you can ignore this email.',
  },
  password_changed: {
    subject: 'Your password was changed',
    title: 'Your password was changed',
    body: 'The password of your account was changed at {{time}}. Your other sessions were signed out. If you did not do this, reset your password at once and contact us.',
  },
  password_reset: {
    subject: 'Your password was reset',
    title: 'Your password was reset',
    body: 'The password of your account was reset with an emailed code at {{time}}, and every session was signed out. If you did not do this, reset your password again at once and contact us.',
  },
  authenticator_paired: {
    subject: 'An authenticator was paired',
    title: 'Authenticator paired',
    body: 'An authenticator app was paired with your account at {{time}}. From now on you sign in with its codes. If you did not do this, contact us at once.',
  },
  authenticator_removed: {
    subject: 'Your authenticator was removed',
    title: 'Authenticator removed',
    body: 'The authenticator app was removed from your account at {{time}}. Sign-in codes now come by email. If you did not do this, contact us at once.',
  },
  authenticator_reset: {
    subject: 'Your authenticator was reset by our staff',
    title: 'Authenticator reset',
    body: 'At your request, our staff removed the authenticator app and the recovery codes from your account at {{time}}, and every session was signed out. Sign in with your password and a code sent by email, then pair your authenticator again. If you did not ask for this, contact us at once.',
  },
  recovery_code_used: {
    subject: 'A recovery code was used to sign in',
    title: 'Recovery code used',
    body: 'A recovery code was used to sign in to your account at {{time}}. {{left}} recovery codes are left. If this was not you, contact us at once. If you lost your authenticator, pair a new one and make new recovery codes under My account.',
  },
  recovery_codes_regenerated: {
    subject: 'New recovery codes were made',
    title: 'New recovery codes',
    body: 'A new set of recovery codes was made for your account at {{time}}, and the previous codes stopped working. Keep the new ones somewhere safe, away from your phone. If you did not do this, contact us at once.',
  },
  passkey_added: {
    subject: 'A passkey was added to your account',
    title: 'Passkey added',
    body: 'A passkey named "{{name}}" was added to your account at {{time}}. It can now confirm your sign-ins. If you did not do this, remove it under My account and contact us at once.',
  },
  passkey_removed: {
    subject: 'A passkey was removed from your account',
    title: 'Passkey removed',
    body: 'The passkey named "{{name}}" was removed from your account at {{time}}. If you did not do this, contact us at once.',
  },
  account_locked: {
    subject: 'Your account is temporarily locked',
    title: 'Account temporarily locked',
    body: 'After {{failures}} failed sign-in attempts, signing in to your account is locked until {{until}}. If these attempts were not yours, someone may be guessing your password: once the lock ends, consider changing it, or reset it now with an emailed code.',
  },
  team_invitation: {
    subject: 'You are invited to {{company}} on the corporate dashboard',
    title: 'Join {{company}}',
    body: '{{inviter}} invites you to use the corporate banking dashboard of {{company}} as {{username}}.',
    action: 'Choose your password with this link. It works once, until {{until}}:',
    next: 'At your first sign-in you will pair an authenticator app on your phone.',
    unexpected: 'If you did not expect this invitation, you can ignore this email.',
  },
  messages: {
    retry_after: 'Too many attempts. Please try again {{seconds, relativetime(second)}}.',
    retry_after_minutes: 'Too many attempts. Please try again {{minutes, relativetime(minute)}}.',
    account_locked_until:
      'This account is temporarily locked after too many failed attempts. Try again after {{until}}.',
    authenticator_pairing_required: 'Pair an authenticator app with your account before doing anything else.',
    authenticator_already_paired: 'An authenticator is already paired. Remove it before pairing another one.',
    authenticator_not_set_up: 'Set up the authenticator again: the last setup was not found or has expired.',
    authenticator_not_paired: 'No authenticator is paired with this account.',
    passkeys_limit: 'You have reached the limit of {{limit}} passkeys. Remove one before adding another.',
    passkey_required_needs_one: 'Add a passkey before requiring passkeys for your account.',
    passkey_last_required: 'Your account requires passkeys: turn that off before removing your last passkey.',
    passkey_none: 'No passkey is added to this account.',
    account_disabled: "Your company's administrator has turned off your access. Ask them to turn it on again.",
    group_name_taken: 'Your company already has a permission group of this name.',
    group_has_members: 'Move the members of this group to another group first.',
    groups_limit: 'Your company has reached the limit of {{limit}} permission groups.',
    members_limit: 'Your company has reached the limit of {{limit}} users.',
    email_in_use: 'This email already belongs to a user of the bank. Invite another address.',
    not_own_membership: 'You cannot change your own access. Ask another administrator.',
    administrator_not_managed: "The company's administrator holds every permission and is not managed here.",
    member_action_not_allowed: 'This cannot be done to a member who is {{status}}.',
    invitation_invalid: 'This invitation link is no longer valid. Ask your administrator to send a new one.',
  },
} as const;

type Messages<T> = { [Key in keyof T]: T[Key] extends string ? string : Messages<T[Key]> };
/** The shape the other locales fill in: every key of English, any wording. */
export type EmailMessages = Messages<typeof email>;
