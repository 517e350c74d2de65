/**
 * The theme's CSS variables (the bank's colours, the fonts, the radius) as a stylesheet written at
 * build time: `import 'virtual:theme-variables.css'` (first-load-styles.ts). MantineProvider would
 * otherwise work them out on every page's first drawing, Mantine's every colour and shade resolved
 * and compared with its defaults, to write the same `<style>` each time: about 30 ms of a phone's
 * main thread at full speed, on every page, /login's too (`node bench/profile-page.mjs`, bench/README.md,
 * Web, 2026-12-01, the evening). The app's provider is told not to (providers.tsx).
 *
 * The text is Mantine's own: its provider drawn once here, with the app's theme, and its
 * `<style data-mantine-styles>` taken.
 */
import type { Plugin } from 'vite';
import { theme } from './src/app/theme.ts';

const moduleId = 'virtual:theme-variables.css';

/** What MantineProvider writes for the theme in its `<style data-mantine-styles>`. */
export async function themeVariablesCss(): Promise<string> {
  const [{ createElement }, { renderToStaticMarkup }, { MantineProvider }] = await Promise.all([
    import('react'),
    import('react-dom/server'),
    import('@mantine/core'),
  ]);
  const markup = renderToStaticMarkup(
    createElement(MantineProvider, { theme, forceColorScheme: 'light', withGlobalClasses: false }),
  );
  const css = /<style data-mantine-styles="true"[^>]*>([^<]*)<\/style>/.exec(markup)?.[1];
  if (!css) throw new Error(`MantineProvider wrote no theme variables: ${markup.slice(0, 200)}`);
  return css;
}

export function themeVariables(): Plugin {
  return {
    name: 'bank:theme-variables',
    resolveId: (id) => (id === moduleId ? moduleId : null),
    load: (id) => (id === moduleId ? themeVariablesCss() : null),
  };
}
