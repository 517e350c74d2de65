/**
 * /affiche/affiche_list: announcements from the bank for the reader's company, newest first, 20 at
 * a time (keyset "Load more"), each in the language the reader reads in now. `?id=` opens one (a
 * message in the inbox leads here so); one that was withdrawn or has ended says so.
 */
import {
  announcementText,
  type ClientAnnouncement,
  getAnnouncement,
  listAnnouncements,
} from '@bank/contract/announcements';
import { pathOf } from '@bank/contract/routes';
import { Anchor, Box, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconSpeakerphone } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorKeyOf } from '../../lib/form-errors.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { screenPagesOptions, useScreenQuery } from '../../lib/screen-query.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { formatDate } from '../../ui/format-date.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { LoadMore } from '../../ui/load-more.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { AnnouncementArticle } from './announcement-article.tsx';
import { detailRequestOf, listRequest } from './announcements-page-data.ts';
import '../../messages/announcements.ts';

function pathOfAnnouncement(id: string): string {
  return `${pathOf('announcements')}?${new URLSearchParams({ id }).toString()}`;
}

function ListSkeleton() {
  return (
    <Stack gap="sm" aria-hidden>
      {[0, 1, 2].map((row) => (
        <Paper key={row} withBorder p="md">
          <Skeleton height={12} width={120} mb="sm" />
          <Skeleton height={18} width="60%" mb="sm" />
          <Skeleton height={12} width="90%" mb={6} />
          <Skeleton height={12} width="70%" />
        </Paper>
      ))}
    </Stack>
  );
}

function AnnouncementLine({ announcement }: { announcement: ClientAnnouncement }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const title = announcementText(announcement, 'title', language);
  const headingId = `announcement-${announcement.announcement_id}`;
  return (
    <Paper withBorder p="md" component="li" aria-labelledby={headingId} data-testid="announcement-line">
      <Stack gap={6}>
        <Text size="sm" c="dimmed" className="tabular-figures">
          {t('announcements.list.published_on', { date: formatDate(announcement.starts_at, language) })}
        </Text>
        <Title order={2} fz="md" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          <Anchor component={Link} to={pathOfAnnouncement(announcement.announcement_id)} inherit c="inherit">
            {title}
          </Anchor>
        </Title>
        <Text size="sm" c="dark.6" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {announcementText(announcement, 'body', language)}
        </Text>
      </Stack>
    </Paper>
  );
}

function AnnouncementList() {
  const { t } = useTranslation();
  const announcements = useInfiniteQuery(screenPagesOptions(listAnnouncements, listRequest));
  const items = announcements.data?.pages.flatMap((page) => page.items) ?? [];
  if (announcements.isPending) return <ListSkeleton />;
  if (announcements.isError)
    return <LoadError error={announcements.error} onRetry={() => void announcements.refetch()} />;
  if (items.length === 0)
    return (
      <EmptyState
        icon={<IconSpeakerphone size={26} stroke={1.6} />}
        title={t('announcements.list.empty_title')}
        description={t('announcements.list.empty')}
      />
    );
  return (
    <Stack gap="md">
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {items.map((announcement) => (
          <AnnouncementLine key={announcement.announcement_id} announcement={announcement} />
        ))}
      </Stack>
      <LoadMore
        query={announcements}
        loadMoreLabel={t('announcements.list.load_more')}
        allLoaded={t('announcements.list.all_loaded')}
      />
    </Stack>
  );
}

function AnnouncementDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const announcement = useScreenQuery(getAnnouncement, detailRequestOf(id));
  let content: ReactNode;
  if (announcement.isPending)
    content = (
      <Paper withBorder p="xl" aria-hidden>
        <Skeleton height={12} width={160} mb="md" />
        <Skeleton height={24} width="55%" mb="lg" />
        <Skeleton height={12} mb={8} />
        <Skeleton height={12} mb={8} />
        <Skeleton height={12} width="80%" />
      </Paper>
    );
  else if (announcement.isError)
    content =
      errorKeyOf(announcement.error) === 'not_found' || errorKeyOf(announcement.error) === 'validation' ? (
        <EmptyState
          icon={<IconSpeakerphone size={26} stroke={1.6} />}
          title={t('announcements.detail.not_found_title')}
          description={t('announcements.detail.not_found')}
        />
      ) : (
        <LoadError error={announcement.error} onRetry={() => void announcement.refetch()} />
      );
  else
    content = (
      <AnnouncementArticle announcement={announcement.data} language={language} t={t} headingId="announcement-title" />
    );
  return (
    <Stack gap="md">
      <Box>
        <Button
          component={Link}
          to={pathOf('announcements')}
          variant="subtle"
          px={0}
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {t('announcements.detail.back')}
        </Button>
      </Box>
      {content}
    </Stack>
  );
}

export function AnnouncementsPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  return (
    <PageFrame title={t('pages.announcements.title')} description={t('pages.announcements.purpose')}>
      {id ? <AnnouncementDetail key={id} id={id} /> : <AnnouncementList />}
    </PageFrame>
  );
}
