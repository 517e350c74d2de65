/** The English messages of the balance alerts, added with the code that shows them (README.md). */
import { alerts } from '@bank/i18n/locales/en/alerts';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ alerts });
