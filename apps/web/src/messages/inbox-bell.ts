/** The English of the header's bell, added with the code that shows it (README.md). */
import { inboxBell } from '@bank/i18n/locales/en/inbox-bell';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ inbox: { bell: inboxBell } });
