/**
 * The OpenAPI 3.1 document, generated from the contract: every call the server answers, with its
 * request and response schemas (zod 4's JSON Schema, which is OpenAPI 3.1's dialect) inside the
 * envelope; and every call SPEC.md lists that is not built yet, marked as such. Served at
 * /api/openapi.json and readable at /api/docs.
 */
import { apiKeyCalls } from '@bank/contract/api-key-calls';
import { type CallDefinition, type CallSpec, errorKeysOf } from '@bank/contract/calls';
import { appVersion } from '@bank/contract/constants';
import { apiHeaders, idempotencyKeyLifetimeHours, idempotencyKeyPattern } from '@bank/contract/envelope';
import { type ErrorKey, errorCatalogue } from '@bank/contract/errors';
import { translate } from '@bank/i18n/resources';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  paths: Record<string, { post: Operation }>;
  components: Record<string, unknown>;
};

const openApiPath = '/api/openapi.json';
const apiDocsPath = '/api/docs';

export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function envelopeSchema(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: { code: { type: 'integer', const: 200 }, msg: { type: 'string' }, data },
  };
}

/** `/api/v1/withdraw/crypto/addressList` -> `withdraw_crypto_addressList`. */
function operationIdOf(path: string): string {
  return path.replace(/^\/api\/v1\//, '').replace(/\//g, '_');
}

function tagOf(path: string): string {
  return path.replace(/^\/api\/v1\//, '').split('/')[0] ?? 'other';
}

const sessionSecurity = [{ token: [], userid: [] }];

const apiKeyScheme = {
  type: 'http',
  scheme: 'bearer',
  description:
    'A company API key (created on the team page by the administrator): `Authorization: Bearer <key>`. ' +
    'Accepted by the operations that list it in `security` (x-api-key: read or write); a read-only key ' +
    'makes reads only, a write key writes only from its IP allow-list; payouts made with a key wait for ' +
    'approval. 120 calls a minute per key.',
};

/** A person's session, or for the calls API keys may make (decision 0041) a bearer key instead. */
function securityOf(path: string) {
  return Object.hasOwn(apiKeyCalls, path) ? [...sessionSecurity, { apiKey: [] }] : sessionSecurity;
}

const errorResponse = {
  description:
    'Any refusal: the envelope with a catalogue code (HTTP 200, see components.schemas.ErrorEnvelope), ' +
    'HTTP 404 for a path that does not exist, HTTP 500 with code 9500 for an unexpected failure.',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
};

/** The refusal response of one operation, with an example envelope (English message) per error it can answer. */
function errorResponseOf(spec: CallSpec & { errors?: readonly ErrorKey[] }) {
  const examples = Object.fromEntries(
    errorKeysOf(spec).map((key) => [
      key,
      {
        summary: `${errorCatalogue[key].code} ${key}`,
        value: {
          code: errorCatalogue[key].code,
          msg: translate('en', `errors.${key}`, { request_id: '…' }),
          data: null,
        },
      },
    ]),
  );
  return {
    ...errorResponse,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' }, examples } },
  };
}

function definedOperation(call: CallDefinition): Operation {
  const success = call.isFile
    ? {
        description:
          'The file (Content-Disposition: attachment). A failure before the file starts answers the envelope.',
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      }
    : {
        description: 'Success envelope',
        content: { 'application/json': { schema: envelopeSchema(jsonSchemaOf(call.response, 'output')) } },
      };
  return {
    operationId: operationIdOf(call.path),
    summary: call.summary,
    tags: [tagOf(call.path)],
    parameters: [
      { $ref: '#/components/parameters/language' },
      ...(call.isIdempotent ? [{ $ref: '#/components/parameters/idempotencyKey' }] : []),
    ],
    ...(call.auth === 'public' ? { security: [] } : { security: securityOf(call.path) }),
    'x-auth': call.auth,
    ...(Object.hasOwn(apiKeyCalls, call.path) ? { 'x-api-key': apiKeyCalls[call.path] } : {}),
    'x-permission': call.permission,
    'x-kyc-gated': call.isKycGated,
    'x-idempotent': call.isIdempotent,
    'x-errors': errorKeysOf(call),
    requestBody: {
      required: true,
      content: { 'application/json': { schema: jsonSchemaOf(call.request, 'input') } },
    },
    responses: { '200': success, default: errorResponseOf(call) },
  };
}

function unbuiltOperation(spec: CallSpec): Operation {
  return {
    operationId: operationIdOf(spec.path),
    summary: 'Not built yet',
    description:
      'Listed in SPEC.md section 7; its capability has not defined its schemas yet. It applies its session ' +
      'rule (9400 without a session) and otherwise answers HTTP 404 with the not_found envelope.',
    tags: [tagOf(spec.path)],
    parameters: [{ $ref: '#/components/parameters/language' }],
    ...(spec.auth === 'public' ? { security: [] } : { security: sessionSecurity }),
    'x-auth': spec.auth,
    'x-permission': spec.permission,
    'x-kyc-gated': spec.isKycGated,
    'x-status': 'not_built',
    'x-errors': errorKeysOf({ ...spec, errors: ['not_found'] }),
    responses: { default: errorResponseOf({ ...spec, errors: ['not_found'] }) },
  };
}

export function buildOpenApiDocument(
  definedCalls: Iterable<CallDefinition>,
  listed: ReadonlyMap<string, CallSpec>,
  /** Where integrators reach the API: config PUBLIC_URL, else this server's own origin ('/'). */
  serverUrl = '/',
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const call of definedCalls) paths[call.path] = { post: definedOperation(call) };
  for (const spec of listed.values()) paths[spec.path] ??= { post: unbuiltOperation(spec) };

  const catalogue = Object.entries(errorCatalogue)
    .map(([key, entry]) => `${entry.code} ${key}`)
    .join(', ');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Corporate banking API',
      version: appVersion,
      description:
        'Every call is POST with a JSON body and answers `{code, msg, data}`; `code` 200 is success. ' +
        '`msg` is in the language of the `language` header (en, ch, jp).',
    },
    servers: [{ url: serverUrl, description: 'Corporate banking API' }],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: apiHeaders.token },
        userid: { type: 'apiKey', in: 'header', name: apiHeaders.userId },
        apiKey: apiKeyScheme,
      },
      parameters: {
        language: {
          name: apiHeaders.language,
          in: 'header',
          required: false,
          schema: { type: 'string', enum: ['en', 'ch', 'jp'], default: 'en' },
        },
        idempotencyKey: {
          name: apiHeaders.idempotencyKey,
          in: 'header',
          required: true,
          description:
            `One key per intended effect (a UUID, say). The first answer is kept for ${idempotencyKeyLifetimeHours} hours: ` +
            'a repeat with the same key and body replays it (header Idempotent-Replayed: true) and makes no second ' +
            'effect; the same key with another body answers 9412 idempotency_conflict. A failure is not kept: ' +
            'retrying it with the same key runs the call again.',
          schema: { type: 'string', pattern: idempotencyKeyPattern.source, maxLength: 255 },
        },
      },
      schemas: {
        ErrorEnvelope: {
          type: 'object',
          required: ['code', 'msg', 'data'],
          description: `Codes: ${catalogue}. Validation failures carry data.fields: {<dotted path>: <message>}.`,
          properties: {
            code: { type: 'integer', enum: Object.values(errorCatalogue).map((entry) => entry.code) },
            msg: { type: 'string' },
            data: {},
          },
        },
      },
    },
  };
}

export async function registerApiDocs(app: FastifyInstance, document: OpenApiDocument): Promise<void> {
  app.get(openApiPath, async () => document);
  const docsPage: FastifyPluginAsync = async (scope) => {
    await scope.register(swagger, { mode: 'static', specification: { document: document as never } });
    await scope.register(swaggerUi, { routePrefix: apiDocsPath, uiConfig: { validatorUrl: null } });
  };
  await app.register(docsPage);
}
