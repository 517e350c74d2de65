/**
 * Dates on screen (DECISIONS.md): English DD/MM/YYYY hh:mma, Chinese and Japanese
 * YYYY/MM/DD HH:mm. The wire carries ISO 8601 in UTC; screens show the browser's local time.
 * A calendar date without a time (a date of birth, an ID's expiry) is shown as it is, never moved
 * across a time zone.
 */
import type { Language } from '@bank/contract/constants';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

export const dateTimeFormats: Record<Language, string> = {
  en: 'DD/MM/YYYY hh:mma',
  ch: 'YYYY/MM/DD HH:mm',
  jp: 'YYYY/MM/DD HH:mm',
};

const dateFormats: Record<Language, string> = {
  en: 'DD/MM/YYYY',
  ch: 'YYYY/MM/DD',
  jp: 'YYYY/MM/DD',
};

/**
 * The zone screens show times in (the browser's), by its IANA name: a statement asks for its times
 * and days in it, so that the file reads as the history does.
 */
export function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** What is shown for a missing or unreadable date. */
export const missingDate = '—';

const calendarDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/**
 * @param utcOffsetMinutes the time zone to show the time in; the browser's own when omitted (tests
 *   pass one so that they do not depend on the machine's zone).
 */
function toShownTime(value: string, utcOffsetMinutes: number | undefined): dayjs.Dayjs | null {
  const instant = dayjs.utc(value);
  if (!instant.isValid()) return null;
  return utcOffsetMinutes === undefined ? instant.local() : instant.utcOffset(utcOffsetMinutes);
}

/** "2025-11-21T09:05:00Z" -> "21/11/2025 05:05pm" (en, +08:00) or "2025/11/21 17:05" (ch, jp). */
export function formatDateTime(
  value: string | null | undefined,
  language: Language,
  utcOffsetMinutes?: number,
): string {
  if (!value) return missingDate;
  const shown = toShownTime(value, utcOffsetMinutes);
  // The English pattern's "a" is the English am/pm whatever dayjs's global locale is.
  return shown ? shown.locale('en').format(dateTimeFormats[language]) : missingDate;
}

/** A date alone: "21/11/2025" (en) or "2025/11/21" (ch, jp). */
export function formatDate(value: string | null | undefined, language: Language, utcOffsetMinutes?: number): string {
  if (!value) return missingDate;
  if (calendarDatePattern.test(value)) {
    const date = dayjs(value);
    return date.isValid() ? date.format(dateFormats[language]) : missingDate;
  }
  const shown = toShownTime(value, utcOffsetMinutes);
  return shown ? shown.format(dateFormats[language]) : missingDate;
}

/**
 * Shows one time ahead of need. A browser's first local time loads its time zone's data (tens of ms
 * on a slow phone, at 4x slower CPU): drawn in the first list of a page opened first, it lengthened
 * the task that drew it.
 */
export function prepareLocalTime(): void {
  formatDateTime(new Date().toISOString(), 'en');
}

/** Today in the reader's time zone, ISO: the latest date of a past event (a signature, a registration). */
export function todayIso(): string {
  return dayjs().format('YYYY-MM-DD');
}
