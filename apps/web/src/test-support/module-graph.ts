/**
 * The web app's modules as their import statements link them, read from the sources (for tests that
 * state a rule of what a module may reach: page-data.test.ts, messages.test.ts). Type-only imports
 * are left out: they load nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packagesDir = path.resolve(appDir, '../../../packages');

/** The modules a source file imports for their values: `import type` and `export type` are left out. */
export function valueImportsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'([^']+)'/gm))
    if (!match[1] && match[2]) specifiers.push(match[2]);
  return specifiers;
}

/** The modules a source file loads on demand (`import('…')`). */
export function dynamicImportsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map(
    ([, specifier = '']) => specifier,
  );
}

/** The file a specifier names: the app's own modules and the workspace packages' (`@bank/…`). */
export function resolved(specifier: string, importer: string): string | undefined {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(importer), specifier);
  const workspace = /^@bank\/(contract|i18n)\/(.+)$/.exec(specifier);
  if (workspace) {
    const [, name = '', rest = ''] = workspace;
    return path.join(packagesDir, name, 'src', rest.endsWith('.ts') ? rest : `${rest}.ts`);
  }
  return undefined;
}

/**
 * The app's and the workspace's modules that `file` imports, directly or not, for their values (what
 * is evaluated when it is); `isLeftOut` stops the walk at a module and keeps it out.
 */
export function modulesReachedFrom(file: string, isLeftOut: (module: string) => boolean = () => false): Set<string> {
  const reached = new Set<string>();
  const visit = (module: string) => {
    if (reached.has(module) || isLeftOut(module)) return;
    reached.add(module);
    for (const specifier of valueImportsOf(module)) {
      const next = resolved(specifier, module);
      if (next) visit(next);
    }
  };
  visit(file);
  return reached;
}
