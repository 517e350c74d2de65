/**
 * What the drills check once the load is over: every acknowledged operation answers the same when
 * asked again with its key, its effect is in the database, the ledger's invariants hold, and every
 * acknowledged conversion told the company's administrator exactly once in the inbox.
 */
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { bundleServerScript, runServerScript } from '../../bench/support.mjs';
import { callThroughOutages } from './client.mjs';

const replayConcurrency = 8;
/** The inbox is written by jobs: a job caught by a kill runs again within a minute (platform/jobs.ts). */
const inboxWaitSeconds = 120;

/** Asks every acknowledged money call again with its key and body: the answer must be the first one. */
export async function replayAcknowledged(drill) {
  const replays = { same: 0, different: 0, differences: [] };
  const queue = [...drill.acknowledged];
  const worker = async () => {
    for (let operation = queue.shift(); operation; operation = queue.shift()) {
      const answer = await callThroughOutages(drill, operation.path, operation.body, {
        'idempotency-key': operation.key,
      });
      if (answer.code === 200 && isDeepStrictEqual(answer.data, operation.data)) replays.same += 1;
      else {
        replays.different += 1;
        replays.differences.push({ key: operation.key, path: operation.path, first: operation.data, replay: answer });
      }
    }
  };
  await Promise.all(Array.from({ length: replayConcurrency }, worker));
  return replays;
}

/** The identifiers of acknowledged operations with no row in `table` (a conversion's history line, a payout). */
async function missingRows(client, table, ids) {
  const found = await client.query(`select id::text from ${table} where id = any($1::uuid[])`, [ids]);
  const present = new Set(found.rows.map((row) => row.id));
  return ids.filter((id) => !present.has(id));
}

/** Acknowledged operations whose effect is not in the database. */
export async function lostOperations(client, acknowledged) {
  const idsOf = (kind, field) => acknowledged.filter((item) => item.kind === kind).map((item) => item.data[field]);
  const conversions = await missingRows(client, 'transactions', idsOf('fx', 'transaction_id'));
  const payouts = await missingRows(client, 'payouts', idsOf('payout', 'payout_id'));
  return [
    ...conversions.map((id) => ({ kind: 'fx', transaction_id: id })),
    ...payouts.map((id) => ({ kind: 'payout', payout_id: id })),
  ];
}

/** The ledger's own invariant check (ledger/invariants.ts), through the ledger benchmark's `check`. */
export async function ledgerBreaches(databaseUrl) {
  const bundle = await bundleServerScript('ledger-load');
  return JSON.parse(await runServerScript(bundle, ['check', databaseUrl]));
}

/** Per acknowledged conversion, how many fx_converted messages its administrator received. */
async function conversionMessageCounts(client, userId, transactionIds) {
  const counted = await client.query(
    `select link->>'id' as transaction_id, count(*)::int as messages from inbox_messages
      where user_id = $1 and kind = 'fx_converted' and link->>'id' = any($2::text[])
      group by link->>'id'`,
    [userId, transactionIds],
  );
  const counts = new Map(counted.rows.map((row) => [row.transaction_id, row.messages]));
  return transactionIds.map((id) => counts.get(id) ?? 0);
}

/**
 * Conversions with no message (lost) and with more than one (doubled), waiting for the inbox's jobs
 * to catch up; and claims of an event by one subscriber more than once (the claim's key forbids it).
 */
export async function inboxOutcome(client, userId, acknowledged) {
  const transactionIds = acknowledged.filter((item) => item.kind === 'fx').map((item) => item.data.transaction_id);
  const waitStartedAt = performance.now();
  const deadline = Date.now() + inboxWaitSeconds * 1000;
  let counts = await conversionMessageCounts(client, userId, transactionIds);
  while (counts.some((count) => count === 0) && Date.now() < deadline) {
    await new Promise((wake) => setTimeout(wake, 1000));
    counts = await conversionMessageCounts(client, userId, transactionIds);
  }
  const claimedTwice = await client.query(
    'select count(*)::int as pairs from (select 1 from consumed_events group by event_id, subscriber having count(*) > 1) twice',
  );
  return {
    conversions: transactionIds.length,
    lost: counts.filter((count) => count === 0).length,
    doubled: counts.filter((count) => count > 1).length,
    events_consumed_twice: claimedTwice.rows[0].pairs,
    waited_seconds: Math.round((performance.now() - waitStartedAt) / 1000),
  };
}

export async function openDatabaseClient(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

/** Every check of a drill's outcome, against the database the server wrote to. */
export async function checkAfterLoad(drill, databaseUrl) {
  const client = await openDatabaseClient(databaseUrl);
  try {
    return {
      replays: await replayAcknowledged(drill),
      lost: await lostOperations(client, drill.acknowledged),
      breaches: await ledgerBreaches(databaseUrl),
      inbox: await inboxOutcome(client, drill.userId, drill.acknowledged),
    };
  } finally {
    await client.end();
  }
}

/** The checks' part of a drill's report. */
export function checksReport(checks) {
  return {
    replays: { same: checks.replays.same, different: checks.replays.different },
    lost: checks.lost.length,
    invariant_breaches: checks.breaches.length,
    inbox: checks.inbox,
    details: {
      lost: checks.lost,
      breaches: checks.breaches,
      replay_differences: checks.replays.differences.slice(0, 10),
    },
  };
}

/** What fails a drill in its checks' part of the report, and in the answers its client saw. */
export function checkFailures(report) {
  const failures = [];
  if (report.lost > 0) failures.push(`${report.lost} acknowledged operations lost`);
  if (report.invariant_breaches > 0) failures.push(`${report.invariant_breaches} ledger invariant breaches`);
  if (report.client_errors.http_500 > 0) failures.push(`${report.client_errors.http_500} answers of 500`);
  if (report.replays.different > 0) failures.push(`${report.replays.different} replays answered differently`);
  if (report.inbox.lost > 0) failures.push(`${report.inbox.lost} conversions missing from the inbox`);
  if (report.inbox.doubled > 0) failures.push(`${report.inbox.doubled} conversions in the inbox twice`);
  if (report.inbox.events_consumed_twice > 0) failures.push('events consumed twice by one subscriber');
  return failures;
}

/** The printed lines of the checks. */
export function checkLines(report) {
  return [
    `  replays      ${report.replays.same} same, ${report.replays.different} different`,
    `  lost         ${report.lost}`,
    `  ledger       ${report.invariant_breaches} invariant breaches`,
    `  inbox        ${report.inbox.conversions} conversions: ${report.inbox.lost} lost, ${report.inbox.doubled} doubled (waited ${report.inbox.waited_seconds} s for its jobs)`,
  ];
}
