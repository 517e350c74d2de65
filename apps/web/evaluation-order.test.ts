import { describe, expect, it } from 'vitest';
import { evaluationOrder } from './evaluation-order.ts';

/** A manifest's imports as a table. */
function graph(imports: Record<string, string[]>) {
  return (key: string) => imports[key] ?? [];
}

describe('evaluationOrder', () => {
  it('lists each chunk once, after every chunk it imports', () => {
    const importsOf = graph({ shell: ['query', 'zod'], query: ['runtime'], zod: ['runtime'], page: ['zod', 'form'] });
    const { ordered, withCycle } = evaluationOrder(importsOf, ['shell', 'page']);
    expect(ordered).toEqual(['runtime', 'query', 'zod', 'shell', 'form', 'page']);
    expect(withCycle.size).toBe(0);
  });

  it('enters chunks that import each other where the keys first reach them, and names the others', () => {
    // The shell and the file of what the pages share import each other; the page imports the shared file.
    const importsOf = graph({ shell: ['shared', 'zod'], shared: ['shell', 'zod'], page: ['shared', 'form'] });
    const { ordered, withCycle } = evaluationOrder(importsOf, ['shell', 'page']);
    expect(ordered).toEqual(['zod', 'shared', 'shell', 'form', 'page']);
    // Imported on its own, `shared` would run the shell's code before its own: only the shell is imported.
    expect([...withCycle]).toEqual(['shared']);
    // Reached first through the page, the cycle is entered there.
    expect([...evaluationOrder(importsOf, ['page', 'shell']).withCycle]).toEqual(['shell']);
  });
});
