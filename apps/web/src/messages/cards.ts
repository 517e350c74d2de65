/** The English messages of the cards, added with the code that shows them (README.md). */
import { cards } from '@bank/i18n/locales/en/cards';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ cards });
