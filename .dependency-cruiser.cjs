/**
 * Import boundaries, checked by `npm run lint` (dependency-cruiser). One rule per direction; a new
 * rule is one more entry in `forbidden`, named after what it refuses. Type-only imports count: a
 * type cycle couples files as surely as a value cycle does.
 *
 * Server (apps/server/src): platform/ and adapters/ are below the domain modules; a module exposes
 * itself to the others only through its index.ts; app.ts and main.ts assemble the modules.
 * Web (apps/web/src), from the bottom up: lib/ (session storage, i18n, the API client) imports no
 * other layer; ui/ (presentational pieces) imports lib/ only; api/ (calls several features share)
 * imports lib/ only; messages/ (a namespace's English, added to i18next when imported) imports
 * lib/ only; a feature imports lib/, ui/ and api/, never another feature; app/ (router,
 * providers, shell) assembles them all, and nothing imports app/. A feature is one domain's folder:
 * its staff pages sit in its staff/ folder and may use the rest of the feature, never another one.
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
      name: 'web-no-cycles',
      comment: 'No import cycle in the web app: a shape two files share moves down into a file both import.',
      severity: 'error',
      from: { path: web },
      to: { circular: true },
    },
    // Packages ------------------------------------------------------------------------------------
    {
      name: 'packages-no-cycles',
      comment:
        'No import cycle in the contract or the catalogues: a shape two files share moves down into a file both import.',
      severity: 'error',
      from: { path: '^packages/[^/]+/src/' },
      to: { circular: true },
    },
    {
      name: 'web-nothing-to-app',
      comment: 'app/ assembles the web app; what a feature, ui/, api/ or lib/ needs from it belongs in lib/.',
      severity: 'error',
      from: { path: `${web}(features|widgets|ui|api|lib)/` },
      to: { path: `${web}app/` },
    },
    {
      name: 'web-lib-is-the-base',
      comment: 'lib/ (session storage, i18n, the API client) is below every other layer of the web app.',
      severity: 'error',
      from: { path: `${web}lib/` },
      to: { path: `${web}(features|widgets|ui|api|messages)/` },
    },
    {
      name: 'web-messages-add-english-only',
      comment: 'A module of messages/ adds one namespace of the English to i18next (lib/i18n.ts) and knows no screen.',
      severity: 'error',
      from: { path: `${web}messages/` },
      to: { path: `${web}(features|widgets|ui|api|app)/` },
    },
    {
      name: 'web-ui-not-to-api-or-features',
      comment: 'ui/ shows what it is given: it makes no call of its own and knows no feature (it may use lib/).',
      severity: 'error',
      from: { path: `${web}ui/` },
      to: { path: `${web}(features|widgets|api)/` },
    },
    {
      name: 'web-api-not-to-features-or-ui',
      comment: 'api/ holds the calls several features share; it shows nothing and knows no feature.',
      severity: 'error',
      from: { path: `${web}api/` },
      to: { path: `${web}(features|widgets|ui)/` },
    },
    {
      name: 'web-widgets-not-to-features',
      comment:
        'widgets/ holds pieces several features share that both show something and make a call (the step-up dialog): they compose ui/ and api/ and know no feature.',
      severity: 'error',
      from: { path: `${web}widgets/` },
      to: { path: `${web}features/` },
    },
    {
      name: 'web-feature-not-to-feature',
      comment:
        'A web feature never imports another feature: move the shared code to src/ui, src/api, src/widgets or src/lib.',
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
