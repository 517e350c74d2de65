/**
 * The state and saving of one KYC step. The form holds its values; "Save draft" sends them with
 * `complete: false` (only the format of what is there is checked) and "Save and continue" with
 * `complete: true` (nothing may be missing), after checking them in the browser with the SAME
 * contract schema the server uses. Signatures drawn on the screen are uploaded just before the
 * save that refers to them. Errors from either check land under the request's field paths
 * (section-errors.ts); the first field in error takes the focus and an alert announces the count.
 */
import type { CallDefinition } from '@bank/contract/calls';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError, callApi } from '../../lib/api-client.ts';
import { errorKeyOf, type FieldErrors, focusFirstError, messageOfError, validate } from '../../lib/form-errors.ts';
import { showSuccess } from '../../lib/notify.ts';
import { refreshKyc } from './kyc-api.ts';
import { withoutErrorsUnder } from './section-errors.ts';

export type SectionFormConfig<Values> = {
  initialValues: Values;
  /** The request's `data` for these values; a signature not uploaded yet stands as pendingSignatureId. */
  toData: (values: Values) => Record<string, unknown>;
  /** The contract's Save*Request schema, checked before sending. */
  schema: z.ZodType;
  call: CallDefinition;
  /** Uploads what only the browser holds (drawn signatures), answering values that refer to the stored documents. */
  uploadPending?: (values: Values) => Promise<Values>;
  nextPath: string;
  isEditable: boolean;
};

/** Stands for a signature drawn but not uploaded yet, so that the completeness check counts it. */
export const pendingSignatureId = 'pending-signature';

export type FormAlert = { message: string; count: number } | null;

export function useSectionForm<Values>(config: SectionFormConfig<Values>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [values, setValuesState] = useState(config.initialValues);
  const [baseline, setBaseline] = useState(config.initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<FormAlert>(null);
  const [savingMode, setSavingMode] = useState<'draft' | 'complete' | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const configRef = useRef(config);
  configRef.current = config;

  const isDirty = JSON.stringify(config.toData(values)) !== JSON.stringify(config.toData(baseline));
  /** Read by the unsaved-changes guard at the moment of a navigation. */
  const isDirtyRef = useRef(isDirty);
  /** Whether a save succeeded on this visit: "All changes saved" says nothing of an untouched form. */
  const [hasSaved, setHasSaved] = useState(false);
  isDirtyRef.current = isDirty;

  /** Changes values; the errors of the fields named go (the user is fixing them). */
  const change = useCallback((update: (current: Values) => Values, ...changedPaths: string[]) => {
    setValuesState(update);
    if (changedPaths.length > 0)
      setErrors((current) => changedPaths.reduce((kept, path) => withoutErrorsUnder(kept, path), current));
  }, []);

  /** Takes documents that arrived from elsewhere (a phone) into both the values and the saved state. */
  const adopt = useCallback((update: (current: Values) => Values, isAlreadySaved: boolean) => {
    setValuesState(update);
    if (isAlreadySaved) setBaseline(update);
  }, []);

  const refuse = (fieldErrors: FieldErrors, message: string) => {
    setErrors(fieldErrors);
    setAlert({ message, count: Object.keys(fieldErrors).length });
    // After the render that shows the errors, so that the field to focus exists.
    requestAnimationFrame(() => focusFirstError(formRef.current, fieldErrors, 'field'));
  };

  const save = async (complete: boolean) => {
    const current = configRef.current;
    if (savingMode || !current.isEditable) return;
    setAlert(null);
    const checked = validate(current.schema, { complete, data: current.toData(values) });
    if (!checked.isValid) {
      refuse(checked.errors, t('kyc.form.fix_errors', { count: Object.keys(checked.errors).length }));
      return;
    }
    setErrors({});
    setSavingMode(complete ? 'complete' : 'draft');
    try {
      let saved = values;
      if (current.uploadPending) {
        try {
          saved = await current.uploadPending(values);
        } catch {
          setAlert({ message: t('errors.upload_error'), count: 0 });
          return;
        }
        setValuesState(saved);
      }
      await callApi(current.call, { complete, data: current.toData(saved) } as never);
      setBaseline(saved);
      setHasSaved(true);
      isDirtyRef.current = false;
      showSuccess(complete ? t('kyc.form.saved_complete') : t('kyc.form.saved_draft'));
      await refreshKyc(queryClient);
      if (complete) await navigate(current.nextPath);
    } catch (error) {
      if (
        error instanceof ApiError &&
        errorKeyOf(error) === 'validation' &&
        Object.keys(error.fieldErrors).length > 0
      ) {
        refuse(
          error.fieldErrors,
          error.msg || t('kyc.form.fix_errors', { count: Object.keys(error.fieldErrors).length }),
        );
      } else {
        const message = messageOfError(error);
        if (message) setAlert({ message, count: 0 });
      }
    } finally {
      setSavingMode(null);
    }
  };

  return {
    values,
    change,
    adopt,
    errors,
    setErrors,
    alert,
    formRef,
    isDirty,
    isDirtyRef,
    hasSaved,
    savingMode,
    saveDraft: () => void save(false),
    saveAndContinue: () => void save(true),
  };
}

export type SectionForm<Values> = ReturnType<typeof useSectionForm<Values>>;
