/**
 * The authorization matrix: every call of the contract (those built and those SPEC.md lists that are
 * not built yet) against every kind of caller: the company's administrator, a member of each seeded
 * permission group (one group per permission a group may hold), a disabled member, another company's
 * administrator, API keys of each scope, and staff. Generated from the call table, so that a call
 * added later is checked without a line here, and one that needs only a session (or nothing) must be
 * named below on purpose.
 *
 * The body of every request holds a NUL byte: a caller the session rule lets through is refused as
 * invalid before any handler runs, so no call has an effect here.
 */

import { randomUUID } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import { apiKeyMayCall, permissionsOfApiKey } from '@bank/contract/api-keys';
import { type CallSpec, listedCalls } from '@bank/contract/calls';
import { errorCatalogue } from '@bank/contract/errors';
import { type ClientPermission, clientPermissions, groupPermissions, permissionsOf } from '@bank/contract/permissions';
import type { PermissionGroup, TeamMember } from '@bank/contract/team';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createRunningTestApp,
  mailboxCount,
  nextEmail,
  type RunningTestApp,
  uniqueEmail,
} from '../../platform/test-support.ts';
import { pairAuthenticator, signIn, strongPassword } from '../account/test-support.ts';
import { approvedCompany, depositOperator } from '../deposits/test-support.ts';

/** Calls open to anyone: each is public on purpose (sign-in, registration, codes, invitation links...). */
const publicCalls = new Set([
  '/api/v1/account/login',
  '/api/v1/account/verify',
  '/api/v1/account/register',
  '/api/v1/sendEmail',
  '/api/v1/account/forgetLoginPassword',
  // The second step of a sign-in with a passkey: bound to the pending sign-in whose id it is given.
  '/api/v1/account/passkeys/signInOptions',
  '/api/v1/upload/info',
  '/api/v1/upload/authorize',
  '/api/v1/upload/complete',
  '/api/v1/team/invitation/get',
  '/api/v1/team/invitation/accept',
]);

/** Calls any signed-in user may make: about the user themselves, never the company's data. */
const sessionOnlyCalls = new Set([
  '/api/v1/account/getUserInfo',
  '/api/v1/account/modify',
  '/api/v1/account/modifyLoginPassword',
  '/api/v1/account/verifyLoginPassword',
  '/api/v1/account/approve',
  '/api/v1/account/exitLogin',
  '/api/v1/account/modifyProtocolStatus',
  '/api/v1/account/authenticator/setup',
  '/api/v1/account/authenticator/remove',
  '/api/v1/account/recoveryCodes/status',
  '/api/v1/account/recoveryCodes/regenerate',
  '/api/v1/account/sessions/list',
  '/api/v1/account/sessions/revoke',
  '/api/v1/account/sessions/revokeOthers',
  '/api/v1/account/passkeys/list',
  '/api/v1/account/passkeys/registrationOptions',
  '/api/v1/account/passkeys/add',
  '/api/v1/account/passkeys/rename',
  '/api/v1/account/passkeys/remove',
  '/api/v1/account/passkeys/requirement',
  '/api/v1/account/passkeys/stepUpOptions',
  '/api/v1/account/passkeys/verify',
  // Documents: each purpose's permission is checked inside (documents' assertMayHandlePurpose).
  '/api/v1/init/awsS3Auth',
  '/api/v1/init/uploadComplete',
  '/api/v1/init/phoneLink',
  '/api/v1/init/documentUrl',
  // A user's own feedback and requests to be contacted: every company user may write to the bank.
  '/api/v1/feedback/submit',
  '/api/v1/feedback/screenshotUpload',
  '/api/v1/feedback/screenshotComplete',
  '/api/v1/feedback/list',
  '/api/v1/feedback/get',
  '/api/v1/contact/request',
  '/api/v1/contact/list',
  // A user's own alerts: each kind's permission is checked inside (alerts' service, mayHaveAlert).
  '/api/v1/alert/list',
  '/api/v1/alert/save',
  '/api/v1/alert/delete',
  '/api/v1/msg/list',
  '/api/v1/msg/read',
  '/api/v1/msg/count',
  '/api/v1/msg/clear',
  '/api/v1/msg/box',
  '/api/v1/msg/delete',
  '/api/v1/announcement/list',
  '/api/v1/announcement/get',
]);

let test: RunningTestApp;
type Caller = {
  name: string;
  session: SignedIn;
  holds: (spec: CallSpec) => boolean;
  isDisabled?: boolean;
  /** An API key the caller calls with instead of the session (`Authorization: Bearer`). */
  apiKey?: string;
};
const callers: Caller[] = [];

const refused = new Set<number>([errorCatalogue.forbidden.code, errorCatalogue.session_invalid.code]);

async function invitedMember(administrator: SignedIn, groupId: string): Promise<{ session: SignedIn; id: string }> {
  const email = uniqueEmail('matrix');
  const before = await mailboxCount(test, email);
  const invited = await call<TeamMember>(
    test,
    '/api/v1/team/member/invite',
    { username: 'Matrix Member', email, group_id: groupId },
    { session: administrator, headers: { 'idempotency-key': randomUUID() } },
  );
  if (invited.code !== 200) throw new Error(`invite answered ${invited.code} ${invited.msg}`);
  const token = /token=([\w-]+)/.exec((await nextEmail(test, email, before)).text)?.[1] ?? '';
  const accepted = await call(test, '/api/v1/team/invitation/accept', {
    token,
    new_password: strongPassword,
    confirm_password: strongPassword,
  });
  if (accepted.code !== 200) throw new Error(`accept answered ${accepted.code} ${accepted.msg}`);
  const session = await signIn(test, { email, password: strongPassword });
  await pairAuthenticator(test, session);
  return { session, id: invited.data.member_id };
}

