/**
 * An esbuild plugin for the bundles of the server's code (build.mjs's dist/main.js, the benchmarks'
 * server scripts in bench/support.mjs): the workspace's own packages (@bank/*, TypeScript sources)
 * are compiled in, every npm dependency stays external and is loaded from node_modules at run time.
 * A package's JSON file is compiled in: left external, it would lose its `with { type: 'json' }`,
 * which Node requires.
 */
export const npmDependenciesExternal = {
  name: 'npm-dependencies-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@bank/') || args.path.endsWith('.json') ? undefined : { path: args.path, external: true },
    );
  },
};
