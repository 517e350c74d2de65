/** Helpers of the benchmarks: a production server on a free port, server scripts, percentiles. */
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { npmDependenciesExternal } from '../apps/server/npm-dependencies-external.mjs';
import { buildWhereStale } from '../scripts/builds.mjs';

export async function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

let isBuilt = false;

/** Builds the web app and the server where they are missing or older than their sources, once a run. */
function ensureBuilt() {
  if (isBuilt) return;
  buildWhereStale();
  isBuilt = true;
}

/**
 * A self-signed certificate for localhost (openssl), as TLS_CERT_FILE and TLS_KEY_FILE. This
 * process then accepts it (NODE_TLS_REJECT_UNAUTHORIZED), and so must a browser pointed at it.
 */
function selfSignedCertificate() {
  const folder = mkdtempSync(join(tmpdir(), 'bank-bench-tls-'));
  const files = { TLS_CERT_FILE: join(folder, 'cert.pem'), TLS_KEY_FILE: join(folder, 'key.pem') };
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
      ...['-keyout', files.TLS_KEY_FILE, '-out', files.TLS_CERT_FILE, '-addext', 'subjectAltName=DNS:localhost'],
    ],
    { stdio: 'ignore' },
  );
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  return files;
}

/**
 * Starts apps/server/dist/main.js (built first where it is missing or stale) and resolves when /readyz answers, with the time it took. On a
 * free port unless given one: the crash drill starts it again where its clients are pointed. Its
 * errors go to this process's stderr; given `logPath`, they and its log (warnings and errors) go there.
 * `stop` ends it with SIGTERM unless told another signal (the drill's SIGKILL); `exitCode` answers
 * null while it runs. With `tls`, it answers HTTPS and HTTP/2 at https://localhost (as a deployment
 * that terminates TLS itself does), with a certificate made for the run.
 */
export async function startServer(environment, { port = undefined, logPath = undefined, tls = false } = {}) {
  ensureBuilt();
  port ??= await freePort();
  const startedAt = performance.now();
  const log = logPath ? openSync(logPath, 'a') : 'inherit';
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...(tls ? selfSignedCertificate() : {}),
      ...environment,
    },
    stdio: ['ignore', logPath ? log : 'ignore', log],
  });
  if (typeof log === 'number') closeSync(log);
  // A script that ends (an interrupted drill, a failed benchmark) takes its server with it.
  const killOnExit = () => server.kill('SIGKILL');
  process.on('exit', killOnExit);
  server.once('exit', () => process.off('exit', killOnExit));
  const url = tls ? `https://localhost:${port}` : `http://127.0.0.1:${port}`;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((wake) => setTimeout(wake, 50));
  }
  const readyMs = Math.round(performance.now() - startedAt);
  const stop = (signal = 'SIGTERM') =>
    new Promise((done) => {
      if (server.exitCode !== null || server.signalCode !== null) return done();
      server.once('exit', done);
      server.kill(signal);
    });
  return { url, readyMs, stop, exitCode: () => server.exitCode ?? server.signalCode };
}

/**
 * Makes the database of the URL anew on its server (dropped first when it exists): a benchmark's
 * figures start from its own setup, never from what an earlier run, or an earlier schema, left.
 */
export async function freshDatabase(databaseUrl) {
  const { default: pg } = await import('pg');
  const url = new URL(databaseUrl);
  const name = `"${url.pathname.slice(1).replaceAll('"', '""')}"`;
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
}

export function percentile(samples, fraction) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

/** The password of every user the benchmarks register. */
export const password = 'Bench-Lantern-42!';

/** A call of the product's API; throws unless it answers 200. */
export async function post(url, path, body, headers = {}) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (answer.code !== 200) throw new Error(`${path} answered ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** The code of the newest email to `email`, once it has more than `knownCount`. */
export async function newestCode(url, email, knownCount) {
  for (let tries = 0; tries < 300; tries += 1) {
    const emails = await (await fetch(`${url}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json();
    if (emails.length > knownCount) return emails[0].text.match(/\b(\d{6})\b/)[1];
    await new Promise((wake) => setTimeout(wake, 20));
  }
  throw new Error(`no email for ${email}`);
}

