/**
 * The webhook/* calls: the company's settings and signing secret, test sends, the delivery log and
 * replays (whose audit rows are the calls' own: a replay only records what it re-armed).
 */
import {
  getWebhookDelivery,
  getWebhookSettings,
  listWebhookDeliveries,
  replayWebhookDeliveries,
  replayWebhookDelivery,
  rotateWebhookSecret,
  saveWebhookSettings,
  sendTestWebhook,
} from '@bank/contract/webhooks';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/route.ts';
import {
  deliveryList,
  deliveryWithAttempts,
  replay,
  replayAudits,
  replayRange,
  rotateSecret,
  saveSettings,
  sendTest,
  type WebhookServiceDependencies,
  webhookSettings,
} from './service.ts';

export function registerWebhookCalls(app: FastifyInstance, dependencies: WebhookServiceDependencies): void {
  const { db } = dependencies;
  registerCall(app, getWebhookSettings, (_body, call) => webhookSettings(db, call));
  registerCall(app, saveWebhookSettings, (body, call) => saveSettings(dependencies, body, call));
  registerCall(app, rotateWebhookSecret, (_body, call) => rotateSecret(dependencies, call));
  registerCall(app, sendTestWebhook, (body, call) => sendTest(body, call));
  registerCall(app, listWebhookDeliveries, (body, call) => deliveryList(db, body, call));
  registerCall(app, getWebhookDelivery, (body, call) => deliveryWithAttempts(db, body, call));
  registerCall(app, replayWebhookDelivery, (body, call) => replay(body, call), { audit: replayAudits.one });
  registerCall(app, replayWebhookDeliveries, (body, call) => replayRange(body, call), { audit: replayAudits.range });
}
