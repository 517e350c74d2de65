/**
 * Every account call refuses bad input (missing, malformed, too long, wrong type, unexpected) with
 * the validation code and the failing field named, in the caller's language, before doing anything.
 */

import type { SignedIn } from '@bank/contract/account';
import * as accountContract from '@bank/contract/account';
import type { CallDefinition } from '@bank/contract/calls';
import { errorCatalogue } from '@bank/contract/errors';
import * as registrationContract from '@bank/contract/registration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDemoSeed } from '../../platform/module.ts';
import { call, createRunningTestApp, type RunningTestApp } from '../../platform/test-support.ts';
import { demoSeeders } from '../index.ts';
import { identityDemoAccounts } from './seed.ts';
import { pairAuthenticator, registerUser, signIn } from './test-support.ts';

let test: RunningTestApp;
let clientSession: SignedIn;
let staffSession: SignedIn;

beforeAll(async () => {
  test = await createRunningTestApp();
  await runDemoSeed({ db: test.database.db, now: test.clock.now(), providers: test.providers }, demoSeeders);
  clientSession = await signIn(test, await registerUser(test));
  staffSession = await signIn(test, identityDemoAccounts.systemAdmin);
  await pairAuthenticator(test, staffSession);
});

afterAll(async () => {
  await test?.close();
});

/** `undefined` as the bad value means the field is left out. */
type BadInput = [field: string, value: unknown, what: string];
type CallCases = { path: string; as: 'anyone' | 'client' | 'staff'; valid: Record<string, unknown>; bad: BadInput[] };

const email = 'ada@example.com';
const password = 'Vault-Lantern-42!';
const tooLongEmail = `${'a'.repeat(250)}@example.com`;

const missing = (field: string): BadInput => [field, undefined, 'missing'];
const wrongType = (field: string, value: unknown = 12345): BadInput => [field, value, 'wrong type'];
const tooLong = (field: string, value: unknown): BadInput => [field, value, 'too long'];
const malformed = (field: string, value: unknown): BadInput => [field, value, 'malformed'];
const unexpected = (): BadInput => ['extra_field', 'x', 'unexpected field'];

const emailCases = (field = 'email'): BadInput[] => [
  missing(field),
  malformed(field, 'not-an-email'),
  tooLong(field, tooLongEmail),
  wrongType(field),
];
const codeCases = (field: string): BadInput[] => [
  missing(field),
  malformed(field, '12ab56'),
  tooLong(field, '1234567'),
  wrongType(field, 123456),
];
const newPasswordCases: BadInput[] = [
  missing('new_password'),
  malformed('new_password', 'alllowercase'),
  tooLong('new_password', `Aa1!${'x'.repeat(61)}`),
  wrongType('new_password'),
];

