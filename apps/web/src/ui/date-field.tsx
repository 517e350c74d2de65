/**
 * A date, typed or picked, shown in SPEC.md's format for the reader's language (DD/MM/YYYY in
 * English, YYYY/MM/DD in Chinese and Japanese) with the calendar in that language, and exchanged
 * with the form as the contract's ISO date ("2026-11-25", or "" when empty). The browser's native
 * date field would show its own format (mm/dd/yyyy in most English browsers) instead.
 * DateTimeField does the same for a date and time, in the very format every screen shows one
 * (format-date.ts: DD/MM/YYYY hh:mma in English, YYYY/MM/DD HH:mm in Chinese and Japanese), in the
 * reader's time zone.
 */
import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';
import type { Language } from '@bank/contract/constants';
import { DateInput, type DateInputProps, DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useLanguage } from '../lib/i18n.ts';
import { dateTimeFormats } from './format-date.ts';

// A typed date is read in the format it is shown in.
dayjs.extend(customParseFormat);

const formatOfLanguage: Record<Language, string> = { en: 'DD/MM/YYYY', ch: 'YYYY/MM/DD', jp: 'YYYY/MM/DD' };
const dayjsLocaleOfLanguage: Record<Language, string> = { en: 'en', ch: 'zh-cn', jp: 'ja' };

/** Today in the reader's time zone, ISO: the latest date of a past event (a signature, a registration). */
export function todayIso(): string {
  return dayjs().format('YYYY-MM-DD');
}

export type DateFieldProps = Omit<
  DateInputProps,
  'value' | 'onChange' | 'valueFormat' | 'locale' | 'minDate' | 'maxDate' | 'defaultValue'
> & {
  /** An ISO date (YYYY-MM-DD), or "" for none. */
  value: string;
  onChange: (value: string) => void;
  /** The earliest and latest dates that may be chosen, ISO. */
  min?: string | undefined;
  max?: string | undefined;
};

export function DateField({ value, onChange, min, max, ...props }: DateFieldProps) {
  const language = useLanguage();
  const format = formatOfLanguage[language];
  return (
    <DateInput
      valueFormat={format}
      locale={dayjsLocaleOfLanguage[language]}
      placeholder={format}
      value={value === '' ? null : value}
      onChange={(date) => onChange(date ?? '')}
      minDate={min || undefined}
      maxDate={max || undefined}
      popoverProps={{ withinPortal: true }}
      {...props}
    />
  );
}

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
