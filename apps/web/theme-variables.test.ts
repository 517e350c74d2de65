import { describe, expect, it } from 'vitest';
import { themeVariablesCss } from './theme-variables.ts';

describe('themeVariablesCss', () => {
  it("writes the theme's own variables: the bank's colours, its primary shade and its fonts", async () => {
    const css = await themeVariablesCss();
    expect(css).toContain('--mantine-color-bank-8: #1c4f8f');
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-bank-filled)');
    expect(css).toContain('--mantine-font-family: -apple-system');
  });

  it("leaves out what Mantine's default variables already say", async () => {
    expect(await themeVariablesCss()).not.toContain('--mantine-color-red-0');
  });
});
