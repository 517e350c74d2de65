/** The header's bell: part of inbox.ts, apart so that the shell loads only these. */
export const inboxBell = {
  label: 'Messages',
  unread_one: 'Messages, {{count}} unread',
  unread_other: 'Messages, {{count}} unread',
};