const cases: CallCases[] = [
  {
    path: '/api/v1/sendEmail',
    as: 'anyone',
    valid: { email, purpose: 'register' },
    bad: [...emailCases(), missing('purpose'), malformed('purpose', 'spam'), wrongType('purpose'), unexpected()],
  },
  {
    path: '/api/v1/account/verify',
    as: 'anyone',
    valid: { email, purpose: 'register', code: '123456' },
    bad: [...emailCases(), malformed('purpose', 'other'), ...codeCases('code'), unexpected()],
  },
  {
    path: '/api/v1/account/register',
    as: 'anyone',
    valid: {
      full_name: 'Ada Lovelace',
      email,
      email_code: '123456',
      phone_country: 'GB',
      phone: '+44 20 7946 0958',
      new_password: password,
      confirm_password: password,
      ci_code: 'RM-DEMO',
      accept_terms: true,
    },
    bad: [
      missing('full_name'),
      tooLong('full_name', 'x'.repeat(101)),
      wrongType('full_name'),
      ...emailCases(),
      ...codeCases('email_code'),
      missing('phone_country'),
      malformed('phone_country', 'gbr'),
      malformed('phone', '123'),
      tooLong('phone', '1'.repeat(33)),
      wrongType('phone'),
      ...newPasswordCases,
      malformed('confirm_password', 'Different-Password-1!'),
      tooLong('ci_code', 'C'.repeat(33)),
      wrongType('ci_code'),
      malformed('accept_terms', false),
      missing('accept_terms'),
      wrongType('accept_terms', 'yes'),
      unexpected(),
    ],
  },
  {
    path: '/api/v1/account/login',
    as: 'anyone',
    valid: { step: 'password', email, password },
    bad: [
      missing('step'),
      malformed('step', 'third'),
      ...emailCases(),
      missing('password'),
      tooLong('password', 'x'.repeat(257)),
      wrongType('password'),
      unexpected(),
    ],
  },
  {
    path: '/api/v1/account/login',
    as: 'anyone',
    valid: { step: 'second_factor', challenge_id: 'c'.repeat(43), code: '123456' },
    bad: [
      missing('challenge_id'),
      tooLong('challenge_id', 'c'.repeat(65)),
      wrongType('challenge_id'),
      ...codeCases('code'),
    ],
  },
  {
    path: '/api/v1/account/forgetLoginPassword',
    as: 'anyone',
    valid: { email, code: '123456', new_password: password, confirm_password: password },
    bad: [
      ...emailCases(),
      ...codeCases('code'),
      ...newPasswordCases,
      malformed('confirm_password', 'Other-1!'),
      unexpected(),
    ],
  },
  { path: '/api/v1/account/getUserInfo', as: 'client', valid: {}, bad: [unexpected()] },
  {
    path: '/api/v1/account/modify',
    as: 'client',
    valid: { full_name: 'Ada King', phone_country: 'GB', phone: '+44 20 7946 0958' },
    bad: [
      missing('full_name'),
      tooLong('full_name', 'x'.repeat(101)),
      wrongType('full_name'),
      malformed('phone_country', 'G1'),
      missing('phone'),
      malformed('phone', 'abc'),
      tooLong('phone', '1'.repeat(33)),
      unexpected(),
    ],
  },
  {
    path: '/api/v1/account/modifyLoginPassword',
    as: 'client',
    valid: {
      old_password: password,
      new_password: 'Quartz-Harbour-19!',
      confirm_password: 'Quartz-Harbour-19!',
      code: '123456',
    },
    bad: [
      missing('old_password'),
      tooLong('old_password', 'x'.repeat(257)),
      wrongType('old_password'),
      ...newPasswordCases,
      malformed('confirm_password', 'Other-1!'),
      // The code may be left out (a fresh step-up stands for it), never malformed.
      ...codeCases('code').filter(([, value]) => value !== undefined),
      unexpected(),
    ],
  },
  {
    path: '/api/v1/account/verifyLoginPassword',
    as: 'client',
    valid: { password, code: '123456' },
    bad: [
      missing('password'),
      tooLong('password', 'x'.repeat(257)),
      wrongType('password'),
      ...codeCases('code'),
      unexpected(),
    ],
  },
  { path: '/api/v1/account/authenticator/setup', as: 'client', valid: {}, bad: [unexpected()] },
  {
    path: '/api/v1/account/approve',
    as: 'client',
    valid: { code: '123456' },
    bad: [...codeCases('code'), unexpected()],
  },
  {
    path: '/api/v1/account/authenticator/remove',
    as: 'client',
    valid: { code: '123456' },
    bad: [...codeCases('code'), unexpected()],
  },
  {
    path: '/api/v1/account/modifyProtocolStatus',
    as: 'client',
    valid: { accept_terms: true },
    bad: [missing('accept_terms'), malformed('accept_terms', false), wrongType('accept_terms', 'true'), unexpected()],
  },
  {
    path: '/api/v1/account/passkeys/verify',
    as: 'client',
    valid: {
      password,
      credential: {
        id: 'AQID',
        rawId: 'AQID',
        type: 'public-key',
        response: { clientDataJSON: 'AQID', authenticatorData: 'AQID', signature: 'AQID' },
        clientExtensionResults: {},
      },
    },
    bad: [missing('password'), wrongType('password'), missing('credential'), wrongType('credential'), unexpected()],
  },
  { path: '/api/v1/account/recoveryCodes/regenerate', as: 'client', valid: {}, bad: [unexpected()] },
  { path: '/api/v1/account/recoveryCodes/status', as: 'client', valid: {}, bad: [unexpected()] },
  {
    path: '/api/v1/account/login',
    as: 'anyone',
    valid: { step: 'recovery_code', challenge_id: 'challenge', recovery_code: 'ABCDE-12345' },
    bad: [
      missing('recovery_code'),
      malformed('recovery_code', 'ABCDE-1234'),
      malformed('recovery_code', 'ABCDE_12345'),
      wrongType('recovery_code', 12345),
      unexpected(),
    ],
  },
  { path: '/api/v1/account/sessions/list', as: 'client', valid: {}, bad: [unexpected()] },
  {
    path: '/api/v1/account/sessions/revoke',
    as: 'client',
    valid: { session_id: '01900000-0000-7000-8000-000000000000' },
    bad: [
      missing('session_id'),
      malformed('session_id', ''),
      tooLong('session_id', 's'.repeat(65)),
      wrongType('session_id'),
    ],
  },
  { path: '/api/v1/account/sessions/revokeOthers', as: 'client', valid: {}, bad: [unexpected()] },
  { path: '/api/v1/account/exitLogin', as: 'client', valid: {}, bad: [unexpected()] },
  {
    path: '/api/v1/admin/users/resetAuthenticator',
    as: 'staff',
    valid: { email, identity_check: 'Called back on the registered phone number.' },
    bad: [
      ...emailCases(),
      missing('identity_check'),
      malformed('identity_check', '   short   '),
      tooLong('identity_check', 'x'.repeat(501)),
      wrongType('identity_check'),
      unexpected(),
    ],
  },
  {
    path: '/api/v1/admin/audit/list',
    as: 'staff',
    valid: { page_size: 20 },
    bad: [
      malformed('page_size', 0),
      tooLong('page_size', 101),
      wrongType('page_size', '20'),
      tooLong('cursor', 'c'.repeat(201)),
      wrongType('cursor'),
      tooLong('action', 'a'.repeat(65)),
      unexpected(),
    ],
  },
];

