/**
 * Hostile text on every call the app serves: for each string field of each request
 * schema, a NUL byte, a lone surrogate and an over-long value are answered with the validation code
 * naming that field, never a 500. The list is read from the app's registered calls and the fields
 * from their schemas, so a call or field added later is covered without touching this file.
 */
import type { SignedIn } from '@bank/contract/account';
import type { CallDefinition } from '@bank/contract/calls';
import { errorCatalogue } from '@bank/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../platform/test-support.ts';
import { createKycTestApp, type KycTestApp, newClient, newStaff, setKycStatus } from './test-support.ts';

type Json = Record<string, unknown>;
/**
 * A string field: its dotted path, the literal fields (union discriminators) that select its branch,
 * and its own length limit where it has one.
 */
type StringField = { path: string[]; literals: { path: string[]; value: unknown }[]; maxLength?: number };

type SchemaDef = {
  type: string;
  shape?: Record<string, { _zod: { def: SchemaDef } }>;
  innerType?: { _zod: { def: SchemaDef } };
  in?: { _zod: { def: SchemaDef } };
  out?: { _zod: { def: SchemaDef } };
  element?: { _zod: { def: SchemaDef } };
  options?: { _zod: { def: SchemaDef } }[];
  left?: { _zod: { def: SchemaDef } };
  right?: { _zod: { def: SchemaDef } };
  values?: unknown[];
  checks?: { _zod: { def: { check: string; maximum?: number } } }[];
};

