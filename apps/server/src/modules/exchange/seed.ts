/**
 * The demo's OTC desk: a system administrator kept for answering OTC requests of the shared desk
 * (the demo companies have no relationship manager), so that the browser journey pairing its
 * authenticator shares it with no other journey. Nothing else is seeded: quotes and requests are
 * made by using the product.
 */
import type { DemoSeeder } from '../../platform/module.ts';
import { ensureUser } from '../account/index.ts';

const otcDeskStaff = {
  email: 'treasury@bank.localhost',
  password: 'Staff-Treasury#2026',
  fullName: 'Tara Treasury',
} as const;

export const exchangeDemoSeeder: DemoSeeder = {
  name: 'exchange',
  async seed({ db, now }) {
    await ensureUser(db, { ...otcDeskStaff, role: 'system_admin' }, now);
    return [{ email: otcDeskStaff.email, password: otcDeskStaff.password, role: 'system_admin', note: 'OTC desk' }];
  },
};
