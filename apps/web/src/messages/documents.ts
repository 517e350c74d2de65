/** The English messages of the documents (upload, preview), added with the code that shows them (README.md). */
import { documents } from '@bank/i18n/locales/en/documents';
import { addEnglishMessages } from '../lib/i18n.ts';

addEnglishMessages({ documents });
