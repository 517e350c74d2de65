import { Writable } from 'node:stream';
import { defineCall } from '@bank/contract/calls';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loggableUrl, redactedValue } from './logger.ts';
import type { AppModule } from './module.ts';
import { registerCall } from './route.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** Values that must never appear in a log line, whichever way they reach the server. */
const secrets = {
  password: 'Pa55word-in-body',
  newPassword: 'N3w-pa55word-nested',
  token: 'session-token-header-value',
  authorization: 'Bearer authorization-header-value',
  cookie: 'sid=cookie-header-value',
  code: '493817',
  otp: '771204',
  secret: 'JBSWY3DPEHPK3PXP',
  pin: '9931',
  resetToken: 'reset-link-token-value',
  queryParameter: 'query-parameter-secret-value',
};

const loggingCall = defineCall({
  path: '/api/v1/test/logging',
  summary: 'Logs what it receives (test only)',
  permission: 'public',
  request: z.looseObject({}),
  response: z.null(),
});
const failingQueryCall = defineCall({
  path: '/api/v1/test/failing-query',
  summary: 'Runs a query that fails, with a secret as its parameter (test only)',
  permission: 'public',
  request: z.object({}),
  response: z.null(),
});

const loggingModule: AppModule = {
  name: 'logging-test',
  register(app, { database }) {
    registerCall(app, loggingCall, async (body, context) => {
      // A careless handler logging a whole body must still not leak what is in it.
      context.log.info({ body }, 'received');
      return null;
    });
    registerCall(app, failingQueryCall, async () => {
      await database.db.execute(sql`select ${secrets.queryParameter}::integer`);
      return null;
    });
  },
};

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ modules: [loggingModule], logger: { level: 'trace', stream: capture } });
  await test.app.inject({
    method: 'POST',
    url: loggingCall.path,
    headers: {
      'content-type': 'application/json',
      token: secrets.token,
      userid: 'user-1',
      authorization: secrets.authorization,
      cookie: secrets.cookie,
    },
    payload: {
      password: secrets.password,
      profile: { security: { new_password: secrets.newPassword } },
      code: secrets.code,
      otp: secrets.otp,
      secret: secrets.secret,
      card: { pin: secrets.pin },
    },
  });
  await test.app.inject({ method: 'GET', url: `/reset_pwd?token=${secrets.resetToken}&lang=en` });
  await test.app.inject({ method: 'POST', url: failingQueryCall.path, payload: {} });
});
afterAll(async () => {
  await test?.close();
});

describe('logs', () => {
  it('are written, as JSON lines carrying the request id', () => {
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const received = records.find((record) => record.msg === 'received');
    expect(received?.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(records.some((record) => record.msg === 'unexpected error')).toBe(true);
    expect(records.some((record) => (record.req as { headers?: unknown } | undefined)?.headers)).toBe(true);
  });

  it.each(Object.entries(secrets))('never contain the %s', (_name, value) => {
    // The figures the logger writes itself (time, process id, response time) may hold any run of
    // digits: a response time of 8.518849999993108 ms once "contained" the four-digit PIN.
    const withoutFigures = lines.map((line) => {
      const record = JSON.parse(line) as Record<string, unknown>;
      for (const figure of ['time', 'pid', 'responseTime']) delete record[figure];
      return JSON.stringify(record);
    });
    expect(withoutFigures.join('\n')).not.toContain(value);
  });

  it('mark where a value was removed', () => {
    const received = lines.map((line) => JSON.parse(line)).find((record) => record.msg === 'received');
    expect(received.body.password).toBe(redactedValue);
    expect(received.body.profile.security.new_password).toBe(redactedValue);
    expect(received.body.card.pin).toBe(redactedValue);
    const withHeaders = lines.map((line) => JSON.parse(line)).find((record) => record.req?.headers?.token);
    expect(withHeaders.req.headers.token).toBe(redactedValue);
    expect(withHeaders.req.headers.userid).toBe('user-1');
  });

  it('keep the query of a failed database call but not its parameters', () => {
    const failure = lines.map((line) => JSON.parse(line)).find((record) => record.msg === 'unexpected error');
    expect(failure.db_error.query).toContain('select $1::integer');
    expect(failure.db_error.sqlstate).toBe('22P02');
    expect(failure.db_error.message).toContain('invalid input syntax');
    expect(failure.db_error.stack).toContain('logger.test.ts');
  });
});

describe('loggableUrl', () => {
  it('masks sensitive query values and keeps the rest', () => {
    expect(loggableUrl('/reset_pwd?token=abc&lang=en')).toBe('/reset_pwd?token=%5Bredacted%5D&lang=en');
    expect(loggableUrl('/login')).toBe('/login');
  });

  it('masks the grant of a storage upload or download URL', () => {
    const grant = 'eyJraW5kIjoicHV0Iiwia2V5IjoiY29tcGFuaWVzL3gvMSJ9.c2lnbmF0dXJl';
    expect(loggableUrl(`/storage/upload/${grant}`)).toBe('/storage/upload/[redacted]');
    expect(loggableUrl(`/storage/file/${grant}?download=1`)).toBe('/storage/file/[redacted]?download=1');
    expect(loggableUrl(`/storage/file/${grant}`)).not.toContain(grant);
    expect(loggableUrl('/storage/other/abc')).toBe('/storage/other/abc');
  });
});
