/**
 * Real SMTP: a mail server started in the test (smtp-server) receives what the job queue sends, in
 * the recipient's language, as HTML and plain text; and with SMTP configured the development mailbox
 * does not exist.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createRunningTestApp, type RunningTestApp, uniqueEmail } from '../../platform/test-support.ts';

type Received = { to: string[]; raw: string };

const received: Received[] = [];
let server: SMTPServer;
let test: RunningTestApp;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  test = await createRunningTestApp({
    config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Bank Test <no-reply@bank.test>' },
  });
});

afterAll(async () => {
  await test?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function waitForMessage(to: string, timeoutMs = 15_000): Promise<Received> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = received.find((entry) => entry.to.includes(to));
    if (message) return message;
    if (Date.now() > deadline) throw new Error(`nothing arrived for ${to}`);
    await new Promise((wake) => setTimeout(wake, 50));
  }
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=) of a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_whole, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (_hex, code: string) => String.fromCharCode(Number.parseInt(code, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function headerOf(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((entry) => entry.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return decodeHeader(line?.slice(name.length + 1).trim() ?? '');
}

/** The decoded body of the MIME part of a content type. */
function partOf(raw: string, contentType: string): string {
  const start = raw.toLowerCase().indexOf(`content-type: ${contentType}`);
  if (start < 0) throw new Error(`no ${contentType} part`);
  const part = raw.slice(start);
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n').split(/\r?\n--/)[0] ?? '';
  if (/content-transfer-encoding: base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding: quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_hex, code: string) => String.fromCharCode(Number.parseInt(code, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

describe('email over real SMTP', () => {
  it('delivers the code through the job queue, in the language of the request, as text and HTML', async () => {
    const email = uniqueEmail('smtp');
    const answer = await call(test, '/api/v1/sendEmail', { email, purpose: 'register' }, { language: 'jp' });
    expect(answer.code).toBe(200);

    const message = await waitForMessage(email);
    expect(headerOf(message.raw, 'Subject')).toBe('登録用確認コード');
    expect(headerOf(message.raw, 'From')).toContain('no-reply@bank.test');
    expect(headerOf(message.raw, 'To')).toBe(email);
    const text = partOf(message.raw, 'text/plain');
    expect(text).toContain('このコードの有効期限は 10 分');
    const code = text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const html = partOf(message.raw, 'text/html');
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain(code);

    // The code that arrived is the one the server checks.
    const verified = await call(test, '/api/v1/account/verify', { email, purpose: 'register', code });
    expect(verified.code).toBe(200);
  });

  it('leaves the code out of the outbox and job tables (the queued email is sealed)', async () => {
    const email = uniqueEmail('sealed');
    await call(test, '/api/v1/sendEmail', { email, purpose: 'register' });
    const code = partOf((await waitForMessage(email)).raw, 'text/plain').match(/\b(\d{6})\b/)?.[1] ?? 'none';
    const { sql } = await import('drizzle-orm');
    const { executeRows } = await import('../../platform/db.ts');
    const outbox = await executeRows<{ payload: unknown }>(test.database.db, sql`select payload from outbox_events`);
    const jobs = await executeRows<{ data: unknown }>(test.database.db, sql`select data from pgboss.job`);
    const stored = JSON.stringify([outbox, jobs]);
    expect(stored).toContain('sealed');
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(email);
  });

  it('has no development mailbox when SMTP is configured', async () => {
    for (const url of ['/dev/mailbox', '/dev/mailbox.json']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('Development mailbox');
      expect(response.headers['content-type'], url).not.toContain('application/json');
    }
  });
});
