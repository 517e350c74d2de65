/**
 * A back-office queue's search box. The server filters (the contract's QueueSearch), so the whole
 * queue is searched, not only the rows loaded: the box hands its words on once typing pauses.
 */
import { queueSearchMaxLength } from '@bank/contract/envelope';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const typingPauseMs = 300;

/** The words to send: trimmed, after a pause in typing ("" for none). */
export function useQueueSearch(): { text: string; setText: (text: string) => void; search: string } {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), typingPauseMs);
  return { text, setText, search };
}

export function QueueSearchInput({
  text,
  onChange,
  placeholder,
}: {
  text: string;
  onChange: (text: string) => void;
  placeholder?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="search"
      label={t('admin.queue_search.label')}
      placeholder={placeholder ?? t('admin.queue_search.placeholder')}
      value={text}
      maxLength={queueSearchMaxLength}
      onChange={(event) => onChange(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? <CloseButton size="sm" aria-label={t('admin.queue_search.clear')} onClick={() => onChange('')} /> : null
      }
      maw={420}
    />
  );
}
