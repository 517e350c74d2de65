/**
 * `npm run bench`: measures and writes figures to bench/results.json; asserts nothing.
 * Each benchmark lives in bench/*.bench.mjs and exports `run()` returning { name: figure }.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBenchmarkTools } from './system-deps.mjs';

ensureBenchmarkTools();

const folder = resolve('bench');
const only = process.argv[2];
const resultsPath = join(folder, 'results.json');
// A filtered run updates its own figures and keeps the others of the last full run.
const figures = only && existsSync(resultsPath) ? JSON.parse(readFileSync(resultsPath, 'utf8')).figures : {};
for (const file of readdirSync(folder)
  .filter((name) => name.endsWith('.bench.mjs'))
  .sort()) {
  if (only && !file.includes(only)) continue;
  const module = await import(pathToFileURL(join(folder, file)).href);
  console.log(`\n## ${file}`);
  const result = await module.run();
  for (const [name, value] of Object.entries(result)) console.log(`${name}: ${value}`);
  Object.assign(figures, result);
}
writeFileSync(
  join(folder, 'results.json'),
  `${JSON.stringify({ measured_at: new Date().toISOString(), figures }, null, 2)}\n`,
);
console.log('\nwritten to bench/results.json');
