import { defineCall } from '@bank/contract/calls';
import { errorCatalogue } from '@bank/contract/errors';
import { permissionsOf } from '@bank/contract/permissions';
import type { UserRole } from '@bank/contract/roles';
import { translate } from '@bank/i18n/resources';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { writeAudit } from './audit.ts';
import { auditLog } from './audit-table.ts';
import { AppError } from './errors.ts';
import type { AppModule } from './module.ts';
import { currentRequestId } from './request-context.ts';
import { bodyProblemOf, fileReply, maxBodyDepth, registerCall } from './route.ts';
import type { SessionContext, SessionResolver } from './session.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** Test-only calls: one of each kind the platform must handle. */
const echoCall = defineCall({
  path: '/api/v1/test/echo',
  summary: 'Echoes a name (test only)',
  permission: 'public',
  request: z
    .object({
      name: z.string().min(2).max(10),
      contact: z.object({ email: z.email() }).optional(),
    })
    .strict(),
  response: z.object({ name: z.string() }),
});
const failingCall = defineCall({
  path: '/api/v1/test/failing',
  summary: 'Fails unexpectedly (test only)',
  permission: 'public',
  request: z.object({}),
  response: z.null(),
});
const requestIdCall = defineCall({
  path: '/api/v1/test/requestId',
  summary: 'Answers the id of the request it runs for (test only)',
  permission: 'public',
  request: z.object({}),
  response: z.object({ request_id: z.string().nullable() }),
});
const contendedCall = defineCall({
  path: '/api/v1/test/contended',
  summary: 'Loses to contention on every try (test only)',
  permission: 'public',
  request: z.object({}),
  response: z.null(),
});
const refusedCall = defineCall({
  path: '/api/v1/test/refused',
  summary: 'Refuses with a catalogue error (test only)',
  permission: 'public',
  errors: ['illegal_state'],
  request: z.object({}),
  response: z.null(),
});
const undeclaredCall = defineCall({
  path: '/api/v1/test/undeclared',
  summary: 'Refuses with a catalogue error its contract does not declare (test only)',
  permission: 'public',
  request: z.object({}),
  response: z.null(),
});
const whoAmICall = defineCall({
  path: '/api/v1/test/whoami',
  summary: 'Answers the session user (test only)',
  permission: 'session',
  request: z.object({}),
  response: z.object({ user_id: z.string() }),
});
const staffCall = defineCall({
  path: '/api/v1/test/staff',
  summary: 'Staff only (test only)',
  permission: 'audit_log',
  request: z.object({}),
  response: z.null(),
});
const gatedCall = defineCall({
  path: '/api/v1/test/gated',
  summary: 'KYC gated (test only)',
  permission: 'session',
  isKycGated: true,
  request: z.object({}),
  response: z.null(),
});
const reviewCall = defineCall({
  path: '/api/v1/test/review',
  summary: 'Needs the kyc_review permission (test only)',
  permission: 'kyc_review',
  request: z.object({ note: z.string() }).strict(),
  response: z.null(),
});
const exportCall = defineCall({
  path: '/api/v1/test/export',
  summary: 'Needs the exports permission (test only)',
  permission: 'exports',
  request: z.object({}),
  response: z.null(),
});
let permittedHandlerRuns = 0;
const fileCall = defineCall({
  path: '/api/v1/test/file',
  summary: 'Answers a file (test only)',
  permission: 'session',
  isFile: true,
  request: z.object({}),
  response: z.null(),
});
const auditedCall = defineCall({
  path: '/api/v1/test/audited',
  summary: 'Records a note and audits it through registerCall (test only)',
  permission: 'session',
  request: z.object({ note: z.string(), outcome: z.enum(['succeeds', 'handler_fails', 'audit_fails']) }).strict(),
  response: z.object({ note_id: z.string(), has_transaction: z.boolean() }),
});
const auditorUserId = '01900000-0000-7000-8000-0000000000a1';
const auditorCompanyId = '01900000-0000-7000-8000-0000000000c1';

