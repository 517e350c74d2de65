/**
 * Which file of the browser's build each module goes in, beyond Rolldown's automatic splitting
 * (vite.config.ts, `codeSplitting.groups`). Left to the automatic splitting, a module goes in a file
 * of its own for each set of pages that import it: a signed-in page opened first fetched some 80
 * files, and each file costs the phone a link of the page's outline to read, a request to start and a
 * module to compile in a task of its own, whatever its size (bench/README.md, Web, 2026-12-01, the
 * evening).
 *
 * So the modules that only signed-in pages use, and that many of them use, go in one file
 * (`signedInOnly`, the group in vite.config.ts). A module that a public page (sign-in, registration,
 * a password reset, the phone's upload, an invitation) may load is left out of it, so that those
 * pages never fetch the signed-in pages' code.
 *
 * Which modules a page uses is followed through the libraries' barrels (`@mantine/core`'s index, the
 * icons'), by the names a module imports from them: a barrel imports every component, and followed
 * whole it would make every component look used by every page.
 */
import path from 'node:path';

/** What the build's graph tells of a module (Rolldown's ModuleInfo, the part read here). */
export type ModuleFacts = {
  code: string | null;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  dynamicImporters: readonly string[];
};

export type ModuleGraph = { getModuleInfo(id: string): ModuleFacts | null };

/** A module of a library that re-exports this many modules or more is read as a barrel. */
const barrelImportCount = 40;

function isBarrel(id: string, facts: ModuleFacts): boolean {
  return id.includes('/node_modules/') && facts.importedIds.length >= barrelImportCount;
}

/** The package a module of node_modules belongs to (`@mantine/core`, `react`). */
function packageOf(id: string): string | undefined {
  return /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1];
}

/** `a, b as c, default as D` → the names imported or exported (`a`, `b`, `default`) with their aliases. */
function namesOf(list: string): { name: string; alias: string }[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [name = '', alias = name] = part.split(/\s+as\s+/);
      return { name: name.trim(), alias: alias.trim() };
    });
}

const importFrom = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const importNamespaceFrom = /import\s*\*\s*as\s+(\w+)\s+from\s*["']([^"']+)["']/g;
const exportFrom = /export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const exportList = /export\s*\{([^}]*)\}(?!\s*from)/g;

/** Each match's two groups (the second empty where the pattern has one). */
function matchesOf(code: string, pattern: RegExp): [string, string][] {
  return [...code.matchAll(pattern)].map((match) => [match[1] ?? '', match[2] ?? '']);
}

/** A barrel's exports: each exported name and the module that provides it. */
function exportsOfBarrel(id: string, code: string): Map<string, string> {
  const resolve = (specifier: string) => path.posix.join(path.posix.dirname(id), specifier);
  const localSource = new Map<string, string>();
  for (const [list, specifier] of matchesOf(code, importFrom))
    for (const { alias } of namesOf(list)) localSource.set(alias, resolve(specifier));
  for (const [local, specifier] of matchesOf(code, importNamespaceFrom)) localSource.set(local, resolve(specifier));
  const provider = new Map<string, string>();
  for (const [list, specifier] of matchesOf(code, exportFrom))
    for (const { alias } of namesOf(list)) provider.set(alias, resolve(specifier));
  for (const [list] of matchesOf(code, exportList)) {
    for (const { name, alias } of namesOf(list)) {
      const source = localSource.get(name);
      if (source) provider.set(alias, source);
    }
  }
  return provider;
}

/** The names a module imports from a package, or undefined when it imports the whole of it. */
function namesImportedFrom(code: string, packageName: string): string[] | undefined {
  const names: string[] = [];
  for (const [, specifier] of matchesOf(code, importNamespaceFrom)) if (specifier === packageName) return undefined;
  for (const [list, specifier] of matchesOf(code, importFrom))
    if (specifier === packageName) names.push(...namesOf(list).map(({ name }) => name));
  return names.length ? names : undefined;
}

/**
 * The modules reachable from `roots` by their imports (dynamic ones too when `isFollowingDynamic`),
 * not entering `stops`; an import of a barrel reaches only the modules of the names imported.
 */
