/**
 * The order in which the app evaluates the chunks of a signed-in page opened first, one at a time
 * (src/app/modules-in-turn.ts), worked out at build time from Vite's manifest for the page's outline
 * (scripts/prerender.mjs writes a `<link rel="modulepreload">` for each, in this order).
 *
 * A chunk comes after the chunks it imports, so that importing it evaluates it alone. Chunks that
 * import each other (the signed-in shell's and the file of what its pages share, decision 48) cannot
 * be evaluated apart: they are entered where the app enters them, the first of them reached from the
 * `keys` in order, listed last of them. The others are named in `withCycle` and not imported on their
 * own: entered through another, a cycle runs its modules in another order, one before the modules
 * it reads (the shell's code read a value of the shared file not yet made, and the page failed).
 *
 * Tarjan's strongly connected components, which come out dependencies first.
 */

/** Each chunk's static imports (the manifest's `imports`, by key). */
export type ImportsOf = (key: string) => readonly string[];

export function evaluationOrder(
  importsOf: ImportsOf,
  keys: readonly string[],
): { ordered: string[]; withCycle: Set<string> } {
  const ordered: string[] = [];
  const withCycle = new Set<string>();
  const indexOf = new Map<string, number>();
  const lowest = new Map<string, number>();
  const open: string[] = [];
  const isOpen = new Set<string>();
  const visit = (key: string) => {
    const index = indexOf.size;
    indexOf.set(key, index);
    lowest.set(key, index);
    open.push(key);
    isOpen.add(key);
    for (const imported of importsOf(key)) {
      if (!indexOf.has(imported)) {
        visit(imported);
        lowest.set(key, Math.min(lowest.get(key) ?? index, lowest.get(imported) ?? index));
      } else if (isOpen.has(imported))
        lowest.set(key, Math.min(lowest.get(key) ?? index, indexOf.get(imported) ?? index));
    }
    if (lowest.get(key) !== index) return;
    let member: string | undefined;
    do {
      member = open.pop();
      if (member === undefined) break;
      isOpen.delete(member);
      ordered.push(member);
      if (member !== key) withCycle.add(member);
    } while (member !== key);
  };
  for (const key of keys) if (!indexOf.has(key)) visit(key);
  return { ordered, withCycle };
}