const testModule: AppModule = {
  name: 'test',
  register(app) {
    registerCall(app, echoCall, async (body) => {
      // A row with a field the response must not carry: the response schema is an allow-list.
      const row = { name: body.name, password_hash: 'argon2id$never-leaves' };
      return row;
    });
    registerCall(app, failingCall, async () => {
      throw new Error('connection to 10.0.0.7 refused, stack and internals');
    });
    registerCall(app, requestIdCall, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { request_id: currentRequestId() };
    });
    registerCall(app, contendedCall, async () => {
      // What drizzle throws when PostgreSQL picks the transaction as a deadlock's victim.
      throw Object.assign(new Error('Failed query: update ledger_accounts ...'), {
        cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
      });
    });
    registerCall(app, refusedCall, async () => {
      throw new AppError('illegal_state', { detail: 'card 42 is in state printing' });
    });
    registerCall(app, undeclaredCall, async () => {
      throw new AppError('not_found', { detail: 'a refusal OpenAPI never told integrators about' });
    });
    registerCall(app, whoAmICall, async (_body, context) => ({ user_id: context.session.user_id }));
    registerCall(app, staffCall, async () => null);
    registerCall(app, gatedCall, async () => null);
    registerCall(app, reviewCall, async () => {
      permittedHandlerRuns += 1;
      return null;
    });
    registerCall(app, exportCall, async () => {
      permittedHandlerRuns += 1;
      return null;
    });
    registerCall(app, fileCall, async () => fileReply('statement été 2026.csv', 'text/csv', Buffer.from('a,b\n1,2\n')));
    registerCall(
      app,
      auditedCall,
      async (body, context) => {
        // The call's effect, written in the transaction it is handed (an audit row stands in for it).
        if (context.transaction)
          await writeAudit(context.transaction, {
            action: 'test.effect',
            at: context.now,
            detail: { note: body.note },
          });
        if (body.outcome === 'handler_fails')
          throw new AppError('illegal_state', { detail: 'refused after the effect' });
        return { note_id: `note-${body.note}`, has_transaction: context.transaction !== null };
      },
      {
        audit: (result, body, context) => {
          if (body.outcome === 'audit_fails') throw new Error('the audit could not be made');
          return {
            action: 'test.recorded',
            companyId: context.session.company_id,
            detail: { note_id: result.note_id },
          };
        },
      },
    );
  },
};

function session(overrides: Partial<SessionContext> & { role?: UserRole }): SessionContext {
  const role = overrides.role ?? 'administrator';
  return {
    user_id: 'user-1',
    company_id: 'company-1',
    is_staff: false,
    kyc_status: 'kyc_approved',
    session_id: 'session-1',
    ...overrides,
    role,
    permissions: permissionsOf({ role }),
  };
}

const sessionsByToken: Record<string, SessionContext> = {
  approved: session({}),
  pending: session({ kyc_status: 'pending_review' }),
  staff: session({ user_id: 'staff-1', company_id: null, is_staff: true, role: 'compliance_officer' }),
  manager: session({ user_id: 'staff-2', company_id: null, is_staff: true, role: 'sales_relationship_manager' }),
  director: session({ user_id: 'user-2', role: 'director' }),
  auditor: session({ user_id: auditorUserId, company_id: auditorCompanyId }),
};
const resolveTestSession: SessionResolver = async (token, userId) => {
  const found = sessionsByToken[token];
  return found && found.user_id === userId ? found : null;
};

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ modules: [testModule], sessionResolver: resolveTestSession });
});
afterAll(async () => {
  await test?.close();
});

function post(url: string, options: { body?: unknown; headers?: Record<string, string>; raw?: string } = {}) {
  return test.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...options.headers },
    payload: options.raw ?? JSON.stringify(options.body ?? {}),
  });
}

function signedIn(token: keyof typeof sessionsByToken): Record<string, string> {
  return { token, userid: sessionsByToken[token]?.user_id ?? '' };
}

