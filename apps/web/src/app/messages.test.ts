/**
 * A screen's English comes with its code (src/messages/README.md): every page and every component
 * loaded on demand (each `.tsx` module imported with `import()`) reaches, by its static imports, the
 * module of each namespace whose keys its code writes, in the app or in the workspace packages it
 * imports. A namespace left out would show its keys, on the first visit of that screen.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { enSignedIn } from '@bank/i18n/catalogue-en-signed-in';
import { enSignedInCommon } from '@bank/i18n/catalogue-en-signed-in-common';
import { cards } from '@bank/i18n/locales/en/cards';
import { describe, expect, it } from 'vitest';
import { appDir, dynamicImportsOf, modulesReachedFrom, resolved } from '../test-support/module-graph.ts';

const messagesDir = path.join(appDir, 'messages');

/** The namespace a messages module adds, read from its call: `cards`, or `cards.applications`. */
function namespaceAddedBy(file: string): string {
  const call = /addEnglishMessages\(\{\s*(\w+)(?::\s*\{\s*(\w+))?/.exec(readFileSync(file, 'utf8'));
  if (!call?.[1]) throw new Error(`${file} adds no namespace`);
  return call[2] ? `${call[1]}.${call[2]}` : call[1];
}

/** The messages a module adds: the export of the catalogue's file it imports. */
async function messagesAddedBy(file: string): Promise<unknown> {
  const source = /import \{ (\w+) \} from '@bank\/i18n\/(locales\/en\/[\w-]+)'/.exec(readFileSync(file, 'utf8'));
  if (!source?.[1] || !source[2]) throw new Error(`${file} imports no file of the English catalogue`);
  const catalogueFile = path.join(appDir, '../../../packages/i18n/src', `${source[2]}.ts`);
  return ((await import(catalogueFile)) as Record<string, unknown>)[source[1]];
}

const messageModules = new Map(
  readdirSync(messagesDir)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => {
      const file = path.join(messagesDir, name);
      return [file, namespaceAddedBy(file)] as const;
    }),
);
const namespaces = [...messageModules.values()];

/** What each namespace's module adds, by namespace. */
const messagesOf = new Map(
  await Promise.all([...messageModules].map(async ([file, name]) => [name, await messagesAddedBy(file)] as const)),
);

/** Whether `messages` holds messages under the dotted `path`. */
function holds(messages: unknown, path: string[]): boolean {
  let node = messages;
  for (const part of path) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'object' || typeof node === 'string';
}

/** The namespaces of the signed-in English the shell does not bring: each needs a module here. */
const ownNamespaces = [
  ...Object.keys(enSignedIn).filter((name) => !(name in enSignedInCommon) && name !== 'cards'),
  'cards',
  ...Object.keys(enSignedIn.cards)
    .filter((key) => !(key in cards))
    .map((key) => `cards.${key}`),
];

/** The longest namespace (or part) a key's beginning names: `payouts.steps.sent` is the steps'. */
function namespaceOfKey(key: string): string | undefined {
  return namespaces.filter((name) => key === name || key.startsWith(`${name}.`)).sort((a, b) => b.length - a.length)[0];
}

/**
 * `payouts.steps` is added by its own module or by the whole `payouts`, whose file holds the steps;
 * `cards.money` only by its own, since the cards' file does not hold it.
 */
function isAddedIn(name: string, added: Set<string>): boolean {
  const parts = name.split('.');
  return parts.some((_, index) => {
    const ancestor = parts.slice(0, index + 1).join('.');
    return added.has(ancestor) && holds(messagesOf.get(ancestor), parts.slice(index + 1));
  });
}

/** A module's code without its comments, which name keys without showing them. */
function codeOf(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

/** The namespaces whose keys a module writes: a string or template of dotted words beginning with one. */
function namespacesWrittenBy(file: string): Set<string> {
  const found = new Set<string>();
  for (const [, key = ''] of codeOf(file).matchAll(/['"`]([a-z_]+(?:\.(?:[a-z_]+|\$\{))+)/g)) {
    const name = namespaceOfKey(key);
    if (name) found.add(name);
  }
  return found;
}

/** Message catalogues: their text is the messages themselves, not keys to them. */
const isCatalogue = (module: string) => /packages\/i18n\/src\/(locales\/|catalogue-)/.test(module);

function sourceFilesIn(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFilesIn(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * The app's first load and every `.tsx` module the app loads on demand: the pages, the shell, the
 * dialogs and panels.
 */
const loadedOnDemand = [
  path.join(appDir, 'main.tsx'),
  ...new Set(
    sourceFilesIn(appDir).flatMap((file) =>
      dynamicImportsOf(file)
        .map((specifier) => resolved(specifier, file))
        .filter((module): module is string => module?.endsWith('.tsx') === true),
    ),
  ),
].map((file) => ({ name: path.relative(appDir, file), file }));

/** The namespaces the modules `file` reaches write but none of them adds. */
function namespacesMissingFrom(file: string): string[] {
  const reached = modulesReachedFrom(file, isCatalogue);
  const written = new Set([...reached].flatMap((module) => [...namespacesWrittenBy(module)]));
  const added = new Set([...reached].flatMap((module) => messageModules.get(module) ?? []));
  return [...written].filter((name) => !isAddedIn(name, added)).sort();
}

describe('the English of the signed-in screens', () => {
  it('has a module for each namespace the shell does not bring, each adding messages of the catalogue', () => {
    expect(ownNamespaces.filter((name) => !namespaces.includes(name))).toEqual([]);
    expect(namespaces.filter((name) => !holds(enSignedIn, name.split('.')) || name in enSignedInCommon)).toEqual([]);
  });

  it('is found in the code (the rule reads what it should)', () => {
    expect(loadedOnDemand.length).toBeGreaterThan(50);
    expect(namespacesWrittenBy(path.join(appDir, 'features/cards/cards-page.tsx'))).toContain('cards');
  });

  it.each(loadedOnDemand)('is reached by $name for every namespace its code writes', ({ file }) => {
    expect(namespacesMissingFrom(file)).toEqual([]);
  });
});
