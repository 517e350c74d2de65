/**
 * Bundles the server into dist/main.js: the workspace packages (@bank/*, TypeScript sources) are
 * compiled in, every npm dependency stays external and is loaded from node_modules at run time.
 * The checked-in migrations are copied beside the bundle, which finds them there.
 */
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { npmDependenciesExternal } from './npm-dependencies-external.mjs';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const distDir = path.join(serverDir, 'dist');

await rm(distDir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(serverDir, 'src', 'main.ts')],
  outfile: path.join(distDir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  plugins: [npmDependenciesExternal],
  logLevel: 'warning',
});
await cp(path.join(serverDir, 'drizzle'), path.join(distDir, 'drizzle'), { recursive: true });
console.log(`Server built: ${path.relative(process.cwd(), path.join(distDir, 'main.js'))}`);
