/** The English messages of the transactions, added with the code that shows them (README.md). */
import { transactions } from '@bank/i18n/locales/en/transactions';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ transactions });
