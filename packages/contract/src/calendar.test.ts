import { describe, expect, it } from 'vitest';
import { addDays, addMonths, addYears, dayOf, termEndOf } from './calendar.ts';

describe('calendar days', () => {
  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('adds months, keeping to the month’s last day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addYears('2028-02-29', 1)).toBe('2029-02-28');
  });

  it('ends a term the day before the same day months later', () => {
    expect(termEndOf('2026-01-01', 12)).toBe('2026-12-31');
    expect(termEndOf('2026-01-31', 1)).toBe('2026-02-27');
    expect(dayOf(new Date('2026-11-26T23:59:59Z'))).toBe('2026-11-26');
  });
});
