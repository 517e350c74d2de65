/**
 * Folders the server reads at run time. They are found relative to this module so that the server
 * works the same from source (apps/server/src/platform) and bundled (apps/server/dist/main.js),
 * whatever the current directory is.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const moduleDir = path.dirname(fileURLToPath(import.meta.url));

/** apps/server: from source this module is two levels down, bundled it is one. */
const serverPackageDir = existsSync(path.join(moduleDir, '..', 'package.json'))
  ? path.resolve(moduleDir, '..')
  : path.resolve(moduleDir, '..', '..');

/** The checked-in migrations. build.mjs copies them beside the bundle, which then uses its own copy. */
export const migrationsDir = existsSync(path.join(moduleDir, 'drizzle', 'meta'))
  ? path.join(moduleDir, 'drizzle')
  : path.join(serverPackageDir, 'drizzle');

export const defaultWebDistDir = path.resolve(serverPackageDir, '..', 'web', 'dist');
