/**
 * The card application's draft on the server (card/applicationDraft/get, save, discard): the page
 * opens on the user's draft where they left it, saves what they type a moment after they stop (and
 * at once on each step), says when it last saved, and asks before the user leaves with changes not
 * yet saved (a dialog for a move inside the app, the browser's own question for a reload or a
 * closed tab). A draft holds only what the user typed: no date is ever filled in for them.
 */
import {
  type CardApplicationDraft,
  CardApplicationDraftValues,
  type CardApplicationStep,
  discardCardApplicationDraft,
  getCardApplicationDraft,
  saveCardApplicationDraft,
} from '@bank/contract/card-application-drafts';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCircleCheck, IconCloudX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockerFunction, useBlocker } from 'react-router';
import { callApi } from '../../lib/api-client.ts';
import { isSignedIn } from '../../lib/session-storage.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { ApplicationValues } from './application-values.ts';

/** The draft is saved this long after the last keystroke. */
const saveDebounceMs = 1000;

const draftFields = new Set(Object.keys(CardApplicationDraftValues.shape));

/** The form's answers as the draft keeps them: the documents by their ids, nothing the draft does not know. */
function draftValuesOf({
  id_front,
  id_back,
  proof_front,
  proof_back,
  ...values
}: ApplicationValues): CardApplicationDraftValues {
  const known = Object.fromEntries(Object.entries(values).filter(([field]) => draftFields.has(field)));
  return {
    ...known,
    id_front_document_id: id_front?.document_id ?? null,
    id_back_document_id: id_back?.document_id ?? null,
    proof_of_address_front_document_id: proof_front?.document_id ?? null,
    proof_of_address_back_document_id: proof_back?.document_id ?? null,
  };
}

/** The form's answers from a draft, over the blank form: what the draft lacks stays blank. */
export function applicationValuesOf(draft: CardApplicationDraft, blank: ApplicationValues): ApplicationValues {
  const {
    id_front_document_id: _idFront,
    id_back_document_id: _idBack,
    proof_of_address_front_document_id: _proofFront,
    proof_of_address_back_document_id: _proofBack,
    residence_address,
    mailing_address,
    ...values
  } = draft.values;
  const known = Object.fromEntries(Object.entries(values).filter(([field]) => field in blank));
  return {
    ...blank,
    ...known,
    residence_address: { ...blank.residence_address, ...residence_address },
    mailing_address: { ...blank.mailing_address, ...mailing_address },
    id_front: draft.documents.id_front,
    id_back: draft.documents.id_back,
    proof_front: draft.documents.proof_of_address_front,
    proof_back: draft.documents.proof_of_address_back,
  };
}

type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * The user's draft: loaded once (`draft`, undefined while loading), then kept as `values` and
 * `step` change. `isPaused` holds the saving (while the loaded draft is being put into the form).
 */
export function useApplicationDraft({
  values,
  step,
  blank,
  isPaused,
}: {
  values: ApplicationValues;
  step: CardApplicationStep;
  /** The blank form: what a discarded draft leaves. */
  blank: ApplicationValues;
  isPaused: boolean;
}) {
  const loaded = useQuery({
    queryKey: [getCardApplicationDraft.path, 'on_open'],
    queryFn: ({ signal }) => callApi(getCardApplicationDraft, {}, { signal }),
    // Read once when the page opens: a later refresh of the card data must not overwrite the typing.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: 1,
  });
  const body = JSON.stringify({ values: draftValuesOf(values), step });
  const currentBody = useRef(body);
  currentBody.current = body;
  /** What the server holds (or, before any save, what the page opened with): nothing to save while equal. */
  const savedBody = useRef<string | null>(null);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const isDone = useRef(false);
  const isReady = loaded.isSuccess && !isPaused;

  useEffect(() => {
    if (!isReady || savedBody.current !== null) return;
    savedBody.current = currentBody.current;
    setSavedAt(loaded.data?.draft?.saved_at ?? null);
  }, [isReady, loaded.data]);

  const save = useCallback(async (toSave: string): Promise<boolean> => {
    if (isDone.current) return false;
    // One save at a time: the next waits for the one under way, then sends what is current.
    await inFlight.current;
    if (savedBody.current === toSave) return true;
    const attempt = (async () => {
      setStatus('saving');
      try {
        const answer = await callApi(saveCardApplicationDraft, JSON.parse(toSave), { isSilent: true });
        savedBody.current = toSave;
        setSavedAt(answer.saved_at);
        setStatus('saved');
        return true;
      } catch {
        setStatus('failed');
        return false;
      }
    })();
    inFlight.current = attempt;
    try {
      return await attempt;
    } finally {
      if (inFlight.current === attempt) inFlight.current = null;
    }
  }, []);

  const [settled] = useDebouncedValue(body, saveDebounceMs);
  useEffect(() => {
    if (isReady && savedBody.current !== null && settled !== savedBody.current) void save(settled);
  }, [isReady, settled, save]);

  /** Whether the form holds answers the server has not: read when the user leaves. */
  const isHoldingChanges = () =>
    !isDone.current && savedBody.current !== null && savedBody.current !== currentBody.current;

  return {
    /** The draft the page opened on: undefined while loading, null when there was none (or it could not be read). */
    draft: loaded.isSuccess ? loaded.data.draft : loaded.isError ? null : undefined,
    loadFailed: loaded.isError,
    status,
    savedAt,
    hasUnsavedChanges: isReady && savedBody.current !== null && savedBody.current !== body,
    isHoldingChanges,
    /** Saves now (a step done, the user leaving); answers whether everything is saved. */
    saveNow: () => save(currentBody.current),
    /** Forgets the draft on the server, for a fresh start (the page then blanks the form). */
    discard: async () => {
      await inFlight.current;
      await callApi(discardCardApplicationDraft, {});
      savedBody.current = JSON.stringify({ values: draftValuesOf(blank), step: 'cardholder' });
      setSavedAt(null);
      setStatus('idle');
    },
    /**
     * The application is submitted and the server dropped the draft with it: nothing is saved or
     * held back any more.
     */
    finish: async () => {
      isDone.current = true;
      // A save sent while the application was on its way may have landed after it: forget it too.
      await inFlight.current;
      await callApi(discardCardApplicationDraft, {}, { isSilent: true }).catch(() => undefined);
    },
  };
}

