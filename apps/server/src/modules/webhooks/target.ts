/**
 * Where a webhook may go, and the one way it is sent. In production a URL must be https and every
 * address its host resolves to must be public: no private, loopback, link-local (cloud metadata),
 * shared, multicast or reserved range. The rule is checked when a URL is saved and again at every
 * attempt, after DNS resolution, and the request connects to the address that was checked (the
 * socket's own lookup is replaced), so that a name that resolves differently the second time (DNS
 * rebinding) cannot reach the internal network. Config WEBHOOKS_ALLOW_PRIVATE_TARGETS lifts the
 * rule for tests whose receiver runs on this machine.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { WebhookAttempt } from '@bank/contract/webhooks';
import ipaddr from 'ipaddr.js';
import { webhookRules } from './rules.ts';

/** The one IPv6 block the internet routes to (RFC 4291 global unicast, 2000::/3). */
const globalUnicastIpv6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether an address is one webhooks must never reach in production. The ranges are ipaddr.js's,
 * which knows every special one: an address must be plain unicast. IPv4-mapped IPv6 is judged as the
 * IPv4 it carries; every other IPv6 form that embeds an IPv4 address (6to4, Teredo, NAT64 and the
 * deprecated IPv4-compatible ::/96) is refused, as is any IPv6 outside global unicast.
 */
export function isPrivateAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  const parsed = ipaddr.process(address);
  if (parsed.range() !== 'unicast') return true;
  return parsed.kind() === 'ipv6' && !parsed.match(globalUnicastIpv6);
}

export type TargetPolicy = { allowPrivateTargets: boolean };

export type TargetRefusal = Extract<WebhookAttempt['error'], 'not_https' | 'private_address' | 'unresolvable'>;

/** A refusal of the target, carried from the socket's lookup to the attempt's log. */
class TargetRefused extends Error {
  constructor(readonly refusal: TargetRefusal) {
    super(refusal);
  }
}

function hostOf(url: URL): string {
  // An IPv6 literal keeps its brackets in URL.hostname.
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });
}

/** The addresses a host may be reached at, each checked; refuses the host if any is not allowed. */
async function checkedAddresses(host: string, policy: TargetPolicy): Promise<LookupAddress[]> {
  const family = isIP(host);
  let addresses: LookupAddress[];
  if (family !== 0) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await resolveAll(host);
    } catch {
      throw new TargetRefused('unresolvable');
    }
  }
  if (addresses.length === 0) throw new TargetRefused('unresolvable');
  if (!policy.allowPrivateTargets && addresses.some((entry) => isPrivateAddress(entry.address)))
    throw new TargetRefused('private_address');
  return addresses;
}

/** Why a URL may not receive webhooks, or null when it may (the save's check). */
export async function refusalOfTarget(url: string, policy: TargetPolicy): Promise<TargetRefusal | null> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && !(policy.allowPrivateTargets && parsed.protocol === 'http:')) return 'not_https';
  try {
    await checkedAddresses(hostOf(parsed), policy);
    return null;
  } catch (error) {
    if (error instanceof TargetRefused) return error.refusal;
    throw error;
  }
}

/** A socket lookup that answers only addresses it checked: the connection goes where the rule allowed. */
function checkingLookup(policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, policy).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else {
          const first = addresses[0] as LookupAddress;
          callback(null, first.address, first.family);
        }
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, ''),
    );
  };
}

export type PostOutcome = {
  statusCode: number | null;
  latencyMs: number;
  error: WebhookAttempt['error'];
  responseExcerpt: string;
};

/** Reads at most responseMaxBytes of the receiver's answer (it may be endless), then hands the text on. */
function readResponseStart(response: http.IncomingMessage, finish: (text: string) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const done = () => finish(Buffer.concat(chunks).toString('utf8'));
  response.on('data', (chunk: Buffer) => {
    if (size >= webhookRules.responseMaxBytes) return;
    chunks.push(chunk);
    size += chunk.length;
    if (size >= webhookRules.responseMaxBytes) {
      response.destroy();
      done();
    }
  });
  response.on('end', done);
  response.on('error', done);
}

/**
 * POSTs the body to the URL with the headers; never follows a redirect (a 3xx is a failure) and
 * never throws: every outcome is an answer to log.
 */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  policy: TargetPolicy,
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && !(policy.allowPrivateTargets && parsed.protocol === 'http:'))
    return { statusCode: null, latencyMs: 0, error: 'not_https', responseExcerpt: '' };
  const host = hostOf(parsed);
  // A literal address never reaches the lookup: it is checked here.
  if (isIP(host) !== 0 && !policy.allowPrivateTargets && isPrivateAddress(host))
    return { statusCode: null, latencyMs: 0, error: 'private_address', responseExcerpt: '' };

  const client = parsed.protocol === 'https:' ? https : http;
  return new Promise<PostOutcome>((settle) => {
    // The socket's timeout is of silence; this one bounds the whole exchange (a receiver that drips).
    const deadline = setTimeout(() => request.destroy(new Error('timeout')), webhookRules.requestTimeoutMs);
    const resolve = (outcome: PostOutcome) => {
      clearTimeout(deadline);
      settle(outcome);
    };
    const request = client.request(
      parsed,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Bank-Webhooks/1',
        },
        lookup: checkingLookup(policy),
        timeout: webhookRules.requestTimeoutMs,
      },
      (response) =>
        readResponseStart(response, (text) =>
          resolve({
            statusCode: response.statusCode ?? null,
            latencyMs: elapsed(),
            error: null,
            responseExcerpt: text.slice(0, webhookRules.responseExcerptMaxCharacters),
          }),
        ),
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => {
      const refusal = error instanceof TargetRefused ? error.refusal : null;
      resolve({
        statusCode: null,
        latencyMs: elapsed(),
        error: refusal ?? (error.message === 'timeout' ? 'timeout' : 'connection_failed'),
        responseExcerpt: '',
      });
    });
    request.end(body);
  });
}
