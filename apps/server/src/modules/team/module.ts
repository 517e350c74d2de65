/**
 * The team module: a company's permission groups and sub-accounts, and the invitations through which
 * an invitee sets their password (routes.ts; the rules in service.ts), and the company's API keys
 * (api-keys/: issued on the team page, resolved for `Authorization: Bearer` calls; decision 0041).
 */
import type { AppModule } from '../../platform/module.ts';
import { registerApiKeyResolver } from '../../platform/route.ts';
import { createApiKeyResolver } from './api-keys/resolver.ts';
import { registerApiKeyCalls } from './api-keys/routes.ts';
import { registerTeamCalls } from './routes.ts';
import { teamDemoSeeder } from './seed.ts';

export const teamModule: AppModule = {
  name: 'team',
  demoSeeder: teamDemoSeeder,
  register(app, context) {
    registerTeamCalls(app, {
      db: context.database.db,
      emailQueue: context.emailQueue,
      publicUrl: context.config.publicUrl,
    });
    registerApiKeyCalls(app, context.database.db, context.secretBox);
    registerApiKeyResolver(app, createApiKeyResolver(context.database.db, context.secretBox));
  },
};
