/**
 * The app loads Mantine's styles component by component (first-load-styles.ts, signed-in-styles.ts),
 * not Mantine's whole sheet: a component drawn without its styles would look broken. The components
 * the app draws are read from its imports of Mantine's packages, then through Mantine's own modules
 * to every component they draw in turn (a select draws an input, a combobox and a popover); each
 * component's styles are named by the class-name module it reads (`Tabs.module.mjs` for
 * `styles/Tabs.layer.css`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const webSource = resolve(here, '..');
const require = createRequire(import.meta.url);
/** A Mantine package's directory (its main module is cjs/index.cjs; its exports hide package.json). */
const packageDir = (name: string) => resolve(dirname(require.resolve(name)), '..');
const esmOf = (name: string) => join(packageDir(name), 'esm');
const coreDir = packageDir('@mantine/core');
const stylesDir = join(coreDir, 'styles');
const mantinePackages = ['@mantine/core', '@mantine/dates', '@mantine/notifications', '@mantine/charts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The names a source imports from `specifier` (types left out). */
function namedImports(source: string, specifier: string): string[] {
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${specifier}['"]`, 'g');
  return [...source.matchAll(pattern)].flatMap((match) =>
    (match[1] ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '' && !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/)[0] ?? part),
  );
}

/** Where each name a package exports comes from, read from its index module. */
function exportsOf(packageName: string): Map<string, string> {
  const esm = esmOf(packageName);
  const modules = new Map<string, string>();
  for (const match of readFileSync(join(esm, 'index.mjs'), 'utf8').matchAll(/import \{([^}]*)\} from "(\.[^"]+)"/g))
    for (const part of (match[1] ?? '').split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      modules.set((alias ?? name ?? '').trim(), join(esm, match[2] ?? ''));
    }
  return modules;
}

/** The base names of the class-name modules of every component the app draws. */
function stylesTheAppDraws(): Set<string> {
  const exported = new Map(mantinePackages.map((name) => [name, exportsOf(name)]));
  const queue: string[] = [];
  const enqueue = (packageName: string, names: string[]) => {
    for (const name of names) {
      const module = exported.get(packageName)?.get(name);
      if (module) queue.push(module);
    }
  };
  for (const file of sourceFiles(webSource)) {
    const source = readFileSync(file, 'utf8');
    for (const packageName of mantinePackages) enqueue(packageName, namedImports(source, packageName));
  }
  const seen = new Set<string>();
  const styles = new Set<string>();
  for (let module = queue.pop(); module !== undefined; module = queue.pop()) {
    if (seen.has(module)) continue;
    seen.add(module);
    const source = readFileSync(module, 'utf8');
    enqueue('@mantine/core', namedImports(source, '@mantine/core'));
    for (const match of source.matchAll(/from "(\.[^"]+)"/g)) {
      const imported = resolve(dirname(module), match[1] ?? '');
      const classNames = /([^/]+)\.module\.mjs$/.exec(imported);
      if (classNames?.[1]) styles.add(classNames[1]);
      else queue.push(imported);
    }
  }
  return styles;
}

/** The component sheets a module imports, in its order. */
function sheetsImportedBy(file: string): string[] {
  const source = readFileSync(join(here, file), 'utf8');
  return [...source.matchAll(/'@mantine\/core\/styles\/([\w-]+)\.layer\.css'/g)].map((match) => match[1] ?? '');
}

/** A sheet's place in Mantine's whole sheet (styles.css's order). */
function placeInMantinesOrder(sheet: string): number {
  const body = (css: string) =>
    css
      .replace(/^@layer mantine\s*\{/, '')
      .replace(/\}\s*$/, '')
      .trim();
  const whole = body(readFileSync(join(coreDir, 'styles.layer.css'), 'utf8'));
  return whole.indexOf(body(readFileSync(join(stylesDir, `${sheet}.layer.css`), 'utf8')).slice(0, 200));
}

describe("Mantine's styles, component by component", () => {
  const firstLoad = sheetsImportedBy('first-load-styles.ts');
  const signedIn = sheetsImportedBy('signed-in-styles.ts');

  it('holds the styles of every component the app draws', () => {
    const drawn = [...stylesTheAppDraws()].filter((name) => {
      try {
        return statSync(join(stylesDir, `${name}.layer.css`)).isFile();
      } catch {
        return false; // a component without styles of its own (Box, Flex)
      }
    });
    expect(drawn.length).toBeGreaterThan(50);
    const loaded = new Set([...firstLoad, ...signedIn]);
    expect(drawn.filter((name) => !loaded.has(name)).sort()).toEqual([]);
  });

  it("loads each sheet once, in Mantine's order", () => {
    expect(signedIn.filter((name) => firstLoad.includes(name))).toEqual([]);
    const places = signedIn.map(placeInMantinesOrder);
    expect(places.every((place) => place >= 0)).toBe(true);
    expect(places).toEqual([...places].sort((a, b) => a - b));
  });
});
