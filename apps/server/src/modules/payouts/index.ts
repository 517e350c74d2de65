/** The payouts module's public surface: its tables for the back office's lookups, nothing else yet. */
export { payouts } from './tables.ts';
