/** The alert/* calls: a user's own alerts, listed, added or changed, and removed. */
import { deleteAlert, listAlerts, saveAlert } from '@bank/contract/alerts';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../platform/db.ts';
import { registerCall } from '../../platform/route.ts';
import { deleteOwnAlert, ownAlerts, saveOwnAlert } from './service.ts';

export function registerAlertCalls(app: FastifyInstance, db: AppDatabase): void {
  registerCall(app, listAlerts, (_body, call) => ownAlerts(db, call));
  registerCall(app, saveAlert, (body, call) => saveOwnAlert(body, call));
  registerCall(app, deleteAlert, (body, call) => deleteOwnAlert(db, body.alert_id, call));
}
