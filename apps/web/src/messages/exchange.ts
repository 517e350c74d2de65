/** The English messages of the exchange (FX, OTC), added with the code that shows them (README.md). */
import { exchange } from '@bank/i18n/locales/en/exchange';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ exchange });
