/**
 * The inbox's content, in the drawer the header's bell opens (loaded only when it is first opened):
 * categories with their unread counts (msg/box), the messages newest first a page at a time
 * (msg/list), each marked read when opened (msg/read) and deletable (msg/delete), and "mark all as
 * read" for the category shown (msg/clear). A message's words are written here, in the reader's
 * language, from its facts.
 */
import { defaultPageSize, localeOfLanguage } from '@bank/contract/constants';
import {
  clearMessages,
  deleteMessage,
  type InboxMessage,
  listMessageBoxes,
  listMessages,
  type MessageCategory,
  readMessage,
} from '@bank/contract/inbox';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Chip,
  Group,
  Stack,
  Switch,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconBell, IconCheck, IconMailOpened, IconTrash } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../lib/api-client.ts';
import { messageOfError } from '../../lib/form-errors.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { showError, showSuccess } from '../../lib/notify.ts';
import { screenPagesOptions, useScreenQuery } from '../../lib/screen-query.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { LoadMore } from '../../ui/load-more.tsx';
import { TableSkeleton } from '../../ui/skeletons.tsx';
import { messagePathOf, messageTextOf } from './message-text.ts';
import '../../messages/contact-requests.ts';
import '../../messages/inbox.ts';
import '../../messages/payouts.ts';

type Shown = MessageCategory | 'all';

/** Every inbox call's answers are asked again after a change: the bell, the boxes and the list. */
function useRefreshInbox() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/v1/msg/') });
}

function failed(error: unknown) {
  const message = messageOfError(error);
  if (message) showError(message);
}

function MessageLine({ message, onOpen }: { message: InboxMessage; onOpen: (message: InboxMessage) => void }) {
  const { t } = useTranslation();
  const locale = localeOfLanguage[useLanguage()];
  const refresh = useRefreshInbox();
  const text = messageTextOf(message, t, locale);
  const markRead = useMutation({
    mutationFn: () => callApi(readMessage, { message_id: message.message_id }),
    onSuccess: refresh,
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: () => callApi(deleteMessage, { message_id: message.message_id }),
    onSuccess: async () => {
      showSuccess(t('inbox.deleted'));
      await refresh();
    },
    onError: failed,
  });
  return (
    <Group
      component="li"
      wrap="nowrap"
      align="flex-start"
      gap="xs"
      py="sm"
      px="xs"
      data-testid="inbox-message"
      data-unread={!message.is_read || undefined}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Box
        mt={7}
        w={8}
        h={8}
        style={{
          borderRadius: '50%',
          flexShrink: 0,
          background: message.is_read ? 'transparent' : 'var(--mantine-color-bank-6)',
        }}
        aria-hidden
      />
      <UnstyledButton
        onClick={() => onOpen(message)}
        style={{ flex: 1, minWidth: 0, borderRadius: 'var(--mantine-radius-sm)' }}
        aria-label={message.is_read ? text.title : `${t('inbox.unread')}: ${text.title}`}
      >
        <Stack gap={2}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="baseline">
            <Text size="sm" fw={message.is_read ? 500 : 700} c="dark.7">
              {text.title}
            </Text>
            <DateTime value={message.created_at} size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} />
          </Group>
          <Text size="sm" c="dark.5">
            {text.body}
          </Text>
          {text.note ? (
            <Text size="xs" c="dimmed">
              {text.note}
            </Text>
          ) : null}
        </Stack>
      </UnstyledButton>
      <Stack gap={2}>
        {message.is_read ? null : (
          <Tooltip label={t('inbox.mark_read')} withinPortal={false}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('inbox.mark_read')}
              loading={markRead.isPending}
              onClick={() => markRead.mutate()}
            >
              <IconCheck size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={t('inbox.delete')} withinPortal={false}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('inbox.delete')}
            loading={remove.isPending}
            onClick={() => remove.mutate()}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Stack>
    </Group>
  );
}

export default function InboxPanel({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshInbox();
  const [shown, setShown] = useState<Shown>('all');
  const [isUnreadOnly, setUnreadOnly] = useState(false);
  const boxes = useScreenQuery(listMessageBoxes, {});
  const request = {
    page_size: defaultPageSize,
    ...(shown === 'all' ? {} : { category: shown }),
    ...(isUnreadOnly ? { is_unread_only: true } : {}),
  };
  const messages = useInfiniteQuery(screenPagesOptions(listMessages, request));
  const clear = useMutation({
    mutationFn: () => callApi(clearMessages, shown === 'all' ? {} : { category: shown }),
    onSuccess: async () => {
      showSuccess(t('inbox.marked_all_read'));
      await refresh();
    },
    onError: failed,
  });
  const open = async (message: InboxMessage) => {
    if (!message.is_read) {
      try {
        await callApi(readMessage, { message_id: message.message_id });
        await refresh();
      } catch (error) {
        failed(error);
      }
    }
    const path = messagePathOf(message);
    if (path) {
      onNavigate();
      await navigate(path);
    }
  };

  const allBoxes = boxes.data?.boxes ?? [];
  const unreadOf = (category: Shown) =>
    category === 'all'
      ? allBoxes.reduce((sum, box) => sum + box.unread, 0)
      : (allBoxes.find((box) => box.category === category)?.unread ?? 0);
  // Categories a later capability fills stay out of the way until they hold a message.
  const categories: Shown[] = ['all', ...allBoxes.filter((box) => box.total > 0).map((box) => box.category)];
  const items = messages.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="md">
      <Chip.Group multiple={false} value={shown} onChange={(value) => setShown(value as Shown)}>
        <Group gap={6} role="radiogroup" aria-label={t('inbox.categories_label')}>
          {categories.map((category) => (
            <Chip key={category} value={category} size="sm" variant="light">
              <Group gap={6} wrap="nowrap">
                {t(`inbox.categories.${category}`)}
                {unreadOf(category) > 0 ? (
                  <Badge size="xs" circle={unreadOf(category) < 10} color="bank" variant="filled">
                    {unreadOf(category)}
                  </Badge>
                ) : null}
              </Group>
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Switch
          size="sm"
          label={t('inbox.unread_only')}
          checked={isUnreadOnly}
          onChange={(event) => setUnreadOnly(event.currentTarget.checked)}
        />
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconMailOpened size={16} aria-hidden />}
          disabled={unreadOf(shown) === 0}
          loading={clear.isPending}
          onClick={() => clear.mutate()}
        >
          {t('inbox.mark_all_read')}
        </Button>
      </Group>
      {messages.isPending ? (
        <TableSkeleton rows={4} columns={1} />
      ) : messages.isError ? (
        <LoadError error={messages.error} onRetry={() => void messages.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<IconBell aria-hidden />}
          title={t(isUnreadOnly ? 'inbox.empty_unread.title' : 'inbox.empty.title')}
          description={t(isUnreadOnly ? 'inbox.empty_unread.text' : 'inbox.empty.text')}
          isBare
          size="sm"
        />
      ) : (
        <Stack gap="md">
          <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('inbox.title')}>
            {items.map((message) => (
              <MessageLine key={message.message_id} message={message} onOpen={(chosen) => void open(chosen)} />
            ))}
          </Box>
          <LoadMore query={messages} loadMoreLabel={t('inbox.load_more')} allLoaded={t('inbox.all_loaded')} />
        </Stack>
      )}
    </Stack>
  );
}
