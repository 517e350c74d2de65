/** The English messages of My account, sign-in security and the user menu, added with the code that shows them (README.md). */
import { account } from '@bank/i18n/locales/en/account';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ account });
