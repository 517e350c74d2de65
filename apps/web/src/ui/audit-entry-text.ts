/**
 * An audit entry in the reader's language: its action's name and colour, and its details as a line
 * of text. Shared by the audit log (account) and a deposit's history (deposits), two domains'
 * features, so it sits in ui/ rather than in either.
 */
import type { AuditEntry } from '@bank/contract/account';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useLanguage } from '../lib/i18n.ts';
import { formatDateTime } from './format-date.ts';

type Entry = z.infer<typeof AuditEntry>;

/** "login.succeeded" -> the key "account.staff.audit.actions.login_succeeded" (i18next reads dots as nesting). */
function actionKey(action: string): string {
  return `account.staff.audit.actions.${action.replace(/\./g, '_')}`;
}

export function useActionLabel(): (action: string) => string {
  const { t, i18n } = useTranslation();
  return (action) => (i18n.exists(actionKey(action)) ? t(actionKey(action) as never) : action);
}

export function actionColour(action: string): string {
  if (/fail|locked/.test(action)) return 'red';
  if (/removed|revoked|reset|changed/.test(action)) return 'orange';
  if (/succeeded|paired|registered|verified|accepted/.test(action)) return 'teal';
  return 'gray';
}

/** Detail entries that only tie records together: not for a reader. */
const hiddenDetailKeys = new Set([
  'session_id',
  'link_id',
  'user_id',
  'document_id',
  'deposit_id',
  'credit_id',
  'notice_id',
]);

/**
 * An entry's details in the reader's language: `{ method: "email", failures: 0 }` reads "Second
 * factor: emailed code · Failed attempts: 0". A key or value the catalogue does not name yet is
 * shown as recorded.
 */
export function useDetailText(): (detail: Entry['detail']) => string {
  const { t } = useTranslation();
  const language = useLanguage();
  const valueText = (key: string, value: unknown): string => {
    if (typeof value === 'boolean')
      return t(value ? 'account.staff.audit.values.yes' : 'account.staff.audit.values.no');
    if (Array.isArray(value)) return value.map((item) => valueText(key, item)).join(', ');
    if (typeof value !== 'string') return String(value);
    if (key === 'from' || key === 'to') return t(`states.account_kyc.${value}` as never, { defaultValue: value });
    if (key === 'section' || key === 'sections_to_fix')
      return t(`kyc.sections.${value}` as never, { defaultValue: value });
    if (key === 'via') return t(`account.staff.audit.values.via_${value}` as never, { defaultValue: value });
    if (key === 'locked_until' || key === 'until') return formatDateTime(value, language);
    return t(`account.staff.audit.values.${value}` as never, { defaultValue: value });
  };
  return (detail) =>
    Object.entries(detail)
      .filter(([key]) => !hiddenDetailKeys.has(key))
      .map(
        ([key, value]) =>
          `${t(`account.staff.audit.details.${key}` as never, { defaultValue: key })}: ${valueText(key, value)}`,
      )
      .join(' · ');
}
