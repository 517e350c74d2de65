/**
 * Mantine's textarea, whose `autosize` grows the box with its text by the browser's own sizing
 * (`field-sizing: content`, textarea.module.css) between `minRows` and `maxRows` lines. Mantine's
 * autosize measures each box in a hidden copy of it as it is drawn and at every keystroke, each
 * measure a layout of the page: the KYC company page's four boxes took 360 ms of a phone's main
 * thread in the task that drew it (`node bench/profile-page.mjs /kyc_step/kyc_step_two --signed-in`,
 * bench/README.md). A browser without `field-sizing` shows the box at `minRows`, scrolling past them.
 */
import { Textarea as MantineTextarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './textarea.module.css';

export function Textarea({ autosize = false, minRows, maxRows, style, ...props }: TextareaProps) {
  if (!autosize) return <MantineTextarea minRows={minRows} maxRows={maxRows} style={style} {...props} />;
  const rows = minRows ?? 1;
  const lines = { '--textarea-min-rows': rows, '--textarea-max-rows': maxRows } as CSSProperties;
  // A caller's own style is kept beside the lines (Mantine takes a list of styles).
  return <MantineTextarea rows={rows} classNames={{ input: classes.growing }} style={[lines, style]} {...props} />;
}
