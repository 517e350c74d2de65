/**
 * A message's words, written at the time of reading in the reader's language from the facts the
 * server kept (kind and params), and the page it leads to.
 */

import type { CardProcessorAction } from '@bank/contract/cards';
import { workingDays } from '@bank/contract/constants';
import type { BankingProduct } from '@bank/contract/contact-requests';
import type { InboxMessage } from '@bank/contract/inbox';
import { pathOf } from '@bank/contract/routes';
import type { TFunction } from 'i18next';
import { languageOfLocale } from '../../lib/i18n.ts';
import { formatAmount, formatRate } from '../../ui/format-amount.ts';
import { formatDate } from '../../ui/format-date.ts';

export type MessageText = { title: string; body: string; note: string | null };

export function messageTextOf(message: InboxMessage, t: TFunction, locale: string): MessageText {
  const { kind, params } = message;
  const title = t(`inbox.kinds.${kind}.title`);
  switch (kind) {
    case 'deposit_credited': {
      const amount = params.amount && params.asset ? formatAmount(params.amount, params.asset, locale) : '';
      const facts = { amount, asset: params.asset ?? '', network: params.network ?? '' };
      const body = params.network
        ? t('inbox.kinds.deposit_credited.body_network', facts)
        : t('inbox.kinds.deposit_credited.body', facts);
      return { title, body, note: null };
    }
    case 'payout_approval_requested':
    case 'payout_in_review':
    case 'payout_sent':
    case 'payout_completed':
    case 'payout_rejected':
    case 'payout_cancelled':
    case 'payout_failed': {
      const amount = params.amount && params.asset ? formatAmount(params.amount, params.asset, locale) : '';
      const body = t(`inbox.kinds.${kind}.body`, {
        amount,
        asset: params.asset ?? '',
        destination: params.destination ?? '',
      });
      // A failure names its cause (a value of the contract); a rejection the words of who rejected it.
      const reason =
        kind === 'payout_failed' && params.reason
          ? t(`payouts.failure_causes.${params.reason}`, { defaultValue: params.reason })
          : params.reason;
      return { title, body, note: reason ? t('inbox.reason', { reason }) : null };
    }
    case 'payout_batch_approval_requested':
    case 'payout_batch_rejected':
      return {
        title,
        body: t(`inbox.kinds.${kind}.body`, { file: params.file_name ?? '', count: Number(params.rows ?? 0) }),
        note: params.reason ? t('inbox.reason', { reason: params.reason }) : null,
      };
    case 'security_changed':
      return {
        title,
        body: t(`inbox.kinds.security_changed.changes.${params.change ?? ''}`, {
          defaultValue: t('inbox.kinds.security_changed.title'),
        }),
        note: t('inbox.kinds.security_changed.not_you'),
      };
    case 'announcement_published': {
      // The announcement's own title, as staff wrote it in the reader's language (English if missing).
      const written = params[`title_${languageOfLocale(locale)}`] || params.title_en;
      return { title: written || title, body: t('inbox.kinds.announcement_published.body'), note: null };
    }
    case 'contact_request_handled':
    case 'contact_request_received':
      return {
        title,
        body: t(`inbox.kinds.${kind}.body`, {
          product: t(`contact_requests.names.${params.product as BankingProduct}`, {
            defaultValue: params.product ?? '',
          }),
        }),
        note: null,
      };
    case 'fx_converted':
    case 'otc_quoted':
    case 'otc_settled':
    case 'otc_request_received': {
      // Amounts in their asset's decimals, each with its asset: "12,500.00 USDT".
      const money = (amount: string | undefined, asset: string | undefined) =>
        amount && asset ? `${formatAmount(amount, asset, locale)} ${asset}` : '';
      return {
        title,
        body: t(`inbox.kinds.${kind}.body`, {
          from_amount: money(params.from_amount, params.from_asset),
          amount_received: money(params.amount_received, params.to_asset),
          to_asset: params.to_asset ?? '',
        }),
        note: null,
      };
    }
    case 'top_up_completed':
    case 'top_up_returned':
    case 'top_up_cancelled':
    case 'card_awaiting_activation':
    case 'card_activated':
    case 'card_blocked':
    case 'card_unblocked':
    case 'card_anomaly':
    case 'card_expired':
    case 'card_cancelled':
    case 'card_replacement_refused':
    case 'card_auto_renewal_failed':
    case 'card_replacement_fee_owed': {
      const cause = params.cause ? t(`states.card_anomaly.${params.cause}`, { defaultValue: params.cause }) : '';
      const amount = params.amount ? formatAmount(params.amount, 'USD', locale) : '';
      const key =
        kind === 'card_anomaly' && !cause
          ? ('inbox.kinds.card_anomaly.body_no_cause' as const)
          : (`inbox.kinds.${kind}.body` as const);
      return {
        title,
        body: t(key, {
          last4: params.last4 ?? '',
          cause,
          amount,
          asset: params.asset ?? '',
          due_on: formatDate(params.due_on, languageOfLocale(locale)),
        }),
        note: null,
      };
    }
    case 'card_balance_returned': {
      const credited =
        params.credited_amount && params.asset
          ? `${formatAmount(params.credited_amount, params.asset, locale)} ${params.asset}`
          : '';
      return {
        title,
        body: t('inbox.kinds.card_balance_returned.body', {
          last4: params.last4 ?? '',
          ending: t(
            `inbox.kinds.card_balance_returned.endings.${params.cause === 'expired' ? 'expired' : 'cancelled'}`,
          ),
          amount: params.amount ? formatAmount(params.amount, 'USD', locale) : '',
          credited,
          rate:
            params.rate && params.asset
              ? formatRate({ base: 'USD', quote: params.asset, rate: params.rate }, locale)
              : '',
        }),
        note: null,
      };
    }
    case 'card_processor_failed': {
      // To the bank's card staff: whom to contact, about what (a value of cards.ts' cardProcessorActions).
      const action = t(`inbox.kinds.card_processor_failed.actions.${params.action as CardProcessorAction}`, {
        defaultValue: params.action ?? '',
      });
      const facts = { company: params.company_name ?? '', action };
      return {
        title,
        body:
          params.fault === 'malformed'
            ? t('inbox.kinds.card_processor_failed.body_malformed', facts)
            : t('inbox.kinds.card_processor_failed.body_unavailable', facts),
        note: null,
      };
    }
    case 'programme_batch_ready_to_bind':
      return {
        title,
        body: t('inbox.kinds.programme_batch_ready_to_bind.body', {
          batch_number: params.batch_number ?? '',
          quantity: params.quantity ?? '',
        }),
        note: null,
      };
    case 'programme_card_bound':
      return {
        title,
        body: t('inbox.kinds.programme_card_bound.body', {
          last4: params.last4 ?? '',
          cardholder_name: params.cardholder_name ?? '',
        }),
        note: null,
      };
    case 'programme_membership_fee_failed':
      return {
        title,
        body: t('inbox.kinds.programme_membership_fee_failed.body', {
          last4: params.last4 ?? '',
          amount: params.amount ? formatAmount(params.amount, 'USD', locale) : '',
          due_on: formatDate(params.due_on, languageOfLocale(locale)),
        }),
        note: null,
      };
    case 'alert_balance_below':
    case 'alert_payout_above':
    case 'alert_card_purchase_above': {
      // The user's own alert: amounts in their asset's decimals, each with its asset ("9,500.00 USDC").
      const asset = kind === 'alert_card_purchase_above' ? 'USD' : (params.asset ?? '');
      const money = (amount: string | undefined) =>
        amount && asset ? `${formatAmount(amount, asset, locale)} ${asset}` : '';
      return {
        title,
        body: t(`inbox.kinds.${kind}.body`, {
          threshold: money(params.threshold),
          available: money(params.available),
          amount: money(params.amount),
          destination: params.destination ?? '',
          merchant: params.merchant ?? '',
          last4: params.last4 ?? '',
        }),
        note: t('inbox.alert_note'),
      };
    }
    case 'alert_new_device_sign_in':
      return {
        title,
        body: params.ip
          ? t('inbox.kinds.alert_new_device_sign_in.body', { device: params.device ?? '', ip: params.ip })
          : t('inbox.kinds.alert_new_device_sign_in.body_no_address', { device: params.device ?? '' }),
        note: t('inbox.kinds.security_changed.not_you'),
      };
    case 'card_application_submitted':
    case 'card_application_approved':
    case 'card_application_rejected':
    case 'kyc_rejected':
    case 'kyc_returned':
    case 'kyc_refused':
      return {
        title,
        body: t(`inbox.kinds.${kind}.body`, { name: params.name ?? '', days: workingDays.cardReview }),
        note: params.reason ? t('inbox.reason', { reason: params.reason }) : null,
      };
    default:
      return { title, body: t(`inbox.kinds.${kind}.body`), note: null };
  }
}

/** Where the message leads in the app, or null when it leads nowhere. */
export function messagePathOf(message: InboxMessage): string | null {
  const link = message.link;
  if (!link) return null;
  if (link.page === 'transaction_detail') {
    return link.id ? `${pathOf('transaction_detail')}?${new URLSearchParams({ id: link.id }).toString()}` : null;
  }
  if (link.page === 'feedback') {
    // The page brings the feedback its address names into view.
    return link.id ? `${pathOf('feedback')}?${new URLSearchParams({ id: link.id }).toString()}` : pathOf('feedback');
  }
  if (link.page === 'announcement') {
    // The list opens the announcement its address names.
    return link.id ? `${pathOf('announcements')}?${new URLSearchParams({ id: link.id }).toString()}` : null;
  }
  if (link.page === 'payout_batches') {
    // The batches page opens the batch its address names.
    return link.id
      ? `${pathOf('payout_batches')}?${new URLSearchParams({ batch: link.id }).toString()}`
      : pathOf('payout_batches');
  }
  return pathOf(link.page);
}
