/**
 * The agent endpoint (platform/mcp.ts, decision 0042) as an agent uses it: the Model Context
 * Protocol SDK's own client over streamable HTTP at /mcp, with a read-only key this module issued.
 * Its tools answer through the contract's calls (the key's company only); a write key, no key and a
 * revoked key are refused at the door; no tool moves money.
 */
import { randomUUID } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createRunningTestApp, type RunningTestApp } from '../../../platform/test-support.ts';
import { fundedCompany } from '../../payouts/test-support.ts';

let test: RunningTestApp;
let baseUrl: string;
let administrator: SignedIn;

async function issuedKey(session: SignedIn, body: Record<string, unknown>) {
  const answer = await call<{ key: { key_id: string }; secret: string }>(test, '/api/v1/team/apiKey/create', body, {
    session,
    headers: { 'idempotency-key': randomUUID() },
  });
  if (answer.code !== 200) throw new Error(`apiKey/create answered ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** The SDK's client connected to /mcp with `key` (none: no Authorization header). */
async function agentWith(key: string | null): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
    requestInit: { headers: key ? { authorization: `Bearer ${key}` } : {} },
  });
  const client = new Client({ name: 'finance-agent', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** A tool's answer read as the JSON its text holds. */
function jsonOf(result: Awaited<ReturnType<Client['callTool']>>): unknown {
  const [first] = result.content as { type: string; text?: string }[];
  if (first?.type !== 'text' || first.text === undefined) throw new Error('the tool answered no text');
  return JSON.parse(first.text);
}

beforeAll(async () => {
  test = await createRunningTestApp();
  baseUrl = await test.app.listen({ host: '127.0.0.1', port: 0 });
  administrator = (await fundedCompany(test, { funds: { USDT: '4200' } })).session;
}, 120_000);

afterAll(async () => {
  await test?.close();
});

describe('the agent endpoint', () => {
  it('lists read-only tools and answers them with the key’s company’s figures', async () => {
    const { secret } = await issuedKey(administrator, { name: 'Agent', scope: 'read_only' });
    const agent = await agentWith(secret);
    const { tools } = await agent.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'get_balances',
      'list_transactions',
      'get_transaction',
      'get_statement',
      'list_crypto_payouts',
      'list_fiat_payouts',
      'list_cards',
      'list_deposit_assets',
      'get_deposit_address',
    ]);
    expect(tools.every((tool) => tool.annotations?.readOnlyHint === true && tool.description)).toBe(true);
    expect(tools.find((tool) => tool.name === 'get_deposit_address')?.inputSchema.properties).toHaveProperty('network');

    const home = jsonOf(await agent.callTool({ name: 'get_balances', arguments: {} })) as {
      balances: { asset: string; available: string }[];
    };
    expect(home.balances.find((line) => line.asset === 'USDT')?.available).toBe('4200');
    const history = jsonOf(await agent.callTool({ name: 'list_transactions', arguments: {} })) as { items: unknown[] };
    expect(Array.isArray(history.items)).toBe(true);
    const address = jsonOf(
      await agent.callTool({ name: 'get_deposit_address', arguments: { asset: 'USDT', network: 'TRC20' } }),
    ) as { address: string };
    expect(address.address).toMatch(/^T/);
    const today = new Date().toISOString().slice(0, 10);
    const statement = await agent.callTool({
      name: 'get_statement',
      arguments: { format: 'csv', from: today, to: today },
    });
    expect((statement.content as { type: string; text: string }[])[0]?.text).toContain('USDT');
    await agent.close();
  });

  it('answers a bad argument with the call’s own message, as an error of the tool', async () => {
    const { secret } = await issuedKey(administrator, { name: 'Agent', scope: 'read_only' });
    const agent = await agentWith(secret);
    const refused = await agent.callTool({ name: 'get_deposit_address', arguments: { asset: 'USDT', network: 'BTC' } });
    expect(refused.isError).toBe(true);
    await agent.close();
  });

  it('refuses a key that can write, no key, and a revoked key at the door', async () => {
    const writer = await issuedKey(administrator, {
      name: 'Treasury',
      scope: 'read_write',
      allowed_ips: ['127.0.0.0/8'],
    });
    await expect(agentWith(writer.secret)).rejects.toMatchObject({ code: 403 });
    await expect(agentWith(null)).rejects.toMatchObject({ code: 401 });
    const reader = await issuedKey(administrator, { name: 'Agent', scope: 'read_only' });
    await call(test, '/api/v1/team/apiKey/revoke', { key_id: reader.key.key_id }, { session: administrator });
    await expect(agentWith(reader.secret)).rejects.toMatchObject({ code: 401 });
  });

  it('has no stream to open and no session to end', async () => {
    for (const method of ['GET', 'DELETE']) expect((await fetch(`${baseUrl}/mcp`, { method })).status).toBe(405);
  });
});
