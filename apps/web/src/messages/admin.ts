/** The English messages of the back office's, added with the code that shows them (README.md). */
import { admin } from '@bank/i18n/locales/en/admin';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ admin });
