/**
 * The domain modules the server runs, in registration order. Each capability adds its module here
 * (modules/<domain>/module.ts: its routes through registerCall and its event handlers).
 */
import type { AppModule } from '../app.ts';

export const appModules: readonly AppModule[] = [];
