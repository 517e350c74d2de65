/** The English of the payouts' items of the signed-in menu, added with the code that shows them (README.md). */
import { payoutNavigation } from '@bank/i18n/locales/en/payout-navigation';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ payouts: { navigation: payoutNavigation } });
