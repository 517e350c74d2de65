/**
 * Test support for deposits and everything that reads them: a signed-in client of an approved
 * company, and a system admin with deposit operations (paired, as staff must be).
 */
import type { UserInfo } from '@bank/contract/account';
import { eq } from 'drizzle-orm';
import { call, type RunningTestApp, uniqueEmail } from '../../platform/test-support.ts';
import { companies, ensureUser } from '../account/index.ts';
import { pairAuthenticator, registerUser, signIn, strongPassword } from '../account/test-support.ts';

export async function approvedCompany(test: RunningTestApp, name = 'Approved Test Co') {
  const session = await signIn(test, await registerUser(test));
  const info = await call<UserInfo>(test, '/api/v1/account/getUserInfo', {}, { session });
  const companyId = info.data.company?.id ?? '';
  await test.database.db.update(companies).set({ kyc_status: 'kyc_approved', name }).where(eq(companies.id, companyId));
  return { session, companyId };
}

export type ClientOfCompany = Awaited<ReturnType<typeof approvedCompany>>;

export async function depositOperator(test: RunningTestApp) {
  const email = uniqueEmail('ops');
  await ensureUser(
    test.database.db,
    { email, password: strongPassword, fullName: 'Ops', role: 'system_admin' },
    test.clock.now(),
  );
  const session = await signIn(test, { email, password: strongPassword });
  await pairAuthenticator(test, session);
  return session;
}
