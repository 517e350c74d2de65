/**
 * One card in a drawer (card/get): its facts, block, replacement, fees, load capacity and limits,
 * and timeline, and the actions its `allowed_actions` offer, and only those: a top-up in the shared
 * top-up dialog, already on this card; a blocked card offers Unblock and, while it can still be
 * reported, lost, stolen or damaged, never Block again; renewal leads to /renew, where the fee is paid.
 */
import { getCard } from '@bank/contract/card-management';
import type { CardLoadLimits } from '@bank/contract/card-money';
import type { Card, CardAction } from '@bank/contract/cards';
import { pathOf } from '@bank/contract/routes';
import { Alert, Anchor, Button, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconCalendarRepeat,
  IconCoin,
  IconHomeEdit,
  IconKey,
  IconLock,
  IconLockOpen,
  IconPlayerPlay,
  IconReceipt,
  IconReplace,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { Amount } from '../../ui/amount.tsx';
import { CardBadges, CardFacts, CardTimeline, MaskedCardNumber } from '../../ui/card-summary.tsx';
import { Drawer } from '../../ui/drawer.tsx';
import { LabelledValue } from '../../ui/labelled-value.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageSkeleton } from '../../ui/skeletons.tsx';
import { svgDataUrl } from '../../ui/svg-data-url.ts';
import { CancelCardButton } from './cancel-card-dialog.tsx';
import { CardActionDialog, type CardDialogKind } from './card-action-dialogs.tsx';
import { TopUpDialog } from './top-up-dialog.tsx';

const actionButtons: { action: CardAction; dialog: CardDialogKind; icon: ReactNode; isDanger?: boolean }[] = [
  { action: 'activate', dialog: 'activate', icon: <IconPlayerPlay size={16} aria-hidden /> },
  { action: 'set_pin', dialog: 'set_pin', icon: <IconKey size={16} aria-hidden /> },
  { action: 'unblock', dialog: 'unblock', icon: <IconLockOpen size={16} aria-hidden /> },
  { action: 'replace', dialog: 'replace', icon: <IconReplace size={16} aria-hidden /> },
  {
    action: 'pay_replacement_fee',
    dialog: 'pay_replacement_fee',
    icon: <IconReceipt size={16} aria-hidden />,
  },
  { action: 'change_mailing_address', dialog: 'change_mailing_address', icon: <IconHomeEdit size={16} aria-hidden /> },
];

const blockActions: readonly CardAction[] = ['block', 'block_lost_stolen', 'block_damaged'];

function CardActions({ card }: { card: Card }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<CardDialogKind | null>(null);
  const [isTopUpOpen, setIsTopUpOpen] = useState(false);
  const offered = actionButtons.filter((button) => card.allowed_actions.includes(button.action));
  const mayBlock = blockActions.some((action) => card.allowed_actions.includes(action));
  // A card already blocked may still be reported lost, stolen or damaged: that is what the button says.
  const mayOnlyReport = mayBlock && !card.allowed_actions.includes('block');
  const mayRenew = card.allowed_actions.includes('renew');
  const mayTopUp = card.allowed_actions.includes('top_up');
  const mayCancel = card.allowed_actions.includes('cancel');
  if (offered.length === 0 && !mayBlock && !mayRenew && !mayTopUp && !mayCancel)
    return (
      <Text size="sm" c="dimmed">
        {t('cards.details.no_actions')}
      </Text>
    );
  return (
    <>
      <Group gap="sm" wrap="wrap">
        {mayTopUp ? (
          <Button
            variant="filled"
            leftSection={<IconCoin size={16} aria-hidden />}
            onClick={() => setIsTopUpOpen(true)}
            data-testid="card-top-up"
          >
            {t('cards.actions.top_up')}
          </Button>
        ) : null}
        {offered.map((button) => (
          <Button
            key={button.action}
            variant={button.action === 'activate' || button.action === 'pay_replacement_fee' ? 'filled' : 'default'}
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
            {t(mayOnlyReport ? 'cards.actions.report' : 'cards.actions.block')}
          </Button>
        ) : null}
        <CancelCardButton card={card} />
      </Group>
      <CardActionDialog card={card} kind={dialog} onClose={() => setDialog(null)} />
      {mayTopUp ? (
        <TopUpDialog
          isOpen={isTopUpOpen}
          onClose={() => setIsTopUpOpen(false)}
          cards={[card]}
          initialCardId={card.id}
        />
      ) : null}
    </>
  );
}

/** How much more the card can take, and its level's limits (the statement prints the same). */
function LoadLimits({ limits }: { limits: CardLoadLimits }) {
  const { t } = useTranslation();
  const others = ['maximum_balance', 'per_transaction', 'daily', 'monthly'] as const;
  return (
    <Stack gap="sm" component="section" aria-labelledby="card-load-limits-title">
      <Title order={3} fz="md" fw={600} id="card-load-limits-title">
        {t('cards.money.limits.title')}
      </Title>
      <LabelledValue label={t('cards.money.limits.load_capacity')}>
        <Stack gap={2}>
          <Amount value={limits.load_capacity} currency="USD" fw={600} />
          <Text size="xs" c="dimmed">
            {t('cards.money.limits.load_capacity_hint')}
          </Text>
        </Stack>
      </LabelledValue>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        {others.map((key) => (
          <LabelledValue key={key} label={t(`cards.money.limits.${key}`)}>
            <Amount value={limits[key]} currency="USD" />
          </LabelledValue>
        ))}
      </SimpleGrid>
    </Stack>
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
      {card.replacement_fee_owed ? (
        <Alert color="red" variant="light" title={t('cards.details.fee_owed_title')}>
          <Text size="sm" c="var(--mantine-color-text)">
            {t('cards.details.fee_owed')}
          </Text>
        </Alert>
      ) : null}
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
          card.fee_rule === 'membership' ? (
            <Anchor component={Link} to={pathOf('programme_fees')} size="sm">
              {t('cards.details.membership_fees_link')}
            </Anchor>
          ) : (
            <Anchor
              component={Link}
              to={`${pathOf('renewals')}?${new URLSearchParams({ card: card.id }).toString()}`}
              size="sm"
            >
              {t('cards.details.renewals_link')}
            </Anchor>
          )
        }
      />
      <LoadLimits limits={card.load_limits} />
      <CardQrCode svg={card.qr_svg} />
      <CardTimeline lines={card.timeline} />
    </Stack>
  );
}

/** The card's page as a QR code, to open the card on a phone. */
function CardQrCode({ svg }: { svg: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={3} fz="md" fw={600}>
        {t('cards.details.qr_title')}
      </Title>
      <Group gap="md" wrap="nowrap" align="center">
        <Image src={svgDataUrl(svg)} alt={t('cards.details.qr_alt')} w={120} h={120} fit="contain" />
        <Text size="sm" c="dimmed">
          {t('cards.details.qr_hint')}
        </Text>
      </Group>
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
