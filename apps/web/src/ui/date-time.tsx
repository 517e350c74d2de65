/** A date, or a date and time, from an ISO string, in the user's language (format-date.ts). */
import { Text, type TextProps } from '@mantine/core';
import { useLanguage } from '../lib/i18n.ts';
import { formatDate, formatDateTime } from './format-date.ts';

export type DateTimeProps = Omit<TextProps, 'children'> & {
  value: string | null | undefined;
  /** Only the date (a date of birth, an expiry). */
  isDateOnly?: boolean;
};

export function DateTime({ value, isDateOnly = false, ...textProps }: DateTimeProps) {
  const language = useLanguage();
  const shown = isDateOnly ? formatDate(value, language) : formatDateTime(value, language);
  return (
    <Text component="time" dateTime={value ?? undefined} className="tabular-figures" inherit {...textProps}>
      {shown}
    </Text>
  );
}
