/** The English messages of the payouts, added with the code that shows them (README.md). */
import { payouts } from '@bank/i18n/locales/en/payouts';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ payouts });
