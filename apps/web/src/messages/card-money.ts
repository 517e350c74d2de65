/** The English messages of the cards' money (top-ups, spending), added with the code that shows them (README.md). */
import { cardMoney } from '@bank/i18n/locales/en/card-money';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ cards: { money: cardMoney } });
