/**
 * Text colours that keep WCAG AA contrast (4.5:1) on Mantine's light tints and on white: the light
 * variant's own text colour (shade 6) is too pale for an alert's title, and so is the default error
 * red for the small error text under an input. Same recipe as badge-text.ts.
 */
import type { CSSProperties } from 'react';
import { badgeTextStyle } from './badge-text.ts';

export function readableTextOn(colour: string): string {
  return String(badgeTextStyle(colour).color);
}

/** `styles` of a light Alert whose title must be read: `<Alert styles={readableAlertStyles('orange')}>`. */
export function readableAlertStyles(colour: string) {
  return { title: { color: readableTextOn(colour) } };
}

/** Put on a form's container: its inputs' error text and borders use a red dark enough to read. */
export const readableErrorColour = { '--mantine-color-error': 'var(--mantine-color-red-8)' } as CSSProperties;
