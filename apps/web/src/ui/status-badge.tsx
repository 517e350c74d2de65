/**
 * A state of SPEC.md section 4 as a badge: the translated label (`states.<list>.<value>`) in the
 * colour of its meaning (state-tone.ts). A value the contract does not know is shown as it is, grey.
 */
import type { StateListName } from '@bank/contract/states';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { colourOfTone, toneOfState } from './state-tone.ts';

export type StatusBadgeProps = Omit<BadgeProps, 'children' | 'color'> & { list: StateListName; value: string };

export function StatusBadge({ list, value, ...badgeProps }: StatusBadgeProps) {
  const { t, i18n } = useTranslation();
  const key = `states.${list}.${value}`;
  const tone = toneOfState(list, value);
  const label = i18n.exists(key) ? t(key as never) : value;
  const colour = tone ? colourOfTone[tone] : 'gray';
  // The light variant's text is too pale on its tint for WCAG AA (orange fails even at shade 9):
  // the darkest shade mixed with black passes for every tone.
  return (
    <Badge
      variant="light"
      color={colour}
      tt="none"
      fw={600}
      {...badgeProps}
      style={{ color: `color-mix(in srgb, var(--mantine-color-${colour}-9) 70%, black)`, ...badgeProps.style }}
    >
      {label}
    </Badge>
  );
}