type FieldErrors = { fields: Record<string, string> };

describe('bad input of every account call', () => {
  it('covers every call of the identity contract', () => {
    const contractPaths = ([...Object.values(accountContract), ...Object.values(registrationContract)] as unknown[])
      .filter(
        (value): value is CallDefinition =>
          typeof value === 'object' && value !== null && 'path' in value && typeof value.path === 'string',
      )
      .map((definition) => definition.path);
    // Every identity call has its cases (the back office's audit log, now in audit-log.ts, keeps its own).
    const covered = new Set(cases.map((entry) => entry.path));
    expect(contractPaths.filter((path) => !covered.has(path))).toEqual([]);
  });

  const rows = cases.flatMap((entry) => entry.bad.map(([field, value, what]) => ({ ...entry, field, value, what })));

  it.each(rows)('$path: $what $field', async ({ path, as, valid, field, value }) => {
    const body: Record<string, unknown> = { ...valid };
    if (value === undefined) delete body[field];
    else body[field] = value;
    const session = as === 'client' ? clientSession : as === 'staff' ? staffSession : undefined;
    const answer = await call<FieldErrors>(test, path, body, { session, language: 'jp' });
    expect(answer.code).toBe(errorCatalogue.validation.code);
    expect(Object.keys(answer.data.fields)).toContain(field);
    expect(answer.data.fields[field]).toMatch(/\S/);
    expect(answer.data.fields[field]).not.toMatch(/^validation\./);
  });

  it('answers a body that is not a JSON object on the field body', async () => {
    for (const path of ['/api/v1/account/login', '/api/v1/sendEmail']) {
      const answer = await call<FieldErrors>(test, path, ['not', 'an', 'object']);
      expect(answer.code).toBe(errorCatalogue.validation.code);
      expect(Object.keys(answer.data.fields)).toEqual(['body']);
    }
  });
});
