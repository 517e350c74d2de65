import { randomUUID } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import { errorCatalogue } from '@bank/contract/errors';
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
import { approvedCompany } from '../deposits/test-support.ts';

let test: RunningTestApp;
beforeAll(async () => {
  test = await createRunningTestApp();
});
afterAll(async () => {
  await test?.close();
});

const codes = {
  ok: 200,
  forbidden: errorCatalogue.forbidden.code,
  notFound: errorCatalogue.not_found.code,
  illegal: errorCatalogue.illegal_state.code,
  fresh: errorCatalogue.fresh_second_factor_required.code,
  session: errorCatalogue.session_invalid.code,
  emailTaken: errorCatalogue.email_taken.code,
};

const idempotent = () => ({ headers: { 'idempotency-key': randomUUID() } });

async function addGroup(session: SignedIn, name: string, permissions: string[]) {
  return call<PermissionGroup>(test, '/api/v1/team/group/add', { name, permissions }, { session, ...idempotent() });
}

async function invite(session: SignedIn, groupId: string, email = uniqueEmail('member')) {
  const answer = await call<TeamMember>(
    test,
    '/api/v1/team/member/invite',
    { username: 'Pat Preparer', email, group_id: groupId, description: 'Prepares payouts', remarks: '' },
    { session, ...idempotent() },
  );
  return { answer, email };
}

/** The invitation link's token, from the email the invitee received. */
async function invitationToken(email: string, before: number): Promise<string> {
  const message = await nextEmail(test, email, before);
  const token = /team_invitation\?token=([\w-]+)/.exec(message.text)?.[1];
  if (!token) throw new Error(`no invitation link in ${message.text}`);
  return token;
}

/** An invited member who accepted, signed in and paired an authenticator: a working sub-account. */
async function workingMember(administrator: SignedIn, groupId: string) {
  const email = uniqueEmail('member');
  const before = await mailboxCount(test, email);
  const { answer } = await invite(administrator, groupId, email);
  expect(answer.code, answer.msg).toBe(codes.ok);
  const token = await invitationToken(email, before);
  const accepted = await call(test, '/api/v1/team/invitation/accept', {
    token,
    new_password: strongPassword,
    confirm_password: strongPassword,
  });
  expect(accepted.code, accepted.msg).toBe(codes.ok);
  const firstSession = await signIn(test, { email, password: strongPassword });
  const secret = await pairAuthenticator(test, firstSession);
  test.clock.advance(31);
  const session = await signIn(test, { email, password: strongPassword }, { authenticatorSecret: secret });
  return { session, email, memberId: answer.data.member_id, secret };
}

