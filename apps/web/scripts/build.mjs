/**
 * `npm run build -w @bank/web`: the app's build for the browser (into dist, vite.config.ts) and
 * the page drawing's build for Node (src/prerender.tsx into dist-prerender), then the drawing of the
 * public pages and the outlines from both (scripts/prerender.mjs).
 *
 * The two builds read the same sources and write apart, so they run at the same time in this one
 * process: the Node build's work fills the time the browser build spends compressing its assets
 * (on libuv's threads), and one start of Node and Vite is saved. On a fresh clone `npm start` waits
 * for the browser's build only, not for the drawing (bench/README.md, Start).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

await Promise.all([
  // The app can be served once its own build is written: a parent that listens (`npm start`) is told
  // so at once, and its server answers while the pages are drawn, each served once it is written.
  build({ root }).then(() => process.send?.('web-app-usable')),
  build({ root, build: { ssr: 'src/prerender.tsx', outDir: 'dist-prerender' } }),
]);

// A process of its own: the drawing sets the globals a browser would have (prerender.mjs).
const drawing = spawn(process.execPath, [path.join(root, 'scripts', 'prerender.mjs')], { stdio: 'inherit' });
const status = await new Promise((resolve) => drawing.once('exit', (code, signal) => resolve(code ?? signal)));
if (status !== 0) {
  console.error(`scripts/prerender.mjs ended with ${status}`);
  process.exit(1);
}
