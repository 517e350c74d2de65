/** The English messages of the webhooks, added with the code that shows them (README.md). */
import { webhooks } from '@bank/i18n/locales/en/webhooks';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ webhooks });
