/**
 * An audit entry in the reader's language: its action as a sentence and its colour, and its details
 * as a line of text (packages/i18n audit-text.ts, which the server's files share). Used by the
 * company's audit log and the back office's (account) and a deposit's history (deposits), two
 * domains' features, so it sits in ui/ rather than in either.
 */
import { auditActionText, auditDetailText, type CatalogueLookup } from '@bank/i18n/audit-text';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/i18n.ts';
import { formatDateTime } from './format-date.ts';

function useLookup(): CatalogueLookup {
  const { t, i18n } = useTranslation();
  return (key, params) => (i18n.exists(key) ? t(key as never, params) : undefined);
}

export function useActionLabel(): (action: string) => string {
  const lookup = useLookup();
  return (action) => auditActionText(lookup, action);
}

export function actionColour(action: string): string {
  if (/fail|locked|rejected|refused/.test(action)) return 'red';
  if (/removed|revoked|reset|changed|deleted|disabled|blocked|rotated/.test(action)) return 'orange';
  if (/succeeded|paired|registered|verified|accepted|added|approved|created/.test(action)) return 'teal';
  return 'gray';
}

export function useDetailText(): (detail: Readonly<Record<string, unknown>>) => string {
  const lookup = useLookup();
  const language = useLanguage();
  return (detail) => auditDetailText(lookup, (instant) => formatDateTime(instant, language), detail);
}
