/** The English messages of the ledger, added with the code that shows them (README.md). */
import { ledger } from '@bank/i18n/locales/en/ledger';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ ledger });