export function reachableModules(
  graph: ModuleGraph,
  roots: readonly string[],
  {
    stops = new Set<string>(),
    isFollowingDynamic = false,
  }: { stops?: ReadonlySet<string>; isFollowingDynamic?: boolean },
): Set<string> {
  const barrelExports = new Map<string, Map<string, string>>();
  const providersOf = (barrel: string, facts: ModuleFacts, importer: ModuleFacts): readonly string[] => {
    const packageName = packageOf(barrel);
    const names = packageName && importer.code ? namesImportedFrom(importer.code, packageName) : undefined;
    if (!names || !facts.code) return facts.importedIds;
    let exports = barrelExports.get(barrel);
    if (!exports) {
      exports = exportsOfBarrel(barrel, facts.code);
      barrelExports.set(barrel, exports);
    }
    const known = exports;
    const providers = names.map((name) => known.get(name));
    return providers.every((provider) => provider !== undefined) ? (providers as string[]) : facts.importedIds;
  };
  const reached = new Set<string>();
  const pending = [...roots];
  while (pending.length) {
    const id = pending.pop() as string;
    if (reached.has(id) || stops.has(id)) continue;
    const facts = graph.getModuleInfo(id);
    if (!facts) continue;
    reached.add(id);
    const imports = isFollowingDynamic ? [...facts.importedIds, ...facts.dynamicallyImportedIds] : facts.importedIds;
    for (const imported of imports) {
      const importedFacts = graph.getModuleInfo(imported);
      if (importedFacts && isBarrel(imported, importedFacts)) {
        // The barrel itself is reached (it is a module of the build), and through it only what is named.
        reached.add(imported);
        pending.push(...providersOf(imported, importedFacts, facts));
      } else pending.push(imported);
    }
  }
  return reached;
}

/**
 * Which of the signed-in pages' shared modules a module is, if any:
 * - `signed-in`: loaded by signed-in pages only, and not by their first loads: the app's entry cannot
 *   reach it, its imports followed (dynamic ones too) without entering the signed-in shell
 *   (`signedInRoots`) or a page's first loads (the modules `pageData` imports dynamically,
 *   app/page-data.ts); nor can those first loads.
 * - `first-loads`: reached by the first loads (their static imports followed) of `minFirstLoads`
 *   pages or more, and not by a public page: kept out of the signed-in pages' file, which the first
 *   loads would otherwise import and so wait for the shell's (decision 50). Counted by first loads,
 *   not by the files that import a module: the payouts' contract and its checksum libraries, which
 *   the payout pages' code and first loads import (more than 18 files), went in this file, and every
 *   other page opened first downloaded their 13 to 17 KB of brotli (bench/README.md, Web,
 *   2026-12-03, the evening).
 * A module loaded on demand (imported dynamically) is in neither, left where Rolldown puts it, so
 * that it is still fetched only when asked for. Worked out once per build.
 */
export function signedInGroups(
  entry: string,
  signedInRoots: readonly string[],
  pageData: string,
  { minFirstLoads = 1 }: { minFirstLoads?: number } = {},
) {
  const reachOf = new WeakMap<ModuleFacts, { publicModules: Set<string>; firstLoads: Map<string, number> }>();
  return (id: string, graph: ModuleGraph): 'signed-in' | 'first-loads' | null => {
    const entryFacts = graph.getModuleInfo(entry);
    // The build for Node (the pages drawn at build time) has another entry: nothing is grouped there.
    if (!entryFacts) return null;
    let reach = reachOf.get(entryFacts);
    if (!reach) {
      const loaders = graph.getModuleInfo(pageData)?.dynamicallyImportedIds ?? [];
      reach = {
        publicModules: reachableModules(graph, [entry], {
          stops: new Set([...signedInRoots, ...loaders]),
          isFollowingDynamic: true,
        }),
        firstLoads: sharesOf(loaders.map((loader) => reachableModules(graph, [loader], {}))),
      };
      reachOf.set(entryFacts, reach);
    }
    if (reach.publicModules.has(id) || graph.getModuleInfo(id)?.dynamicImporters.length) return null;
    const firstLoads = reach.firstLoads.get(id) ?? 0;
    if (firstLoads === 0) return 'signed-in';
    return firstLoads >= minFirstLoads ? 'first-loads' : null;
  };
}

/** How many of the sets hold each module. */
function sharesOf(sets: readonly Set<string>[]): Map<string, number> {
  const shares = new Map<string, number>();
  for (const set of sets) for (const id of set) shares.set(id, (shares.get(id) ?? 0) + 1);
  return shares;
}
