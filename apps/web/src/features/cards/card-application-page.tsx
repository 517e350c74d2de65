/**
 * /kyc_apply_card_input: applying for a card, in six steps (the cardholder, the address, the ID, the
 * proof of address, the card and the declarations, and a review with the fees). One form holds
 * every step's answers, so going back keeps them; each step is checked with the contract's rules
 * (the same schema and date rules the server applies) before the next opens, and the submission
 * (card/audit, idempotent) is checked once more as a whole. The username must be checked free at
 * the processor and the email proven by its code before the first step is done.
 *
 * The answers are a draft on the server (application-draft.tsx): the page opens on it where the
 * user left off, keeps it as they type, and asks before they leave with changes not yet saved. The
 * ID's dates are only ever what the user typed; the ones left out are shown as the dates SPEC.md
 * takes instead, which the server applies at submission.
 */

import { cardApplicationSteps } from '@bank/contract/card-application-drafts';
import {
  applicationDateIssues,
  applicationFieldIssues,
  effectiveIdDates,
  SubmitCardApplicationRequest,
  submitCardApplication,
} from '@bank/contract/card-applications';
import { workingDays } from '@bank/contract/constants';
import { pathOf } from '@bank/contract/routes';
import { Alert, Box, Button, Card, Group, Progress, Stack, Stepper, Text } from '@mantine/core';
import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileDescription } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fieldError, useCallForm } from '../../lib/call-form.tsx';
import { isApiError, validate } from '../../lib/form-errors.ts';
import { showSuccess } from '../../lib/notify.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { todayIso } from '../../ui/format-date.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { pageHeading } from '../../ui/page-heading.ts';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { PageSkeleton } from '../../ui/skeletons.tsx';
import {
  type ApplicationDraft,
  applicationValuesOf,
  DraftStatus,
  LeaveDraftGuard,
  useApplicationDraft,
} from './application-draft.tsx';
import { useUsernameCheck } from './application-fields.tsx';
import { AddressStep, CardholderStep, CardStep, IdStep, ProofStep, ReviewStep } from './application-steps.tsx';
import { type ApplicationValues, initialApplication } from './application-values.ts';
import { CardManagementOnly } from './card-management-gate.tsx';
import '../../messages/admin.ts';
import '../../messages/card-applications.ts';
import '../../messages/documents.ts';
import '../../messages/team.ts';

export function requestOf({ id_front, id_back, proof_front, proof_back, ...values }: ApplicationValues) {
  return {
    ...values,
    mailing_address: values.mailing_same_as_residence ? null : values.mailing_address,
    id_issue_date: values.id_issue_date || null,
    id_expiry_date: values.id_expiry_date || null,
    id_front_document_id: id_front?.document_id ?? '',
    id_back_document_id: id_back?.document_id ?? null,
    proof_of_address_front_document_id: proof_front?.document_id ?? '',
    proof_of_address_back_document_id: proof_back?.document_id ?? null,
  };
}

const steps = cardApplicationSteps;
type Step = (typeof steps)[number];

/** The step a field (as the contract names it) is answered on. */
export function stepOfField(field: string): Step {
  if (field.startsWith('residence_address') || field.startsWith('mailing_')) return 'address';
  if (field.startsWith('id_')) return 'id';
  if (field.startsWith('proof_of_address') || field === 'documents_in_english') return 'proof';
  if (
    [
      'level',
      'network',
      'name_on_card',
      'funding_asset',
      'is_programme_enrolment',
      'notes',
      'accept_terms',
      'declare_source_of_funds',
    ].includes(field)
  )
    return 'card';
  return 'cardholder';
}

type Issue = { path: string[]; message: string };
const messagesOf = (issues: Issue[]) =>
  Object.fromEntries(issues.map((issue) => [issue.path.join('.'), { key: issue.message }]));

/** Every problem of the values, by field: the contract's schema, its cross-field and date rules. */
function problemsOf(values: ApplicationValues) {
  const request = requestOf(values);
  const checked = validate(SubmitCardApplicationRequest, request);
  return {
    ...(checked.isValid ? {} : checked.errors),
    ...messagesOf(applicationFieldIssues(request)),
    ...messagesOf(applicationDateIssues(request, todayIso())),
  };
}

export function CardApplicationPage() {
  const { t } = useTranslation();
  return (
    <CardManagementOnly title={t('pages.card_application.title')}>
      <CardApplicationContent />
    </CardManagementOnly>
  );
}

