/** A rate on screen, written the one way (contract money-text.ts): "1 USDT = 0.78682434 GBP". */
import { localeOfLanguage } from '@bank/contract/constants';
import { formatRate, type RatePair } from '@bank/contract/money-text';
import { Text, type TextProps } from '@mantine/core';
import { useLanguage } from '../lib/i18n.ts';

export function RateText({ pair, ...textProps }: { pair: RatePair } & Omit<TextProps, 'children'>) {
  const locale = localeOfLanguage[useLanguage()];
  return (
    <Text component="span" size="sm" className="tabular-figures" {...textProps}>
      {formatRate(pair, locale)}
    </Text>
  );
}
