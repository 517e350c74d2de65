/** The English of a payout's timeline steps, added with the code that shows them (README.md). */
import { payoutSteps } from '@bank/i18n/locales/en/payout-steps';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ payouts: { steps: payoutSteps } });