/** A draft resumed (with Start over), or a draft that could not be loaded. */
function DraftNotices({ draft, onStartOver }: { draft: ApplicationDraft; onStartOver: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {draft.draft && draft.savedAt ? (
        <Alert
          variant="light"
          color="bank"
          icon={<IconFileDescription size={18} aria-hidden />}
          title={t('cards.applications.draft.resumed_title')}
          data-testid="draft-resumed"
        >
          <Stack gap="xs">
            <Text size="sm" c="var(--mantine-color-text)">
              {t('cards.applications.draft.resumed')} <DateTime value={draft.draft.saved_at} />
            </Text>
            <Group>
              <Button variant="default" size="xs" onClick={onStartOver}>
                {t('cards.applications.draft.start_over')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {draft.loadFailed ? (
        <Alert variant="light" color="red" role="alert">
          <Text size="sm" c="var(--mantine-color-text)">
            {t('cards.applications.draft.load_failed')}
          </Text>
        </Alert>
      ) : null}
    </>
  );
}

/** Where the user is: "Step 2 of 6" and a bar on a phone, the stepper (steps reached can be opened) elsewhere. */
function StepProgress({
  active,
  reached,
  onStepClick,
}: {
  active: number;
  reached: number;
  onStepClick: (index: number) => void;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 40em)') ?? false;
  return isPhone ? (
    <Stack gap={6}>
      <Text size="sm" fw={600} aria-live="polite">
        {t('cards.applications.apply.step_of', {
          current: active + 1,
          total: steps.length,
          name: t(`cards.applications.apply.steps.${steps[active] ?? 'cardholder'}`),
        })}
      </Text>
      <Progress value={((active + 1) / steps.length) * 100} size="sm" aria-hidden />
    </Stack>
  ) : (
    <Stepper
      active={active}
      onStepClick={(index) => (index <= reached ? onStepClick(index) : undefined)}
      allowNextStepsSelect={false}
      size="sm"
    >
      {steps.map((name) => (
        <Stepper.Step key={name} label={t(`cards.applications.apply.steps.${name}`)} />
      ))}
    </Stepper>
  );
}

/** The card of the step shown: the form's error, the step's fields (the review lists every answer, each with Edit), its buttons. */
function StepFields({
  step,
  form,
  formError,
  usernameCheck,
  onEdit,
  children,
}: {
  step: Step;
  form: UseFormReturnType<ApplicationValues>;
  formError: string | null;
  usernameCheck: ReturnType<typeof useUsernameCheck>;
  onEdit: (step: Step) => void;
  children: ReactNode;
}) {
  const values = form.getValues();
  const idDates = values.date_of_birth ? effectiveIdDates(values.date_of_birth, null, null) : null;
  const stepProps = { form, idPrefix: 'apply' };
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <FormAlert message={formError} />
        {step === 'cardholder' ? <CardholderStep {...stepProps} usernameCheck={usernameCheck} /> : null}
        {step === 'address' ? <AddressStep {...stepProps} /> : null}
        {step === 'id' ? <IdStep {...stepProps} defaults={idDates} /> : null}
        {step === 'proof' ? <ProofStep {...stepProps} /> : null}
        {step === 'card' ? <CardStep {...stepProps} /> : null}
        {step === 'review' ? <ReviewStep values={values} onEdit={onEdit} /> : null}
        {children}
      </Stack>
    </Card>
  );
}

/** The problems of one step's answers; the cardholder step also needs its username checked free. */
function stepErrorsOf(values: ApplicationValues, step: Step, isUsernameVerified: boolean): FormErrors {
  const problems: Record<string, { key: string } | string> = Object.fromEntries(
    Object.entries(problemsOf(values)).filter(([field]) => stepOfField(field) === step),
  );
  if (step === 'cardholder' && !isUsernameVerified && !problems.username)
    problems.username = { key: 'cards.applications.validation.username_unchecked' };
  if (problems.email_proof && !problems.email) problems.email = problems.email_proof;
  return Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, fieldError(message)]));
}

/** A refusal about an earlier step's answer opens that step: the first step a refused field is on. */
function firstStepRefused(error: unknown): number | undefined {
  const fields = isApiError(error) ? Object.keys(error.fieldErrors) : [];
  return fields
    .map(stepOfField)
    .map((step) => steps.indexOf(step))
    .sort((a, b) => a - b)[0];
}

/** Back, the draft's saving state, and Next (Submit on the review). */
function StepButtons({
  isFirst,
  isReview,
  isSubmitting,
  draft,
  onBack,
  onNext,
}: {
  isFirst: boolean;
  isReview: boolean;
  isSubmitting: boolean;
  draft: ApplicationDraft;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mt="sm" gap="sm">
      {!isFirst ? (
        <Button variant="default" onClick={onBack} disabled={isSubmitting}>
          {t('cards.applications.apply.back')}
        </Button>
      ) : (
        <Box />
      )}
      <DraftStatus draft={draft} />
      {/* Keyed apart: the same element turning into a submit button during the click that
          opened the review would submit the form at once. */}
      {isReview ? (
        <Button key="submit" type="submit" loading={isSubmitting} data-testid="submit-application">
          {t('cards.applications.apply.submit')}
        </Button>
      ) : (
        <Button key="next" onClick={onNext} data-testid="next-step">
          {t('cards.applications.apply.next')}
        </Button>
      )}
    </Group>
  );
}

