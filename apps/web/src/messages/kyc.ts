/** The English messages of KYC, added with the code that shows them (README.md). */
import { kyc } from '@bank/i18n/locales/en/kyc';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ kyc });
