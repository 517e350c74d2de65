/**
 * The drills' load: the demo company signed in, converting and paying out through the client of
 * client.mjs, a fixed number of operations a few at a time, while the drill's own disruption (kills
 * of a server, of a database) runs beside it.
 */
import { randomUUID } from 'node:crypto';
import { dashboardUser, post, signIn } from '../../bench/support.mjs';
import { drillAsset, operationKinds, runOperation } from './client.mjs';

/**
 * Every fifth operation is a conversion: the company may ask 30 FX quotes a minute and 120 payout
 * quotes, so this mix keeps both near their limit and a drill within a few minutes.
 */
const conversionEvery = 5;
/** The TRC20 address of a key hash of twenty 42s (contract addressOfKeyHash), not the demo's own. */
const drillAddress = 'TDp9tmfuQhS2SB7Kzhp3FzexghLAZnUqFb';

/** A drill's state: `server` answers `url()` and `whenUp()` (client.mjs asks again once it resolves). */
export function newDrill(server) {
  return {
    server,
    user: dashboardUser,
    started: 0,
    attempted: { fx: 0, payout: 0 },
    redone: { fx: 0, payout: 0 },
    refused: {},
    acknowledged: [],
    clientErrors: { network_errors: 0, http_502: 0, http_503: 0, busy_9503: 0, http_500: 0 },
    retriesAnsweredFromStore: 0,
    rateLimitedQuotes: 0,
    stepUpRenewals: 0,
  };
}

/** The company's session, the asset it holds most of, and a new saved address to pay out to. */
export async function prepareCompany(drill, walletName) {
  const session = await signIn(drill.server.url(), dashboardUser.email, dashboardUser.password);
  drill.sessionHeaders = { token: session.token, userid: session.userid };
  drill.userId = session.userid;
  const home = await post(drill.server.url(), '/api/v1/dashboard/home', {}, drill.sessionHeaders);
  const asset = drillAsset(home);
  const address = await post(
    drill.server.url(),
    '/api/v1/withdraw/address/add',
    { name: walletName, asset, network: 'TRC20', address: drillAddress },
    { ...drill.sessionHeaders, 'idempotency-key': randomUUID() },
  );
  drill.asset = asset;
  drill.operations = operationKinds(asset, address.address_id);
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
