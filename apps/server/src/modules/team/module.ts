/**
 * The team module: a company's permission groups and sub-accounts, and the invitations through which
 * an invitee sets their password (routes.ts; the rules in service.ts).
 */
import type { AppModule } from '../../platform/module.ts';
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
  },
};
