/**
 * One card in a drawer (card/get): its facts, block, replacement, fees and timeline, and the actions
 * its `allowed_actions` offer (renewal leads to /renew, where the fee is paid).
 */
import { getCard } from '@bank/contract/card-management';
import type { Card, CardAction } from '@bank/contract/cards';
import { pathOf } from '@bank/contract/routes';
import { Anchor, Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconCalendarRepeat,
  IconHomeEdit,
  IconKey,
  IconLock,
  IconLockOpen,
  IconPlayerPlay,
  IconReplace,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { CardBadges, CardFacts, CardTimeline, MaskedCardNumber } from '../../ui/card-summary.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageSkeleton } from '../../ui/skeletons.tsx';
import { CardActionDialog, type CardDialogKind } from './card-action-dialogs.tsx';

const actionButtons: { action: CardAction; dialog: CardDialogKind; icon: ReactNode; isDanger?: boolean }[] = [
  { action: 'activate', dialog: 'activate', icon: <IconPlayerPlay size={16} aria-hidden /> },
  { action: 'set_pin', dialog: 'set_pin', icon: <IconKey size={16} aria-hidden /> },
  { action: 'unblock', dialog: 'unblock', icon: <IconLockOpen size={16} aria-hidden /> },
  { action: 'replace', dialog: 'replace', icon: <IconReplace size={16} aria-hidden /> },
  { action: 'change_mailing_address', dialog: 'change_mailing_address', icon: <IconHomeEdit size={16} aria-hidden /> },
];

const blockActions: readonly CardAction[] = ['block', 'block_lost_stolen', 'block_damaged'];

function CardActions({ card }: { card: Card }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<CardDialogKind | null>(null);
  const offered = actionButtons.filter((button) => card.allowed_actions.includes(button.action));
  const mayBlock = blockActions.some((action) => card.allowed_actions.includes(action));
  const mayRenew = card.allowed_actions.includes('renew');
  if (offered.length === 0 && !mayBlock && !mayRenew)
    return (
      <Text size="sm" c="dimmed">
        {t('cards.details.no_actions')}
      </Text>
    );
  return (
    <>
      <Group gap="sm" wrap="wrap">
        {offered.map((button) => (
          <Button
            key={button.action}
            variant={button.action === 'activate' ? 'filled' : 'default'}
            leftSection={button.icon}
            onClick={() => setDialog(button.dialog)}
          >
            {t(`cards.actions.${button.dialog}`)}
          </Button>
        ))}
        {mayRenew ? (
          <Button
            component={Link}
            to={`${pathOf('renewals')}?${new URLSearchParams({ card: card.id }).toString()}`}
            variant="default"
            leftSection={<IconCalendarRepeat size={16} aria-hidden />}
          >
            {t('cards.actions.renew')}
          </Button>
        ) : null}
        {mayBlock ? (
          <Button
            variant="light"
            color="red"
            leftSection={<IconLock size={16} aria-hidden />}
            onClick={() => setDialog('block')}
          >
            {t('cards.actions.block')}
          </Button>
        ) : null}
      </Group>
      <CardActionDialog card={card} kind={dialog} onClose={() => setDialog(null)} />
    </>
  );
}

function CardDetailsContent({ cardId, onOpenCard }: { cardId: string; onOpenCard: (cardId: string) => void }) {
  const { t } = useTranslation();
  const details = useScreenQuery(getCard, { card_id: cardId });
  if (details.isPending) return <PageSkeleton />;
  if (details.isError) return <LoadError error={details.error} onRetry={() => void details.refetch()} />;
  const card = details.data;
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <MaskedCardNumber last4={card.last4} size="lg" />
        <CardBadges card={card} />
      </Stack>
      <Stack gap="sm">
        <Title order={3} fz="md" fw={600}>
          {t('cards.details.actions_title')}
        </Title>
        <CardActions card={card} />
      </Stack>
      <CardFacts
        card={card}
        cardLink={(otherId) => (
          <Anchor component="button" type="button" size="sm" onClick={() => onOpenCard(otherId)}>
            {t('cards.details.another_card')}
          </Anchor>
        )}
        extra={
          <Anchor
            component={Link}
            to={`${pathOf('renewals')}?${new URLSearchParams({ card: card.id }).toString()}`}
            size="sm"
          >
            {t('cards.details.renewals_link')}
          </Anchor>
        }
      />
      <CardTimeline lines={card.timeline} />
    </Stack>
  );
}

/** The drawer of the card `cardId` names; closed while it is null. */
export function CardDetailsDrawer({
  cardId,
  last4,
  onClose,
  onOpenCard,
}: {
  cardId: string | null;
  last4: string | undefined;
  onClose: () => void;
  onOpenCard: (cardId: string) => void;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Drawer
      opened={cardId !== null}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 'lg'}
      title={last4 ? t('cards.details.title', { last4 }) : ''}
      closeButtonProps={{ 'aria-label': t('cards.details.close') }}
    >
      {cardId ? <CardDetailsContent cardId={cardId} onOpenCard={onOpenCard} /> : null}
    </Drawer>
  );
}
