/**
 * A page's first loads start before its code has arrived only if their module imports none of it:
 * every module page-data.ts loads reaches, by its imports (type-only ones aside), no component file
 * and no library of the page's drawing beyond what the app's first load has. Imported, such a file
 * would bring the page's code (or the signed-in shell's, which it shares) into the loads' own file,
 * and the requests would wait for it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mainPages } from '@bank/contract/routes';
import { describe, expect, it } from 'vitest';

const appDir = path.dirname(fileURLToPath(import.meta.url));
const contractDir = path.resolve(appDir, '../../../../packages/contract/src');
const drawingLibraries = /^(@mantine\/core|@mantine\/hooks|@tabler\/|react-router|react-dom)/;

/** The modules a source file imports for their values: `import type` and `export type` are left out. */
function valueImportsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'([^']+)'/gm))
    if (!match[1] && match[2]) specifiers.push(match[2]);
  return specifiers;
}

function resolved(specifier: string, importer: string): string | undefined {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(importer), specifier);
  if (specifier.startsWith('@bank/contract/')) return path.join(contractDir, `${specifier.slice(15)}.ts`);
  return undefined;
}

/** The app's own modules that `file` imports, directly or not, for their values. */
function modulesReachedFrom(file: string): Set<string> {
  const reached = new Set<string>();
  const visit = (module: string) => {
    if (reached.has(module)) return;
    reached.add(module);
    for (const specifier of valueImportsOf(module)) {
      const next = resolved(specifier, module);
      if (next) visit(next);
    }
  };
  visit(file);
  return reached;
}

/** What the app's entry loads, which every page has before its own code. */
const firstLoad = modulesReachedFrom(path.resolve(appDir, '../main.tsx'));

/**
 * What `file` reaches beyond the first load that a page's first loads may not: component files and
 * libraries of the drawing.
 */
function drawingReachedFrom(file: string): string[] {
  const reached = new Set<string>(firstLoad);
  const found: string[] = [];
  const visit = (module: string) => {
    if (reached.has(module)) return;
    reached.add(module);
    if (module.endsWith('.tsx')) {
      found.push(path.relative(appDir, module));
      return;
    }
    for (const specifier of valueImportsOf(module)) {
      if (drawingLibraries.test(specifier)) found.push(`${path.relative(appDir, module)} imports ${specifier}`);
      const next = resolved(specifier, module);
      if (next) visit(next);
    }
  };
  visit(file);
  return found;
}

const loaderModules = [
  ...readFileSync(path.join(appDir, 'page-data.ts'), 'utf8').matchAll(
    /^ {2}(\w+): async \(\) =>\s*\(\s*await import\('([^']+)'\)\s*\)/gm,
  ),
].map(([, id = '', specifier = '']) => ({ id, file: path.resolve(appDir, specifier) }));

describe('each page’s first loads', () => {
  it('are read by the build for every page that page-data.ts names, each a page of the route table', () => {
    expect(loaderModules.length).toBeGreaterThan(0);
    const pageIds = new Set<string>(mainPages.map((page) => page.id));
    expect(loaderModules.filter(({ id }) => !pageIds.has(id))).toEqual([]);
  });

  it.each(loaderModules)('of $id import nothing of the page’s drawing', ({ file }) => {
    expect(drawingReachedFrom(file)).toEqual([]);
  });
});
