/**
 * The drills' load: the demo company, signed in by client.mjs's prepareCompany, converting and
 * paying out through its client, a fixed number of operations a few at a time, while the drill's
 * own disruption (kills of a server, of a database) runs beside it.
 */
import { newClient, runOperation } from './client.mjs';

/**
 * Every fifth operation is a conversion: the company may ask 30 FX quotes a minute and 120 payout
 * quotes, so this mix keeps both near their limit and a drill within a few minutes.
 */
const conversionEvery = 5;

/** A client (client.mjs) that also counts the operations it started, by kind. */
export function newDrill(server) {
  return { ...newClient(server), started: 0, attempted: { fx: 0, payout: 0 } };
}

/**
 * Runs `operationCount` operations, `concurrency` at a time, and `disrupt(isLoadOver)` beside them;
 * resolves when both are done, with the load's seconds in `drill.loadSeconds`.
 */
export async function runLoad(drill, { operationCount, concurrency, disrupt }) {
  const loadStartedAt = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < operationCount) {
      const kind = next % conversionEvery === 0 ? 'fx' : 'payout';
      next += 1;
      drill.started += 1;
      drill.attempted[kind] += 1;
      await runOperation(drill, kind);
    }
  };
  let isOver = false;
  const load = Promise.all(Array.from({ length: concurrency }, worker)).finally(() => {
    isOver = true;
  });
  await Promise.all([load, disrupt(() => isOver)]);
  drill.loadSeconds = Math.round((performance.now() - loadStartedAt) / 1000);
}

function countByKind(items) {
  return {
    fx: items.filter((item) => item.kind === 'fx').length,
    payout: items.filter((item) => item.kind === 'payout').length,
  };
}

/** The report's account of the operations: attempted, acknowledged, redone and refused. */
export function operationsOf(drill) {
  return {
    attempted: drill.attempted,
    acknowledged: countByKind(drill.acknowledged),
    redone_after_expired_quote: drill.redone,
    refused: drill.refused,
  };
}

/** The printed line of the operations and the one of their refusals. */
export function operationLines(operations) {
  const o = operations;
  const refused = Object.entries(o.refused).map(([reason, count]) => `${count} × ${reason}`);
  return [
    `  operations   attempted fx ${o.attempted.fx} / payouts ${o.attempted.payout}; acknowledged ${o.acknowledged.fx} / ${o.acknowledged.payout}; redone ${o.redone_after_expired_quote.fx} / ${o.redone_after_expired_quote.payout}`,
    `  refused      ${refused.length ? refused.join('; ') : 'none'}`,
  ];
}
