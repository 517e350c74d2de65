/**
 * The web app's one-way flow (STYLE.md): a feature never imports another feature. Shared code moves
 * down into src/ui, src/api or the contract. Exits non-zero naming every offending import.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const featuresRoot = resolve('apps/web/src/features');
const importPattern = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* sourceFiles(folder) {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(name)) yield path;
  }
}

function featureOf(path) {
  const inside = relative(featuresRoot, path);
  return inside.startsWith('..') ? undefined : inside.split(sep)[0];
}

const offences = [];
let files = [];
try {
  files = [...sourceFiles(featuresRoot)];
} catch {
  files = [];
}
for (const file of files) {
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2];
    if (!specifier?.startsWith('.')) continue;
    const target = resolve(dirname(file), specifier);
    const from = featureOf(file);
    const to = featureOf(target);
    if (to && from !== to) offences.push(`${relative('.', file)} imports feature '${to}' (${specifier})`);
  }
}
if (offences.length > 0) {
  console.error('A web feature must not import another feature; move the shared code to src/ui or src/api:');
  for (const offence of offences) console.error(`  ${offence}`);
  process.exit(1);
}
console.log(`feature imports: ${files.length} files checked, none crosses a feature boundary`);
