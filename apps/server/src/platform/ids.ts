/**
 * Opaque identifiers (DECISIONS.md): UUIDv7, so ids sort by creation time (good for keyset
 * pagination and index locality) while giving a caller nothing to count through.
 */
import { randomBytes } from 'node:crypto';

export function newId(nowMs: number = Date.now()): string {
  const bytes = randomBytes(16);
  // 48-bit big-endian Unix time in milliseconds, then version 7 and the RFC 9562 variant.
  bytes.writeUIntBE(nowMs, 0, 6);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from requests: anything that is not a UUID names nothing (and never reaches a uuid column). */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
