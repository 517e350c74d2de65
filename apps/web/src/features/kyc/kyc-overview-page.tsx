/**
 * /kyc: the company's KYC at a glance. The overall status, the reason when staff refused or
 * returned it (after a final refusal, also what the company can do now: its relationship manager,
 * or a message to the bank through feedback), the four sections as cards (what each needs, its review state, whether it is
 * complete or a draft, and the way in), the history of every submission (kyc-rounds.tsx), and Submit: it answers
 * 'Please complete all the sections before submission' until the four are complete, then asks for
 * confirmation, locks the sections (read-only under review) and refreshes the session's kyc_status
 * so that the KYC gate follows at once.
 */
import { workingDays } from '@bank/contract/constants';
import type { KycSection } from '@bank/contract/documents';
import { type KycInfo, submitKyc } from '@bank/contract/kyc';
import { pathOf } from '@bank/contract/routes';
import { Alert, Box, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconBuilding,
  IconCircleCheck,
  IconCircleDashed,
  IconFileCertificate,
  IconMessage,
  IconPencil,
  IconSend,
  IconSignature,
  IconUsers,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../lib/api-client.ts';
import { messageOfError } from '../../lib/form-errors.ts';
import { showSuccess } from '../../lib/notify.ts';
import { writeSession } from '../../lib/session-storage.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { refreshKyc, useKycInfo } from './kyc-api.ts';
import { KycRounds, RefusalReason } from './kyc-record.tsx';
import { kycSteps, progressOf, type SectionProgress } from './kyc-steps.ts';
import '../../messages/kyc.ts';

const sectionIcons = {
  corporate: IconSignature,
  company: IconBuilding,
  shareholder: IconUsers,
  trading: IconFileCertificate,
} as const;

const refusedStatuses: ReadonlySet<KycInfo['status']> = new Set(['rejected', 'pending_resubmission', 'kyc_rejected']);

/** A card's progress: the form's completeness, or, after a refusal, whether it still needs correcting. */
type CardProgress = SectionProgress | 'to_correct' | 'corrected';

function cardProgressOf(state: KycInfo['sections'][KycSection], info: KycInfo): CardProgress {
  if (state.status !== 'failed' || !info.is_editable) return progressOf(state);
  const decidedAt = info.history.reduce<string | null>(
    (latest, round) => (round.decided_at && (!latest || round.decided_at > latest) ? round.decided_at : latest),
    null,
  );
  return state.updated_at && decidedAt && state.updated_at > decidedAt ? 'corrected' : 'to_correct';
}

function ProgressMark({ progress }: { progress: CardProgress }) {
  const { t } = useTranslation();
  const isDone = progress === 'complete' || progress === 'corrected';
  const colour = isDone ? 'teal.9' : progress === 'to_correct' ? 'red.8' : progress === 'draft' ? 'orange.9' : 'dimmed';
  const Icon = isDone ? IconCircleCheck : progress === 'to_correct' ? IconAlertCircle : IconCircleDashed;
  return (
    <Group gap={6} wrap="nowrap" c={colour}>
      <Icon size={16} aria-hidden />
      <Text size="sm" fw={500}>
        {t(`kyc.progress.${progress}`)}
      </Text>
    </Group>
  );
}

/**
 * A section's card: its step, title and what it needs (fixed text, drawn at once), then its review
 * state (`badge`) and its progress and way in (`footer`), or their skeletons while the KYC loads.
 */
function SectionCardFrame({
  index,
  badge,
  footer,
  isMarked = false,
}: {
  index: number;
  badge: ReactNode;
  footer: ReactNode;
  isMarked?: boolean;
}) {
  const { t } = useTranslation();
  const step = kycSteps[index];
  if (!step) return null;
  const Icon = sectionIcons[step.section];
  const titleId = `kyc-section-${step.section}`;
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      style={{
        borderColor: isMarked ? 'var(--mantine-color-red-6)' : undefined,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
            <Icon size={22} stroke={1.6} />
          </ThemeIcon>
          <div>
            <Text size="xs" c="dimmed" fw={500}>
              {t('kyc.steps.step_of', { step: index + 1, count: kycSteps.length })}
            </Text>
            <Title order={2} fz="h4" id={titleId}>
              {t(`pages.${step.pageId}.title`)}
            </Title>
          </div>
        </Group>
        {badge}
      </Group>
      <Text size="sm" c="dimmed" mt="sm" style={{ flex: 1 }}>
        {t(`kyc.overview.needs.${step.section}`)}
      </Text>
      <Group justify="space-between" align="center" mt="md" gap="sm">
        {footer}
      </Group>
    </Card>
  );
}

function SectionCard({ info, index, isHighlighted }: { info: KycInfo; index: number; isHighlighted: boolean }) {
  const { t } = useTranslation();
  const step = kycSteps[index];
  if (!step) return null;
  const state = info.sections[step.section];
  const progress = cardProgressOf(state, info);
  const actionKey = {
    complete: 'edit',
    corrected: 'edit',
    to_correct: 'correct',
    draft: 'continue',
    not_started: 'start',
  } as const satisfies Record<CardProgress, string>;
  const action = info.is_editable ? t(`kyc.overview.${actionKey[progress]}`) : t('kyc.overview.view');
  return (
    <SectionCardFrame
      index={index}
      isMarked={isHighlighted && progress !== 'complete'}
      badge={<StatusBadge list="verification" value={state.status} />}
      footer={
        <>
          <Stack gap={0}>
            <ProgressMark progress={progress} />
            {state.updated_at ? (
              <Text size="xs" c="dimmed">
                {t('kyc.overview.updated')} <DateTime value={state.updated_at} />
              </Text>
            ) : null}
          </Stack>
          <Button
            component={Link}
            to={pathOf(step.pageId)}
            variant={info.is_editable && progress !== 'complete' && progress !== 'corrected' ? 'filled' : 'light'}
            leftSection={info.is_editable ? <IconPencil size={16} aria-hidden /> : null}
            aria-label={`${action}: ${t(`pages.${step.pageId}.title`)}`}
          >
            {action}
          </Button>
        </>
      }
    />
  );
}

/** The status card's heading, with the status's badge (or its skeleton). */
function StatusHeading({ badge }: { badge: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <Title order={2} fz="h4" id="kyc-status-title">
        {t('kyc.overview.status_title')}
      </Title>
      {badge}
    </Group>
  );
}

/**
 * The overview while the KYC loads: the status card's heading and each section's card with what it
 * needs, their states as skeletons (the page is drawn so at build time: `isDrawnWhole`).
 */
function OverviewSkeleton() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.kyc.title')} description={t('pages.kyc.purpose')}>
      <Card component="section" aria-labelledby="kyc-status-title" aria-busy="true">
        <Stack gap={6}>
          <StatusHeading badge={<Skeleton height={26} width={110} radius="xl" />} />
          <Skeleton height={14} width="80%" maw={640} />
          <Skeleton height={14} width="55%" maw={640} />
        </Stack>
      </Card>
      <Box>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {kycSteps.map((step, index) => (
            <SectionCardFrame
              key={step.section}
              index={index}
              badge={<Skeleton height={20} width={80} radius="xl" />}
              footer={
                <>
                  <Skeleton height={20} width={110} />
                  <Skeleton height={36} width={96} />
                </>
              }
            />
          ))}
        </SimpleGrid>
      </Box>
    </PageFrame>
  );
}