describe('permission groups and sub-accounts', () => {
  it('invites a member into a group, who accepts once, pairs an authenticator and holds only what the group allows', async () => {
    const { session: administrator } = await approvedCompany(test, 'Team Co');
    const group = await addGroup(administrator, 'Payments preparers', ['view_balances', 'prepare_payouts']);
    expect(group.code, group.msg).toBe(codes.ok);

    const email = uniqueEmail('preparer');
    const before = await mailboxCount(test, email);
    const { answer } = await invite(administrator, group.data.group_id, email);
    expect(answer.data).toMatchObject({ status: 'invited', group_name: 'Payments preparers', is_administrator: false });
    const token = await invitationToken(email, before);

    // Until accepted, the invited address cannot sign in or reset a password.
    const early = await call(test, '/api/v1/account/login', { step: 'password', email, password: strongPassword });
    expect(early.code).toBe(errorCatalogue.invalid_credentials.code);

    const shown = await call<{ email: string; company_name: string }>(test, '/api/v1/team/invitation/get', { token });
    expect(shown.data).toMatchObject({ email, company_name: 'Team Co' });
    const body = { token, new_password: strongPassword, confirm_password: strongPassword };
    expect((await call(test, '/api/v1/team/invitation/accept', body)).code).toBe(codes.ok);
    expect((await call(test, '/api/v1/team/invitation/accept', body)).code).toBe(codes.notFound);

    // Before pairing an authenticator a sub-account may only pair one.
    const firstSession = await signIn(test, { email, password: strongPassword });
    const info = await call<{ must_pair_authenticator: boolean; permissions: string[] }>(
      test,
      '/api/v1/account/getUserInfo',
      {},
      { session: firstSession },
    );
    expect(info.data).toMatchObject({
      must_pair_authenticator: true,
      permissions: ['view_balances', 'prepare_payouts'],
    });
    expect((await call(test, '/api/v1/transaction/record', {}, { session: firstSession })).code).toBe(codes.forbidden);
    await pairAuthenticator(test, firstSession);

    expect((await call(test, '/api/v1/transaction/record', {}, { session: firstSession })).code).toBe(codes.ok);
    // A call outside the group is refused by the server.
    const deposit = await call(test, '/api/v1/deposit/getConfig', {}, { session: firstSession });
    expect(deposit.code).toBe(codes.forbidden);
    expect((await call(test, '/api/v1/team/member/list', {}, { session: firstSession })).code).toBe(codes.forbidden);
    // Calls open to any session check the permission of what they touch: KYC documents need company_profile.
    const upload = { section: 'company', file_name: 'register.pdf', content_type: 'application/pdf', size_bytes: 1000 };
    expect((await call(test, '/api/v1/init/awsS3Auth', upload, { session: firstSession })).code).toBe(codes.forbidden);
    expect((await call(test, '/api/v1/init/phoneLink', { section: 'company' }, { session: firstSession })).code).toBe(
      codes.forbidden,
    );
  });

  it('granting the approval of payouts, by a new group or an invitation into one, needs a fresh second factor', async () => {
    const { session: administrator } = await approvedCompany(test);
    const approvers = await addGroup(administrator, 'Approvers', ['approve_payouts']);
    expect(approvers.code, approvers.msg).toBe(codes.ok);
    test.clock.advance(6 * 60);
    expect((await addGroup(administrator, 'More approvers', ['approve_payouts'])).code).toBe(codes.fresh);
    expect((await invite(administrator, approvers.data.group_id)).answer.code).toBe(codes.fresh);
    const stepUp = await signIn(test, { email: (await emailOf(administrator)) ?? '', password: strongPassword });
    const invited = await invite(stepUp, approvers.data.group_id);
    expect(invited.answer.code, invited.answer.msg).toBe(codes.ok);
  });

  it('applies a change of the group to its members at once, with a fresh second factor, and keeps names unique', async () => {
    const { session: administrator } = await approvedCompany(test);
    const group = await addGroup(administrator, 'Viewers', ['view_balances']);
    const member = await workingMember(administrator, group.data.group_id);
    expect((await call(test, '/api/v1/deposit/getConfig', {}, { session: member.session })).code).toBe(codes.forbidden);

    expect((await addGroup(administrator, 'viewers', ['deposit'])).code).toBe(codes.illegal);

    const edit = { group_id: group.data.group_id, name: 'Viewers', permissions: ['view_balances', 'deposit'] };
    test.clock.advance(6 * 60);
    expect((await call(test, '/api/v1/team/group/edit', edit, { session: administrator })).code).toBe(codes.fresh);
    const stepUp = await signIn(test, { email: (await emailOf(administrator)) ?? '', password: strongPassword });
    const edited = await call<PermissionGroup>(test, '/api/v1/team/group/edit', edit, { session: stepUp });
    expect(edited.code, edited.msg).toBe(codes.ok);
    expect(edited.data.member_count).toBe(1);
    expect((await call(test, '/api/v1/deposit/getConfig', {}, { session: member.session })).code).toBe(codes.ok);

    // A group with members cannot go.
    const removal = await call(test, '/api/v1/team/group/del', { group_id: group.data.group_id }, { session: stepUp });
    expect(removal.code).toBe(codes.illegal);
  });

  it('disables a member (sessions end at once), re-enables, and removes; never the administrator or oneself', async () => {
    const { session: administrator } = await approvedCompany(test);
    const group = await addGroup(administrator, 'Team leads', ['view_balances', 'team']);
    const member = await workingMember(administrator, group.data.group_id);
    const act = (session: SignedIn, memberId: string, action: string) =>
      call<TeamMember | null>(test, '/api/v1/team/member/act', { member_id: memberId, action }, { session });

    const administratorId = administrator.userid;
    expect((await act(member.session, administratorId, 'disable')).code).toBe(codes.illegal);
    expect((await act(member.session, member.memberId, 'disable')).code).toBe(codes.illegal);

    const disabled = await act(administrator, member.memberId, 'disable');
    expect(disabled.data?.status).toBe('disabled');
    expect((await call(test, '/api/v1/account/getUserInfo', {}, { session: member.session })).code).toBe(codes.session);
    const signInAgain = await call(test, '/api/v1/account/login', {
      step: 'password',
      email: member.email,
      password: strongPassword,
    });
    expect(signInAgain.code).toBe(codes.forbidden);
    expect(signInAgain.msg).toMatch(/administrator/);

    expect((await act(administrator, member.memberId, 'enable')).data?.status).toBe('active');
    expect((await act(administrator, member.memberId, 'remove')).data).toBeNull();
    const list = await call<{ items: TeamMember[] }>(test, '/api/v1/team/member/list', {}, { session: administrator });
    expect(list.data.items.map((item) => item.member_id)).not.toContain(member.memberId);
    expect(list.data.items[0]).toMatchObject({ is_administrator: true });

    // A removed member may be invited again: a new password and a new authenticator, the old ones forgotten.
    const before = await mailboxCount(test, member.email);
    const again = await invite(administrator, group.data.group_id, member.email);
    expect(again.answer.code, again.answer.msg).toBe(codes.ok);
    expect(again.answer.data).toMatchObject({ member_id: member.memberId, status: 'invited' });
    const token = await invitationToken(member.email, before);
    const newPassword = 'Returning-Member#2026';
    const accepted = await call(test, '/api/v1/team/invitation/accept', {
      token,
      new_password: newPassword,
      confirm_password: newPassword,
    });
    expect(accepted.code, accepted.msg).toBe(codes.ok);
    const returning = await signIn(test, { email: member.email, password: newPassword });
    const info = await call<{ must_pair_authenticator: boolean }>(
      test,
      '/api/v1/account/getUserInfo',
      {},
      { session: returning },
    );
    expect(info.data.must_pair_authenticator).toBe(true);
  });

  it('keeps each company to its own team: ids of another company are not found', async () => {
    const first = await approvedCompany(test);
    const second = await approvedCompany(test);
    const group = await addGroup(first.session, 'Approvers', ['approve_payouts']);
    const { answer } = await invite(first.session, group.data.group_id);
    const other = second.session;
    expect((await invite(other, group.data.group_id)).answer.code).toBe(codes.notFound);
    const edit = { member_id: answer.data.member_id, group_id: group.data.group_id };
    expect((await call(test, '/api/v1/team/member/edit', edit, { session: other })).code).toBe(codes.notFound);
    const act = { member_id: answer.data.member_id, action: 'disable' };
    expect((await call(test, '/api/v1/team/member/act', act, { session: other })).code).toBe(codes.notFound);
    const groups = await call<{ items: PermissionGroup[] }>(test, '/api/v1/team/group/list', {}, { session: other });
    expect(groups.data.items).toEqual([]);
    // An address that already has a user is not invited again.
    const group2 = await addGroup(other, 'Approvers', ['approve_payouts']);
    expect((await invite(other, group2.data.group_id, (await emailOf(first.session)) ?? '')).answer.code).toBe(
      codes.emailTaken,
    );
  });

  it('refuses an expired or unknown invitation link with a clear message', async () => {
    const { session: administrator } = await approvedCompany(test);
    const group = await addGroup(administrator, 'Exporters', ['exports']);
    const email = uniqueEmail('late');
    const before = await mailboxCount(test, email);
    await invite(administrator, group.data.group_id, email);
    const token = await invitationToken(email, before);
    test.clock.advance(73 * 3600);
    const late = await call(test, '/api/v1/team/invitation/get', { token }, { language: 'jp' });
    expect(late.code).toBe(codes.notFound);
    expect(late.msg).toContain('招待リンク');
    const unknown = await call(test, '/api/v1/team/invitation/get', { token: 'x'.repeat(43) });
    expect(unknown.code).toBe(codes.notFound);
  });
});

async function emailOf(session: SignedIn): Promise<string | undefined> {
  const info = await call<{ email: string }>(test, '/api/v1/account/getUserInfo', {}, { session });
  return info.data?.email;
}
