/**
 * The last step of the web app's build: the public pages and home's outline drawn in each language (src/prerender.tsx,
 * built for Node into dist-prerender by `vite build --ssr`), each written as
 * dist/prerendered/<page>.<language>.html: the built index.html with the page's markup in its root
 * and its language on <html>, beside brotli and gzip copies. The server sends these in place of the
 * empty page (apps/server platform/web-app.ts).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const drawing = path.join(root, 'dist-prerender');

/** What a signed-out visitor's browser offers the pages while they are drawn: empty storage. */
class EmptyStorage {
  #items = new Map();
  getItem(key) {
    return this.#items.get(key) ?? null;
  }
  setItem(key, value) {
    this.#items.set(key, String(value));
  }
  removeItem(key) {
    this.#items.delete(key);
  }
  clear() {
    this.#items.clear();
  }
}
globalThis.sessionStorage = new EmptyStorage();
globalThis.localStorage = new EmptyStorage();
// React's production build, as in the browser: the development build's checks cost a third of a
// second here and change nothing in the markup.
process.env.NODE_ENV ??= 'production';

const { renderPage, prerenderedPages, outlinePages, languages, localeOfLanguage } = await import(
  pathToFileURL(path.join(drawing, 'prerender.js')).href
);
const template = await readFile(path.join(dist, 'index.html'), 'utf8');
const emptyRoot = '<div id="root"></div>';
if (!template.includes(emptyRoot)) throw new Error('dist/index.html has no empty root to draw into');

const out = path.join(dist, 'prerendered');
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

for (const [page, pagePath] of Object.entries(prerenderedPages)) {
  for (const language of languages) {
    const markup = await renderPage(pagePath, language);
    // An outline is drawn afresh by the app (main.tsx), never taken over.
    const kind = outlinePages.has(pagePath) ? ' data-outline' : '';
    const html = template
      .replace(/<html lang="[^"]*"/, `<html lang="${localeOfLanguage[language]}"`)
      // Inert until the app has taken the drawing over (public-layout.tsx): a click or a key before
      // then would reach a form with no code behind it, whose browser default is to send it by GET.
      .replace(emptyRoot, `<div id="root" data-prerendered="${language}"${kind} inert>${markup}</div>`);
    const file = path.join(out, `${page}.${language}.html`);
    const bytes = Buffer.from(html);
    await writeFile(file, bytes);
    await writeFile(
      `${file}.br`,
      await brotli(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } }),
    );
    await writeFile(`${file}.gz`, await gzipAsync(bytes, { level: zlibConstants.Z_BEST_COMPRESSION }));
  }
}
await rm(drawing, { recursive: true, force: true });
console.log(`prerendered ${Object.keys(prerenderedPages).length} pages in ${languages.length} languages`);