describe('session rule', () => {
  it.each([
    ['en', 'Your session has expired. Please log in again.'],
    ['ch', '您的会话已过期，请重新登录。'],
    ['jp', 'セッションの有効期限が切れました。もう一度ログインしてください。'],
  ])(
    'answers HTTP 200 with code 9400 in the language header (%s) to a listed call without a session',
    async (language, message) => {
      const response = await post('/api/v1/account/getUserInfo', { headers: { language } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ code: 9400, msg: message, data: null });
    },
  );

  it('falls back to English for an unknown language and with no header', async () => {
    for (const headers of [{ language: 'fr' }, {}] as Record<string, string>[]) {
      const response = await post('/api/v1/account/getUserInfo', { headers });
      expect(response.json().msg).toBe(translate('en', 'errors.session_invalid'));
    }
  });

  it('answers 9400 for a token that resolves to no session or belongs to another user', async () => {
    for (const headers of [
      { token: 'unknown', userid: 'user-1' },
      { token: 'approved', userid: 'someone-else' },
    ]) {
      expect((await post(whoAmICall.path, { headers })).json().code).toBe(9400);
    }
  });

  it('checks the session before reading the body', async () => {
    const response = await post(whoAmICall.path, { raw: '{not json' });
    expect(response.json().code).toBe(9400);
  });

  it('gives the handler the resolved session', async () => {
    const response = await post(whoAmICall.path, { headers: signedIn('approved') });
    expect(response.json()).toEqual({ code: 200, msg: 'success', data: { user_id: 'user-1' } });
  });

  it('answers forbidden to a client on a staff call and lets staff through', async () => {
    expect((await post(staffCall.path, { headers: signedIn('approved') })).json().code).toBe(
      errorCatalogue.forbidden.code,
    );
    expect((await post(staffCall.path, { headers: signedIn('staff') })).json().code).toBe(200);
  });

  it("answers forbidden, before reading the body, to a caller without the call's permission", async () => {
    const managerOnReview = await post(reviewCall.path, { headers: { ...signedIn('manager'), language: 'ch' } });
    expect(managerOnReview.json()).toEqual({
      code: errorCatalogue.forbidden.code,
      msg: translate('ch', 'errors.forbidden'),
      data: null,
    });
    const directorOnExport = await post(exportCall.path, { headers: signedIn('director') });
    expect(directorOnExport.json().code).toBe(errorCatalogue.forbidden.code);
    expect(permittedHandlerRuns).toBe(0);

    expect((await post(reviewCall.path, { headers: signedIn('staff'), body: { note: 'ok' } })).json().code).toBe(200);
    expect((await post(exportCall.path, { headers: signedIn('approved') })).json().code).toBe(200);
    expect(permittedHandlerRuns).toBe(2);
  });

  it('answers kyc_not_approved on a gated call until KYC is approved', async () => {
    const refused = await post(gatedCall.path, { headers: { ...signedIn('pending'), language: 'jp' } });
    expect(refused.json()).toEqual({
      code: errorCatalogue.kyc_not_approved.code,
      msg: translate('jp', 'errors.kyc_not_approved'),
      data: null,
    });
    expect((await post(gatedCall.path, { headers: signedIn('approved') })).json().code).toBe(200);
  });

  it('answers HTTP 404 not_found for a listed call not built yet once signed in', async () => {
    const response = await post('/api/v1/account/getUserInfo', { headers: signedIn('approved') });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: errorCatalogue.not_found.code,
      msg: translate('en', 'errors.not_found'),
      data: null,
    });
  });
});