function CardApplicationContent() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [active, setActive] = useState(0);
  const [reached, setReached] = useState(0);
  const usernameCheck = useUsernameCheck();
  const formRef = useRef<HTMLFormElement>(null);
  const callForm = useCallForm({
    call: submitCardApplication,
    initialValues: initialApplication,
    toRequest: requestOf,
    invalidFormMessage: t('cards.applications.apply.invalid_form'),
    validateAlso: (values) =>
      Object.fromEntries(
        [...applicationDateIssues(requestOf(values), todayIso())].map((issue) => [
          issue.path.join('.'),
          fieldError({ key: issue.message }),
        ]),
      ),
    onSuccess: async () => {
      await draft.finish();
      showSuccess(t('cards.applications.apply.submitted', { days: workingDays.cardReview }));
      await queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/v1/card/'),
      });
      await navigate(pathOf('cardholder_kyc'));
    },
    onFailure: (error) => {
      const first = firstStepRefused(error);
      if (first !== undefined && first < steps.length - 1) setActive(first);
    },
  });
  const { form, submit, formError, isSubmitting } = callForm;
  const [isDraftApplied, setIsDraftApplied] = useState(false);
  const draft = useApplicationDraft({
    values: form.getValues(),
    step: steps[reached] ?? 'cardholder',
    blank: initialApplication,
    isPaused: !isDraftApplied,
  });
  const resumed = draft.draft;

  // The draft, once loaded, fills the form where the user left off (its username checked again).
  // The form drawn again with it is a transition, drawn in slices: drawn at once, it held a phone's
  // main thread for some 240 ms (bench/profile-page.mjs at 4x), a tap on the form included.
  // biome-ignore lint/correctness/useExhaustiveDependencies: applied once, when the draft arrives
  useEffect(() => {
    if (isDraftApplied || resumed === undefined) return;
    const username = resumed?.values.username?.trim();
    startTransition(() => {
      if (resumed) {
        form.setValues(applicationValuesOf(resumed, initialApplication));
        const index = Math.max(0, steps.indexOf(resumed.step));
        setActive(index);
        setReached(index);
      }
      setIsDraftApplied(true);
    });
    if (username) void usernameCheck.check(username);
  }, [resumed, isDraftApplied]);

  // Each step reached is saved at once, beside the saving as the user types.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step is the only trigger
  useEffect(() => {
    if (isDraftApplied && reached > 0) void draft.saveNow();
  }, [reached]);

  const startOver = async () => {
    await draft.discard();
    form.setValues(initialApplication);
    form.clearErrors();
    setActive(0);
    setReached(0);
  };

  const goTo = (index: number) => {
    setActive(index);
    setReached((current) => Math.max(current, index));
    window.scrollTo({ top: 0 });
  };

  /** Checks the step's answers; shows their problems and answers whether the step is done. */
  const checkStep = (step: Step): boolean => {
    const values = form.getValues();
    const errors = stepErrorsOf(values, step, usernameCheck.isVerified(values.username.trim()));
    form.setErrors(errors);
    return Object.keys(errors).length === 0;
  };

  /** The review's submit: an answer an earlier step lost (a date now past) opens that step first. */
  const submitAll = (event: FormEvent<HTMLFormElement>) => {
    const unanswered = Object.keys(problemsOf(form.getValues()))
      .map(stepOfField)
      .map((name) => steps.indexOf(name))
      .sort((a, b) => a - b)[0];
    if (unanswered !== undefined || !usernameCheck.isVerified(form.getValues().username.trim())) {
      event.preventDefault();
      const index = unanswered ?? 0;
      setActive(index);
      checkStep(steps[index] ?? 'cardholder');
      return;
    }
    submit(event);
  };

  const next = () => {
    const step = steps[active];
    if (step && checkStep(step)) goTo(active + 1);
  };

  const step = steps[active] ?? 'cardholder';

  return (
    <PageFrame {...pageHeading(t, 'card_application')}>
      {isDraftApplied ? (
        <>
          <LeaveDraftGuard draft={draft} />
          <Stack gap="lg" maw={880}>
            <DraftNotices draft={draft} onStartOver={() => void startOver()} />
            <StepProgress active={active} reached={reached} onStepClick={setActive} />
            <form ref={formRef} noValidate onSubmit={submitAll} style={readableErrorColour}>
              <StepFields
                step={step}
                form={form}
                formError={formError}
                usernameCheck={usernameCheck}
                onEdit={(name) => setActive(steps.indexOf(name))}
              >
                <StepButtons
                  isFirst={active === 0}
                  isReview={step === 'review'}
                  isSubmitting={isSubmitting}
                  draft={draft}
                  onBack={() => setActive(active - 1)}
                  onNext={next}
                />
              </StepFields>
            </form>
          </Stack>
        </>
      ) : (
        <PageSkeleton />
      )}
    </PageFrame>
  );
}
