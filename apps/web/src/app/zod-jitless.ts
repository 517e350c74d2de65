/**
 * Zod in the browser without compiled parsers. Zod 4 speeds up object parsing by compiling code
 * with `new Function`, and probes whether it may the first time an object schema is made; our
 * Content-Security-Policy forbids eval, so the probe is reported as a CSP violation on every load.
 * Jitless mode skips both. Zod reads the setting when a schema is created, and schemas are created
 * when the contract's modules load, so this runs first of all (main.tsx imports it first). Setting
 * zod's global configuration object directly (what `z.config()` writes) keeps zod itself out of the
 * first load; zod-jitless.test.ts proves zod reads it.
 */
type ZodGlobalConfig = { jitless?: boolean };
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: ZodGlobalConfig };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

// Imported for its effect only; the empty export makes this file a module.
export {};
