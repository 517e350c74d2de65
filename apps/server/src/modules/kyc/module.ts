/**
 * The KYC module: company KYC (the four sections, submission), the upload of its documents and the
 * back office's review (routes.ts); the emails that follow a KYC change.
 */
import { consumeEvent } from '../../platform/events.ts';
import type { AppModule } from '../../platform/module.ts';
import { createDocumentService, createPhoneLinkService } from '../documents/index.ts';
import { kycDocumentPolicy } from './document-policy.ts';
import { sendKycStatusEmails } from './kyc-emails.ts';
import { registerKycCalls } from './routes.ts';
import { kycDemoSeeder } from './seed.ts';

export const kycModule: AppModule = {
  name: 'kyc',
  demoSeeder: kycDemoSeeder,
  async register(app, context) {
    const db = context.database.db;
    const storage = context.documentStorage;

    const documents = createDocumentService({ db, storage, owner: kycDocumentPolicy });
    const phone = createPhoneLinkService({ db, config: context.config, documents, storage, owner: kycDocumentPolicy });

    // What follows a KYC change, once per event, from the job queue.
    consumeEvent(
      { jobs: context.jobs, db },
      'kyc.status_changed',
      'kyc_email',
      sendKycStatusEmails(context.emailQueue),
    );

    registerKycCalls(app, { db, documents, phone });
  },
};
