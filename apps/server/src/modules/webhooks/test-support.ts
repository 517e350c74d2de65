/**
 * A webhook receiver on this machine for tests: it records every request (headers and raw body) and
 * answers the status the test sets.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = { headers: IncomingHttpHeaders; body: string };

export type Receiver = {
  url: string;
  received: ReceivedWebhook[];
  /** The status every following request is answered with (200 at first). */
  answerWith(status: number): void;
  close(): Promise<void>;
};

export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedWebhook[] = [];
  let status = 200;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status < 300 ? 'ok' : `refused with ${status}: ${'x'.repeat(1000)}`);
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answerWith(next) {
      status = next;
    },
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

/** The headers a Standard Webhooks verifier reads. */
export function webhookHeaders(received: ReceivedWebhook): Record<string, string> {
  return {
    'webhook-id': String(received.headers['webhook-id']),
    'webhook-timestamp': String(received.headers['webhook-timestamp']),
    'webhook-signature': String(received.headers['webhook-signature']),
  };
}
