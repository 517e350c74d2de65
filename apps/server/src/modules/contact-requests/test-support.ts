/**
 * Test support for what a relationship manager handles (contact requests, OTC requests): a sales
 * RM with a CI code, paired as staff must be, and a client company registered with that code.
 */
import { randomUUID } from 'node:crypto';
import { type RunningTestApp, uniqueEmail } from '../../platform/test-support.ts';
import { ensureUser } from '../account/index.ts';
import { pairAuthenticator, registerUser, signIn, strongPassword } from '../account/test-support.ts';

export async function managerWithClient(test: RunningTestApp) {
  const email = uniqueEmail('rm');
  const referralCode = `RM-${randomUUID().slice(0, 8)}`;
  await ensureUser(
    test.database.db,
    { email, password: strongPassword, fullName: 'Rita Manager', role: 'sales_relationship_manager', referralCode },
    test.clock.now(),
  );
  const manager = await signIn(test, { email, password: strongPassword });
  await pairAuthenticator(test, manager);
  const client = await signIn(test, await registerUser(test, { ci_code: referralCode }));
  return { manager, managerEmail: email, client };
}
