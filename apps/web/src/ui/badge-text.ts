/**
 * Text colour of a light badge that passes WCAG AA on its own tint for every colour: the darkest
 * shade mixed with black (the light variant's own text is too pale; see status-badge.tsx).
 */
import type { CSSProperties } from 'react';

export function badgeTextStyle(colour: string): CSSProperties {
  return { color: `color-mix(in srgb, var(--mantine-color-${colour}-9) 70%, black)` };
}
