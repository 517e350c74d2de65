/**
 * The drills' client of the demo company: its money operations as an integrator would make them,
 * each with its own idempotency key, asked again with the same key and body whenever the server is
 * down or busy, until the server acknowledges or refuses it.
 */
import { randomUUID } from 'node:crypto';
import { dashboardUser, newestCode, post, signIn } from '../../bench/support.mjs';

/** Answer codes the client acts on (packages/contract/src/errors.ts). */
const codes = {
  success: 200,
  freshSecondFactorRequired: 9406,
  rateLimited: 9429,
  quoteExpired: 9462,
  internal: 9500,
  busy: 9503,
};

/** Every call of a killed server is asked again: bounded, so that a server that never returns ends the drill. */
const maxAttemptsPerCall = 300;
const retryDelayMs = 200;
/** A call that hangs is as good as lost: abandoned and asked again. */
const callTimeoutMs = 30_000;
/** New quotes (and keys) an operation takes after its quote expired while the server was down. */
const maxRedosPerOperation = 3;
const maxStepUpRenewals = 3;

const sleep = (ms) => new Promise((wake) => setTimeout(wake, ms));

/** The 2 stablecoins the drill moves: payouts in the one the company holds most of, converted into the other. */
const stablecoins = ['USDT', 'USDC'];
/** The TRC20 address of a key hash of twenty 42s (contract addressOfKeyHash), not the demo's own. */
const drillAddress = 'TDp9tmfuQhS2SB7Kzhp3FzexghLAZnUqFb';

/** A client of the demo company's administrator through `server` (its `url()` and `whenUp()`), counting what it meets. */
export function newClient(server) {
  return {
    server,
    user: dashboardUser,
    redone: { fx: 0, payout: 0 },
    refused: {},
    acknowledged: [],
    clientErrors: { network_errors: 0, http_502: 0, http_503: 0, busy_9503: 0, http_500: 0 },
    retriesAnsweredFromStore: 0,
    rateLimitedQuotes: 0,
    stepUpRenewals: 0,
  };
}

/** Signs the client in; takes the stablecoin the company holds most of and a new saved address to pay out to. */
export async function prepareCompany(drill, walletName) {
  const session = await signIn(drill.server.url(), drill.user.email, drill.user.password);
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

function operationKinds(asset, addressId) {
  const otherAsset = stablecoins.find((candidate) => candidate !== asset);
  return {
    fx: {
      quotePath: '/api/v1/fx/quote',
      quoteBody: { from: asset, to: otherAsset, amount: '25' },
      moneyPath: '/api/v1/fx/accept',
      moneyBody: (quote) => ({ quote_id: quote.quote_id }),
    },
    payout: {
      quotePath: '/api/v1/withdraw/crypto/calc',
      quoteBody: { asset, network: 'TRC20', amount: '20' },
      moneyPath: '/api/v1/withdraw/crypto/withdraw',
      moneyBody: (quote) => ({
        quote_id: quote.quote_id,
        address_id: addressId,
        purpose: 'supplier_payment',
        sender_account_name: 'Crash Drill Treasury',
        remarks: '',
      }),
    },
  };
}

/** The held stablecoin with the most available, for the drill's operations. */
function drillAsset(home) {
  const held = home.balances
    .filter((line) => stablecoins.includes(line.asset))
    .sort((a, b) => Number(b.available) - Number(a.available));
  if (!held[0] || Number(held[0].available) <= 0) throw new Error('the demo company holds no USDT or USDC');
  return held[0].asset;
}

async function attemptCall(url, path, body, headers) {
  try {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(callTimeoutMs),
    });
    const text = await response.text();
    let envelope;
    try {
      envelope = JSON.parse(text);
    } catch {
      // A proxy's or a dying server's page: the status tells what happened.
      envelope = { code: response.status, msg: text.slice(0, 200), data: null };
    }
    return {
      status: response.status,
      envelope,
      isReplay: response.headers.get('idempotent-replayed') === 'true',
      retryAfter: response.headers.get('retry-after'),
    };
  } catch (error) {
    return { status: 0, envelope: null, networkError: error };
  }
}

/**
 * What went wrong with an attempt that must be asked again; undefined for an answer to act on.
 * `busy_9503` is the server's own envelope (HTTP 503 with Retry-After); `http_503` and `http_502`
 * are a proxy's pages (no server to send to, a server lost mid-call).
 */
