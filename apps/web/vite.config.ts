/**
 * Vite: the React plugin, the dev proxy to the API server, and a build into apps/web/dist that the
 * server serves. Pages are split by route with React.lazy (src/app/routes.tsx), so /login loads the
 * shell and its own page only. Every text asset is also written brotli- and gzip-compressed, once,
 * at build time; the server picks the variant the browser accepts (platform/web-app.ts).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { signedInGroups } from './chunk-groups.ts';
import { themeVariables } from './theme-variables.ts';

const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/**
 * Writes `<file>.br` (brotli, quality 10) and `<file>.gz` (gzip, level 9) beside every text asset
 * of dist/assets. Compressing at build time lets slow settings be used without costing a request
 * anything; a variant that is not smaller than the original is not written. Brotli's quality 11
 * is 1.8% smaller (/login's first load: 146.8 KB instead of 149.5 KB) for 2.4 times the CPU (4.8 s
 * instead of 2.0 s for the 3.5 MB of assets), too much of a fresh `npm start` (bench/README.md,
 * Start).
 */
const brotliQuality = 10;

function precompressAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  let outDir = '';
  return {
    name: 'bank:precompress-assets',
    apply: 'build',
    configResolved(config) {
      // The build of the page drawing for Node (prerender.tsx) is not served: nothing to compress.
      outDir = config.build.ssr ? '' : path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (!outDir) return;
      const assetsDir = path.join(outDir, 'assets');
      const names = (await readdir(assetsDir)).filter((name) => compressible.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(assetsDir, name);
          const original = await readFile(file);
          const variants: [string, Buffer][] = [
            [
              '.br',
              await brotli(original, {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: original.length,
                },
              }),
            ],
            ['.gz', await gzipAsync(original, { level: zlibConstants.Z_BEST_COMPRESSION })],
          ];
          for (const [extension, bytes] of variants) {
            if (bytes.length < original.length) await writeFile(file + extension, bytes);
          }
        }),
      );
    },
  };
}

/** A change this app makes to one of Mantine's modules, as it is read into the build. */
interface MantineModuleChange {
  /** The module's file. */
  file: RegExp;
  /** Its text changed, or null when the text to change is not there (Mantine moved it). */
  change: (code: string) => string | null;
}

/**
 * Mantine's `useId` (@mantine/hooks, use-id.mjs) starts with React's id and replaces it in a layout
 * effect with a random one, even where the caller passed its own id: every input, menu, popover and
 * modal is drawn a second time at once, in the same task, the moment it first appears (most of a
 * signed-in page's first commit on a slow phone, and of opening a choice; bench/README.md). This app
 * has one React root, where React's id is already unique and the same on the server's drawing as in
 * the browser: the module is replaced by one that keeps React's id, the id it starts with today.
 */
const useIdWithoutSecondDrawing: MantineModuleChange = {
  file: /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/,
  change: () =>
    [
      "import { useId as useReactId } from 'react';",
      'export function useId(staticId) {',
      '  const reactId = useReactId();',
      "  return typeof staticId === 'string' ? staticId : 'mantine-' + reactId.replace(/:/g, '');",
      '}',
    ].join('\n'),
};

/**
 * Mantine's remove-default-variables.mjs resolves every CSS variable of its default theme (each
 * colour's shades, each variant's rgba) as the module is evaluated, for a function that only its
 * provider's `<style>` of theme variables calls, which this app does not draw (the variables are
 * written at build time: theme-variables.ts, providers.tsx). On every page's first load that was
 * about 8 ms of Chromium's main thread at full speed on this machine (some 30 ms of Lighthouse's
 * simulated phone, which counts it four times), before the app could draw (`node
 * bench/profile-page.mjs`, bench/README.md, Web, 2026-12-03 evening): the defaults are now resolved
 * when the function is called.
 */
