import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, missingDate } from './format-date.ts';

const utc = 0;
const singapore = 8 * 60;

describe('formatDateTime', () => {
  it('shows English as DD/MM/YYYY hh:mma', () => {
    expect(formatDateTime('2025-11-21T09:05:00Z', 'en', utc)).toBe('21/11/2025 09:05am');
    expect(formatDateTime('2025-11-21T21:05:00Z', 'en', utc)).toBe('21/11/2025 09:05pm');
    expect(formatDateTime('2025-11-21T00:30:00Z', 'en', utc)).toBe('21/11/2025 12:30am');
  });

  it('shows Chinese and Japanese as YYYY/MM/DD HH:mm', () => {
    expect(formatDateTime('2025-11-21T21:05:00Z', 'ch', utc)).toBe('2025/11/21 21:05');
    expect(formatDateTime('2025-11-21T21:05:00Z', 'jp', utc)).toBe('2025/11/21 21:05');
  });

  it('converts the UTC instant to the shown time zone, across midnight', () => {
    expect(formatDateTime('2025-12-31T20:00:00Z', 'en', singapore)).toBe('01/01/2026 04:00am');
    expect(formatDateTime('2025-12-31T20:00:00Z', 'jp', singapore)).toBe('2026/01/01 04:00');
  });

  it('reads ISO strings with an explicit offset and with milliseconds', () => {
    expect(formatDateTime('2025-11-21T17:05:00+08:00', 'ch', utc)).toBe('2025/11/21 09:05');
    expect(formatDateTime('2025-11-21T09:05:00.123Z', 'ch', utc)).toBe('2025/11/21 09:05');
  });

  it('shows a dash for a missing or unreadable value', () => {
    expect(formatDateTime(null, 'en')).toBe(missingDate);
    expect(formatDateTime('', 'en')).toBe(missingDate);
    expect(formatDateTime('not a date', 'en')).toBe(missingDate);
  });
});

describe('formatDate', () => {
  it('shows a calendar date as it is, in each language', () => {
    expect(formatDate('1990-02-28', 'en')).toBe('28/02/1990');
    expect(formatDate('1990-02-28', 'ch')).toBe('1990/02/28');
    expect(formatDate('1990-02-28', 'jp')).toBe('1990/02/28');
  });

  it('shows the local date of an instant', () => {
    expect(formatDate('2025-12-31T20:00:00Z', 'en', singapore)).toBe('01/01/2026');
    expect(formatDate('2025-12-31T20:00:00Z', 'en', utc)).toBe('31/12/2025');
  });
});
