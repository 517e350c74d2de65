/**
 * Entry point. A stored app version other than this one clears all storage and reloads first
 * (SPEC.md section 4); then i18next starts with the stored language and the app renders.
 * zod-jitless comes first: it must be set before any of the contract's schemas is made.
 */
import './app/zod-jitless.ts';
import './app/first-load-styles.ts';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadPage } from './app/routes.tsx';
import { initI18n } from './lib/i18n.ts';
import { resetStorageOnNewVersion } from './lib/session-storage.ts';

const isReloading = resetStorageOnNewVersion();
const root = document.getElementById('root');

if (!isReloading && root) {
  // The first render waits for the language's catalogue (no flash of English for ch and jp).
  const isI18nReady = initI18n();
  preloadPage(window.location.pathname);
  void isI18nReady.then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
