/** The English messages of the contact requests, added with the code that shows them (README.md). */
import { contactRequests } from '@bank/i18n/locales/en/contact-requests';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ contact_requests: contactRequests });
