/**
 * Forms and their errors. A field's error is either a message of the catalogue (the contract's
 * schemas name i18n keys, validation.ts turns a failure into them), translated when shown so that a
 * change of language follows, or the text the server sent for it (`data.fields`, already in the
 * user's language). A failure of the whole form is the server's message, or the catalogue's for its
 * code.
 *
 * The HTTP client's errors are recognised by their name, not with instanceof: importing the client
 * here would put it (and zod, which it carries) into the first load of /login, whose form uses
 * these helpers before any call is made.
 */
import { errorKeyOfCode } from '@bank/contract/errors';
import { fieldMessages, type MessageRef } from '@bank/contract/validation';
import i18next from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ApiError } from './api-client.ts';

export type FieldError = MessageRef | string;
export type FieldErrors = Record<string, FieldError>;

export type Validation<Data> = { isValid: true; data: Data } | { isValid: false; errors: FieldErrors };

/** Checks the form's values with a schema of the contract: the parsed data, or one message per field. */
export function validate<Schema extends z.ZodType>(schema: Schema, values: unknown): Validation<z.output<Schema>> {
  const result = schema.safeParse(values);
  if (result.success) return { isValid: true, data: result.data };
  return { isValid: false, errors: fieldMessages(result.error) };
}

/** Translates a field error for display: `errorText(errors.email)`. */
export function useErrorText(): (error: FieldError | undefined) => string | undefined {
  const { t } = useTranslation();
  return useCallback(
    (error: FieldError | undefined) => {
      if (error === undefined) return undefined;
      return typeof error === 'string' ? error : t(error.key as never, error.params ?? {});
    },
    [t],
  );
}

/** A failure the server answered with a catalogue code (the client's ApiError). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && error.name === 'ApiError' && typeof (error as ApiError).code === 'number';
}

/** A failure the HTTP client has already shown to the user (the client's TransportError). */
function isTransportError(error: unknown): boolean {
  return error instanceof Error && error.name === 'TransportError';
}

/**
 * The message a form shows for a failed call, in the user's language: the server's own message
 * (already translated), or the catalogue's for its code. Null for a failure the HTTP client has
 * already shown (network, HTTP status, expired session).
 */
export function messageOfError(error: unknown): string | null {
  if (isTransportError(error)) return null;
  if (isApiError(error)) {
    if (error.msg) return error.msg;
    const key = errorKeyOfCode(error.code);
    return i18next.t(key ? `errors.${key}` : 'errors.something_went_wrong');
  }
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  console.error(error);
  return i18next.t('errors.something_went_wrong');
}

/** The key of the catalogue entry of a failed call, if it is one (`rate_limited`, `verification_code_incorrect`, ...). */
export function errorKeyOf(error: unknown): string | undefined {
  return isApiError(error) ? errorKeyOfCode(error.code) : undefined;
}

/** Seconds to wait, from a `rate_limited` or `account_locked` answer. */
export function retryAfterSecondsOf(error: unknown): number | undefined {
  if (!isApiError(error)) return undefined;
  const seconds = (error.data as { retry_after_seconds?: unknown } | null)?.retry_after_seconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : undefined;
}

const focusable = 'input, textarea, select, button, [tabindex]';

/**
 * After a refused submit, moves focus to the first field in error (in the order of the page), so
 * that a keyboard or screen-reader user lands on what needs fixing. Fields are marked with
 * `data-path` (@mantine/form's getInputProps) or, in the KYC sections, `data-field`; a group (radio
 * buttons) marked on its wrapper gives the focus to its first control.
 */
export function focusFirstError(
  form: HTMLFormElement | null,
  errors: Record<string, unknown>,
  attribute: 'path' | 'field' = 'path',
): void {
  if (!form) return;
  const names = new Set(Object.keys(errors));
  for (const field of form.querySelectorAll<HTMLElement>(`[data-${attribute}]`)) {
    if (names.has(field.dataset[attribute] ?? '')) {
      (field.matches(focusable) ? field : field.querySelector<HTMLElement>(focusable))?.focus();
      return;
    }
  }
}