function stringFieldsOf(def: SchemaDef, path: string[] = [], literals: StringField['literals'] = []): StringField[] {
  switch (def.type) {
    case 'string': {
      const limit = def.checks?.find((check) => check._zod.def.check === 'max_length')?._zod.def.maximum;
      return [{ path, literals, maxLength: limit }];
    }
    case 'object': {
      const shape = def.shape ?? {};
      const ownLiterals = [...literals];
      for (const [key, field] of Object.entries(shape)) {
        if (field._zod.def.type === 'literal')
          ownLiterals.push({ path: [...path, key], value: field._zod.def.values?.[0] });
      }
      return Object.entries(shape).flatMap(([key, field]) =>
        stringFieldsOf(field._zod.def, [...path, key], ownLiterals),
      );
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return def.innerType ? stringFieldsOf(def.innerType._zod.def, path, literals) : [];
    case 'pipe':
      // z.preprocess is a pipe from a transform into the real schema.
      if (def.in && def.in._zod.def.type !== 'transform') return stringFieldsOf(def.in._zod.def, path, literals);
      return def.out ? stringFieldsOf(def.out._zod.def, path, literals) : [];
    case 'array':
      return def.element ? stringFieldsOf(def.element._zod.def, [...path, '0'], literals) : [];
    case 'union':
      return (def.options ?? []).flatMap((option) => stringFieldsOf(option._zod.def, path, literals));
    case 'intersection':
      return [def.left, def.right].flatMap((side) => (side ? stringFieldsOf(side._zod.def, path, literals) : []));
    default:
      return [];
  }
}

function bodyWith(field: StringField, value: string): Json {
  const body: Json = {};
  const put = (path: string[], leaf: unknown) => {
    let node: Json | unknown[] = body;
    path.forEach((key, index) => {
      const isLast = index === path.length - 1;
      const container = node as Record<string, unknown>;
      if (isLast) container[key] = leaf;
      else {
        container[key] ??= /^\d+$/.test(path[index + 1] ?? '') ? [] : {};
        node = container[key] as Json;
      }
    });
  };
  for (const literal of field.literals) put(literal.path, literal.value);
  put(field.path, value);
  return body;
}

/** Each hostile value for a field: an over-long one is longer than any field's limit, and than its own. */
const hostileValues: [what: string, value: (field: StringField) => string][] = [
  ['a NUL byte', () => 'Acme\u0000Ltd'],
  ['a lone surrogate', () => 'Acme\ud800Ltd'],
  ['an over-long value', (field) => 'x'.repeat(Math.max(20_000, (field.maxLength ?? 0) + 1))],
];

let test: KycTestApp;
let client: SignedIn;
let staff: SignedIn;
/** For calls behind the KYC gate: the gate answers before the body is read. */
let approvedClient: SignedIn;

beforeAll(async () => {
  test = await createKycTestApp();
  client = (await newClient(test)).session;
  const approved = await newClient(test);
  await setKycStatus(test, approved.companyId, 'kyc_approved');
  approvedClient = approved.session;
  staff = await newStaff(test, 'system_admin');
});

afterAll(async () => {
  await test?.close();
});

/** Who may make the call, so that its body is read: the KYC gate and the session rule answer first. */
function sessionFor(definition: CallDefinition): SignedIn | undefined {
  if (definition.auth === 'public') return undefined;
  if (definition.auth === 'staff') return staff;
  return definition.isKycGated ? approvedClient : client;
}

describe('hostile text on every call', () => {
  it('is refused with the validation code on the field, never a 500', async () => {
    const calls = [...test.app.callPlatform.calls.values()] as CallDefinition[];
    expect(calls.length).toBeGreaterThan(20);
    let checked = 0;
    const failures: string[] = [];
    for (const definition of calls) {
      const session = sessionFor(definition);
      const fields = stringFieldsOf((definition.request as unknown as { _zod: { def: SchemaDef } })._zod.def);
      for (const field of fields) {
        for (const [what, value] of hostileValues) {
          const response = await test.app.inject({
            method: 'POST',
            url: definition.path,
            payload: bodyWith(field, value(field)),
            headers: {
              'content-type': 'application/json',
              ...(session ? { token: session.token, userid: session.userid } : {}),
            },
          });
          checked += 1;
          const envelope = response.json() as { code: number; data: { fields?: Record<string, string> } | null };
          const name = field.path.join('.');
          if (
            response.statusCode !== 200 ||
            envelope.code !== errorCatalogue.validation.code ||
            !envelope.data?.fields?.[name]
          ) {
            failures.push(
              `${definition.path} ${name} with ${what}: HTTP ${response.statusCode} ${response.body.slice(0, 200)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('keeps tabs and line breaks in a multi-line field but not in a one-line one', async () => {
    const address = await call(
      test,
      '/api/v1/account/kyc/company',
      { complete: false, data: { registered_address: '1 Quay\nSingapore\tSG' } },
      { session: client },
    );
    expect(address.code).toBe(200);
    const name = await call(
      test,
      '/api/v1/account/kyc/company',
      { complete: false, data: { company_name: 'Acme\nLtd' } },
      { session: client },
    );
    expect(name.code).toBe(errorCatalogue.validation.code);
    expect((name.data as { fields: Record<string, string> }).fields['data.company_name']).toBe(
      'Remove the invisible control characters from this text',
    );
  });
});

/** Whole bodies no client sends: every call answers them as a client error, never a 500 or a stack. */
const hostileBodies: [what: string, raw: string][] = [
  ['nesting 4,000 levels deep', `${'{"a":'.repeat(4000)}1${'}'.repeat(4000)}`],
  ['arrays nested 5,000 levels deep', `[${'['.repeat(5000)}${']'.repeat(5000)}]`],
  ['null', 'null'],
  ['an array', '[1,2,3]'],
  ['a number', '42'],
  ['a string', '"hello"'],
  ['a prototype key', '{"__proto__":{"is_staff":true,"role":"system_admin"},"constructor":{"prototype":{"x":1}}}'],
  ['wrong types everywhere', '{"id":[],"amount":{"$gt":0},"page":"1; DROP TABLE users","email":true,"token":null}'],
  ['an amount past any column', '{"amount":"99999999999999999999","currency":"USD","asset":"USDT"}'],
  ['a huge string in an unknown field', `{"note":"${'x'.repeat(900_000)}"}`],
];

describe('hostile bodies on every call', () => {
  it('answers each as a client error, never a 500 and never a stack', async () => {
    const calls = [...test.app.callPlatform.calls.values()] as CallDefinition[];
    const failures: string[] = [];
    for (const definition of calls) {
      const session = sessionFor(definition);
      for (const [what, raw] of hostileBodies) {
        const response = await test.app.inject({
          method: 'POST',
          url: definition.path,
          payload: raw,
          headers: {
            'content-type': 'application/json',
            'idempotency-key': `hostile-${what.length}-${definition.path.length}-${Math.random().toString(36).slice(2)}`,
            ...(session ? { token: session.token, userid: session.userid } : {}),
          },
        });
        const text = response.body;
        const envelope = (() => {
          try {
            return JSON.parse(text) as { code?: number };
          } catch {
            return undefined;
          }
        })();
        if (
          response.statusCode >= 500 ||
          envelope?.code === errorCatalogue.internal.code ||
          /\bat .+\.(ts|js):\d+/.test(text)
        )
          failures.push(`${definition.path} with ${what}: HTTP ${response.statusCode} ${text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    // Every call times every hostile body, one after another: minutes on a loaded machine (over 3 on
    // a slower one, 2026-11-30): the limit is for a hang.
  }, 600_000);
});
