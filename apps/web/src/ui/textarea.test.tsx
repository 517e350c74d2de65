import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Textarea } from './textarea.tsx';

function drawn(element: React.ReactElement): string {
  return renderToString(<MantineProvider>{element}</MantineProvider>);
}

describe('Textarea', () => {
  it('grows by the browser’s sizing between its rows, with no measuring copy of itself', () => {
    const markup = drawn(<Textarea label="Nature of business" autosize minRows={2} maxRows={6} />);
    expect(markup.match(/<textarea/g)).toHaveLength(1);
    expect(markup).toContain('rows="2"');
    expect(markup).toContain('--textarea-min-rows:2');
    expect(markup).toContain('--textarea-max-rows:6');
  });

  it('keeps a caller’s own style beside its lines', () => {
    const markup = drawn(<Textarea label="Remarks" autosize minRows={3} style={{ marginTop: 4 }} />);
    expect(markup).toContain('--textarea-min-rows:3');
    expect(markup).toContain('margin-top:4px');
  });

  it('is Mantine’s own textarea without autosize', () => {
    const markup = drawn(<Textarea label="Remarks" rows={3} />);
    expect(markup).toContain('rows="3"');
    expect(markup).not.toContain('--textarea-min-rows');
  });
});

/** Every module of the app's sources (src/), by path. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

describe('the app’s textareas', () => {
  it('grow through ui/textarea.tsx, never Mantine’s measuring autosize', () => {
    const source = join(import.meta.dirname, '..');
    const measuring = sourceFiles(source).filter((path) => {
      const code = readFileSync(path, 'utf8');
      const importsMantines = /import\s*\{[^}]*\bTextarea\b[^}]*\}\s*from\s*'@mantine\/core'/.test(code);
      return importsMantines && /<Textarea\b[^>]*\bautosize\b/s.test(code) && !path.endsWith('ui/textarea.tsx');
    });
    expect(measuring).toEqual([]);
  });
});
