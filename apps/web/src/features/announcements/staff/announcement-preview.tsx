/**
 * Staff's preview: the announcement exactly as a client reads it (the client page's own article),
 * in the language chosen, with that language's words around it (its catalogue is loaded for it).
 */
import type { Language } from '@bank/contract/constants';
import { languages } from '@bank/contract/constants';
import { Paper, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translationFor, useLanguage } from '../../../lib/i18n.ts';
import { Dialog } from '../../../ui/dialog.tsx';
import { AnnouncementArticle, type AnnouncementContent } from '../announcement-article.tsx';

function PreviewBody({ content }: { content: AnnouncementContent }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Language>(useLanguage());
  const [translation, setTranslation] = useState<{ language: Language; t: TFunction } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    translationFor(language).then(
      (fixed) => {
        if (isCurrent) setTranslation({ language, t: fixed });
      },
      // A catalogue that cannot load: the preview stays in the reader's own words.
      () => {
        if (isCurrent) setTranslation({ language, t });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [language, t]);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('announcements.preview.note')}
      </Text>
      <SegmentedControl
        aria-label={t('announcements.preview.language')}
        value={language}
        onChange={(value) => setLanguage(value as Language)}
        data={languages.map((value) => ({ value, label: t(`announcements.form.languages.${value}`) }))}
        style={{ alignSelf: 'flex-start' }}
      />
      <Paper bg="gray.0" p={{ base: 'xs', sm: 'md' }} radius="md">
        {translation && translation.language === language ? (
          <AnnouncementArticle announcement={content} language={language} t={translation.t} headingId="preview-title" />
        ) : (
          <Skeleton height={220} />
        )}
      </Paper>
    </Stack>
  );
}

export function AnnouncementPreview({
  content,
  onClose,
}: {
  /** What to preview; the dialog is open while there is one. */
  content: AnnouncementContent | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={content !== null} onClose={onClose} title={t('announcements.preview.title')} size="lg">
      {content ? <PreviewBody content={content} /> : null}
    </Dialog>
  );
}
