/**
 * The failover drill's cluster, on this machine, in a temporary folder and on free ports: one etcd,
 * two PostgreSQL 15 nodes under Patroni with synchronous replication, and HAProxy with a frontend to
 * the leader (each node's Patroni answers GET /primary with 200 only on the leader) and a frontend
 * balancing the product's instances (their /readyz). The nodes run as the `postgres` user, which
 * owns their folders: PostgreSQL refuses to run as root. stop() ends every process it started, and
 * an exit hook kills whatever is left should the drill die first.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../bench/support.mjs';

const postgresBinaries = '/usr/lib/postgresql/15/bin';
const scope = 'bank-drill';
/** Trust authentication on 127.0.0.1 only: the passwords are Patroni's required settings, not a secret. */
const superuser = { username: 'postgres', password: 'drill-superuser' };
const replicationUser = { username: 'replicator', password: 'drill-replication' };
export const productDatabase = 'bank';
/**
 * Patroni's timing, shortened from its defaults (30, 10, 10) so that the drill fails over in about
 * ten seconds: the leader key lives `ttl` seconds unless renewed every `loop_wait`; Patroni requires
 * loop_wait + 2 × retry_timeout <= ttl.
 */
export const patroniTiming = { ttl: 10, loop_wait: 1, retry_timeout: 4 };
/** HAProxy's checks: every half second; a node is out after 2 failures, in after 1 success. */
const leaderCheck = 'inter 500ms fall 2 rise 1';
/** The product's instances: checked every second, out after 2 failures, in after 2 successes. */
const instanceCheck = 'inter 1s fall 2 rise 2';
const startTimeoutMs = 90_000;
const stopTimeoutMs = 20_000;
const sleep = (ms) => new Promise((wake) => setTimeout(wake, ms));

/** Distinct free ports, none of them PostgreSQL's usual one (the machine's own server may hold it). */
async function freePorts(count) {
  const ports = new Set();
  while (ports.size < count) {
    const port = await freePort();
    if (port !== 5432) ports.add(port);
  }
  return [...ports];
}

function postgresAccount() {
  const idOf = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: idOf('-u'), gid: idOf('-g') };
}

