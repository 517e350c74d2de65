/**
 * The look of the product: one calm primary colour (a deep bank blue), one radius, the system font
 * (no web font to download), and tabular figures wherever amounts line up.
 */
import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A deep blue: trustworthy, quiet, readable on white (shade 8 is the primary). */
const bank: MantineColorsTuple = [
  '#edf3fa',
  '#d8e3f2',
  '#adc5e5',
  '#80a5d8',
  '#5b89cc',
  '#4378c5',
  '#356fc2',
  '#265eab',
  '#1c4f8f',
  '#0d437d',
];

/**
 * The platform's own interface font (no web font to download), Latin first; Chinese and Japanese
 * get their own CJK order through the :lang() rules of app.css.
 */
const systemFonts =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", "Noto Sans", "PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", system-ui, sans-serif';

export const theme = createTheme({
  primaryColor: 'bank',
  primaryShade: 8,
  colors: { bank },
  fontFamily: systemFonts,
  fontFamilyMonospace: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace',
  headings: {
    fontFamily: systemFonts,
    fontWeight: '600',
    sizes: {
      h1: { fontSize: '1.625rem', lineHeight: '1.3' },
      h2: { fontSize: '1.375rem', lineHeight: '1.35' },
      h3: { fontSize: '1.125rem', lineHeight: '1.4' },
      h4: { fontSize: '1rem', lineHeight: '1.45' },
    },
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  black: '#17212f',
  other: { headerHeight: 60, navbarWidth: 272 },
  // Plain objects rather than Component.extend(): importing the components here would pull every
  // one of them into the first load of /login.
  components: {
    Button: { defaultProps: { radius: 'md' } },
    // Mantine 9 keeps a closed list's options in the page; a country list is 243 of them, drawn on
    // every page with a phone field before its first paint. Options are drawn when the list opens.
    Combobox: { defaultProps: { keepMounted: false } },
    // A file field's prompt is text, not an input's placeholder: Mantine's placeholder grey on it
    // reads at 2.07:1 (WCAG AA asks 4.5:1).
    FileInput: { styles: { placeholder: { color: 'var(--mantine-color-gray-7)' } } },
    Paper: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'md', withBorder: true, padding: 'lg' } },
    Badge: { defaultProps: { variant: 'light', radius: 'sm' } },
    Modal: { defaultProps: { centered: true, radius: 'md', overlayProps: { backgroundOpacity: 0.45, blur: 2 } } },
    Menu: { defaultProps: { radius: 'md', shadow: 'md' } },
    NavLink: { defaultProps: { variant: 'light' } },
    Notification: { defaultProps: { radius: 'md', withBorder: true } },
    Table: { defaultProps: { verticalSpacing: 'sm', highlightOnHover: true } },
    Title: { defaultProps: { c: 'dark.8' } },
    Tooltip: { defaultProps: { withArrow: true } },
  },
});
