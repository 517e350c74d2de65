/**
 * GET /dev/mailbox (a readable page) and GET /dev/mailbox.json ([{to, subject, text, time}], with an
 * optional ?to= filter), newest first. Registered only when no SMTP server is configured, and the
 * configuration refuses production without one, so these pages never exist in production.
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DbHandle } from '../../platform/db.ts';
import { devMailbox } from './dev-mailbox-table.ts';
import { escapeHtml } from './html.ts';

/** The page is for reading the last few codes, not an archive. */
const maxShownEmails = 200;

const MailboxQuery = z.object({ to: z.string().trim().toLowerCase().max(254).optional() });

type MailboxEntry = { to: string; subject: string; text: string; time: string };

async function listMailbox(handle: DbHandle, to: string | undefined): Promise<MailboxEntry[]> {
  const rows = await handle
    .select({
      to: devMailbox.to,
      subject: devMailbox.subject,
      text: devMailbox.text,
      created_at: devMailbox.created_at,
    })
    .from(devMailbox)
    .where(to ? eq(devMailbox.to, to) : undefined)
    .orderBy(desc(devMailbox.created_at), desc(devMailbox.id))
    .limit(maxShownEmails);
  return rows.map((row) => ({ to: row.to, subject: row.subject, text: row.text, time: row.created_at.toISOString() }));
}

function mailboxPage(entries: readonly MailboxEntry[]): string {
  const items = entries
    .map(
      (entry) => `<article>
<h2>${escapeHtml(entry.subject)}</h2>
<p>To <strong>${escapeHtml(entry.to)}</strong> at <time datetime="${escapeHtml(entry.time)}">${escapeHtml(entry.time)}</time></p>
<pre>${escapeHtml(entry.text)}</pre>
</article>`,
    )
    .join('\n<hr>\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Development mailbox</title></head>
<body style="font-family:system-ui,sans-serif;max-width:800px;margin:0 auto;padding:16px">
<h1>Development mailbox</h1>
<p>Every email the server sends while no SMTP server is configured, newest first (at most ${maxShownEmails}). JSON: <a href="/dev/mailbox.json">/dev/mailbox.json</a>.</p>
${items || '<p>No email yet.</p>'}
</body>
</html>
`;
}

export function registerDevMailboxRoutes(app: FastifyInstance, handle: DbHandle): void {
  app.get('/dev/mailbox.json', async (request, reply) => {
    const query = MailboxQuery.safeParse(request.query ?? {});
    if (!query.success) return reply.status(400).send({ error: 'to must be an email address' });
    return reply.header('cache-control', 'no-store').send(await listMailbox(handle, query.data.to || undefined));
  });
  app.get('/dev/mailbox', async (request, reply) => {
    const query = MailboxQuery.safeParse(request.query ?? {});
    const entries = await listMailbox(handle, query.success ? query.data.to || undefined : undefined);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(mailboxPage(entries));
  });
}
