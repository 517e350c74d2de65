/**
 * The agent endpoint (decision 0042): a Model Context Protocol server at /mcp over streamable HTTP,
 * stateless (each POST is one exchange), for a company's read-only API key. Its tools are read calls
 * of the API-key allow-list, each answered by the call itself (`app.inject` with the caller's key,
 * address and language), so that a tool has the call's permission, KYC gate, tenant rule,
 * validation, record of the key's use and rate limit, and no read is written a second time. No tool
 * moves money: a tool whose call is not a read of the allow-list stops the server at start.
 */
import { apiKeyCalls } from '@bank/contract/api-key-calls';
import { apiHeaders } from '@bank/contract/envelope';
import { successCode } from '@bank/contract/errors';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, type CallToolResult, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from './errors.ts';
import { jsonSchemaOf } from './openapi.ts';
import { bearerApiKeySession } from './route.ts';

const mcpPath = '/mcp';

/** Each tool and the contract call that answers it. */
const agentTools = [
  { name: 'get_balances', path: '/api/v1/dashboard/home' },
  { name: 'list_transactions', path: '/api/v1/transaction/record' },
  { name: 'get_transaction', path: '/api/v1/transaction/details' },
  { name: 'get_statement', path: '/api/v1/transaction/download' },
  { name: 'list_crypto_payouts', path: '/api/v1/withdraw/crypto/record' },
  { name: 'list_fiat_payouts', path: '/api/v1/withdraw/fiat/record' },
  { name: 'list_cards', path: '/api/v1/card/refreshData' },
  { name: 'list_deposit_assets', path: '/api/v1/deposit/getConfig' },
  { name: 'get_deposit_address', path: '/api/v1/deposit/details' },
] as const;

type AgentTool = (typeof agentTools)[number];

/** The headers of the caller a tool's call is made with: its key and its language. */
const forwardedHeaders = ['authorization', apiHeaders.language, 'accept-language'] as const;

/** A tool's answer from its call's answer: the envelope's data as JSON, a statement as its file. */
function toolResultOf(tool: AgentTool, answer: Awaited<ReturnType<FastifyInstance['inject']>>): CallToolResult {
  const type = String(answer.headers['content-type'] ?? '');
  if (type.startsWith('application/json')) {
    const envelope = answer.json() as { code: number; msg: string; data: unknown };
    if (envelope.code !== successCode) return { isError: true, content: [{ type: 'text', text: envelope.msg }] };
    return { content: [{ type: 'text', text: JSON.stringify(envelope.data) }] };
  }
  if (type.startsWith('text/')) return { content: [{ type: 'text', text: answer.body }] };
  return {
    content: [
      {
        type: 'resource',
        resource: {
          uri: `${mcpPath}/${tool.name}`,
          mimeType: type.split(';')[0] ?? type,
          blob: answer.rawPayload.toString('base64'),
        },
      },
    ],
  };
}

/** The MCP server of one exchange, its tools calling the contract as the request's caller. */
function agentServer(app: FastifyInstance, request: FastifyRequest): Server {
  const server = new Server({ name: 'corporate-banking', version: '1.0.0' }, { capabilities: { tools: {} } });
  const tools = agentTools.map((tool) => {
    const call = app.callPlatform.calls.get(tool.path);
    if (!call) throw new Error(`${tool.path} is not registered`);
    return { tool, call };
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map(({ tool, call }) => ({
      name: tool.name,
      description: call.summary,
      inputSchema: jsonSchemaOf(call.request, 'input') as { type: 'object'; [key: string]: unknown },
      annotations: { readOnlyHint: true },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const tool = agentTools.find(({ name }) => name === params.name);
    if (!tool) return { isError: true, content: [{ type: 'text', text: `No tool is named ${params.name}.` }] };
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    for (const name of forwardedHeaders) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await app.inject({
      method: 'POST',
      url: tool.path,
      headers,
      payload: JSON.stringify(params.arguments ?? {}),
      remoteAddress: request.ip,
    });
    return toolResultOf(tool, answer);
  });
  return server;
}

/** The HTTP status an MCP client expects of a refusal at the door (the envelope says why). */
const doorStatus: Partial<Record<AppError['key'], number>> = {
  session_invalid: 401,
  forbidden: 403,
  rate_limited: 429,
};

/**
 * Only a live read-only key may use the endpoint: no key or a dead one answers 9400 with HTTP 401, a
 * key of another scope 9403 with 403, a key over its rate limit 9429 with 429.
 */
async function requireReadOnlyKey(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  try {
    const session = await bearerApiKeySession(app, request, mcpPath);
    if (session.api_key.scope !== 'read_only')
      throw new AppError('forbidden', {
        messageKey: 'errors.api_key_call_refused',
        detail: `API key ${session.api_key.key_id} (${session.api_key.scope}) is not read-only, as ${mcpPath} needs`,
      });
  } catch (error) {
    if (!isAppError(error)) throw error;
    throw new AppError(error.key, {
      params: error.params,
      data: error.data,
      detail: error.detail,
      messageKey: error.messageKey,
      httpStatus: doorStatus[error.key] ?? error.httpStatus,
    });
  }
}

async function answerExchange(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  await requireReadOnlyKey(app, request);
  const server = agentServer(app, request);
  // Stateless: no session id, one transport and one server per request, closed with it.
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  reply.hijack();
  reply.raw.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(request.raw, reply.raw, request.body);
}

/** Registers /mcp: POST carries the exchanges; a stateless server has no stream to GET nor session to DELETE. */
export function registerAgentEndpoint(app: FastifyInstance): void {
  for (const tool of agentTools) {
    if (apiKeyCalls[tool.path] !== 'read')
      throw new Error(`the agent tool ${tool.name} calls ${tool.path}, not a key's read`);
  }
  app.post(mcpPath, async (request, reply) => answerExchange(app, request, reply));
  app.route({
    method: ['GET', 'DELETE'],
    url: mcpPath,
    handler: async (_request, reply) =>
      reply
        .code(405)
        .header('allow', 'POST')
        .send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }),
  });
}
