import { describe, expect, it } from 'vitest';
import { type ModuleFacts, type ModuleGraph, reachableModules, signedInGroups } from './chunk-groups.ts';

const ui = '/app/node_modules/@lib/ui/index.mjs';
const icons = '/app/node_modules/@lib/icons/index.mjs';
const uiModule = (name: string) => `/app/node_modules/@lib/ui/${name}.mjs`;
const iconModule = (name: string) => `/app/node_modules/@lib/icons/${name}.mjs`;
const fillers = Array.from({ length: 40 }, (_, index) => `Filler${index}`);

/** A library's barrel in Mantine's form: its modules imported by name, then exported in one list. */
const uiBarrel = [
  ...['Button', 'Table', ...fillers].map((name) => `import { ${name} } from "./${name}.mjs";`),
  `export { Button, Table, ${fillers.join(', ')} };`,
].join('\n');

/** A barrel in the icons' form: each name exported from its module. */
const iconsBarrel = ['IconBank', 'IconCard', ...fillers]
  .map((name) => `export { default as ${name}, default as ${name}Alias } from './${name}.mjs';`)
  .join('\n');

function graphOf(modules: Record<string, Partial<ModuleFacts>>): ModuleGraph {
  const dynamicImporters = new Map<string, string[]>();
  for (const [id, facts] of Object.entries(modules))
    for (const imported of facts.dynamicallyImportedIds ?? [])
      dynamicImporters.set(imported, [...(dynamicImporters.get(imported) ?? []), id]);
  return {
    getModuleInfo: (id) => {
      const facts = modules[id];
      if (!facts) return null;
      return {
        code: facts.code ?? '',
        importedIds: facts.importedIds ?? [],
        dynamicallyImportedIds: facts.dynamicallyImportedIds ?? [],
        dynamicImporters: dynamicImporters.get(id) ?? [],
      };
    },
  };
}

const graph = graphOf({
  '/app/src/main.tsx': {
    code: 'import { Button } from "@lib/ui";\nimport { IconBank } from "@lib/icons";',
    importedIds: [ui, icons, '/app/src/page-data.ts'],
    dynamicallyImportedIds: ['/app/src/shell.tsx', '/app/src/reset-page.tsx'],
  },
  '/app/src/page-data.ts': { dynamicallyImportedIds: ['/app/src/cards-data.ts', '/app/src/team-data.ts'] },
  '/app/src/cards-data.ts': {
    importedIds: ['/app/src/cards-contract.ts', '/app/src/api.ts', '/app/src/envelope-contract.ts'],
  },
  '/app/src/team-data.ts': { importedIds: ['/app/src/envelope-contract.ts'] },
  '/app/src/cards-contract.ts': {},
  '/app/src/envelope-contract.ts': {},
  '/app/src/reset-page.tsx': { code: '', importedIds: ['/app/src/api.ts'] },
  '/app/src/api.ts': {},
  '/app/src/shell.tsx': {
    code: 'import { Table as DataTable } from "@lib/ui";\nimport { IconCard } from "@lib/icons";',
    importedIds: [ui, icons, '/app/src/contract.ts', '/app/src/api.ts', '/app/src/cards-contract.ts'],
    dynamicallyImportedIds: ['/app/src/chart.tsx'],
  },
  '/app/src/contract.ts': {},
  '/app/src/chart.tsx': { importedIds: ['/app/src/contract.ts'] },
  [ui]: { code: uiBarrel, importedIds: ['Button', 'Table', ...fillers].map(uiModule) },
  [icons]: { code: iconsBarrel, importedIds: ['IconBank', 'IconCard', ...fillers].map(iconModule) },
  ...Object.fromEntries(['Button', 'Table', ...fillers].map((name) => [uiModule(name), {}])),
  ...Object.fromEntries(['IconBank', 'IconCard', ...fillers].map((name) => [iconModule(name), {}])),
});

describe('reachableModules', () => {
  it('follows an import of a barrel to the modules of the names imported only', () => {
    const reached = reachableModules(graph, ['/app/src/main.tsx'], {});
    expect(reached).toContain(uiModule('Button'));
    expect(reached).toContain(iconModule('IconBank'));
    expect(reached).not.toContain(uiModule('Table'));
    expect(reached).not.toContain(uiModule('Filler0'));
    expect(reached).not.toContain(iconModule('IconCard'));
  });

  it('follows dynamic imports when asked, and never enters a stop', () => {
    const reached = reachableModules(graph, ['/app/src/main.tsx'], {
      isFollowingDynamic: true,
      stops: new Set(['/app/src/shell.tsx']),
    });
    expect(reached).toContain('/app/src/api.ts');
    expect(reached).not.toContain('/app/src/shell.tsx');
    expect(reached).not.toContain('/app/src/contract.ts');
  });

  it('reads a module that imports the whole of a barrel as using all of it', () => {
    const whole = graphOf({
      '/app/src/main.tsx': { code: 'import * as Ui from "@lib/ui";', importedIds: [ui] },
      [ui]: { code: uiBarrel, importedIds: ['Button', 'Table', ...fillers].map(uiModule) },
      ...Object.fromEntries(['Button', 'Table', ...fillers].map((name) => [uiModule(name), {}])),
    });
    expect(reachableModules(whole, ['/app/src/main.tsx'], {})).toContain(uiModule('Table'));
  });
});

describe('signedInGroups', () => {
  const groupOf = signedInGroups('/app/src/main.tsx', ['/app/src/shell.tsx'], '/app/src/page-data.ts');

  it('puts in the signed-in file what only the signed-in shell reaches, through a barrel too', () => {
    expect(groupOf('/app/src/contract.ts', graph)).toBe('signed-in');
    expect(groupOf(uiModule('Table'), graph)).toBe('signed-in');
    expect(groupOf(iconModule('IconCard'), graph)).toBe('signed-in');
  });

  it('puts what a page’s first loads reach in a file of their own, not the shell’s', () => {
    expect(groupOf('/app/src/cards-contract.ts', graph)).toBe('first-loads');
  });

  it('puts there only what the first loads of `minFirstLoads` pages share, however many files import it', () => {
    const groupOfShared = signedInGroups('/app/src/main.tsx', ['/app/src/shell.tsx'], '/app/src/page-data.ts', {
      minFirstLoads: 2,
    });
    expect(groupOfShared('/app/src/envelope-contract.ts', graph)).toBe('first-loads');
    // One page's first loads and the shell import it: where Rolldown's splitting puts it.
    expect(groupOfShared('/app/src/cards-contract.ts', graph)).toBeNull();
    expect(groupOfShared('/app/src/contract.ts', graph)).toBe('signed-in');
  });

  it('leaves what a public page loads, and what is loaded on demand', () => {
    expect(groupOf(uiModule('Button'), graph)).toBeNull();
    expect(groupOf('/app/src/api.ts', graph)).toBeNull();
    expect(groupOf('/app/src/chart.tsx', graph)).toBeNull();
    expect(groupOf('/app/src/shell.tsx', graph)).toBeNull();
    expect(groupOf('/app/src/cards-data.ts', graph)).toBeNull();
  });

  it('groups nothing in a build without the entry (the pages drawn for Node)', () => {
    expect(signedInGroups('/app/src/other.tsx', [], '/app/src/page-data.ts')('/app/src/contract.ts', graph)).toBeNull();
  });
});