/** A company administrator registered through the API; answers the address. */
export async function registerUser(url, index) {
  const email = `bench-${index}-${Date.now()}@example.com`;
  await post(url, '/api/v1/sendEmail', { email, purpose: 'register' });
  const code = await newestCode(url, email, 0);
  await post(url, '/api/v1/account/register', {
    full_name: 'Bench User',
    email,
    email_code: code,
    phone_country: 'GB',
    phone: '+44 20 7946 0958',
    new_password: password,
    confirm_password: password,
    accept_terms: true,
  });
  return email;
}

/** A complete sign-in of a registered user (password, then the emailed code): the session headers. */
export async function signIn(url, email, userPassword = password) {
  const known = (await (await fetch(`${url}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()).length;
  const challenge = await post(url, '/api/v1/account/login', { step: 'password', email, password: userPassword });
  if (challenge.status === 'signed_in') return challenge;
  const code = await newestCode(url, email, known);
  return post(url, '/api/v1/account/login', { step: 'second_factor', challenge_id: challenge.challenge_id, code });
}

/** A seeded demo account with KYC approved: its dashboard is the one a working client sees. */
export const dashboardUser = { email: 'kyc-approved@demo.bank', password: 'Demo-Approved#2026' };

/**
 * The session storage of a browser signed in as the dashboard's user, as the web app keeps it: to
 * be set in the page before the app starts.
 */
export async function dashboardSessionStorage(url) {
  const session = await signIn(url, dashboardUser.email, dashboardUser.password);
  return {
    token: session.token,
    userid: session.userid,
    username: session.username,
    is_google: '1',
    kyc_status: session.kyc_status,
  };
}

/**
 * Bundles apps/server/bench/<name>.ts with the product's code compiled in, into apps/server/.bench/
 * (one level below apps/server, so that it finds the checked-in migrations as the server does).
 * Answers the bundle's path.
 */
export async function bundleServerScript(name) {
  const outfile = resolve(`apps/server/.bench/${name}.mjs`);
  await build({
    entryPoints: [resolve(`apps/server/bench/${name}.ts`)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // npm packages load from node_modules; the workspace's own (TypeScript sources) are compiled in,
    // as in the server's build.
    plugins: [npmDependenciesExternal],
    logLevel: 'warning',
  });
  return outfile;
}

/** Runs a bundled server script with its arguments; resolves with what it printed. */
export function runServerScript(bundle, args, nodeOptions = []) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...nodeOptions, bundle, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
      cwd: resolve('apps/server'),
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) =>
      code === 0 ? done(output.trim()) : fail(new Error(`${bundle} ${args[0]} exited ${code}`)),
    );
  });
}

/**
 * Imports one of the workspace's TypeScript modules (the contract's route table, say) into a
 * benchmark, compiled with its imports by esbuild in memory: the benchmarks read the product's own
 * tables rather than a copy of them.
 */
export async function importWorkspaceModule(path) {
  const result = await build({
    entryPoints: [resolve(path)],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  const source = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
}

function frameName(node) {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.replace(/.*\//, '');
  return file ? `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}` : functionName || '(anonymous)';
}

/**
 * The most costly functions of a CPU profile's samples (`{ id, us }`: its node and the time it stands
 * for), by their own time and with their callees, and the components whose render took it: what
 * profile-page and the interactions bench print.
 */
export function profileCosts(profile, samples) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const self = new Map();
  const inclusive = new Map();
  for (const { id, us } of samples) {
    const name = frameName(nodes.get(id));
    self.set(name, (self.get(name) ?? 0) + us);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parents.get(at)) {
      const caller = frameName(nodes.get(at));
      if (caller === '(root)' || seen.has(caller)) continue;
      seen.add(caller);
      inclusive.set(caller, (inclusive.get(caller) ?? 0) + us);
    }
  }
  const top = (map, count) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, us]) => `      ${(us / 1000).toFixed(1).padStart(6)} ms  ${name}`);
  // React calls each component from its own loop, so a component's time with its callees is its render.
  const components = new Map([...inclusive].filter(([name]) => /^[A-Z]/.test(name)));
  return [
    '    own time:',
    ...top(self, 8),
    '    with callees:',
    ...top(inclusive, 12),
    '    components (their render):',
    ...top(components, 10),
  ].join('\n');
}
