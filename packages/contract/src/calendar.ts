/**
 * Calendar days as the product keeps them: YYYY-MM-DD strings of the bank's (UTC) calendar. One
 * place for the day arithmetic of ID dates, card fee terms, contracts and membership terms.
 */

/** The UTC day of a moment, YYYY-MM-DD. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
}

/** The same day `months` later, or that month's last day when it has no such day (31 January + 1 month = 28/29 February). */
export function addMonths(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const lastDate = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return dayOf(new Date(Date.UTC(year, month - 1 + months, Math.min(date, lastDate))));
}

export function addYears(day: string, years: number): string {
  return addMonths(day, years * 12);
}

/** The last day of a term of `months` starting on `startsOn`. */
export function termEndOf(startsOn: string, months: number): string {
  return addDays(addMonths(startsOn, months), -1);
}