const defaultVariablesOnCall: MantineModuleChange = {
  file: /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]remove-default-variables\.mjs$/,
  change(code) {
    const atEvaluation = 'const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);';
    const functionStart = 'function removeDefaultVariables(input) {';
    if (!code.includes(atEvaluation) || !code.includes(functionStart)) return null;
    return code.replace(atEvaluation, '').replace(functionStart, `${functionStart}\n\t${atEvaluation}`);
  },
};

/**
 * Applies the changes to Mantine's modules, the same in the build and in the dev server's bundle of
 * dependencies (the unit tests load Mantine from node_modules unchanged: no test reads an id, and
 * the default variables are the same values). With `isRequired`, the browser's build stops if a
 * change found nothing to change (Mantine moved or rewrote the module) rather than bring the cost
 * back unnoticed; the build for Node (the page drawing) leaves Mantine to node_modules.
 */
function mantineModuleChanges({ isRequired = false } = {}): Plugin {
  const changes = [useIdWithoutSecondDrawing, defaultVariablesOnCall];
  /** The changes made in the browser's build. */
  const made = new Set<MantineModuleChange>();
  return {
    name: 'bank:mantine-module-changes',
    buildEnd(error) {
      const environment = this.environment?.name ?? 'client';
      if (!isRequired || error || environment !== 'client') return;
      for (const { file } of changes.filter((change) => !made.has(change)))
        this.error(`Mantine's module ${file} was not found as expected: update this plugin`);
    },
    transform(code, id) {
      const change = changes.find(({ file }) => file.test(id));
      if (!change) return null;
      const changed = change.change(code);
      if (changed === null) {
        this.error(`Mantine's module ${id} no longer holds the text this plugin changes: update it`);
        return null;
      }
      if ((this.environment?.name ?? 'client') === 'client') made.add(change);
      return { code: changed, map: null };
    },
  };
}

/**
 * How many pages (or files) must share a module for it to go in one of the signed-in pages' shared
 * files rather than where Rolldown's splitting puts it (chunk-groups.ts).
 */
const sharedByPages = 18;

/**
 * The group of a module only signed-in pages load (chunk-groups.ts): the signed-in shell's modules,
 * which the app's entry loads only once someone has signed in, and their pages' first loads.
 */
const signedInGroupOf = signedInGroups(
  path.resolve(import.meta.dirname, 'src/main.tsx'),
  [
    path.resolve(import.meta.dirname, 'src/app/server-state.tsx'),
    path.resolve(import.meta.dirname, 'src/app/staff-gate.tsx'),
  ],
  path.resolve(import.meta.dirname, 'src/app/page-data.ts'),
  { minFirstLoads: sharedByPages },
);

const apiServer = 'http://localhost:3000';

/**
 * The policy the server sends, repeated here so that `vite preview` shows the same breakage an
 * inline script or style would cause in production.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Writes dist/.vite/module-files.json: the file each of the app's own modules ended in. Read by
 * scripts/prerender.mjs beside Vite's manifest (and removed with it), which names a file by its first
 * module only when that module starts it: a page's data module that Rolldown put in a file with
 * others, or whose file has no module of its own as facade, has no entry there.
 */
function moduleFiles(): Plugin {
  let root = '';
  let isServerBuild = false;
  return {
    name: 'bank:module-files',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      isServerBuild = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (isServerBuild) return;
      const files: Record<string, string> = {};
      for (const output of Object.values(bundle))
        if (output.type === 'chunk')
          for (const id of output.moduleIds)
            if (id.startsWith(`${root}/src/`)) files[path.relative(root, id)] = output.fileName;
      this.emitFile({ type: 'asset', fileName: '.vite/module-files.json', source: JSON.stringify(files) });
    },
  };
}

