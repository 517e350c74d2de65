#!/usr/bin/env node
/**
 * The server modules' shape (docs/architecture.md, "A module's shape"), checked by `npm run lint`:
 * calls are registered only in routes.ts, a module has its module.ts at its top, tables are defined
 * only in tables.ts, a folder with a tables.ts (a module, or a part of one such as cards/money/) has
 * its queries.ts beside it for the reads and writes of those tables (unless WITHOUT_QUERIES names it
 * with the reason), no audit row is written in routes.ts or module.ts (a service writes it, or the
 * call's `audit` option), and an index.ts exists only while some file outside its module imports it.
 * Prints each breach with a hint and exits 1 on any. Node only, no dependencies: it reads text.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Modules whose files are still being moved into the shape: skipped until they are. */
const PENDING = {};

/**
 * Folders under modules/ (`<module>` or `<module>/<part>`) that have a tables.ts and no queries.ts,
 * each with the reason: only one whose tables have no reads or writes of their own (another folder's
 * queries.ts reads them, say). Empty while every folder with tables has its queries.ts.
 */
const WITHOUT_QUERIES = {};

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const modulesDirectory = join(root, 'apps/server/src/modules');
/** Where an importer of a module's index.ts may be. */
const importerRoots = ['apps/server/src', 'apps/server/scripts', 'e2e', 'scripts'].map((path) => join(root, path));

function filesUnder(directory) {
  let entries;
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [path] : [];
  });
}

const isTest = (path) => /\.test\.ts$/.test(path);
const nameOf = (path) => path.split('/').pop();
const shown = (path) => relative(root, path);

/** Every file that imports `target` (an absolute path) through a relative specifier. */
function importersOf(target, files) {
  const specifier = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
  return files.filter((file) => {
    for (const match of readFileSync(file, 'utf8').matchAll(specifier)) {
      if (resolve(dirname(file), match[1]) === target) return true;
    }
    return false;
  });
}

function breachesOf(moduleName, allFiles) {
  const moduleRoot = join(modulesDirectory, moduleName);
  const files = filesUnder(moduleRoot);
  const breaches = [];
  const add = (path, breach, hint) => breaches.push(`${shown(path)}: ${breach}\n    fix: ${hint}`);

  for (const tables of files.filter((file) => nameOf(file) === 'tables.ts')) {
    const folder = dirname(tables);
    const key = relative(modulesDirectory, folder);
    if (key in WITHOUT_QUERIES || files.includes(join(folder, 'queries.ts'))) continue;
    add(
      folder,
      'tables.ts without a queries.ts beside it',
      "move the functions that read or write these tables (taking the handle first) into this folder's queries.ts, or list the folder in WITHOUT_QUERIES with the reason",
    );
  }

  if (!files.some((file) => file === join(moduleRoot, 'module.ts')))
    add(
      moduleRoot,
      'no module.ts at the top of the module',
      'add module.ts: the AppModule that registers the routes, schedules and consumers',
    );

  for (const file of files.filter((path) => !isTest(path))) {
    const text = readFileSync(file, 'utf8');
    const name = nameOf(file);
    if (/\bregisterCall\(/.test(text) && name !== 'routes.ts')
      add(
        file,
        'registerCall outside routes.ts',
        "move the call's registration into its folder's routes.ts, one line per call",
      );
    if (/\bpgTable\(/.test(text) && name !== 'tables.ts')
      add(file, 'a table defined outside tables.ts', "move the table into its folder's tables.ts");
    if (/\bwriteAudit\(/.test(text) && (name === 'routes.ts' || name === 'module.ts'))
      add(
        file,
        'an audit row written in a route or module file',
        "write it in the service's transaction, or give the call an `audit` option",
      );
    if (name === 'index.ts') {
      const outside = allFiles.filter((path) => !path.startsWith(`${moduleRoot}/`));
      if (importersOf(file, outside).length === 0)
        add(
          file,
          'an index.ts no file outside its module imports',
          'delete it: a module has an index.ts only for the modules that use it',
        );
    }
  }
  return breaches;
}

const moduleNames = readdirSync(modulesDirectory).filter((name) =>
  statSync(join(modulesDirectory, name)).isDirectory(),
);
const allFiles = importerRoots.flatMap(filesUnder);
const breaches = moduleNames.filter((name) => !(name in PENDING)).flatMap((name) => breachesOf(name, allFiles));
for (const name of Object.keys(PENDING).filter((pending) => !moduleNames.includes(pending)))
  breaches.push(
    `scripts/lint/module-shape.mjs: PENDING names ${name}, which is no module\n    fix: remove it from PENDING`,
  );
for (const folder of Object.keys(WITHOUT_QUERIES)) {
  const path = join(modulesDirectory, folder);
  if (!existsSync(join(path, 'tables.ts')) || existsSync(join(path, 'queries.ts')))
    breaches.push(
      `scripts/lint/module-shape.mjs: WITHOUT_QUERIES names ${folder}, which has no tables.ts or has its queries.ts\n    fix: remove it from WITHOUT_QUERIES`,
    );
}

if (breaches.length > 0) {
  console.error(`Module shape (docs/architecture.md, "A module's shape"): ${breaches.length} breach(es)\n`);
  for (const breach of breaches) console.error(breach);
  process.exit(1);
}
console.log(
  `✔ module shape: ${moduleNames.length - Object.keys(PENDING).length} modules checked, ${Object.keys(PENDING).length} pending`,
);
