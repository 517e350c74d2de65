import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page.ts';

function Greeting() {
  return <p>loaded page</p>;
}

function drawn(Page: ReturnType<typeof lazyPage>): string {
  return renderToString(
    <Suspense fallback={<p>placeholder</p>}>
      <Page />
    </Suspense>,
  );
}

describe('lazyPage', () => {
  it('shows the placeholder while the code has not arrived', () => {
    const Page = lazyPage(
      async () => ({ Greeting }),
      (module) => module.Greeting,
    );
    expect(drawn(Page)).toContain('placeholder');
  });

  it('draws a preloaded page in the first drawing, without suspending', async () => {
    const Page = lazyPage(
      async () => ({ Greeting }),
      (module) => module.Greeting,
    );
    await Page.preload();
    const markup = drawn(Page);
    expect(markup).toContain('loaded page');
    expect(markup).not.toContain('placeholder');
  });
});