describe('request bodies', () => {
  it('strips fields outside the response schema', async () => {
    const response = await post(echoCall.path, { body: { name: 'Ada' } });
    expect(response.json()).toEqual({ code: 200, msg: 'success', data: { name: 'Ada' } });
    expect(response.body).not.toContain('argon2id');
  });

  it('answers the validation code with a translated message per dotted field path', async () => {
    const response = await post(echoCall.path, {
      body: { name: 'A', contact: { email: 'not-an-email' }, extra: 1 },
      headers: { language: 'ch' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(errorCatalogue.validation.code);
    expect(body.msg).toBe(translate('ch', 'errors.validation'));
    expect(body.data.fields).toEqual({
      name: translate('ch', 'validation.too_short', { min: 2 }),
      'contact.email': translate('ch', 'validation.email_invalid'),
      extra: translate('ch', 'validation.unknown_field'),
    });
  });

  it('treats a missing required field as required', async () => {
    const body = (await post(echoCall.path, { body: {} })).json();
    expect(body.data.fields).toEqual({ name: translate('en', 'validation.required') });
  });

  it('answers the validation code for a body that is not JSON', async () => {
    const response = await post(echoCall.path, { raw: '{"name": "Ada"', headers: { language: 'jp' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: errorCatalogue.validation.code,
      msg: translate('jp', 'errors.body_not_json'),
      data: { fields: { body: translate('jp', 'errors.body_not_json') } },
    });
  });

  it('answers the validation code for a body of JSON that is not an object', async () => {
    const response = await post(echoCall.path, { raw: '"just a string"' });
    expect(response.json().code).toBe(errorCatalogue.validation.code);
    expect(response.json().data.fields.body).toBeTypeOf('string');
  });

  it('answers HTTP 413 in the envelope for a body over the size limit', async () => {
    const response = await post(echoCall.path, { raw: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: errorCatalogue.validation.code,
      msg: translate('en', 'errors.body_too_large'),
    });
  });

  it('refuses a null body rather than taking it as an empty object', async () => {
    const response = await post(echoCall.path, { raw: 'null', headers: { language: 'ch' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: errorCatalogue.validation.code,
      msg: translate('ch', 'errors.body_not_object'),
      data: { fields: { body: translate('ch', 'errors.body_not_object') } },
    });
  });

  it('answers the validation code, not a stack overflow, for a body nested thousands of levels deep', async () => {
    const deep = `${'{"a":'.repeat(4000)}1${'}'.repeat(4000)}`;
    const deepArrays = `{"name":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    for (const raw of [deep, deepArrays]) {
      const response = await post(echoCall.path, { raw, headers: { language: 'jp' } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        code: errorCatalogue.validation.code,
        msg: translate('jp', 'errors.body_too_deep'),
        data: { fields: { body: translate('jp', 'errors.body_too_deep') } },
      });
    }
    expect(bodyProblemOf(JSON.parse(`${'['.repeat(maxBodyDepth)}${']'.repeat(maxBodyDepth)}`))).toBeUndefined();
    expect(bodyProblemOf({ a: [{ b: 'ok' }, { c: 'bad\u0000' }] })).toEqual({ kind: 'unstorable', path: 'a.1.c' });
  });

  it('answers the validation code for a body that is not sent as JSON', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await post(echoCall.path, { raw: 'name=Ada', headers: { 'content-type': contentType } });
      expect(response.statusCode, contentType).toBe(200);
      expect(response.json(), contentType).toMatchObject({
        code: errorCatalogue.validation.code,
        msg: translate('en', 'errors.unsupported_content_type'),
      });
    }
  });

  it('accepts a call with no body as an empty object', async () => {
    const response = await test.app.inject({ method: 'POST', url: whoAmICall.path, headers: signedIn('approved') });
    expect(response.json().code).toBe(200);
  });
});

describe('failures', () => {
  it('answers a catalogue error with its translated message and keeps the internal detail out', async () => {
    const response = await post(refusedCall.path, { headers: { language: 'ch' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: errorCatalogue.illegal_state.code,
      msg: translate('ch', 'errors.illegal_state'),
      data: null,
    });
    expect(response.body).not.toContain('printing');
  });

  it('answers an unexpected failure with HTTP 500, a generic message and the request id, without internals', async () => {
    const response = await post(failingCall.path, { headers: { 'x-request-id': 'support-ref-0001' } });
    expect(response.statusCode).toBe(500);
    expect(response.headers['x-request-id']).toBe('support-ref-0001');
    expect(response.json()).toEqual({
      code: 9500,
      msg: translate('en', 'errors.internal', { request_id: 'support-ref-0001' }),
      data: { request_id: 'support-ref-0001' },
    });
    expect(response.body).not.toMatch(/10\.0\.0\.7|stack|at .*\.ts/);
  });

  it('runs the handler, past every await, as part of its request (the id events and jobs carry on)', async () => {
    const response = await post(requestIdCall.path, { headers: { 'x-request-id': 'support-ref-0042' } });
    expect(response.json().data).toEqual({ request_id: 'support-ref-0042' });
  });

  it('answers a transaction that lost to contention on every try as busy, with Retry-After, never a 500', async () => {
    const response = await post(contendedCall.path);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toMatchObject({ code: 9503, msg: translate('en', 'errors.busy'), data: null });
  });

  it('answers an error the call does not declare as an internal failure outside production, so that tests find it', async () => {
    const response = await post(undeclaredCall.path, { headers: { 'x-request-id': 'support-ref-0002' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 9500, data: { request_id: 'support-ref-0002' } });
  });

  it('answers an unknown /api path with HTTP 404 and the envelope', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/no/such/call'],
      ['GET', '/api/v1/account/getUserInfo'],
      ['GET', '/api/nothing'],
    ] as const) {
      const response = await test.app.inject({ method, url, headers: { language: 'jp' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({
        code: errorCatalogue.not_found.code,
        msg: translate('jp', 'errors.not_found'),
        data: null,
      });
    }
  });
});

describe('audit option', () => {
  async function rowsOf(note: string) {
    const rows = await test.database.db.select().from(auditLog).where(like(auditLog.action, 'test.%'));
    return rows.filter((row) => JSON.stringify(row.detail).includes(note));
  }

  it('writes the audit row after the handler, with the session user, company, address and the call time', async () => {
    const response = await post(auditedCall.path, {
      body: { note: 'first', outcome: 'succeeds' },
      headers: signedIn('auditor'),
    });
    expect(response.json()).toMatchObject({ code: 200, data: { note_id: 'note-first', has_transaction: true } });
    const [recorded] = await test.database.db.select().from(auditLog).where(eq(auditLog.action, 'test.recorded'));
    expect(recorded).toMatchObject({
      actor_user_id: auditorUserId,
      company_id: auditorCompanyId,
      ip: '127.0.0.1',
      detail: { note_id: 'note-first' },
    });
    expect((await rowsOf('first')).map((row) => row.action).sort()).toEqual(['test.effect', 'test.recorded']);
  });

  it('writes nothing when the handler fails, and rolls the effect back when the audit fails', async () => {
    for (const outcome of ['handler_fails', 'audit_fails'] as const) {
      const response = await post(auditedCall.path, { body: { note: outcome, outcome }, headers: signedIn('auditor') });
      expect(response.json().code, outcome).not.toBe(200);
      expect(await rowsOf(outcome), outcome).toEqual([]);
    }
  });
});

describe('request ids and files', () => {
  it('gives every answer a request id and refuses one that could forge a log line', async () => {
    const generated = await post(echoCall.path, { body: { name: 'Ada' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const forged = await post(echoCall.path, {
      body: { name: 'Ada' },
      headers: { 'x-request-id': 'a\nb level=fatal' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a file call with the file and its name, never cached', async () => {
    const response = await post(fileCall.path, { headers: signedIn('approved') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="statement _t_ 2026.csv"; filename*=UTF-8''statement%20%C3%A9t%C3%A9%202026.csv`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toBe('a,b\n1,2\n');
  });

  it('answers a file call without a session with the 9400 envelope', async () => {
    expect((await post(fileCall.path)).json().code).toBe(9400);
  });
});
