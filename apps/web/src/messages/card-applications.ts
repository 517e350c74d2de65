/** The English messages of the cardholders' applications, added with the code that shows them (README.md). */
import { cardApplications } from '@bank/i18n/locales/en/card-applications';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ cards: { applications: cardApplications } });
