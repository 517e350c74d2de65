/**
 * The member of staff who answers feedback in the demo: a compliance officer of the client service
 * desk (the role holds `feedback`), kept apart so that the browser journey pairing its authenticator
 * shares it with no other journey. No feedback is seeded: a demo user's feedback is their own.
 */
import type { DemoSeeder } from '../../platform/module.ts';
import { ensureUser } from '../account/index.ts';

const clientServiceStaff = {
  email: 'service@bank.localhost',
  password: 'Staff-Service#2026',
  fullName: 'Cleo Service',
} as const;

export const feedbackDemoSeeder: DemoSeeder = {
  name: 'feedback',
  async seed({ db, now }) {
    await ensureUser(db, { ...clientServiceStaff, role: 'compliance_officer' }, now);
    return [
      {
        ...clientServiceStaff,
        role: 'compliance_officer',
        note: 'staff: answers client feedback at /admin/feedback',
      },
    ];
  },
};
