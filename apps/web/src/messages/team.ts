/** The English messages of the team and its API keys, added with the code that shows them (README.md). */
import { team } from '@bank/i18n/locales/en/team';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ team });
