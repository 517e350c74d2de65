/**
 * The frame of the four KYC steps: the page's title, the stepper (every step clickable and
 * reachable with the keyboard, each marked with its section's real state), what the user must know
 * (read-only while under review, the reason of a refusal), the form, the alert that announces what
 * to fix, and Save draft / Save and continue. On a phone the stepper shows numbers only, with the
 * current step written out beneath.
 */
import type { KycSection } from '@bank/contract/documents';
import type { KycInfo } from '@bank/contract/kyc';
import { pathOf } from '@bank/contract/routes';
import { Alert, Box, Button, Group, List, Paper, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconArrowLeft, IconCheck, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { type ReactNode, type RefObject, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type FieldErrors, useErrorText } from '../../lib/form-errors.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { RefusalReason } from './kyc-record.tsx';
import { kycSteps, progressOf, stepIndexOf } from './kyc-steps.ts';
import { unplacedErrors } from './section-errors.ts';
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx';
import type { SectionForm } from './use-section-form.ts';

function KycStepper({ section, info }: { section: KycSection; info: KycInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const active = stepIndexOf(section);
  const current = kycSteps[active];
  return (
    <Box component="nav" aria-label={t('kyc.steps.navigation')}>
      <Stepper
        active={active}
        onStepClick={(index) => {
          const step = kycSteps[index];
          if (step && index !== active) void navigate(pathOf(step.pageId));
        }}
        allowNextStepsSelect
        size={isPhone ? 'sm' : 'md'}
        iconSize={isPhone ? 32 : 36}
        styles={{
          steps: { flexWrap: 'nowrap' },
          // The line between steps stays neutral: Mantine colours it up to the open step, which would
          // show steps passed over as done; each step's own mark says whether it is complete.
          separator: { marginInline: isPhone ? 6 : undefined, backgroundColor: 'var(--stepper-outline-color)' },
        }}
      >
        {kycSteps.map((step, index) => {
          const progress = progressOf(info.sections[step.section]);
          const title = t(`pages.${step.pageId}.title`);
          const status = t(`kyc.progress.${progress}`);
          const isComplete = progress === 'complete';
          return (
            <Stepper.Step
              key={step.section}
              label={isPhone ? undefined : title}
              description={isPhone ? undefined : status}
              aria-label={
                isPhone
                  ? `${t('kyc.steps.step_of', { step: index + 1, count: kycSteps.length })}: ${title}, ${status}`
                  : undefined
              }
              aria-current={index === active ? 'step' : undefined}
              icon={isComplete ? <IconCheck size={18} aria-hidden /> : index + 1}
              completedIcon={isComplete ? <IconCheck size={18} aria-hidden /> : index + 1}
              // A step passed over but not complete looks like a step still to do, not a finished one.
              styles={
                index < active && !isComplete
                  ? {
                      stepIcon: {
                        backgroundColor: 'var(--mantine-color-gray-1)',
                        borderColor: 'var(--mantine-color-gray-1)',
                        color: 'var(--mantine-color-gray-8)',
                      },
                      stepCompletedIcon: { color: 'var(--mantine-color-gray-8)' },
                    }
                  : undefined
              }
            />
          );
        })}
      </Stepper>
      {isPhone && current ? (
        <Text size="sm" mt="xs" c="dimmed">
          {t('kyc.steps.step_of', { step: active + 1, count: kycSteps.length })} ·{' '}
          {t(`kyc.progress.${progressOf(info.sections[current.section])}`)}
        </Text>
      ) : null}
    </Box>
  );
}

/** Errors of the last check that no input on the page shows, found in the rendered form. */
function useUnplacedErrors(formRef: RefObject<HTMLFormElement | null>, errors: FieldErrors) {
  const [unplaced, setUnplaced] = useState<ReturnType<typeof unplacedErrors>>([]);
  useEffect(() => {
    const form = formRef.current;
    if (!form || Object.keys(errors).length === 0) {
      // The list it holds when already empty: a new empty one would draw the whole step again.
      setUnplaced((current) => (current.length === 0 ? current : []));
      return;
    }
    const placed = new Set(
      [...form.querySelectorAll<HTMLElement>('[data-field]')].map((field) => field.dataset.field ?? ''),
    );
    setUnplaced(unplacedErrors(errors, placed));
  }, [formRef, errors]);
  return unplaced;
}

export type KycStepFrameProps<Values> = {
  section: KycSection;
  info: KycInfo;
  form: SectionForm<Values>;
  children: ReactNode;
};

export function KycStepFrame<Values>({ section, info, form, children }: KycStepFrameProps<Values>) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const step = kycSteps[stepIndexOf(section)];
  const pageId = step?.pageId ?? 'kyc';
  const isEditable = info.is_editable;
  const unplaced = useUnplacedErrors(form.formRef, form.errors);
  const isLast = stepIndexOf(section) === kycSteps.length - 1;
  const refusalReason =
    info.status === 'rejected' || info.status === 'pending_resubmission' ? info.refusal_reason : null;
  const readOnlyKey =
    info.status === 'kyc_approved'
      ? 'kyc.steps.read_only_approved'
      : info.status === 'kyc_rejected'
        ? 'kyc.steps.read_only_refused'
        : 'kyc.steps.read_only';

  return (
    <PageFrame
      title={t(`pages.${pageId}.title`)}
      description={t(`pages.${pageId}.purpose`)}
      actions={
        <Button
          component={Link}
          to={pathOf('kyc')}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {t('kyc.steps.back_to_overview')}
        </Button>
      }
    >
      <KycStepper section={section} info={info} />

      {isEditable ? null : (
        <Alert
          color="bank"
          variant="light"
          icon={<IconLock size={18} aria-hidden />}
          title={t('kyc.steps.read_only_title')}
        >
          <Group gap="xs">
            <Text size="sm">{t(readOnlyKey)}</Text>
            <StatusBadge list="account_kyc" value={info.status} />
          </Group>
        </Alert>
      )}
      {refusalReason && isEditable ? (
        <RefusalReason
          reason={refusalReason}
          title={t('kyc.overview.reason_title')}
          colour="orange"
          icon={<IconInfoCircle size={18} aria-hidden />}
        />
      ) : null}

      <form
        ref={form.formRef}
        style={readableErrorColour}
        noValidate
        aria-label={t(`pages.${pageId}.title`)}
        // A submitted application reads as a record, not as boxes to type in (app.css).
        data-read-only={isEditable ? undefined : true}
        onSubmit={(event) => {
          event.preventDefault();
          form.saveAndContinue();
        }}
      >
        <Stack gap="lg">
          {form.alert ? (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
              <Text size="sm" fw={500}>
                {form.alert.message}
              </Text>
              {unplaced.length > 0 ? (
                <List size="sm" mt={4}>
                  {unplaced.map(([key, error]) => (
                    <List.Item key={key}>{errorText(error)}</List.Item>
                  ))}
                </List>
              ) : null}
            </Alert>
          ) : null}

          {/* Read-only fields stay readable, and documents can still be previewed. */}
          <Stack gap="lg">{children}</Stack>

          {isEditable ? (
            <Paper
              withBorder
              px="md"
              py="sm"
              style={{ position: 'sticky', bottom: 0, zIndex: 2, boxShadow: '0 -4px 12px rgba(23, 33, 47, 0.06)' }}
            >
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text
                  size="sm"
                  c={form.isDirty ? 'orange.9' : 'dimmed'}
                  role="status"
                  visibleFrom={form.isDirty ? undefined : 'sm'}
                >
                  {form.isDirty ? t('kyc.form.unsaved') : form.hasSaved ? t('kyc.form.all_saved') : ''}
                </Text>
                <Group gap="sm" wrap="wrap" flex={{ base: 1, sm: 'initial' }} justify="flex-end">
                  <Button
                    variant="default"
                    onClick={form.saveDraft}
                    loading={form.savingMode === 'draft'}
                    disabled={form.savingMode === 'complete'}
                    flex={{ base: '1 1 auto', sm: 'initial' }}
                  >
                    {t('kyc.form.save_draft')}
                  </Button>
                  <Button
                    type="submit"
                    loading={form.savingMode === 'complete'}
                    disabled={form.savingMode === 'draft'}
                    flex={{ base: '1 1 auto', sm: 'initial' }}
                  >
                    {isLast ? t('kyc.form.save_and_finish') : t('kyc.form.save_and_continue')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          ) : null}
        </Stack>
      </form>
      <UnsavedChangesGuard isDirtyRef={form.isDirtyRef} isDirty={form.isDirty} />
    </PageFrame>
  );
}

/** A titled part of a step's form. */
export function FormSection({
  title,
  description,
  children,
  actions,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <div>
          <Text component="h2" fw={600} fz="lg">
            {title}
          </Text>
          {description ? (
            <Text size="sm" c="dimmed" mt={2}>
              {description}
            </Text>
          ) : null}
        </div>
        {actions}
      </Group>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}
