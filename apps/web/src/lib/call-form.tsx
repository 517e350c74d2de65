/**
 * A form that makes one call, the one way forms are written here. @mantine/form holds the values
 * and the field errors (a field's error clears as the user edits it; `form.getInputProps(name)`
 * wires an input, and marks it so that the first field in error takes the focus). The call's request
 * schema from the contract is the validator: the same rules the server applies, with the same
 * messages. Submitting runs a TanStack Query mutation, and its failure lands where the user looks:
 * SPEC.md's validation answer on each field, a catalogue error the form ties to a field (a wrong
 * code on the code field) on that field, anything else in the form's alert (or nowhere, when the
 * HTTP client has already shown it). A call the contract marks idempotent carries one key per
 * intended effect: a retry of the same values reuses it, so that a lost answer never pays twice.
 *
 * Field messages are stored as elements that translate when they render, so that a change of
 * language follows; the server's own messages arrive already translated.
 */
import type { CallDefinition, RequestOf, ResponseOf } from '@bank/contract/calls';
import type { ErrorKey } from '@bank/contract/errors';
import { fieldMessages, type MessageRef } from '@bank/contract/validation';
import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from './api-client.ts';
import { errorKeyOf, focusFirstError, isApiError, messageOfError } from './form-errors.ts';

/**
 * What a submission needs, loaded on the first submit: TanStack Query's mutation (the observer
 * useMutation wraps, on the app's query client) and the HTTP client (with zod). /login's form is
 * this one, and its first load does without all three; every other page has them loaded already.
 */
const loadMutationParts = () =>
  Promise.all([import('@tanstack/react-query'), import('./query-client.ts'), import('./api-client.ts')]);

/** A message of the catalogue, translated each time it renders. */
function FieldMessage({ message }: { message: MessageRef }): ReactNode {
  const { t } = useTranslation();
  return t(message.key as never, message.params ?? {});
}

/** A field error for the form: a catalogue message (translated when shown) or the server's text. */
export function fieldError(message: MessageRef | string): ReactNode {
  return typeof message === 'string' ? message : <FieldMessage message={message} />;
}

/** The form errors of a request schema's failure, one per field, or none when the body is valid. */
export function schemaErrors(call: CallDefinition, body: unknown): FormErrors {
  const result = call.request.safeParse(body);
  if (result.success) return {};
  return Object.fromEntries(
    Object.entries(fieldMessages(result.error)).map(([field, ref]) => [field, fieldError(ref)]),
  );
}

type SchemaNode = { _zod: { def: Record<string, unknown> & { type: string } }; maxLength?: number | null };

/**
 * The longest text the schema accepts at a field (`email`, `owners.0.name`), so that an input stops
 * where the contract does: no length is written twice. Undefined where the schema sets none.
 */
export function maxLengthAt(schema: unknown, path: string): number | undefined {
  return lengthAt(schema as SchemaNode | undefined, path === '' ? [] : path.split('.'));
}

function lengthAt(node: SchemaNode | undefined, segments: string[]): number | undefined {
  if (!node) return undefined;
  const def = node._zod.def;
  const [head = '', ...rest] = segments;
  if (def.type === 'object')
    return segments.length > 0 ? lengthAt((def.shape as Record<string, SchemaNode>)[head], rest) : undefined;
  if (def.type === 'array') return segments.length > 0 ? lengthAt(def.element as SchemaNode, rest) : undefined;
  // A pipe (trim, then a format; a value, then a transform): the length is on whichever side states it.
  if (def.type === 'pipe') return lengthAt(def.in as SchemaNode, segments) ?? lengthAt(def.out as SchemaNode, segments);
  if ('innerType' in def) return lengthAt(def.innerType as SchemaNode, segments); // optional, nullable, default...
  return segments.length === 0 && typeof node.maxLength === 'number' ? node.maxLength : undefined;
}

type FieldName<Values> = Extract<keyof Values, string>;

