/**
 * A date, typed or picked, shown in SPEC.md's format for the reader's language (DD/MM/YYYY in
 * English, YYYY/MM/DD in Chinese and Japanese) with the calendar in that language, and exchanged
 * with the form as the contract's ISO date ("2026-11-25", or "" when empty). The browser's native
 * date field would show its own format (mm/dd/yyyy in most English browsers) instead.
 * A date and time has date-time-field.tsx, apart so that the pages with dates alone do not load its
 * time picker.
 */
import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';
import type { Language } from '@bank/contract/constants';
import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useLanguage } from '../lib/i18n.ts';

// A typed date is read in the format it is shown in.
dayjs.extend(customParseFormat);

const formatOfLanguage: Record<Language, string> = { en: 'DD/MM/YYYY', ch: 'YYYY/MM/DD', jp: 'YYYY/MM/DD' };
/** The calendar's language. */
export const dayjsLocaleOfLanguage: Record<Language, string> = { en: 'en', ch: 'zh-cn', jp: 'ja' };

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
