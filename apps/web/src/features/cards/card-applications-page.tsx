/**
 * /kycManage: the company's card applications with their states (pending, processing, approved,
 * rejected with the bank's reason; card/applicationList) and its cardholders' KYC at the processor
 * (ID and address status, the processor's message, the card; card/accountKycList). A cardholder
 * opens in a drawer with its details and the corrections the company may send.
 */

import {
  type CardApplication,
  type CardholderKycSummary,
  listCardApplications,
  listCardholderKyc,
} from '@bank/contract/card-applications';
import { pathOf } from '@bank/contract/routes';
import { Button, Group, Paper, Stack, Tabs, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronRight, IconCreditCard, IconIdBadge2, IconPlus } from '@tabler/icons-react';
import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { screenPagesOptions } from '../../lib/screen-query.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { Drawer } from '../../ui/drawer.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { type KeysetPage, LoadMore } from '../../ui/load-more.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { pageHeading } from '../../ui/page-heading.ts';
import { TableSkeleton } from '../../ui/skeletons.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { pagedRequest } from './card-applications-page-data.ts';
import { CardManagementOnly } from './card-management-gate.tsx';
import { CardholderKycDetail } from './kyc-manage-cardholder.tsx';
import '../../messages/admin.ts';
import '../../messages/card-applications.ts';
import '../../messages/documents.ts';

const tabs = ['applications', 'cardholders'] as const;
type Tab = (typeof tabs)[number];

function PagedList<Item>({
  query,
  empty,
  render,
}: {
  query: UseInfiniteQueryResult<InfiniteData<KeysetPage<Item>>>;
  empty: ReactNode;
  render: (item: Item) => ReactNode;
}) {
  const { t } = useTranslation();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending) return <TableSkeleton rows={3} columns={3} />;
  if (query.isError && items.length === 0)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (items.length === 0) return empty;
  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map(render)}
      </Stack>
      <LoadMore
        query={query}
        loadMoreLabel={t('cards.applications.actions.load_more')}
        allLoaded={t('cards.applications.manage.all_loaded', { count: items.length })}
      />
    </Stack>
  );
}

function ApplyButton() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={pathOf('card_application')} leftSection={<IconPlus size={16} aria-hidden />}>
      {t('cards.applications.actions.apply')}
    </Button>
  );
}

function ApplicationItem({ application }: { application: CardApplication }) {
  const { t } = useTranslation();
  return (
    <li data-testid="card-application">
      <Paper withBorder p="md" radius="md">
        <Stack gap={6}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {application.applicant_name}
              </Text>
              <StatusBadge list="card_application" value={application.status} size="sm" />
            </Group>
            <Text size="sm" c="dimmed">
              {`${t(`cards.applications.levels.${application.level}`)} · ${t(`cards.applications.networks.${application.network}`)}`}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t(`cards.applications.applicant_types.${application.applicant_type}`)} · {application.name_on_card}
          </Text>
          {application.card ? (
            <Group gap="xs">
              <Text size="sm">{t('cards.applications.manage.card_ordered', { last4: application.card.last4 })}</Text>
              <StatusBadge list="card_operation" value={application.card.operation_stage} size="sm" />
            </Group>
          ) : null}
          {application.rejection_reason ? (
            <Text size="sm" c="red.8" data-testid="rejection-reason">
              {t('cards.applications.manage.rejected_reason', { reason: application.rejection_reason })}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {t('cards.applications.manage.submitted_by', { name: application.submitted_by_name })} ·{' '}
            <DateTime value={application.created_at} />
          </Text>
        </Stack>
      </Paper>
    </li>
  );
}

function CardholderItem({ holder, onOpen }: { holder: CardholderKycSummary; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <li data-testid="cardholder">
      <UnstyledButton
        w="100%"
        onClick={() => onOpen(holder.cardholder_id)}
        aria-label={`${t('cards.applications.actions.view')} ${holder.name}`}
      >
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
            <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {holder.name}
              </Text>
              <Group gap="xs" wrap="wrap">
                <Text size="sm">{t('cards.applications.manage.id_status')}</Text>
                <StatusBadge list="verification" value={holder.kyc_id_status} size="sm" data-testid="kyc-id-status" />
                <Text size="sm">{t('cards.applications.manage.address_status')}</Text>
                <StatusBadge list="verification" value={holder.kyc_address_status} size="sm" />
              </Group>
              {holder.kyc_message ? (
                <Text size="sm" c="red.8">
                  {t('cards.applications.manage.processor_message', { message: holder.kyc_message })}
                </Text>
              ) : null}
              {holder.card ? (
                <Group gap="xs">
                  <Text size="sm">{t('cards.applications.manage.card_ordered', { last4: holder.card.last4 })}</Text>
                  <StatusBadge list="card_operation" value={holder.card.operation_stage} size="sm" />
                </Group>
              ) : null}
            </Stack>
            <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0 }} />
          </Group>
        </Paper>
      </UnstyledButton>
    </li>
  );
}

export function CardApplicationsPage() {
  const { t } = useTranslation();
  return (
    <CardManagementOnly title={t('pages.cardholder_kyc.title')}>
      <CardApplicationsContent />
    </CardManagementOnly>
  );
}

function CardApplicationsContent() {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 40em)') ?? false;
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'cardholders' ? 'cardholders' : 'applications';
  const cardholderId = searchParams.get('cardholder');
  const applications = useInfiniteQuery(screenPagesOptions(listCardApplications, pagedRequest));
  const cardholders = useInfiniteQuery(screenPagesOptions(listCardholderKyc, pagedRequest));
  const setCardholder = (id: string | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('cardholder', id);
      else next.delete('cardholder');
      return next;
    });

  return (
    <PageFrame {...pageHeading(t, 'cardholder_kyc')} actions={<ApplyButton />}>
      <Tabs
        value={tab}
        onChange={(value) => setSearchParams(value === 'cardholders' ? { tab: value } : {}, { replace: true })}
      >
        <Tabs.List mb="lg">
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value} fw={500}>
              {t(`cards.applications.manage.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="applications">
          <PagedList
            query={applications}
            empty={
              <EmptyState
                icon={<IconCreditCard size={26} stroke={1.6} />}
                title={t('cards.applications.manage.empty_applications')}
                description={t('cards.applications.manage.empty_applications_hint')}
                actions={<ApplyButton />}
              />
            }
            render={(application) => <ApplicationItem key={application.application_id} application={application} />}
          />
        </Tabs.Panel>
        <Tabs.Panel value="cardholders">
          <PagedList
            query={cardholders}
            empty={
              <EmptyState
                icon={<IconIdBadge2 size={26} stroke={1.6} />}
                title={t('cards.applications.manage.empty_cardholders')}
                description={t('cards.applications.manage.empty_cardholders_hint')}
              />
            }
            render={(holder) => <CardholderItem key={holder.cardholder_id} holder={holder} onOpen={setCardholder} />}
          />
        </Tabs.Panel>
      </Tabs>
      <Drawer
        opened={cardholderId !== null}
        onClose={() => setCardholder(null)}
        position="right"
        size={isPhone ? '100%' : 'xl'}
        title={t('cards.applications.manage.detail_title')}
        closeButtonProps={{ 'aria-label': t('cards.applications.actions.close') }}
        styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {cardholderId ? <CardholderKycDetail cardholderId={cardholderId} /> : null}
      </Drawer>
    </PageFrame>
  );
}
