/**
 * The domain modules the server runs, in registration order. Each capability adds its module here
 * (modules/<domain>/module.ts: its routes through registerCall and its event handlers), and its
 * demo data to `demoSeeders` (run by main.ts when config SEED_DEMO allows).
 */
import type { AppModule } from '../app.ts';
import { accountModule } from './account/module.ts';
import { type DemoSeeder, identityDemoSeeder } from './account/seed.ts';
import { kycModule } from './kyc/module.ts';
import { kycDemoSeeder } from './kyc/seed.ts';

export const appModules: readonly AppModule[] = [accountModule, kycModule];

export const demoSeeders: readonly DemoSeeder[] = [identityDemoSeeder, kycDemoSeeder];