/** Polls `isDone` until it answers true; throws naming `what` after `timeoutMs`. */
async function waitFor(what, isDone, timeoutMs = startTimeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isDone().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function answers(url, status = 200) {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await response.arrayBuffer();
  return response.status === status;
}

/** PIDs whose parent is `parentPid` (a postmaster's backends and auxiliary processes). */
function childrenOf(parentPid) {
  const children = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name, in parentheses, may hold spaces: the fields after it are fixed.
      const parentField = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
      if (Number(parentField) === parentPid) children.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

function killQuietly(pid, signal) {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

function isAlive(pid) {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function patroniConfig(node, etcdClientPort) {
  return {
    scope,
    name: node.name,
    log: { level: 'INFO' },
    restapi: { listen: `127.0.0.1:${node.restPort}`, connect_address: `127.0.0.1:${node.restPort}` },
    etcd3: { hosts: [`127.0.0.1:${etcdClientPort}`] },
    bootstrap: {
      dcs: {
        ...patroniTiming,
        maximum_lag_on_failover: 1_048_576,
        // A commit is acknowledged once the standby has it; Patroni promotes only that standby.
        synchronous_mode: true,
        postgresql: {
          use_pg_rewind: false,
          parameters: { wal_level: 'replica', hot_standby: 'on', max_wal_senders: 5, max_replication_slots: 5 },
        },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }],
    },
    postgresql: {
      listen: `127.0.0.1:${node.port}`,
      connect_address: `127.0.0.1:${node.port}`,
      data_dir: node.dataDir,
      bin_dir: postgresBinaries,
      pgpass: join(node.dir, 'pgpass'),
      authentication: { superuser, replication: replicationUser },
      parameters: { unix_socket_directories: node.dir, max_connections: 100 },
      pg_hba: [
        'local all all trust',
        'host all all 127.0.0.1/32 trust',
        `host replication ${replicationUser.username} 127.0.0.1/32 trust`,
      ],
    },
  };
}

function haproxyConfig(ports, nodes, instancePorts) {
  return `global
  maxconn 1000

defaults
  timeout connect 2s
  timeout check 1s
  timeout client 10m
  timeout server 10m

listen stats
  mode http
  bind 127.0.0.1:${ports.stats}
  stats enable
  stats uri /stats

# The leader: the one node whose Patroni answers GET /primary with 200. Connections to a node that
# fails its check are cut, so that no client keeps talking to a former leader.
listen postgres_leader
  mode tcp
  bind 127.0.0.1:${ports.leader}
  option httpchk
  http-check send meth GET uri /primary
  http-check expect status 200
  default-server ${leaderCheck} on-marked-down shutdown-sessions
${nodes.map((node) => `  server ${node.name} 127.0.0.1:${node.port} check port ${node.restPort}`).join('\n')}

# The product: any instance that is ready answers any request. When none is (the database is
# failing over), any that runs does: it answers busy (503, Retry-After) in the caller's language,
# where HAProxy's own 503 page would tell a client nothing it can read.
frontend product
  mode http
  bind 127.0.0.1:${ports.product}
  use_backend product_ready if { nbsrv(product_ready) gt 0 }
  default_backend product_running

backend product_ready
${productBackend('/readyz', instancePorts)}
backend product_running
${productBackend('/healthz', instancePorts)}`;
}

/** The instances, checked at `checkPath`. A call whose connection could not be made goes to the other. */
function productBackend(checkPath, instancePorts) {
  return `  mode http
  balance roundrobin
  option httpchk
  http-check send meth GET uri ${checkPath}
  http-check expect status 200
  retries 2
  option redispatch 1
  default-server ${instanceCheck}
${instancePorts.map((port, index) => `  server instance${index + 1} 127.0.0.1:${port} check`).join('\n')}
`;
}

/** HAProxy's view: `{ '<proxy>/<server>': 'UP' | 'DOWN' | ... }` from its CSV statistics. */
async function haproxyStates(statsPort) {
  const response = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`, { signal: AbortSignal.timeout(2000) });
  const [header, ...rows] = (await response.text()).trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const [proxy, server, status] = ['pxname', 'svname', 'status'].map((name) => columns.indexOf(name));
  return Object.fromEntries(
    rows.map((row) => row.split(',')).map((fields) => [`${fields[proxy]}/${fields[server]}`, fields[status]]),
  );
}

function createProcessRegistry(root) {
  const processes = [];
  const postmasterPidFiles = [];
  const killEverything = () => {
    for (const { child } of processes) if (child.exitCode === null) killQuietly(child.pid, 'SIGKILL');
    for (const pidFile of postmasterPidFiles) {
      if (!existsSync(pidFile)) continue;
      const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      for (const pid of [postmaster, ...childrenOf(postmaster)]) killQuietly(pid, 'SIGKILL');
    }
  };
  /** The last resort of a drill that ends without stop() (interrupted, or failed while starting). */
  const cleanUpAtExit = () => {
    killEverything();
    rmSync(root, { recursive: true, force: true });
  };
  process.on('exit', cleanUpAtExit);
  return {
    start(name, command, args, options = {}) {
      const log = openSync(join(root, `${name}.log`), 'a');
      const child = spawn(command, args, { ...options, stdio: ['ignore', log, log] });
      closeSync(log);
      child.on('error', () => undefined);
      processes.push({ name, child });
      return child;
    },
    watchPostmaster: (pidFile) => postmasterPidFiles.push(pidFile),
    killEverything,
    forget: () => process.off('exit', cleanUpAtExit),
  };
}

function stopChild(child, signal = 'SIGTERM') {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill(signal);
  });
}

async function startEtcd(root, registry, ports) {
  const client = `http://127.0.0.1:${ports.etcdClient}`;
  const peer = `http://127.0.0.1:${ports.etcdPeer}`;
  const child = registry.start('etcd', 'etcd', [
    ...['--name', 'drill', '--data-dir', join(root, 'etcd'), '--logger', 'zap', '--log-level', 'warn'],
    ...['--listen-client-urls', client, '--advertise-client-urls', client],
    ...['--listen-peer-urls', peer, '--initial-advertise-peer-urls', peer, '--initial-cluster', `drill=${peer}`],
  ]);
  await waitFor('etcd', async () => (await (await fetch(`${client}/health`)).json()).health === 'true');
  return child;
}

function makeNode(root, name, port, restPort, account) {
  const dir = join(root, name);
  mkdirSync(dir, { mode: 0o700 });
  chownSync(dir, account.uid, account.gid);
  return { name, port, restPort, dir, dataDir: join(dir, 'data'), rest: `http://127.0.0.1:${restPort}` };
}

function startPatroni(registry, node, etcdClientPort, account) {
  const configPath = join(node.dir, 'patroni.yml');
  // JSON is YAML: Patroni reads it as its configuration file.
  writeFileSync(configPath, JSON.stringify(patroniConfig(node, etcdClientPort), null, 2));
  chownSync(configPath, account.uid, account.gid);
  registry.watchPostmaster(join(node.dataDir, 'postmaster.pid'));
  node.patroni = registry.start(`patroni-${node.name}`, 'patroni', [configPath], {
    uid: account.uid,
    gid: account.gid,
    cwd: node.dir,
    env: { PATH: process.env.PATH, HOME: node.dir, LANG: 'C.UTF-8', PYTHONUNBUFFERED: '1' },
  });
}

function postmasterPidOf(node) {
  const pidFile = join(node.dataDir, 'postmaster.pid');
  return existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : undefined;
}

/**
 * Starts the cluster; answers its handle. `instancePorts` are where the product's instances will
 * listen: HAProxy balances them once they answer /readyz.
 */
export async function startCluster(instancePorts) {
  const root = mkdtempSync(join(tmpdir(), 'bank-failover-'));
  // The nodes' own folders are the postgres user's; it must be able to reach them.
  chmodSync(root, 0o755);
  const registry = createProcessRegistry(root);
  const [etcdClient, etcdPeer, leader, product, stats, ...nodePorts] = await freePorts(9);
  const ports = { etcdClient, etcdPeer, leader, product, stats };
  const account = postgresAccount();
  const nodes = [0, 1].map((index) =>
    makeNode(root, `node${index + 1}`, nodePorts[2 * index], nodePorts[2 * index + 1], account),
  );
  const cluster = clusterHandle(root, registry, ports, nodes);
  try {
    cluster.etcd = await startEtcd(root, registry, ports);
    // One after the other: the first bootstraps the cluster, the second copies it as a standby.
    startPatroni(registry, nodes[0], etcdClient, account);
    await waitFor('the first node to lead', () => answers(`${nodes[0].rest}/primary`));
    startPatroni(registry, nodes[1], etcdClient, account);
    await waitFor('the second node to be the synchronous standby', () => answers(`${nodes[1].rest}/sync`));
    const configPath = join(root, 'haproxy.cfg');
    writeFileSync(configPath, haproxyConfig(ports, nodes, instancePorts));
    cluster.haproxy = registry.start('haproxy', 'haproxy', ['-db', '-f', configPath]);
    await waitFor('HAProxy to route to the leader', async () => {
      const states = await haproxyStates(stats);
      return states['postgres_leader/node1'] === 'UP' && states['postgres_leader/node2'] === 'DOWN';
    });
    await cluster.createProductDatabase();
    return cluster;
  } catch (error) {
    console.error(`The cluster did not start; its logs are in ${root}:`);
    for (const name of readdirSync(root).filter((file) => file.endsWith('.log'))) {
      console.error(`--- ${name}\n${readFileSync(join(root, name), 'utf8').split('\n').slice(-15).join('\n')}`);
    }
    await cluster.stop({ keepLogs: true });
    throw error;
  }
}

function clusterHandle(root, registry, ports, nodes) {
  const adminUrl = `postgres://${superuser.username}@127.0.0.1:${ports.leader}/postgres`;
  const cluster = {
    root,
    nodes,
    /** The product's DATABASE_URL: PostgreSQL's leader, whichever node it is, through HAProxy. */
    databaseUrl: `postgres://${superuser.username}@127.0.0.1:${ports.leader}/${productDatabase}`,
    productUrl: `http://127.0.0.1:${ports.product}`,
    states: () => haproxyStates(ports.stats),
    async createProductDatabase() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`create database ${productDatabase}`);
      await client.end();
    },
    /** The node whose Patroni answers as the leader, if any. */
    async leader() {
      for (const node of nodes) if (await answers(`${node.rest}/primary`).catch(() => false)) return node;
      return undefined;
    },
    /** Waits until HAProxy balances `count` ready instances of the product. */
    waitForInstances: (count) =>
      waitFor(`HAProxy to see ${count} ready instances`, async () => {
        const states = await haproxyStates(ports.stats);
        return (
          Object.entries(states).filter(([key, state]) => key.startsWith('product_ready/instance') && state === 'UP')
            .length === count
        );
      }),
    /**
     * The loss of a node's machine: its Patroni and every PostgreSQL process, all with SIGKILL
     * (Patroni first, so that it cannot start PostgreSQL again).
     */
    killNode(node) {
      const postmaster = postmasterPidOf(node);
      killQuietly(node.patroni.pid, 'SIGKILL');
      if (postmaster) for (const pid of [postmaster, ...childrenOf(postmaster)]) killQuietly(pid, 'SIGKILL');
      node.killed = true;
    },
    /**
     * A killed postmaster leaves its System V shared memory segment behind (line 7 of its pid file:
     * key and id); with no process attached any more, it is removed here.
     */
    removeSharedMemoryOf(node) {
      const pidFile = join(node.dataDir, 'postmaster.pid');
      const shmid = existsSync(pidFile)
        ? readFileSync(pidFile, 'utf8').split('\n')[6]?.trim().split(/\s+/)[1]
        : undefined;
      if (shmid) spawnSync('ipcrm', ['-m', shmid], { stdio: 'ignore' });
    },
    async stop({ keepLogs = false } = {}) {
      if (cluster.haproxy) await stopChild(cluster.haproxy);
      // Patroni stops its PostgreSQL on SIGTERM; a node that outlives the time limit is killed.
      await Promise.all(nodes.filter((node) => node.patroni && !node.killed).map((node) => stopChild(node.patroni)));
      const isStopped = (node) => node.killed || !isAlive(postmasterPidOf(node) ?? -1);
      await waitFor('PostgreSQL to stop', async () => nodes.every(isStopped), 10_000).catch(() => undefined);
      if (cluster.etcd) await stopChild(cluster.etcd);
      registry.killEverything();
      registry.forget();
      for (const node of nodes.filter((candidate) => candidate.killed)) cluster.removeSharedMemoryOf(node);
      if (!keepLogs) return rmSync(root, { recursive: true, force: true });
      for (const name of readdirSync(root).filter((file) => !file.endsWith('.log')))
        rmSync(join(root, name), { recursive: true, force: true });
    },
  };
  return cluster;
}
