/**
 * The pages drawn at build time (scripts/prerender.mjs runs this, built by Vite for Node): the HTML
 * of /login and /reg in each language, which the server sends in place of the empty page so that a
 * browser draws the form before the JavaScript has arrived; main.tsx then hydrates it. Only pages
 * that look the same for every signed-out visitor are drawn so, and every signed-in page's outline
 * (`renderOutline`): the signed-in shell's frame with the page's heading, the same for everyone
 * since it names no one, which the app draws afresh once it knows who is visiting; a page whose
 * first view is the same for every visitor (`isDrawnWhole`: the product pages, feedback) is drawn whole.
 */
import { type Language, localeOfLanguage } from '@bank/contract/constants';
import type { MainPage } from '@bank/contract/routes';

export { languages, localeOfLanguage } from '@bank/contract/constants';

import { enFirstLoad } from '@bank/i18n/catalogue-en';
import { enSignedIn } from '@bank/i18n/catalogue-en-signed-in';
import { ja } from '@bank/i18n/catalogue-ja';
import { zhCN } from '@bank/i18n/catalogue-zh-CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { ShellSkeleton } from './app/shell-skeleton.tsx';
import { signedInPages } from './app/signed-in-pages.ts';
import { i18nOptions } from './lib/i18n.ts';

export { mainPages, prerenderedPages } from '@bank/contract/routes';
// The order of a signed-in page's chunks in its outline, for scripts/prerender.mjs.
export { evaluationOrder } from '../evaluation-order.ts';

let isStarted = false;

async function switchTo(language: Language): Promise<void> {
  if (!isStarted) {
    await i18next.use(initReactI18next).init({
      ...i18nOptions,
      resources: { en: { translation: enFirstLoad }, 'zh-CN': { translation: zhCN }, ja: { translation: ja } },
      lng: 'en',
    });
    // The signed-in pages' English, all of it (the browser adds each namespace with its code,
    // src/messages), for the pages drawn whole.
    i18next.addResourceBundle('en', 'translation', enSignedIn, true, true);
    isStarted = true;
  }
  await i18next.changeLanguage(localeOfLanguage[language]);
}

/**
 * A signed-in page's outline (what goes inside `<div id="root">`): the shell's frame and the page's
 * heading, or, for a page drawn whole (`isDrawnWhole`), the page itself with its data's skeletons
 * (a cache that has nothing and asks nothing: no effect runs here).
 */
export async function renderOutline(page: MainPage, language: Language): Promise<string> {
  await switchTo(language);
  const Page = await signedInPages[page.id]();
  return renderToString(
    <AppProviders>
      <StaticRouter location={page.path}>
        {Page.isDrawnWhole ? (
          <QueryClientProvider client={new QueryClient()}>
            <ShellSkeleton page={<Page />} />
          </QueryClientProvider>
        ) : (
          <ShellSkeleton />
        )}
      </StaticRouter>
    </AppProviders>,
  );
}

/**
 * A public page's markup (what goes inside `<div id="root">`). The first drawing waits for every lazy
 * part (its chunk) and is thrown away: a part that arrived during a drawing is sent as hidden markup
 * and an inline script that moves it into place, which the CSP would block. The second drawing
 * finds every part loaded and writes plain HTML, which is checked to hold no such pending part.
 */
export async function renderPage(path: string, language: Language): Promise<string> {
  await switchTo(language);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered a redirect when drawn at build time`);
  const page = () => (
    <AppProviders>
      {/* No hydration data: the pages have no loaders, and an inline script would break the CSP. */}
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </AppProviders>
  );
  const { prelude } = await prerender(page());
  await new Response(prelude).arrayBuffer();
  const markup = renderToString(page());
  if (/<script|<!--\$[!?]-->/.test(markup))
    throw new Error(`${path} still had a part loading when drawn at build time`);
  return markup;
}
