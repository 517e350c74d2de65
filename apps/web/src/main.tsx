/**
 * Entry point. A stored app version other than this one clears all storage and reloads first
 * (SPEC.md section 4); then i18next starts with the stored language and the app renders.
 * zod-jitless comes first: it must be set before any of the contract's schemas is made.
 *
 * A public page the server sent already drawn (prerender.tsx; `data-prerendered` names its
 * language) is hydrated: React takes over the drawn form rather than drawing it again. Drawn in
 * another language than the browser's stored one, or for a signed-in visitor (who is sent on to the
 * dashboard), it is drawn afresh instead, as is home's outline (`data-outline`), which names no one:
 * it stays on screen until the app draws the visitor's own view (or sends a signed-out one to log in).
 * A signed-in page is drawn once its code and first data have arrived (routes.tsx `preloadPage`), or
 * after firstDataWaitMs without them.
 */
import './app/zod-jitless.ts';
import './app/first-load-styles.ts';
import './app/app.css';
import { type ReactNode, StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/app.tsx';
import { preloadPage } from './app/routes.tsx';
import { currentLanguage, initI18n } from './lib/i18n.ts';
import { isSignedIn, resetStorageOnNewVersion } from './lib/session-storage.ts';

/**
 * How long a signed-in page opened first waits for its data before the app is drawn without it: its
 * outline is on screen meanwhile, and a slow answer then shows as the page's own skeleton.
 */
const firstDataWaitMs = 2_000;

/** Settles in a task after the current one. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Settles once the browser has painted the page as it stands (a frame, then a task after it). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Lifts the drawing's `inert` once React has put the app in its place (the first commit). Lifted
 * before, the outline could be typed into while the app was drawn, and the typing was lost when the
 * app replaced it.
 */
function TakesOverTheDrawing({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useLayoutEffect(() => root.removeAttribute('inert'), [root]);
  return children;
}

/** Starts the app in `root`: the language, the page's code and data, then the drawing. */
function start(root: HTMLElement): void {
  // The first render waits for the language's catalogue (no flash of English for ch and jp).
  const isI18nReady = initI18n();
  const isPageLoaded = preloadPage(window.location.pathname);
  const isPageReady =
    isPageLoaded && Promise.race([isPageLoaded, new Promise((waited) => setTimeout(waited, firstDataWaitMs))]);
  // A drawn page is painted before React's work of taking it over begins, not after.
  const isDrawnPainted = root.dataset.prerendered ? afterNextPaint() : undefined;
  void Promise.all([isI18nReady, isDrawnPainted, isPageReady]).then(async () => {
    // The router and the drawing each in a task of their own: one task of both would hold a slow
    // phone's main thread (and a tap on the outline) for longer.
    await nextTask();
    const router = createAppRouter();
    await nextTask();
    const app = (
      <StrictMode>
        <App router={router} />
      </StrictMode>
    );
    if (root.dataset.prerendered === currentLanguage() && root.dataset.outline === undefined && !isSignedIn()) {
      hydrateRoot(root, app); // the page lifts the drawing's `inert` once it has taken it over
    } else {
      const reactRoot = createRoot(root);
      startTransition(() => reactRoot.render(<TakesOverTheDrawing root={root}>{app}</TakesOverTheDrawing>));
    }
  });
}

// In a task after the modules' own: the browser's first read of local storage (the stored version)
// is some 90 ms of a slow phone's CPU (bench/profile-page.mjs at 4x).
void nextTask().then(() => {
  const root = document.getElementById('root');
  if (!resetStorageOnNewVersion() && root) start(root);
});
