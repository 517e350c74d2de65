/**
 * The transactions module: the company's history (record, get, details), its statement download and
 * a line's receipt (routes.ts). Other modules write the history through index.ts.
 */
import type { AppModule } from '../../platform/module.ts';
import { registerTransactionsRoutes } from './routes.ts';

export const transactionsModule: AppModule = {
  name: 'transactions',
  register(app, context) {
    registerTransactionsRoutes(app, context.database);
  },
};
