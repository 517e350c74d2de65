/** The English messages of the deposits, added with the code that shows them (README.md). */
import { deposits } from '@bank/i18n/locales/en/deposits';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ deposits });
