import { defineCall, listedCalls } from '@bank/contract/calls';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from './openapi.ts';

const transferCall = defineCall({
  path: '/api/v1/test/transfer',
  summary: 'Moves money (test only)',
  permission: 'deposit',
  isKycGated: true,
  isIdempotent: true,
  request: z.object({ amount: z.string().regex(/^\d+(\.\d+)?$/), page_size: z.number().int().max(100).default(20) }),
  response: z.object({ transfer_id: z.string(), state: z.enum(['pending', 'done']) }),
});
const statementCall = defineCall({
  path: '/api/v1/test/statement',
  summary: 'Downloads a statement (test only)',
  permission: 'session',
  isFile: true,
  request: z.object({}),
  response: z.null(),
});

describe('buildOpenApiDocument', () => {
  const document = buildOpenApiDocument([transferCall, statementCall], listedCalls);
  // As a client reads it: plain JSON.
  const json = JSON.parse(JSON.stringify(document));

  it('documents a defined call with its request schema and its response inside the envelope', () => {
    const operation = json.paths[transferCall.path].post;
    expect(operation.summary).toBe('Moves money (test only)');
    expect(operation['x-kyc-gated']).toBe(true);
    expect(operation['x-idempotent']).toBe(true);
    expect(operation.parameters).toContainEqual({ $ref: '#/components/parameters/idempotencyKey' });
    expect(json.components.parameters.idempotencyKey).toMatchObject({ name: 'idempotency-key', required: true });
    expect(operation['x-errors']).toContain('idempotency_conflict');
    const request = operation.requestBody.content['application/json'].schema;
    expect(request.type).toBe('object');
    expect(request.properties.amount).toMatchObject({ type: 'string', pattern: '^\\d+(\\.\\d+)?$' });
    // A field with a default is optional for the caller.
    expect(request.required).toEqual(['amount']);
    expect(request.$schema).toBeUndefined();
    const success = operation.responses['200'].content['application/json'].schema;
    expect(success.required).toEqual(['code', 'msg', 'data']);
    expect(success.properties.data.properties.state.enum).toEqual(['pending', 'done']);
    expect(operation.responses.default.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/ErrorEnvelope',
    );
  });

  it('documents a file call as a binary answer', () => {
    const operation = json.paths[statementCall.path].post;
    expect(Object.keys(operation.responses['200'].content)).toEqual(['application/octet-stream']);
  });

  it('keeps the listed calls that are not defined, marked as not built', () => {
    expect(Object.keys(document.paths)).toHaveLength(listedCalls.size + 2);
    expect(json.paths['/api/v1/card/topUp'].post['x-status']).toBe('not_built');
  });

  it("shows each operation's permission, the errors it can answer with an example, and the server", () => {
    const operation = json.paths[transferCall.path].post;
    expect(operation['x-permission']).toBe(transferCall.permission);
    expect(operation['x-errors']).toEqual(
      expect.arrayContaining(['session_invalid', 'validation', 'kyc_not_approved']),
    );
    const examples = operation.responses.default.content['application/json'].examples;
    expect(examples.kyc_not_approved.value).toEqual({ code: 9451, msg: 'User is not KYC approved.', data: null });
    expect(json.paths['/api/v1/deposit/download'].post['x-permission']).toBe('exports');
    expect(json.paths['/api/v1/card/topUp'].post['x-errors']).toEqual(
      expect.arrayContaining(['forbidden', 'not_found']),
    );
    expect(json.servers).toEqual([{ url: '/', description: 'Corporate banking API' }]);
  });

  it('names every catalogue code in the error envelope', () => {
    expect(json.components.schemas.ErrorEnvelope.properties.code.enum).toEqual(
      expect.arrayContaining([9400, 9422, 9500]),
    );
  });
});
