/** The English messages of the announcements, added with the code that shows them (README.md). */
import { announcements } from '@bank/i18n/locales/en/announcements';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ announcements });
