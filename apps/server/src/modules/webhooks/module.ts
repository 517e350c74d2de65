/**
 * The webhooks module: the company's webhook settings and signing secret (routes.ts), deliveries made
 * from the outbox and sent through the job queue, retried on the minute's schedule, logged and
 * replayable.
 */
import type { DomainEventType } from '@bank/contract/events';
import type { WebhookEventType } from '@bank/contract/webhooks';
import { consumeEvent } from '../../platform/events.ts';
import type { AppModule } from '../../platform/module.ts';
import { webhookConsumer, webhookEventOfDomainEvent } from './consumers.ts';
import { attemptDelivery, attemptDueDeliveries, deleteOldDeliveries, type SenderDependencies } from './deliveries.ts';
import { failedAttemptsInLastHour } from './queries.ts';
import { registerWebhookCalls } from './routes.ts';

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
      read: async (gauge) => gauge.set(await failedAttemptsInLastHour(db)),
    });

    for (const [domainEvent, webhookOf] of Object.entries(webhookEventOfDomainEvent)) {
      if (webhookOf)
        consumeEvent(
          events,
          domainEvent as DomainEventType,
          subscriber,
          webhookConsumer(webhookOf as (payload: unknown) => WebhookEventType | undefined, context.clock),
        );
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

    registerWebhookCalls(app, { db, secretBox: context.secretBox, policy });
  },
};
