/**
 * Entry point. A stored app version other than this one clears all storage and reloads first
 * (SPEC.md section 4); then i18next starts with the stored language and the app renders.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './app/i18n.ts';
import { resetStorageOnNewVersion } from './app/session-storage.ts';

const isReloading = resetStorageOnNewVersion();
const root = document.getElementById('root');

if (!isReloading && root) {
  initI18n();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