function Overview({ info }: { info: KycInfo }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [hasTriedIncomplete, setHasTriedIncomplete] = useState(false);
  const isComplete = kycSteps.every((step) => info.sections[step.section].is_complete);
  const completeCount = kycSteps.filter((step) => info.sections[step.section].is_complete).length;

  const askToSubmit = () => {
    setProblem(null);
    if (!isComplete) {
      setHasTriedIncomplete(true);
      setProblem(t('validation.sections_incomplete'));
      return;
    }
    setIsConfirming(true);
  };

  const submit = async () => {
    setIsSubmitting(true);
    try {
      const answer = await callApi(submitKyc, {});
      writeSession({ kycStatus: answer.status });
      setIsConfirming(false);
      showSuccess(t('kyc.overview.submitted'));
      await refreshKyc(queryClient);
    } catch (error) {
      setIsConfirming(false);
      setProblem(messageOfError(error));
      await refreshKyc(queryClient);
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <PageFrame title={t('pages.kyc.title')} description={t('pages.kyc.purpose')}>
      <Card component="section" aria-labelledby="kyc-status-title">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={6} style={{ flex: '1 1 320px' }}>
            <StatusHeading badge={<StatusBadge list="account_kyc" value={info.status} size="lg" />} />
            <Text size="sm" c="dimmed" maw={640}>
              {t(`kyc.overview.status_explanations.${info.status}`, { days: workingDays.kycReview })}
            </Text>
            {info.is_editable ? (
              <Text size="sm" fw={500} className="tabular-figures" id="kyc-sections-done">
                {t('kyc.overview.sections_done', { count: completeCount, total: kycSteps.length })}
              </Text>
            ) : null}
          </Stack>
          {info.is_editable ? (
            <Button
              size="md"
              leftSection={<IconSend size={18} aria-hidden />}
              onClick={askToSubmit}
              aria-describedby="kyc-sections-done"
              variant={isComplete ? 'filled' : 'light'}
            >
              {info.history.length > 0 ? t('kyc.overview.resubmit') : t('kyc.overview.submit')}
            </Button>
          ) : null}
        </Group>
        {problem ? (
          <Alert color="red" variant="light" role="alert" mt="md" icon={<IconAlertCircle size={18} aria-hidden />}>
            {problem}
          </Alert>
        ) : null}
      </Card>

      {refusedStatuses.has(info.status) && info.refusal_reason ? (
        <RefusalReason
          reason={info.refusal_reason}
          title={t('kyc.overview.reason_title')}
          colour={info.status === 'pending_resubmission' ? 'orange' : 'red'}
          icon={<IconAlertCircle size={18} aria-hidden />}
        />
      ) : null}

      {info.status === 'kyc_rejected' ? <RefusedNextSteps /> : null}

      <Box>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {kycSteps.map((step, index) => (
            <SectionCard key={step.section} info={info} index={index} isHighlighted={hasTriedIncomplete} />
          ))}
        </SimpleGrid>
      </Box>

      {info.history.length > 0 ? <KycRounds history={info.history} /> : null}

      <Dialog isOpen={isConfirming} onClose={() => setIsConfirming(false)} title={t('kyc.overview.confirm_title')}>
        <Stack gap="md">
          <Text>{t('kyc.overview.confirm_description', { days: workingDays.kycReview })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setIsConfirming(false)} disabled={isSubmitting}>
              {t('kyc.overview.confirm_cancel')}
            </Button>
            <Button onClick={() => void submit()} loading={isSubmitting} data-autofocus>
              {t('kyc.overview.confirm_submit')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </PageFrame>
  );
}

/** After a final refusal the sections cannot be submitted again: where the company can turn instead. */
function RefusedNextSteps() {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="kyc-next-steps-title">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="h4" id="kyc-next-steps-title">
          {t('kyc.overview.next_steps_title')}
        </Title>
        <Text size="sm" maw={640}>
          {t('kyc.overview.next_steps')}
        </Text>
        <Button
          component={Link}
          to={pathOf('feedback')}
          variant="light"
          leftSection={<IconMessage size={16} aria-hidden />}
        >
          {t('kyc.overview.write_to_bank')}
        </Button>
      </Stack>
    </Card>
  );
}

export function KycOverviewPage() {
  const info = useKycInfo({ isReadOnOpen: true });
  return (
    <QueryState query={info} skeleton={<OverviewSkeleton />}>
      {(data) => <Overview info={data} />}
    </QueryState>
  );
}

KycOverviewPage.isDrawnWhole = true as const;
