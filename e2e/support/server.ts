/**
 * The journeys' side door to the server under test: the development mailbox (where codes arrive
 * when no SMTP server is configured) and the test clock (enabled by ENABLE_TEST_CLOCK in
 * global-setup.ts, refused by the server in production).
 */
import { baseUrl } from './browser.ts';

export type MailboxEmail = { to: string; subject: string; text: string; time: string };

export async function readMailbox(to: string): Promise<MailboxEmail[]> {
  const response = await fetch(`${baseUrl}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`dev mailbox answered ${response.status}`);
  return (await response.json()) as MailboxEmail[];
}

/** Waits for an email to `to` newer than `after` whose text holds a 6-digit code, and returns the code. */
export async function waitForEmailCode(to: string, after: Date, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const email of await readMailbox(to)) {
      const code = email.text.match(/\b(\d{6})\b/)?.[1];
      if (code && new Date(email.time) >= after) return code;
    }
    await new Promise((wake) => setTimeout(wake, 200));
  }
  throw new Error(`no code emailed to ${to} within ${timeoutMs} ms`);
}

/**
 * Moves the server's clock forward, then has the server quote its rates again, as its 5-minute
 * schedule would have in that time: otherwise a jump of more than 15 minutes (a session's expiry)
 * leaves every rate stale until the schedule's next real tick, and a journey run just after it
 * (a card application's cost in USDT) is refused `rates_stale`.
 */
export async function advanceServerClock(seconds: number): Promise<void> {
  const response = await fetch(`${baseUrl}/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_seconds: seconds }),
  });
  if (!response.ok) throw new Error(`test clock answered ${response.status}`);
  await runServerSchedule('ledger__refresh_rates');
}

/** Runs a server schedule at once (ENABLE_TEST_CLOCK), rather than waiting for its next minute's tick. */
export async function runServerSchedule(name: string): Promise<void> {
  const response = await fetch(`${baseUrl}/dev/schedules/${encodeURIComponent(name)}`, { method: 'POST' });
  if (!response.ok) throw new Error(`schedule ${name} answered ${response.status}`);
}

/** The server's clock now (the test clock moves only forward; asking moves it by 1 s). */
export async function serverNow(): Promise<Date> {
  const response = await fetch(`${baseUrl}/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_seconds: 1 }),
  });
  return new Date(((await response.json()) as { now: string }).now);
}
