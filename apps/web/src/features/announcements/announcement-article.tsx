/**
 * One announcement as a client reads it: the bank's mark, its date, its title and its text with the
 * line breaks staff typed. The same component shows the client's page and the staff's preview, so
 * that the preview is exactly what a client sees; it is given the language to read in and that
 * language's translation (a preview in Japanese for an English-reading member of staff).
 */
import { announcementText, type ClientAnnouncement } from '@bank/contract/announcements';
import { type Language, localeOfLanguage } from '@bank/contract/constants';
import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { formatDate } from '../../ui/format-date.ts';

export type AnnouncementContent = Omit<ClientAnnouncement, 'announcement_id'>;

export function AnnouncementArticle({
  announcement,
  language,
  t,
  headingId,
}: {
  announcement: AnnouncementContent;
  language: Language;
  t: TFunction;
  headingId: string;
}) {
  return (
    <Paper
      withBorder
      component="article"
      aria-labelledby={headingId}
      lang={localeOfLanguage[language]}
      p={{ base: 'md', sm: 'xl' }}
      data-testid="announcement-article"
    >
      <Stack gap="md" maw={760}>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={32} radius="md" aria-hidden>
            <IconSpeakerphone size={18} stroke={1.6} />
          </ThemeIcon>
          <Text size="sm" c="dimmed">
            {t('announcements.detail.from_bank')} ·{' '}
            <time dateTime={announcement.starts_at} className="tabular-figures">
              {formatDate(announcement.starts_at, language)}
            </time>
          </Text>
        </Group>
        <Title order={2} fz={{ base: 'h3', sm: 'h2' }} id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {announcementText(announcement, 'title', language)}
        </Title>
        <Text lh={1.75} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {announcementText(announcement, 'body', language)}
        </Text>
        {announcement.ends_at ? (
          <Text size="sm" c="dimmed">
            {t('announcements.list.until', { date: formatDate(announcement.ends_at, language) })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
