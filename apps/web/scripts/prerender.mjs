/**
 * The last step of the web app's build: the public pages and every signed-in page's outline drawn in
 * each language (src/prerender.tsx, built for Node into dist-prerender by `vite build --ssr`), each
 * written as dist/prerendered/<page>.<language>.html: the built index.html with the page's markup in
 * its root and its language on <html>, beside brotli and gzip copies. The server sends these in place
 * of the empty page (apps/server platform/web-app.ts).
 *
 * An outline also names, as `<link rel="modulepreload">`, every chunk its page needs beyond the first
 * load's (the signed-in shell, the language's messages, the signed-in user's call, the page's own
 * code and their imports, read from Vite's manifest), so that the browser fetches them beside the
 * first load's rather than one after the other as each arrives; the app's own preloading (routes.tsx)
 * then finds them requested.
 */

import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
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

const { renderPage, renderOutline, prerenderedPages, mainPages, languages, localeOfLanguage, evaluationOrder } =
  await import(pathToFileURL(path.join(drawing, 'prerender.js')).href);
const template = await readFile(path.join(dist, 'index.html'), 'utf8');
const emptyRoot = '<div id="root"></div>';
if (!template.includes(emptyRoot)) throw new Error('dist/index.html has no empty root to draw into');

const out = path.join(dist, 'prerendered');
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli's quality for the public pages, whose first load Lighthouse and the identity journey's
 * budget weigh: the best (about 120 ms a page). The 192 outlines, each about 115 KB with the first
 * load's stylesheet in it, take quality 6 and gzip's level 6: 16.7 KB and 18.8 KB a page instead of
 * 16.5 KB and 18.4 KB at quality 8 and level 9, for half the CPU (1.7 ms and 1.4 ms a page instead
 * of 3.4 ms and 2.7 ms), which a fresh `npm start` waits for (bench/README.md, Start).
 */
const publicPageQuality = { brotli: zlibConstants.BROTLI_MAX_QUALITY, gzip: zlibConstants.Z_BEST_COMPRESSION };
const outlineQuality = { brotli: 6, gzip: 6 };

/**
 * The writing of each drawn page and its compressed copies, which run on libuv's threads while the
 * next page is drawn: awaited once, after the last page (waited for one by one, they had the drawing
 * stand idle for half of its four seconds).
 */
const writing = [];

/**
 * Writes a file whole or not at all: `npm start` has the server answer while these pages are drawn
 * (scripts/start.mjs), and it sends a page's file as soon as it exists (the empty page until then),
 * so a file must never be seen half-written.
 */
async function writeWhole(file, bytes) {
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
}

