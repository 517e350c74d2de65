/**
 * Import boundaries, checked by `npm run lint` (dependency-cruiser). One rule per direction; a new
 * rule is one more entry in `forbidden`, named after what it refuses. Type-only imports count: a
 * type cycle couples files as surely as a value cycle does.
 *
 * Server (apps/server/src): platform/ and adapters/ are below the domain modules; a module exposes
 * itself to the others only through its index.ts; app.ts and main.ts assemble the modules.
 * Web (apps/web/src): a feature never imports another feature (shared code moves down).
 */
const server = '^apps/server/src/';
const web = '^apps/web/src/';
const testFile = '(\\.test\\.tsx?|/test-support\\.ts|/test-app\\.ts)$';

module.exports = {
  forbidden: [
    // Server ------------------------------------------------------------------------------------
    {
      name: 'server-no-cycles',
      comment: 'No import cycle in the server: shared shapes move down into platform/ instead.',
      severity: 'error',
      from: { path: server },
      to: { circular: true },
    },
    {
      name: 'server-module-internals',
      comment:
        'A module uses another module only through its public surface, modules/<name>/index.ts; what two modules share belongs in platform/.',
      severity: 'error',
      from: { path: `${server}modules/([^/]+)/`, pathNot: testFile },
      to: {
        path: `${server}modules/[^/]+/`,
        pathNot: [`${server}modules/$1/`, `${server}modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'server-module-internals-in-tests',
      comment: "A module's tests may also use another module's test-support.ts (its users, its sessions).",
      severity: 'error',
      from: { path: `${server}modules/([^/]+)/.*${testFile}` },
      to: {
        path: `${server}modules/[^/]+/`,
        pathNot: [`${server}modules/$1/`, `${server}modules/[^/]+/(index|test-support)\\.ts$`],
      },
    },
    {
      name: 'server-platform-not-to-modules',
      comment: 'platform/ and adapters/ serve every module and know none of them.',
      severity: 'error',
      from: { path: `${server}(platform|adapters)/` },
      to: { path: `${server}modules/` },
    },
    {
      name: 'server-platform-not-to-app',
      comment: 'Only test support builds the whole app; platform/ and adapters/ code is what app.ts assembles.',
      severity: 'error',
      from: { path: `${server}(platform|adapters)/`, pathNot: testFile },
      to: { path: `${server}(app|main)\\.ts$` },
    },
    {
      name: 'server-app-to-module-surface',
      comment:
        'app.ts, main.ts and the module list (modules/index.ts) take modules’ module.ts or index.ts, nothing deeper.',
      severity: 'error',
      from: { path: `${server}([^/]+|modules/index)\\.ts$` },
      to: {
        path: `${server}modules/`,
        pathNot: [`${server}modules/index\\.ts$`, `${server}modules/[^/]+/(module|index)\\.ts$`],
      },
    },

    // Web ---------------------------------------------------------------------------------------
    {
      name: 'web-feature-not-to-feature',
      comment: 'A web feature never imports another feature: move the shared code to src/ui or src/api.',
      severity: 'error',
      from: { path: `${web}features/([^/]+)/` },
      to: { path: `${web}features/[^/]+/`, pathNot: `${web}features/$1/` },
    },
  ],
  options: {
    includeOnly: ['^apps/(server|web)/src/', '^packages/[^/]+/src/'],
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