export type CallFormOptions<Call extends CallDefinition, Values extends Record<string, unknown>> = {
  /**
   * The call, or a loader of it for a form on a page whose first paint must not wait for the contract
   * (/login, /reg): its schema then applies from the first `prefetchCall()` or submission on.
   */
  call: Call | (() => Promise<Call>);
  initialValues: Values;
  /** The request body the values make (fixed fields added); the call's request schema checks it. */
  toRequest?: (values: Values) => unknown;
  /** Catalogue errors that concern one field, shown on it: `{ invalid_credentials: 'old_password' }`. */
  fieldOfError?: Partial<Record<ErrorKey, FieldName<Values>>>;
  /** Fields emptied after a refusal: a code that was used up, or must be typed again. */
  resetOnFailure?: FieldName<Values>[];
  onSuccess?: (answer: ResponseOf<Call>, body: RequestOf<Call>) => unknown;
  /** Told of every failed call, after the form has shown it (a wait to start, a step to go back to). */
  onFailure?: (error: unknown) => void;
  /**
   * Catalogue errors the form answers itself in onFailure, neither shown nor emptying a field: a
   * step-up the user goes through before the same values are sent again (`submit()`).
   */
  handledErrors?: ErrorKey[];
  /** Shown above the fields whenever some are in error (a long form, whose errors may be out of sight). */
  invalidFormMessage?: string;
  /** Valid values wait for the user to confirm (`confirmation.confirm()`) before the call is made. */
  isConfirmed?: boolean;
  /**
   * Errors of fields the call does not carry but a later call of the same step will (a payout's
   * purpose, checked with the quote's amount before either is asked): shown with the schema's own.
   */
  validateAlso?: (values: Values) => FormErrors;
};

export type CallForm<Values extends Record<string, unknown>> = {
  form: UseFormReturnType<Values>;
  /** For `<form onSubmit={submit} noValidate>`. */
  submit: (event?: FormEvent<HTMLFormElement>) => void;
  /** The failure shown above the fields, in the user's language. */
  formError: string | null;
  isSubmitting: boolean;
  /** With `isConfirmed`: whether valid values await the user's confirmation, and the two answers. */
  confirmation: { isOpen: boolean; confirm: () => void; cancel: () => void };
  /** With a loader of the call: loads it now (on the form's first focus), so that its lengths apply. */
  prefetchCall: () => void;
};

/** The form errors of a refused call: per field where it says so, or null for the form's alert. */
function fieldErrorsOf<Values>(
  error: ApiError,
  fields: ReadonlySet<string>,
  fieldOfError: Partial<Record<ErrorKey, FieldName<Values>>>,
): FormErrors | null {
  const key = errorKeyOf(error) as ErrorKey | undefined;
  const field = key ? fieldOfError[key] : undefined;
  if (field) return { [field]: error.msg || messageOfError(error) };
  const byField = Object.entries(error.fieldErrors).filter(([name]) => fields.has(name));
  return byField.length > 0 ? Object.fromEntries(byField) : null;
}

