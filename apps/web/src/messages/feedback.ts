/** The English messages of the feedback, added with the code that shows them (README.md). */
import { feedback } from '@bank/i18n/locales/en/feedback';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ feedback });