/** Starts writing a drawn page and its brotli and gzip copies. */
function writeDrawn(name, language, html, quality) {
  const file = path.join(out, `${name}.${language}.html`);
  const bytes = Buffer.from(html);
  const brotliCopy = brotli(bytes, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: quality.brotli,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gzipCopy = gzipAsync(bytes, { level: quality.gzip });
  writing.push(
    writeWhole(file, bytes),
    brotliCopy.then((compressed) => writeWhole(`${file}.br`, compressed)),
    gzipCopy.then((compressed) => writeWhole(`${file}.gz`, compressed)),
  );
}

/**
 * The first load's stylesheet (Mantine's base and the public pages' components, the app's own),
 * written into each drawn page rather than linked: the drawing is painted as soon as its HTML has
 * arrived, not once a second file has come down the connection behind the page's scripts (on a
 * phone's network the link cost /login and every outline a round trip and the scripts' bytes before
 * the first paint). About 12 KB compressed in every page; the empty page keeps the link.
 */
async function inlinedFirstLoadStyles() {
  const links = [...template.matchAll(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g)];
  if (links.length !== 1) throw new Error(`dist/index.html links ${links.length} stylesheets, not one`);
  const [link, file] = links[0];
  const css = await readFile(path.join(dist, file), 'utf8');
  // Written into the page, a relative url() would resolve against the page's address, not the sheet's.
  if (/url\((?!\s*["']?data:)|<\/style/i.test(css))
    throw new Error(`${file} cannot be written into the page as it stands`);
  // The link stays, disabled (a disabled stylesheet is neither fetched nor applied): Vite's loader of
  // a chunk asks for the stylesheets the chunk depends on (the signed-in shell depends on this one)
  // unless a stylesheet link to it is on the page, and holds the chunk until it has arrived. Without
  // the link, every page drawn at build time fetched these 14 KB again, and the shell waited for them.
  const disabledLink = link.replace('<link rel="stylesheet"', '<link rel="stylesheet" disabled');
  return { link, style: `<style>${css}</style>${disabledLink}` };
}
const firstLoadStyles = await inlinedFirstLoadStyles();

/** Mantine's class names (`m_` and eight hex digits) that `text` names. */
const mantineClassesOf = (text) => new Set(text.match(/\bm_[0-9a-f]{8}\b/g) ?? []);

/** Each Mantine class with rules of its own, by the stylesheet of Mantine's that holds them. */
async function mantineStylesheetOfClass() {
  const folder = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.layer.css')),
    'styles',
  );
  const sheetOfClass = new Map();
  for (const file of (await readdir(folder)).filter((name) => name.endsWith('.layer.css')))
    for (const name of mantineClassesOf(await readFile(path.join(folder, file), 'utf8'))) sheetOfClass.set(name, file);
  return sheetOfClass;
}
const sheetOfClass = await mantineStylesheetOfClass();
const firstLoadClasses = mantineClassesOf(firstLoadStyles.style);

/**
 * A drawn page is painted with the first load's stylesheet only: a Mantine component it draws whose
 * rules are not in it would be painted unstyled, then move once the app's own stylesheet came (and the
 * browser would count a second, larger paint). The build names the sheet to add to first-load-styles.ts.
 * Nor may a drawn page show a message with a value left unfilled.
 */
function checkStyled(name, markup) {
  // A message whose value the drawing did not give (a page's purpose naming the review's days).
  if (markup.includes('{{')) throw new Error(`${name} draws a message with a value left unfilled ({{…}})`);
  const sheets = new Set(
    [...mantineClassesOf(markup)]
      .filter((c) => sheetOfClass.has(c) && !firstLoadClasses.has(c))
      .map((c) => sheetOfClass.get(c)),
  );
  if (sheets.size)
    throw new Error(
      `${name} draws components whose styles are not in the first load: add @mantine/core/styles/${[...sheets].join(', ')} to src/app/first-load-styles.ts`,
    );
}

/** The built index.html with the markup in its root, the language on <html> and more in <head>. */
function pageOf(language, root, head = '') {
  return template
    .replace(firstLoadStyles.link, firstLoadStyles.style)
    .replace(/<html lang="[^"]*"/, `<html lang="${localeOfLanguage[language]}"`)
    .replace('</head>', `${head}</head>`)
    .replace(emptyRoot, root);
}

for (const [page, pagePath] of Object.entries(prerenderedPages)) {
  for (const language of languages) {
    const markup = await renderPage(pagePath, language);
    checkStyled(`${pagePath} (${language})`, markup);
    // Inert until the app has taken the drawing over (public-layout.tsx): a click or a key before
    // then would reach a form with no code behind it, whose browser default is to send it by GET.
    writeDrawn(
      page,
      language,
      pageOf(language, `<div id="root" data-prerendered="${language}" inert>${markup}</div>`),
      publicPageQuality,
    );
  }
}

const manifestFile = path.join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
const moduleFiles = JSON.parse(await readFile(path.join(dist, '.vite', 'module-files.json'), 'utf8'));
const pageModules = await pageModulesOf('signed-in-pages.ts', (page) => page.id !== 'home');
const dataModules = await pageModulesOf('page-data.ts', () => false);
const userInfoCall = userInfoCallChunks();
checkFirstLoadsStandAlone();
for (const page of mainPages) {
  for (const language of languages) {
    const markup = await renderOutline(page, language);
    checkStyled(`${page.path} (${language})`, markup);
    const links = preloadLinks(chunksOfPage(page, language));
    // An outline is drawn afresh by the app (main.tsx), never taken over.
    writeDrawn(
      page.id,
      language,
      pageOf(language, `<div id="root" data-prerendered="${language}" data-outline inert>${markup}</div>`, links),
      outlineQuality,
    );
  }
}
await Promise.all(writing);
// The manifest names every source file: read here, not served.
await rm(path.join(dist, '.vite'), { recursive: true, force: true });

/**
 * The source file of each signed-in page's module that src/app/`file` imports, by page id: its code
 * (signed-in-pages.ts; home is part of the shell's chunk) or its first loads (page-data.ts). Every page
 * id `isRequired` names must be found, so that a page added there in another form is not left without
 * its links unnoticed.
 */
async function pageModulesOf(file, isRequired) {
  const source = await readFile(path.join(root, 'src/app', file), 'utf8');
  const modules = new Map();
  for (const [, id, specifier] of source.matchAll(/^ {2}(\w+): async \(\) =>\s*\(\s*await import\('([^']+)'\)\s*\)/gm))
    modules.set(id, chunkKeyOf(path.posix.join('src/app', specifier)));
  const missing = mainPages.filter((page) => isRequired(page) && !modules.has(page.id)).map((page) => page.id);
  if (missing.length) throw new Error(`${file}: no import found for ${missing.join(', ')}`);
  return modules;
}

/**
 * A page's first loads start before its code has arrived only if their file imports neither the
 * signed-in shell's nor the file of what the signed-in pages share (decision 48): importing either, the
 * requests would wait for it. page-data.test.ts checks the modules; this checks the files they ended in.
 */
function checkFirstLoadsStandAlone() {
  const shell = keyEndingWith('src/app/server-state.tsx');
  for (const [id, key] of dataModules) {
    const held = staticClosure([key]).filter((chunk) => chunk === shell || manifest[chunk].name === 'signed-in');
    if (held.length)
      throw new Error(`page-data.ts: the first loads of ${id} import ${held.map((chunk) => manifest[chunk].file)}`);
  }
}

/**
 * The manifest key of the file a module of the app ended in: the module's own path when it starts a
 * file, else the key of the file it is in (vite.config.ts `moduleFiles`).
 */
function chunkKeyOf(module) {
  if (manifest[module]) return module;
  const key = Object.keys(manifest).find((candidate) => manifest[candidate].file === moduleFiles[module]);
  if (!key) throw new Error(`the build's manifest has no file holding ${module}`);
  return key;
}

/** The manifest key whose source path ends with `ending`. */
function keyEndingWith(ending) {
  const key = Object.keys(manifest).find((candidate) => candidate.endsWith(ending));
  if (!key) throw new Error(`the build's manifest has no ${ending}`);
  return key;
}

/**
 * The chunks (and style sheets) a page needs beyond the first load's, each after those it imports
 * (the order in which the app evaluates them, evaluation-order.ts), and those evaluated with a cycle.
 */
function chunksOfPage(page, language) {
  const entries = [
    // The page's first loads before all: their requests start as soon as these have arrived.
    ...(dataModules.has(page.id) ? [dataModules.get(page.id)] : []),
    keyEndingWith('src/app/server-state.tsx'),
    keyEndingWith('i18n/src/catalogue-en-signed-in-common.ts'),
    ...userInfoCall,
  ];
  if (language === 'ch') entries.push(keyEndingWith('i18n/src/catalogue-zh-CN.ts'));
  if (language === 'jp') entries.push(keyEndingWith('i18n/src/catalogue-ja.ts'));
  if (page.isStaffOnly) entries.push(keyEndingWith('src/app/staff-gate.tsx'));
  if (pageModules.has(page.id)) entries.push(pageModules.get(page.id));
  const filesOf = (keys) => keys.flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])]);
  const firstLoad = new Set(filesOf(staticClosure(['index.html'])));
  const { ordered, withCycle } = evaluationOrder((key) => {
    if (!manifest[key]) throw new Error(`the build's manifest has no ${key}`);
    return manifest[key].imports ?? [];
  }, entries);
  const files = [...new Set(filesOf(ordered))].filter((file) => !firstLoad.has(file));
  return { files, withCycle: new Set([...withCycle].map((key) => manifest[key].file)) };
}

/**
 * The signed-in user's call: loaded on its own by the shell's api/user-info.ts (a dynamic import, so
 * not in the shell's static closure) and asked for as the app starts, on every signed-in page.
 */
function userInfoCallChunks() {
  const loader = staticClosure([keyEndingWith('src/app/server-state.tsx')]).find(
    (key) => manifest[key].name === 'user-info' && manifest[key].dynamicImports?.length,
  );
  if (!loader) throw new Error("the build's manifest has no chunk of api/user-info.ts loading the user's call");
  return manifest[loader].dynamicImports;
}

/** The keys and everything they import statically, each once. */
function staticClosure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`the build's manifest has no ${key}`);
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...seen];
}

/** The links of a page's files; `data-cycle` marks a chunk evaluated with its cycle (evaluation-order.ts). */
function preloadLinks({ files, withCycle }) {
  return files
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="/${file}">`
        : `<link rel="modulepreload" crossorigin href="/${file}"${withCycle.has(file) ? ' data-cycle' : ''}>`,
    )
    .join('');
}

await rm(drawing, { recursive: true, force: true });
console.log(
  `prerendered ${Object.keys(prerenderedPages).length} pages and ${mainPages.length} outlines in ${languages.length} languages`,
);