/**
 * The chunks whose dependencies Vite's module preload fetches in parallel with them: the public pages
 * and the signed-in shell, where a second round of downloads would be felt at the first paint, and
 * the header's approvals badge (loaded as the shell is drawn, with the payouts contract and what it
 * imports: three round trips one after the other, on every page an approver opened first). Other
 * pages' chunks fetch their own imports as the browser reads them (one more round trip, the first time
 * a page opens, for chunks the shell has mostly loaded already); their lists of dependencies (about
 * 5 KB gzip over some 50 pages) would otherwise sit in the entry, in the first load of /login.
 */
const preloadedChunks =
  /\/(login-page|register-page|forgot-password-page|reset-password-page|server-state|approvals-badge)-/;

export default defineConfig({
  plugins: [react(), mantineModuleChanges({ isRequired: true }), themeVariables(), precompressAssets(), moduleFiles()],
  optimizeDeps: { rolldownOptions: { plugins: [mantineModuleChanges()] } },
  server: {
    proxy: {
      '/api': apiServer,
      '/healthz': apiServer,
      '/readyz': apiServer,
      '/dev': apiServer,
      // Documents on the local-disk storage driver: our server's signed upload and download URLs.
      '/storage': apiServer,
    },
  },
  preview: {
    headers: { 'Content-Security-Policy': contentSecurityPolicy },
    proxy: {
      '/api': apiServer,
      '/healthz': apiServer,
      '/readyz': apiServer,
      '/dev': apiServer,
      // Documents on the local-disk storage driver: our server's signed upload and download URLs.
      '/storage': apiServer,
    },
  },
  build: {
    modulePreload: {
      resolveDependencies: (filename, dependencies, { hostType }) =>
        hostType === 'html' || preloadedChunks.test(`/${filename}`) ? dependencies : [],
    },
    // For a CPU profile that names the functions (bench/profile-page.mjs): BUILD_UNMINIFIED=1.
    ...(process.env.BUILD_UNMINIFIED ? { minify: false } : {}),
    outDir: 'dist',
    emptyOutDir: true,
    // Which chunks each page needs, read by scripts/prerender.mjs for the links of its outline, then removed.
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    // The gzip sizes of its report cost about 1.5 s of CPU a build; `npm run bench` measures what
    // a page downloads.
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every module the entry imports, in one chunk beside the entry's own. Left to the automatic
          // splitting, they were 14 files, split by which pages also import them: /login's first load
          // fetched 36 files, each a link of every outline to read and a module to compile on its own
          // (bench/README.md, Web, 2026-12-01, the evening; decision 48).
          groups: [
            { name: 'first-load', tags: ['$initial'], priority: 2 },
            // The modules only signed-in pages load (chunk-groups.ts), used by many of them, in one
            // file: a module used by fewer stays in the files of the pages that use it.
            {
              name: (id, graph) => (signedInGroupOf(id, graph) === 'signed-in' ? 'signed-in' : null),
              debugName: 'signed-in',
              minShareCount: sharedByPages,
              // Their imports that public pages use too stay where they are, out of this file.
              includeDependenciesRecursively: false,
              priority: 1,
            },
            // What the signed-in pages' first loads share (the contract's common schemas, the query
            // helpers), in one file of its own, which imports neither the shell's nor the one above.
            {
              name: (id, graph) => (signedInGroupOf(id, graph) === 'first-loads' ? 'first-loads' : null),
              debugName: 'first-loads',
              minShareCount: sharedByPages,
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
      // Modules re-exported by a side-effect-free barrel (@mantine/core's, the icons') and used
      // nowhere are neither read nor transformed: 1,938 modules instead of 8,587, and Vite's build of
      // the web app 0.6 s shorter and 0.8 s less CPU here (bench/README.md, Start).
      experimental: { lazyBarrel: true },
      // Its note that the icons' barrel (6,290 re-exports) is still resolved whole (importing each
      // icon from its own file would avoid it, in the 130 files that import icons) is left unprinted.
      onLog(level, log, handler) {
        if (log.code !== 'LARGE_BARREL_MODULES') handler(level, log);
      },
    },
  },
});
