import { defineConfig } from 'drizzle-kit';

/**
 * Migrations are generated from every table file into drizzle/ and checked in; the server applies
 * them at start. Each module owns its tables (`modules/<domain>/tables.ts`); the platform's and the
 * adapters' tables are named `*-table.ts`.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/**/tables.ts', './src/**/*-table.ts'],
  out: './drizzle',
});
