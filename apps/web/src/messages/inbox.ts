/** The English messages of the inbox, added with the code that shows them (README.md). */
import { inbox } from '@bank/i18n/locales/en/inbox';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ inbox });
