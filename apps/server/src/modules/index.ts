/**
 * The domain modules the server runs, in registration order. A new domain adds its module here
 * (modules/<domain>/module.ts: its routes.ts, schedules, event consumers and demo data; the shape is
 * docs/architecture.md's "A module's shape"). Only a module's module.ts and index.ts are imported
 * from outside it (npm run lint checks).
 */
import type { AppModule, DemoSeeder } from '../platform/module.ts';
import { accountModule } from './account/module.ts';
import { alertsModule } from './alerts/module.ts';
import { announcementsModule } from './announcements/module.ts';
import { cardsModule } from './cards/module.ts';
import { contactRequestsModule } from './contact-requests/module.ts';
import { depositsModule } from './deposits/module.ts';
import { documentsModule } from './documents/module.ts';
import { exchangeModule } from './exchange/module.ts';
import { feedbackModule } from './feedback/module.ts';
import { inboxModule } from './inbox/module.ts';
import { kycModule } from './kyc/module.ts';
import { ledgerModule } from './ledger/module.ts';
import { payoutsModule } from './payouts/module.ts';
import { programmeModule } from './programme/module.ts';
import { teamModule } from './team/module.ts';
import { transactionsModule } from './transactions/module.ts';
import { webhooksModule } from './webhooks/module.ts';

export const appModules: readonly AppModule[] = [
  accountModule,
  documentsModule,
  kycModule,
  teamModule,
  ledgerModule,
  transactionsModule,
  depositsModule,
  payoutsModule,
  exchangeModule,
  cardsModule,
  programmeModule,
  announcementsModule,
  inboxModule,
  webhooksModule,
  alertsModule,
  feedbackModule,
  contactRequestsModule,
];

/** Run by main.ts when config SEED_DEMO allows, in module order (KYC's companies use identity's staff). */
export const demoSeeders: readonly DemoSeeder[] = appModules.flatMap((module) =>
  module.demoSeeder ? [module.demoSeeder] : [],
);