beforeAll(async () => {
  test = await createRunningTestApp();
  const { session: administrator } = await approvedCompany(test, 'Matrix Co');
  const holdsClientPermission = (held: readonly ClientPermission[]) => (spec: CallSpec) =>
    spec.permission === 'session' || (held as readonly string[]).includes(spec.permission);
  callers.push({ name: 'administrator', session: administrator, holds: holdsClientPermission(clientPermissions) });

  // Every permission a group may hold; the administrator's own (the company's audit log) none may.
  for (const permission of groupPermissions) {
    const group = await call<PermissionGroup>(
      test,
      '/api/v1/team/group/add',
      { name: `Only ${permission}`, permissions: [permission] },
      { session: administrator, headers: { 'idempotency-key': randomUUID() } },
    );
    const member = await invitedMember(administrator, group.data.group_id);
    callers.push({
      name: `member of "Only ${permission}"`,
      session: member.session,
      // What the group holds, by the contract's rule (card management brings card use with it).
      holds: holdsClientPermission(
        permissionsOf({ role: 'staff_member', group_permissions: [permission] }) as ClientPermission[],
      ),
    });
  }

  const viewers = await call<PermissionGroup>(
    test,
    '/api/v1/team/group/add',
    { name: 'Everything', permissions: [...groupPermissions] },
    { session: administrator, headers: { 'idempotency-key': randomUUID() } },
  );
  const disabled = await invitedMember(administrator, viewers.data.group_id);
  const disabling = await call(
    test,
    '/api/v1/team/member/act',
    { member_id: disabled.id, action: 'disable' },
    { session: administrator },
  );
  if (disabling.code !== 200) throw new Error(`disable answered ${disabling.code} ${disabling.msg}`);
  callers.push({ name: 'disabled member', session: disabled.session, holds: () => false, isDisabled: true });

  const other = await approvedCompany(test, 'Other Co');
  callers.push({
    name: "another company's administrator",
    session: other.session,
    holds: holdsClientPermission(clientPermissions),
  });

  // API keys of the administrator's company: a key may make only the calls open to keys (a write
  // only with a write scope; the allow-list holds the test's address), with the permissions it holds.
  for (const [scope, permissions] of [
    ['read_only', []],
    ['read_write', []],
    ['custom', ['view_balances']],
  ] as const) {
    const issued = await call<{ secret: string }>(
      test,
      '/api/v1/team/apiKey/create',
      { name: `Matrix ${scope}`, scope, permissions, allowed_ips: scope === 'read_only' ? [] : ['127.0.0.1/32'] },
      { session: administrator, headers: { 'idempotency-key': randomUUID() } },
    );
    if (issued.code !== 200) throw new Error(`apiKey/create answered ${issued.code} ${issued.msg}`);
    const held = permissionsOfApiKey(scope, permissions) as readonly string[];
    callers.push({
      name: `${scope} API key`,
      session: administrator,
      apiKey: issued.data.secret,
      holds: (spec) => apiKeyMayCall(scope, spec.path) && held.includes(spec.permission),
    });
  }

  const staff = await depositOperator(test);
  const staffHeld = permissionsOf({ role: 'system_admin' }) as readonly string[];
  callers.push({
    name: 'staff (system admin)',
    session: staff,
    holds: (spec) => spec.permission === 'session' || staffHeld.includes(spec.permission),
  });
}, 300_000);

afterAll(async () => {
  await test?.close();
});

function everyCall(): CallSpec[] {
  const byPath = new Map<string, CallSpec>(listedCalls);
  for (const [path, definition] of test.app.callPlatform.calls) byPath.set(path, definition);
  return [...byPath.values()].sort((left, right) => left.path.localeCompare(right.path));
}

describe('authorization matrix', () => {
  it('names on purpose every call that needs no permission', () => {
    for (const spec of everyCall()) {
      if (spec.permission === 'public') expect(publicCalls, `${spec.path} is public`).toContain(spec.path);
      if (spec.permission === 'session')
        expect(sessionOnlyCalls, `${spec.path} needs only a session`).toContain(spec.path);
    }
  });

  it('lets through exactly the callers who hold each call permission, and no disabled user', async () => {
    const mismatches: string[] = [];
    for (const spec of everyCall()) {
      if (spec.permission === 'public') continue;
      for (const caller of callers) {
        // A key's calls are limited a minute: a second between them keeps each key under its limit.
        if (caller.apiKey) test.clock.advance(1);
        const answer = await call(
          test,
          spec.path,
          { '\u0000': '' },
          caller.apiKey
            ? { headers: { 'idempotency-key': randomUUID(), authorization: `Bearer ${caller.apiKey}` } }
            : { session: caller.session, headers: { 'idempotency-key': randomUUID() } },
        );
        const wasLetThrough = !refused.has(answer.code);
        const shouldBe = !caller.isDisabled && caller.holds(spec);
        if (wasLetThrough !== shouldBe) {
          mismatches.push(
            `${spec.path} (${spec.permission}) for ${caller.name}: answered ${answer.code} ${answer.msg}`,
          );
        }
        if (caller.isDisabled) expect(answer.code, spec.path).toBe(errorCatalogue.session_invalid.code);
      }
    }
    expect(mismatches).toEqual([]);
  }, 900_000);
});
