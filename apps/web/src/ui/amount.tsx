/**
 * An amount on screen: the decimal string formatted exactly in the user's locale (format-amount.ts), in
 * figures of one width, with its currency beside it. In a table column, align it right.
 */
import { localeOfLanguage } from '@bank/contract/constants';
import { Text, type TextProps } from '@mantine/core';
import { useLanguage } from '../lib/i18n.ts';
import { formatAmount } from './format-amount.ts';

export type AmountProps = Omit<TextProps, 'children'> & {
  /** A decimal string from the wire, never a number. */
  value: string;
  currency: string;
  /** Hides the currency where a column header already says it. */
  isCurrencyHidden?: boolean;
};

export function Amount({ value, currency, isCurrencyHidden = false, ...textProps }: AmountProps) {
  const locale = localeOfLanguage[useLanguage()];
  return (
    <Text component="span" className="tabular-figures" style={{ whiteSpace: 'nowrap' }} {...textProps}>
      {formatAmount(value, currency, locale)}
      {isCurrencyHidden ? null : (
        <Text component="span" inherit c="dimmed" fz="0.85em" fw={500} ml={4}>
          {currency}
        </Text>
      )}
    </Text>
  );
}

/** The number of an amount as text in the user's locale, for a message that names an amount: "2,525.18". */
export function useAmountText(): (value: string, currency: string) => string {
  const locale = localeOfLanguage[useLanguage()];
  return (value, currency) => formatAmount(value, currency, locale);
}
