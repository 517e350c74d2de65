/**
 * The machine's cache of builds, so that a fresh clone of a commit this machine has built before
 * (CI, another worktree, a colleague's branch switched back) copies the build instead of making it
 * again. An entry is named after the content of everything the build reads: its sources and the
 * locked dependencies, never their dates, so a changed source always builds anew. The folder is the
 * one the server keeps its migrated database template in (apps/server/src/platform/database-template.ts):
 * BANK_CACHE_DIR, else XDG_CACHE_HOME or ~/.cache, under corporate-banking.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** Entries kept per build: the newest ones, so that switching between two branches stays fast. */
const keptEntries = 3;

export function machineCacheDir(env = process.env) {
  if (env.BANK_CACHE_DIR) return resolve(env.BANK_CACHE_DIR);
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'corporate-banking');
}

function addToHash(hash, path) {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    hash.update(path).update('\0').update(readFileSync(path));
    return;
  }
  for (const name of readdirSync(path).sort()) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('dist-')) continue;
    addToHash(hash, join(path, name));
  }
}

/** The content key of a build reading `inputs` (files or folders). */
export function buildKey(inputs) {
  const hash = createHash('sha256');
  for (const input of [...inputs, 'package-lock.json']) addToHash(hash, input);
  return hash.digest('hex').slice(0, 20);
}

function entryOf(name, key) {
  return join(machineCacheDir(), `${name}-${key}`);
}

/** Copies the cached build into `output` if the cache holds it; says whether it did. */
export function restoreBuild(name, key, output) {
  const entry = entryOf(name, key);
  if (!existsSync(entry)) return false;
  rmSync(output, { recursive: true, force: true });
  cpSync(entry, output, { recursive: true });
  const now = new Date();
  utimesSync(entry, now, now); // the newest used is kept longest
  return true;
}

/** Keeps a copy of the build in `output` under its key, and lets the oldest entries of `name` go. */
export function keepBuild(name, key, output) {
  const entry = entryOf(name, key);
  const partial = `${entry}.${process.pid}.partial`;
  try {
    mkdirSync(machineCacheDir(), { recursive: true });
    cpSync(output, partial, { recursive: true });
    if (existsSync(entry)) rmSync(partial, { recursive: true, force: true });
    else renameSync(partial, entry);
    const folder = machineCacheDir();
    const entries = readdirSync(folder)
      .filter((item) => item.startsWith(`${name}-`) && !item.endsWith('.partial'))
      .map((item) => ({ path: join(folder, item), usedMs: statSync(join(folder, item)).mtimeMs }))
      .sort((a, b) => b.usedMs - a.usedMs);
    for (const old of entries.slice(keptEntries)) rmSync(old.path, { recursive: true, force: true });
  } catch (error) {
    // A cache that cannot be written costs the next start a build, never this one its start.
    rmSync(partial, { recursive: true, force: true });
    console.warn(`The build was not cached: ${error instanceof Error ? error.message : String(error)}`);
  }
}
