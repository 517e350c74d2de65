/**
 * A date and time, typed or picked, in the very format every screen shows one (format-date.ts:
 * DD/MM/YYYY hh:mma in English, YYYY/MM/DD HH:mm in Chinese and Japanese), in the reader's time zone,
 * with the calendar in the reader's language (date-field.tsx has a date alone).
 */
import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useLanguage } from '../lib/i18n.ts';
import { dayjsLocaleOfLanguage } from './date-field.tsx';
import { dateTimeFormats } from './format-date.ts';

// instantOfLocalDateTime reads a value in the format it names (date-field.tsx extends it too).
dayjs.extend(customParseFormat);

/** What DateTimeField exchanges with its form: a date and time in the reader's time zone. */
export const localDateTimeFormat = 'YYYY-MM-DD HH:mm:ss';

/** An instant of the wire as DateTimeField's value. */
export function localDateTimeOf(instant: string): string {
  return dayjs(instant).format(localDateTimeFormat);
}

/** DateTimeField's value as the wire's instant; an empty field stays absent for the schema to name. */
export function instantOfLocalDateTime(value: string | null): string | undefined {
  if (!value) return undefined;
  const time = dayjs(value, localDateTimeFormat);
  return time.isValid() ? time.toISOString() : value;
}

export type DateTimeFieldProps = Omit<DateTimePickerProps, 'valueFormat' | 'locale' | 'timePickerProps'>;

export function DateTimeField(props: DateTimeFieldProps) {
  const language = useLanguage();
  return (
    <DateTimePicker
      valueFormat={dateTimeFormats[language]}
      locale={dayjsLocaleOfLanguage[language]}
      timePickerProps={{ format: language === 'en' ? '12h' : '24h' }}
      popoverProps={{ withinPortal: true }}
      {...props}
    />
  );
}
