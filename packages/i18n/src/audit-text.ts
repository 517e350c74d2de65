/**
 * An audit entry in the reader's words, for the web app (i18next) and the server's files alike: its
 * action as a sentence, never its code, and its details as "Label: value" pairs. Each side hands in
 * its own look-up of the catalogue (the word, or undefined when the catalogue has none).
 */
import { type AuditCategory, auditCategoryOf } from '@bank/contract/audit-log';

/** The catalogue's word for a key, or undefined; `params` fill its placeholders. */
export type CatalogueLookup = (key: string, params?: Record<string, string>) => string | undefined;

/** "payout_address.added" -> "account.audit.actions.payout_address_added" (i18next reads dots as nesting). */
function auditActionKey(action: string): string {
  return `account.audit.actions.${action.replace(/\./g, '_')}`;
}

function auditCategoryKey(category: AuditCategory): string {
  return `account.audit.categories.${category}`;
}

/**
 * The action as a sentence: its own when the catalogue has one, else its category's ("API keys: an
 * action was recorded"), so that a module's new action never shows its code.
 */
export function auditActionText(lookup: CatalogueLookup, action: string): string {
  const own = lookup(auditActionKey(action));
  if (own !== undefined) return own;
  const category = lookup(auditCategoryKey(auditCategoryOf(action))) ?? '';
  return lookup('account.audit.unnamed_action', { category }) ?? category;
}

/** Detail entries that only tie records together (an id, `*_id`): not for a reader. */
function isHiddenDetail(key: string): boolean {
  return key === 'id' || key.endsWith('_id') || key.endsWith('_ids');
}

/** Keys whose values are catalogue words elsewhere than the audit log's own values. */
const valueKeyPrefixOf: Readonly<Record<string, string>> = {
  from: 'states.account_kyc.',
  to: 'states.account_kyc.',
  section: 'kyc.sections.',
  sections_to_fix: 'kyc.sections.',
  via: 'account.audit.values.via_',
  category: 'account.audit.categories.',
};

/** Keys whose values are words of a catalogue entry's `label` (a permission's name). */
const labelledValueKeys: Readonly<Record<string, string>> = { permissions: 'team.permissions.' };

/** Keys whose values are instants, written as the reader's dates. */
const timeKeys = new Set(['locked_until', 'until', 'expires_at']);

/** A value that is a code (`pending_approval`), never shown to a reader without its word. */
const isCode = (value: string) => /^[a-z]+(_[a-z]+)+$/.test(value);

/**
 * An entry's details in the reader's language: `{ method: "email", failures: 0 }` reads "Second
 * factor: emailed code · Failed attempts: 0". A detail is shown once the catalogue names its key
 * (`account.audit.details.<key>`), and a value that is a code once it names the value: until then
 * it is left out, so that a reader never meets a field's or a state's code. Records (objects) are
 * for the bank's investigators, never in the text.
 */
export function auditDetailText(
  lookup: CatalogueLookup,
  formatTime: (instant: string) => string,
  detail: Readonly<Record<string, unknown>>,
): string {
  const valueText = (key: string, value: unknown): string | undefined => {
    if (typeof value === 'boolean') return lookup(`account.audit.values.${value ? 'yes' : 'no'}`) ?? String(value);
    if (Array.isArray(value)) {
      const items = value.map((item) => valueText(key, item));
      return items.some((item) => item === undefined) ? undefined : items.join(', ');
    }
    if (typeof value === 'number') return String(value);
    if (typeof value !== 'string') return undefined;
    if (timeKeys.has(key)) return formatTime(value);
    const labelled = labelledValueKeys[key];
    const word = labelled
      ? lookup(`${labelled}${value}.label`)
      : lookup(`${valueKeyPrefixOf[key] ?? 'account.audit.values.'}${value}`);
    return word ?? (isCode(value) ? undefined : value);
  };
  return Object.entries(detail)
    .filter(([key]) => !isHiddenDetail(key))
    .flatMap(([key, value]) => {
      const label = lookup(`account.audit.details.${key}`);
      const text = valueText(key, value);
      return label === undefined || text === undefined ? [] : [`${label}: ${text}`];
    })
    .join(' · ');
}
