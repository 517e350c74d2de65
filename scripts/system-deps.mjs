/**
 * What a fresh machine lacks for the browser journeys: Debian's Chromium (never a downloaded
 * browser) and the Noto CJK fonts, without which Chinese and Japanese render as boxes; openssl,
 * which makes the HTTPS test's certificate; for the benchmarks, wrk too; for the failover drill, etcd, Patroni and HAProxy. Installs them through apt when running as root; otherwise says exactly what
 * to install.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function hasDebianPackage(name) {
  // dpkg-query's own format placeholder, not a template string.
  const statusFormat = '-f=$' + '{Status}';
  const result = spawnSync('dpkg-query', ['-W', statusFormat, name], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

/** Installs the missing Debian packages (as root), or stops with the command that would. */
function installDebianPackages(purpose, missing) {
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`${purpose} need Debian packages that are not installed: ${missing.join(' ')}`);
    console.error(`Install them with:  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(' ')} through apt ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  // Another install may hold dpkg's lock (a second drill, a helper's install): wait for it, not fail.
  const waitForLock = ['-o', 'DPkg::Lock::Timeout=300'];
  execFileSync('apt-get', ['install', '-y', '-qq', ...waitForLock, ...missing], { stdio: 'inherit', env });
}

function missingForBrowser() {
  const missing = [];
  if (!existsSync(chromiumPath)) missing.push('chromium');
  if (!hasDebianPackage('fonts-noto-cjk')) missing.push('fonts-noto-cjk');
  if (!hasDebianPackage('openssl')) missing.push('openssl');
  return missing;
}

export function ensureSystemDependencies() {
  installDebianPackages('The browser tests', missingForBrowser());
}

/** The benchmarks' tools: the browser (Lighthouse) and wrk (the API's rate). */
export function ensureBenchmarkTools() {
  const missing = missingForBrowser();
  if (!hasDebianPackage('wrk')) missing.push('wrk');
  installDebianPackages('The benchmarks', missing);
}

/** The failover drill's cluster: etcd, Patroni (with its etcd client) and HAProxy, beside PostgreSQL 15. */
export function ensureFailoverTools() {
  const needed = ['etcd-server', 'patroni', 'python3-etcd', 'haproxy', 'postgresql-15'];
  installDebianPackages(
    'The failover drill',
    needed.filter((name) => !hasDebianPackage(name)),
  );
}
