/**
 * A page's first loads start before its code has arrived only if their module imports none of it:
 * every module page-data.ts loads reaches, by its imports (type-only ones aside), no component file
 * and no library of the page's drawing beyond what the app's first load has. Imported, such a file
 * would bring the page's code (or the signed-in shell's, which it shares) into the loads' own file,
 * and the requests would wait for it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { mainPages } from '@bank/contract/routes';
import { describe, expect, it } from 'vitest';
import { appDir, modulesReachedFrom, resolved, valueImportsOf } from '../test-support/module-graph.ts';

const drawingLibraries = /^(@mantine\/core|@mantine\/hooks|@tabler\/|react-router|react-dom)/;

/** What the app's entry loads, which every page has before its own code. */
const firstLoad = modulesReachedFrom(path.join(appDir, 'main.tsx'));

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
  ...readFileSync(path.join(appDir, 'app', 'page-data.ts'), 'utf8').matchAll(
    /^ {2}(\w+): async \(\) =>\s*\(\s*await import\('([^']+)'\)\s*\)/gm,
  ),
].map(([, id = '', specifier = '']) => ({ id, file: path.resolve(appDir, 'app', specifier) }));

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
