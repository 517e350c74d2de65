/**
 * The webhooks module (organisation issue, part 4): the company's webhook settings and signing
 * secret, deliveries made from the outbox and sent through the job queue, retried on the minute's
 * schedule, logged and replayable; the webhook/* calls.
 */
import type { DomainEventType } from '@bank/contract/events';
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
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { consumeEvent } from '../../platform/events.ts';
import type { AppModule } from '../../platform/module.ts';
import { registerCall } from '../../platform/route.ts';
import { webhookConsumer, webhookEventOfDomainEvent } from './consumers.ts';
import { attemptDelivery, attemptDueDeliveries, deleteOldDeliveries, type SenderDependencies } from './deliveries.ts';
import { createWebhookService } from './service.ts';
import { webhookAttempts } from './tables.ts';

const subscriber = 'webhooks';
export const deliverDueWebhooksSchedule = 'webhooks__deliver_due';
export const deleteOldWebhookDeliveriesSchedule = 'webhooks__delete_old_deliveries';

export const webhooksModule: AppModule = {
  name: 'webhooks',
  register(app, context) {
    const db = context.database.db;
    const policy = { allowPrivateTargets: context.config.webhooksAllowPrivateTargets };
    const sender: SenderDependencies = { db, clock: context.clock, secretBox: context.secretBox, policy };
    const events = { jobs: context.jobs, db };
    context.metrics.gauge({
      name: 'bank_webhook_failed_attempts_last_hour',
      help: 'Webhook delivery attempts that failed in the last hour (any company)',
      async read(gauge) {
        const [row] = await db
          .select({ failed: count() })
          .from(webhookAttempts)
          .where(
            and(
              eq(webhookAttempts.is_success, false),
              gt(webhookAttempts.attempted_at, sql`now() - interval '1 hour'`),
            ),
          );
        gauge.set(row?.failed ?? 0);
      },
    });

    for (const [domainEvent, webhookEvent] of Object.entries(webhookEventOfDomainEvent)) {
      if (webhookEvent)
        consumeEvent(events, domainEvent as DomainEventType, subscriber, webhookConsumer(webhookEvent, context.clock));
    }
    // The first attempt, at once: the HTTP request runs outside any transaction.
    context.jobs.onEvent('webhook.delivery_scheduled', 'webhooks_sender', async (event) => {
      const { delivery_id: deliveryId } = event.payload as { delivery_id: string };
      await attemptDelivery(sender, deliveryId);
    });
    // Retries whose back-off has passed (by the app clock), and any attempt a crash interrupted.
    context.jobs.schedule({
      name: deliverDueWebhooksSchedule,
      cron: '* * * * *',
      run: () => attemptDueDeliveries(sender),
    });

    context.jobs.schedule({
      name: deleteOldWebhookDeliveriesSchedule,
      cron: '43 3 * * *',
      run: async () => {
        await deleteOldDeliveries(db, context.clock.now());
      },
    });

    const service = createWebhookService({ db, secretBox: context.secretBox, policy });
    registerCall(app, getWebhookSettings, (_body, call) => service.settings(call));
    registerCall(app, saveWebhookSettings, (body, call) => service.save(body, call));
    registerCall(app, rotateWebhookSecret, (_body, call) => service.rotate(call));
    registerCall(app, sendTestWebhook, (body, call) => service.sendTest(body, call));
    registerCall(app, listWebhookDeliveries, (body, call) => service.list(body, call));
    registerCall(app, getWebhookDelivery, (body, call) => service.get(body, call));
    registerCall(app, replayWebhookDelivery, (body, call) => service.replay(body, call));
    registerCall(app, replayWebhookDeliveries, (body, call) => service.replayRange(body, call));
  },
};
