/**
 * Field errors of a KYC step, keyed by the dotted path the contract and the server use for the
 * request `{complete, data}`: `data.company_name`, `data.shareholders.0.name`. The browser's own
 * check (the same schema) and the server's `data.fields` land under the same keys, so each input
 * reads its error with errorAt(errors, 'company_name') whoever found it.
 */
import type { FieldError, FieldErrors } from '../../lib/form-errors.ts';

/** The key of a field of the section's data: ('shareholders', 0, 'name') -> 'data.shareholders.0.name'. */
export function dataPath(...parts: (string | number)[]): string {
  return ['data', ...parts].join('.');
}

export function errorAt(errors: FieldErrors, ...parts: (string | number)[]): FieldError | undefined {
  return errors[dataPath(...parts)];
}

function isUnder(key: string, prefix: string): boolean {
  return key === prefix || key.startsWith(`${prefix}.`);
}

/** The errors without those of a field and everything inside it (the user has just changed it). */
export function withoutErrorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  const kept = Object.entries(errors).filter(([key]) => !isUnder(key, prefix));
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}

/**
 * After a row of a list is removed: its errors go, and those of the rows after it move up one, so
 * that each error stays beside the row it is about. The list's own error stays.
 */
export function errorsAfterRowRemoved(errors: FieldErrors, listPath: string, removedIndex: number): FieldErrors {
  const result: FieldErrors = {};
  const prefix = `${listPath}.`;
  for (const [key, error] of Object.entries(errors)) {
    if (!key.startsWith(prefix)) {
      result[key] = error;
      continue;
    }
    const [indexText = '', ...rest] = key.slice(prefix.length).split('.');
    const index = Number(indexText);
    if (!/^\d+$/.test(indexText) || index < removedIndex) result[key] = error;
    else if (index > removedIndex) result[[listPath, index - 1, ...rest].join('.')] = error;
  }
  return result;
}

/** Errors no input of the page shows (a field the page does not know): listed in the form's alert. */
export function unplacedErrors(errors: FieldErrors, placedFields: ReadonlySet<string>): [string, FieldError][] {
  return Object.entries(errors).filter(([key]) => !placedFields.has(key));
}
