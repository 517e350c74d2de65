/**
 * Vite: the React plugin, the dev proxy to the API server, and a build into apps/web/dist that the
 * server serves. Pages are split by route with React.lazy (src/app/routes.tsx), so /login loads the
 * shell and its own page only.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://localhost:3000';

/**
 * The policy the server sends, repeated here so that `vite preview` shows the same breakage an
 * inline script or style would cause in production.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': apiServer,
      '/healthz': apiServer,
      '/readyz': apiServer,
      '/dev': apiServer,
      // Documents on the local-disk storage driver: our server's signed upload and download URLs.
      '/storage': apiServer,
    },
  },
  preview: {
    headers: { 'Content-Security-Policy': contentSecurityPolicy },
    proxy: {
      '/api': apiServer,
      '/healthz': apiServer,
      '/readyz': apiServer,
      '/dev': apiServer,
      // Documents on the local-disk storage driver: our server's signed upload and download URLs.
      '/storage': apiServer,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
});