export type ApplicationDraft = ReturnType<typeof useApplicationDraft>;

/** Where the draft stands: saving, saved at a time, or not saved (with a retry). */
export function DraftStatus({ draft }: { draft: ApplicationDraft }) {
  const { t } = useTranslation();
  if (draft.status === 'saving')
    return (
      <Group gap={6} role="status" data-testid="draft-status">
        <Loader size="xs" aria-hidden />
        <Text size="xs" c="dimmed">
          {t('cards.applications.draft.saving')}
        </Text>
      </Group>
    );
  if (draft.status === 'failed')
    return (
      <Group gap={6} role="status" data-testid="draft-status">
        <IconCloudX size={16} aria-hidden color="var(--mantine-color-red-text)" />
        <Text size="xs" c="red">
          {t('cards.applications.draft.failed')}
        </Text>
        <Button variant="subtle" size="compact-xs" onClick={() => void draft.saveNow()}>
          {t('cards.applications.draft.retry')}
        </Button>
      </Group>
    );
  if (!draft.savedAt) return null;
  return (
    <Group gap={6} role="status" data-testid="draft-status">
      <IconCircleCheck size={16} aria-hidden color="var(--mantine-color-teal-text)" />
      <Text size="xs" c="dimmed">
        {t('cards.applications.draft.saved')} <DateTime value={draft.savedAt} />
      </Text>
    </Group>
  );
}

/**
 * Asks before the page is left with changes not yet saved: save and leave, leave without them, or
 * stay. A session that has just ended (logout, inactivity) is never held back.
 */
export function LeaveDraftGuard({ draft }: { draft: ApplicationDraft }) {
  const { t } = useTranslation();
  const isHoldingChanges = useRef(draft.isHoldingChanges);
  isHoldingChanges.current = draft.isHoldingChanges;
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      isHoldingChanges.current() && isSignedIn() && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const [isSavingToLeave, setIsSavingToLeave] = useState(false);

  useEffect(() => {
    if (!draft.hasUnsavedChanges) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a value to show their question.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [draft.hasUnsavedChanges]);

  const stay = () => blocker.reset?.();
  const saveAndLeave = async () => {
    setIsSavingToLeave(true);
    const isSaved = await draft.saveNow();
    setIsSavingToLeave(false);
    if (isSaved) blocker.proceed?.();
  };
  return (
    <Dialog isOpen={blocker.state === 'blocked'} onClose={stay} title={t('cards.applications.draft.leave_title')}>
      <Stack gap="md">
        <Text size="sm">{t('cards.applications.draft.leave_description')}</Text>
        {draft.status === 'failed' ? (
          <Text size="sm" c="red" role="alert">
            {t('cards.applications.draft.failed')}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" color="red" onClick={() => blocker.proceed?.()} disabled={isSavingToLeave}>
            {t('cards.applications.draft.leave_without_saving')}
          </Button>
          <Button variant="default" onClick={stay} disabled={isSavingToLeave}>
            {t('cards.applications.draft.stay')}
          </Button>
          <Button onClick={() => void saveAndLeave()} loading={isSavingToLeave} data-autofocus>
            {t('cards.applications.draft.save_and_leave')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
