/** The English messages of the card programme, added with the code that shows them (README.md). */
import { programme } from '@bank/i18n/locales/en/programme';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ programme });