export function useCallForm<Call extends CallDefinition, Values extends Record<string, unknown>>(
  currentOptions: CallFormOptions<Call, Values>,
): CallForm<Values> {
  // The options of the latest render (a step the user switched to, a language changed since).
  const latestOptions = useRef(currentOptions);
  latestOptions.current = currentOptions;
  const [formError, setFormError] = useState<string | null>(null);
  // A call given as a loader, once loaded: the form renders again to take its lengths.
  const [loadedCall, setLoadedCall] = useState<Call | null>(null);
  const loadedCallRef = useRef(loadedCall);
  loadedCallRef.current = loadedCall;
  const resolveCall = async (): Promise<Call> => {
    const { call } = latestOptions.current;
    if (typeof call !== 'function') return call;
    const loaded = await call();
    setLoadedCall(loaded);
    return loaded;
  };
  const toRequest = (values: Values) => (latestOptions.current.toRequest ?? ((same: Values) => same))(values);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: currentOptions.initialValues,
    validate: async (values) => ({
      ...(latestOptions.current.validateAlso?.(values) ?? {}),
      ...schemaErrors(await resolveCall(), toRequest(values)),
    }),
    // Each text input stops at the contract's length (a call loaded on use, once it is loaded).
    enhanceGetInputProps: ({ field }) => {
      const { call } = latestOptions.current;
      const schemaCall = typeof call === 'function' ? loadedCallRef.current : call;
      const maxLength = schemaCall ? maxLengthAt(schemaCall.request, field) : undefined;
      return maxLength === undefined ? {} : { maxLength };
    },
  });
  /** The idempotency key of the effect being attempted, and the body it was made for. */
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isInFlight = useRef(false);

  /** One submission as a TanStack Query mutation, with its idempotency key when the call needs one. */
  const mutate = async (call: Call, body: RequestOf<Call>): Promise<ResponseOf<Call>> => {
    const [{ MutationObserver }, { queryClient }, { callApi, newIdempotencyKey }] = await loadMutationParts();
    const observer = new MutationObserver(queryClient, {
      mutationFn: async () => {
        if (!call.isIdempotent) return callApi(call, body);
        const serialized = JSON.stringify(body);
        if (attempt.current?.body !== serialized) attempt.current = { key: newIdempotencyKey(), body: serialized };
        return callApi(call, body, { idempotencyKey: attempt.current.key });
      },
    });
    return observer.mutate();
  };

  const [isConfirming, setIsConfirming] = useState(false);
  const confirmingForm = useRef<HTMLFormElement | null>(null);

  const run = async (formElement: HTMLFormElement | null) => {
    const options = latestOptions.current;
    if (isInFlight.current) return;
    setFormError(null);
    const checked = await form.validate();
    if (checked.hasErrors) {
      if (options.invalidFormMessage) setFormError(options.invalidFormMessage);
      focusFirstError(formElement, checked.errors);
      return;
    }
    if (options.isConfirmed) {
      confirmingForm.current = formElement;
      setIsConfirming(true);
      return;
    }
    await send(formElement);
  };

  const send = async (formElement: HTMLFormElement | null) => {
    const options = latestOptions.current;
    if (isInFlight.current) return;
    isInFlight.current = true;
    setIsSubmitting(true);
    try {
      const call = await resolveCall();
      const body = call.request.parse(toRequest(form.getValues())) as RequestOf<Call>;
      const answer = await mutate(call, body);
      attempt.current = null;
      setIsConfirming(false);
      await options.onSuccess?.(answer, body);
    } catch (error) {
      setIsConfirming(false);
      if (options.handledErrors?.includes(errorKeyOf(error) as ErrorKey)) {
        options.onFailure?.(error);
        return;
      }
      // Emptied first: a change of value clears the field's error, and the error may be on it.
      for (const field of options.resetOnFailure ?? []) form.setFieldValue(field, '' as never);
      const errors = isApiError(error)
        ? fieldErrorsOf(error, new Set(Object.keys(form.getValues())), options.fieldOfError ?? {})
        : null;
      if (errors) {
        form.setErrors(errors);
        if (options.invalidFormMessage) setFormError(options.invalidFormMessage);
        focusFirstError(formElement, errors);
      } else setFormError(messageOfError(error));
      options.onFailure?.(error);
    } finally {
      isInFlight.current = false;
      setIsSubmitting(false);
    }
  };

  return {
    form,
    submit: (event) => {
      event?.preventDefault();
      // A form in a dialog is in its opener's React tree: its submit must not reach a form around it.
      event?.stopPropagation();
      void run(event?.currentTarget ?? null);
    },
    formError,
    isSubmitting,
    confirmation: {
      isOpen: isConfirming,
      confirm: () => {
        void send(confirmingForm.current);
      },
      cancel: () => setIsConfirming(false),
    },
    prefetchCall: () => {
      resolveCall().catch(() => undefined); // a failed load is retried by the submission
    },
  };
}
