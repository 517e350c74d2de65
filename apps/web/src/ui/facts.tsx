/**
 * A record's facts (a payout's, a transaction's) as a description list: each label over its value,
 * in a grid of two columns on a phone and three from medium widths (FactGrid), or one under another
 * for values too long to share a line (FactList: a hash, a reason). A screen reader reads them as
 * terms and their descriptions; a lone label over a value in a card is ui/labelled-value.tsx.
 */
import { Anchor, Group, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4} component="div" miw={0}>
      <Text size="xs" c="dimmed" fw={500} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

export function FactGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: 2, md: 3 }}
      spacing="lg"
      verticalSpacing="md"
      m={0}
      style={{ alignItems: 'start' }}
    >
      {children}
    </SimpleGrid>
  );
}

export function FactList({ children }: { children: ReactNode }) {
  return (
    <Stack gap="md" component="dl" m={0}>
      {children}
    </Stack>
  );
}

/** The network explorer's page of an on-chain hash, in a new tab (and said so to a screen reader). */
export function ExplorerLink({ href, label, newTabLabel }: { href: string; label: string; newTabLabel: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        {label}
        <IconExternalLink size={14} aria-hidden />
        <VisuallyHidden>{newTabLabel}</VisuallyHidden>
      </Group>
    </Anchor>
  );
}