function failureOf({ status, envelope }) {
  if (status === 0) return 'network_errors';
  if (status === 500 || envelope.code === codes.internal) return 'http_500';
  if (envelope.code === codes.busy) return 'busy_9503';
  if (status === 502) return 'http_502';
  if (status === 503) return 'http_503';
  return undefined;
}

/**
 * One call, asked again with the same body and headers (so the same idempotency key) while the
 * server is down, busy or failing; answers the envelope of the first answer that is none of these.
 * A 500 is asked again too, as a client must, but fails the drill.
 */
export async function callThroughOutages(drill, path, body, headers = {}) {
  for (let attempt = 1; ; attempt += 1) {
    const sentAt = performance.now();
    const outcome = await attemptCall(drill.server.url(), path, body, { ...drill.sessionHeaders, ...headers });
    const failure = failureOf(outcome);
    // A drill that times its disruption keeps every attempt: when it was sent and how it ended.
    drill.attempts?.push({
      path,
      sentAt,
      answeredAt: performance.now(),
      code: outcome.envelope?.code,
      failure,
      retryAfter: outcome.retryAfter,
      networkError: outcome.networkError && (outcome.networkError.cause?.code ?? outcome.networkError.name),
    });
    // The attempt before committed and its answer was lost with the server: the key's stored answer.
    if (!failure && outcome.isReplay && attempt > 1) drill.retriesAnsweredFromStore += 1;
    if (!failure) return outcome.envelope;
    drill.clientErrors[failure] += 1;
    if (attempt >= maxAttemptsPerCall) throw new Error(`${path} failed ${attempt} times, the last with ${failure}`);
    await sleep(retryDelayMs);
    await drill.server.whenUp();
  }
}

/** A quote, waiting out the company's quote limit per minute (a limit, not a refusal of the operation). */
async function quoteWithinLimits(drill, path, body) {
  for (;;) {
    const answer = await callThroughOutages(drill, path, body);
    if (answer.code !== codes.rateLimited) return answer;
    drill.rateLimitedQuotes += 1;
    await sleep((answer.data?.retry_after_seconds ?? 1) * 1000);
  }
}

/**
 * A payout needs a second factor given within 5 minutes: past that, the session gives it again
 * (an emailed step-up code), once for all the operations waiting for it.
 */
function renewStepUp(drill) {
  drill.stepUpRenewal ??= (async () => {
    const { email, password } = drill.user;
    const mailbox = await fetch(`${drill.server.url()}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
    const known = (await mailbox.json()).length;
    await callThroughOutages(drill, '/api/v1/sendEmail', { email, purpose: 'step_up', action: 'payout' });
    const code = await newestCode(drill.server.url(), email, known);
    const answer = await callThroughOutages(drill, '/api/v1/account/verifyLoginPassword', { password, code });
    if (answer.code !== codes.success) throw new Error(`step-up answered ${answer.code} ${answer.msg}`);
    drill.stepUpRenewals += 1;
  })().finally(() => {
    drill.stepUpRenewal = undefined;
  });
  return drill.stepUpRenewal;
}

async function moneyCall(drill, path, body, key) {
  for (let renewal = 0; ; renewal += 1) {
    const answer = await callThroughOutages(drill, path, body, { 'idempotency-key': key });
    if (answer.code !== codes.freshSecondFactorRequired || renewal >= maxStepUpRenewals) return answer;
    await renewStepUp(drill);
  }
}

function refuse(drill, label, answer) {
  const reason = `${label}: ${answer.code} ${answer.msg}`;
  drill.refused[reason] = (drill.refused[reason] ?? 0) + 1;
}

/**
 * One operation: a quote, then the money call with a new key. A quote that expired while the
 * server was down is taken again with a new key ("redone"); any other refusal ends the operation.
 */
export async function runOperation(drill, kind) {
  const operation = drill.operations[kind];
  for (let redo = 0; redo <= maxRedosPerOperation; redo += 1) {
    const quote = await quoteWithinLimits(drill, operation.quotePath, operation.quoteBody);
    if (quote.code !== codes.success) return refuse(drill, `${kind} quote`, quote);
    const body = operation.moneyBody(quote.data);
    const key = randomUUID();
    const answer = await moneyCall(drill, operation.moneyPath, body, key);
    if (answer.code === codes.success) {
      drill.acknowledged.push({ kind, path: operation.moneyPath, key, body, data: answer.data });
      return;
    }
    if (answer.code !== codes.quoteExpired) return refuse(drill, kind, answer);
    drill.redone[kind] += 1;
  }
  refuse(drill, kind, { code: codes.quoteExpired, msg: `quote expired ${maxRedosPerOperation + 1} times` });
}
