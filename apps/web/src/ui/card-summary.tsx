/**
 * A card as the client's cards page and the back office show it: its masked number, its state
 * badges, its facts (block, replacement, fees) and its timeline. Presentational: the pages make the
 * calls and offer the actions. It stays in ui/ because two domains' features show cards (cards, and
 * programme's printed cards and membership fees) and a feature never imports another.
 */
import type { CardTimelineLine } from '@bank/contract/card-management';
import type { Card, PostalAddress } from '@bank/contract/cards';
import { localeOfLanguage } from '@bank/contract/constants';
import { Alert, Anchor, Group, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconCircleFilled, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/i18n.ts';
import { Amount, useAmountText } from './amount.tsx';
import { countryName } from './country-names.ts';
import { DateTime } from './date-time.tsx';
import { LabelledValue } from './labelled-value.tsx';
import { StatusBadge } from './status-badge.tsx';

/** "•••• 1234": the only part of a card number the product knows. */
export function MaskedCardNumber({ last4, size = 'md' }: { last4: string; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Text component="span" fz={size} fw={600} className="tabular-figures" style={{ letterSpacing: '0.08em' }}>
      {t('cards.tile.masked', { last4 })}
    </Text>
  );
}

/** The card's state and, when it says more, its processor stage. */
export function CardBadges({ card }: { card: Pick<Card, 'status' | 'operation_stage' | 'replacement_status'> }) {
  const showsStage = card.operation_stage !== 'activated';
  return (
    <Group gap={6} wrap="wrap">
      <StatusBadge list="card" value={card.status} size="sm" />
      {showsStage ? <StatusBadge list="card_operation" value={card.operation_stage} size="sm" /> : null}
      {card.replacement_status === 'pending_replacement' ? (
        <StatusBadge list="card_replacement" value={card.replacement_status} size="sm" />
      ) : null}
    </Group>
  );
}

export function AddressLines({ address }: { address: PostalAddress }) {
  const locale = localeOfLanguage[useLanguage()];
  const lines = [
    address.line1,
    address.line2,
    [address.postal_code, address.city].filter(Boolean).join(' '),
    [address.state, countryName(address.country, locale)].filter(Boolean).join(', '),
  ].filter((line) => line.trim() !== '');
  return (
    <Stack gap={0} component="span">
      {lines.map((line) => (
        <Text key={line} component="span" inherit>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** One line of an address: what a confirmation names. */
export function addressInOneLine(address: PostalAddress): string {
  return [address.line1, address.line2, address.city, address.postal_code, address.country]
    .filter((part) => part.trim() !== '')
    .join(', ');
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={3} fz="md" fw={600}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * The card's facts: the card, its block (who, when, why), its replacement and its fees. `cardLink`
 * renders a link to a card the facts name (the replacement, the card replaced).
 */
export function CardFacts({
  card,
  cardLink,
  extra,
}: {
  card: Card;
  cardLink: (cardId: string) => ReactNode;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Section title={t('cards.details.facts_title')}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <LabelledValue label={t('cards.details.name_on_card')}>{card.name_on_card}</LabelledValue>
          <LabelledValue label={t('cards.details.cardholder')}>{card.cardholder_name}</LabelledValue>
          <LabelledValue label={t('cards.details.level')}>{t(`cards.levels.${card.level}`)}</LabelledValue>
          <LabelledValue label={t('cards.details.network')}>{t(`cards.networks.${card.network}`)}</LabelledValue>
          <LabelledValue label={t('cards.details.status')}>
            <StatusBadge list="card" value={card.status} size="sm" />
          </LabelledValue>
          <LabelledValue label={t('cards.details.stage')}>
            <Stack gap={2}>
              <StatusBadge list="card_operation" value={card.operation_stage} size="sm" />
              <DateTime value={card.stage_updated_at} size="xs" c="dimmed" />
            </Stack>
          </LabelledValue>
          {card.anomaly_cause ? (
            <LabelledValue label={t('cards.details.anomaly')}>
              <StatusBadge list="card_anomaly" value={card.anomaly_cause} size="sm" />
            </LabelledValue>
          ) : null}
          <LabelledValue label={t('cards.details.issued_on')}>
            <DateTime value={card.issued_on} isDateOnly />
          </LabelledValue>
          <LabelledValue label={t('cards.details.expires_on')}>
            <DateTime value={card.expires_on} isDateOnly />
          </LabelledValue>
          {card.kit_code ? (
            <LabelledValue label={t('cards.details.kit_code')}>
              <Text component="span" inherit className="tabular-figures">
                {card.kit_code}
              </Text>
            </LabelledValue>
          ) : null}
          <LabelledValue label={t('cards.details.available')}>
            <Amount value={card.available} currency="USD" fw={600} />
          </LabelledValue>
          <LabelledValue label={t('cards.details.held')}>
            <Amount value={card.held} currency="USD" />
          </LabelledValue>
          <LabelledValue label={t('cards.details.mailing_address')}>
            <AddressLines address={card.mailing_address} />
          </LabelledValue>
          <LabelledValue label={t('cards.details.sales_type')}>
            {t(`cards.details.sales_types.${card.sales_type}`)}
          </LabelledValue>
          <LabelledValue label={t('cards.details.relationship_manager')}>
            {card.relationship_manager ? (
              <Stack gap={0}>
                <Text component="span" inherit>
                  {card.relationship_manager.full_name}
                </Text>
                <Anchor href={`mailto:${card.relationship_manager.email}`} size="sm">
                  {card.relationship_manager.email}
                </Anchor>
              </Stack>
            ) : (
              <Text component="span" inherit c="dimmed">
                {t('cards.details.no_relationship_manager')}
              </Text>
            )}
          </LabelledValue>
        </SimpleGrid>
      </Section>
      {card.block ? (
        <Section title={t('cards.details.block_title')}>
          {card.block.is_final ? (
            <Alert color="red" variant="light" icon={<IconLock size={18} aria-hidden />}>
              <Text size="sm" c="var(--mantine-color-text)">
                {t('cards.details.block_final')}
              </Text>
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
            <LabelledValue label={t('cards.details.block_kind')}>
              <StatusBadge list="card_block" value={card.block.type} size="sm" />
            </LabelledValue>
            <LabelledValue label={t('cards.details.block_by')}>
              {card.block.by_name || t('cards.details.the_bank')}
            </LabelledValue>
            <LabelledValue label={t('cards.details.block_at')}>
              <DateTime value={card.block.at} />
            </LabelledValue>
            {card.block.cause ? (
              <LabelledValue label={t('cards.details.block_cause')}>
                <StatusBadge list="card_anomaly" value={card.block.cause} size="sm" />
              </LabelledValue>
            ) : null}
            <LabelledValue label={t('cards.details.block_reason')}>{card.block.reason || '—'}</LabelledValue>
          </SimpleGrid>
        </Section>
      ) : null}
      {card.replaced_by_card_id || card.replaces_card_id ? (
        <Section title={t('cards.details.replacement_title')}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
            <LabelledValue label={t('cards.details.replacement_status')}>
              <StatusBadge list="card_replacement" value={card.replacement_status} size="sm" />
            </LabelledValue>
            {card.replaced_by_card_id ? (
              <LabelledValue label={t('cards.details.replaced_by')}>{cardLink(card.replaced_by_card_id)}</LabelledValue>
            ) : null}
            {card.replaces_card_id ? (
              <LabelledValue label={t('cards.details.replaces')}>{cardLink(card.replaces_card_id)}</LabelledValue>
            ) : null}
          </SimpleGrid>
        </Section>
      ) : null}
      <Section title={t('cards.details.fees_title')}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <LabelledValue label={t('cards.details.card_fee')}>
            {t(`cards.details.card_fee_status.${card.card_fee_status}`)}
          </LabelledValue>
          {card.fee_rule === 'membership' ? (
            // A programme card pays the programme's membership fee instead of an annual fee.
            <LabelledValue label={t('cards.details.annual_fee')}>
              {t('cards.details.membership_fee_rule')}
            </LabelledValue>
          ) : (
            <>
              <LabelledValue label={t('cards.details.annual_fee')}>
                <StatusBadge list="fee_payment" value={card.annual_fee_status} size="sm" />
              </LabelledValue>
              <LabelledValue label={t('cards.details.auto_renewal')}>
                {t(card.auto_renewal ? 'cards.details.auto_renewal_on' : 'cards.details.auto_renewal_off')}
              </LabelledValue>
            </>
          )}
        </SimpleGrid>
        {extra}
      </Section>
    </Stack>
  );
}

/** What happened to the card, oldest first, under its heading: each line with who acted (a colleague, the bank, the processor) and when. */
export function CardTimeline({ lines }: { lines: readonly CardTimelineLine[] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('cards.details.timeline_title')}>
      <TimelineLines lines={lines} />
    </Section>
  );
}

function TimelineLines({ lines }: { lines: readonly CardTimelineLine[] }) {
  const amountText = useAmountText();
  const { t, i18n } = useTranslation();
  const describe = (line: CardTimelineLine) => {
    const key = `cards.timeline.${line.kind}`;
    const stage = t(`states.card_operation.${line.operation_stage}` as never);
    return i18n.exists(key) ? t(key as never, { stage }) : line.kind;
  };
  const actorOf = (line: CardTimelineLine) =>
    line.actor_kind === 'system'
      ? t('cards.details.actor_system')
      : line.actor_kind === 'bank' && !line.actor_name
        ? t('cards.details.the_bank')
        : (line.actor_name ?? '');
  return (
    <Timeline
      active={lines.length - 1}
      bulletSize={16}
      lineWidth={2}
      color="bank"
      component="ol"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {lines.map((line) => (
        <Timeline.Item
          key={line.id}
          component="li"
          bullet={<IconCircleFilled size={8} aria-hidden />}
          title={
            <Text component="span" size="sm" fw={500}>
              {describe(line)}
            </Text>
          }
        >
          <Stack gap={2}>
            {line.detail.reason ? (
              <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                {line.detail.reason}
              </Text>
            ) : null}
            {line.detail.cause ? <Text size="xs">{t(`states.card_anomaly.${line.detail.cause}` as never)}</Text> : null}
            {line.detail.fee && line.detail.debit_amount ? (
              <Text size="xs" c="dimmed">
                {t('cards.timeline.fee', { amount: amountText(line.detail.fee, 'USD') })}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              <DateTime value={line.at} /> · {actorOf(line)}
            </Text>
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
