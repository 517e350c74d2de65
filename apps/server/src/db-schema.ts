/**
 * Every table of the server. Each module keeps its tables in its own `tables.ts` and adds one line
 * here; drizzle-kit reads this file to generate migrations (`npm run db:generate -w @bank/server`).
 */
export * from './adapters/mail/dev-mailbox-table.ts';
export * from './modules/account/tables.ts';
export * from './modules/kyc/tables.ts';
export * from './platform/outbox-table.ts';
export * from './platform/rate-limit-table.ts';
