/** Column helpers every table file shares. */
import { timestamp } from 'drizzle-orm/pg-core';

/** A point in time: `timestamp with time zone`, read and written as a Date (UTC on the wire). */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
