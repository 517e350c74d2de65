/**
 * A small button that copies one value (an address, an account number, a reference) and says so
 * for three seconds, in its tooltip and its accessible name; and a long value shown with its button.
 */
import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

export function CopyValueButton({ value, label, copiedLabel }: { value: string; label: string; copiedLabel: string }) {
  return (
    <CopyButton value={value} timeout={3000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? copiedLabel : label} withArrow>
          <ActionIcon
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'teal' : 'blue'}
            size="lg"
            onClick={copy}
            aria-label={copied ? copiedLabel : label}
          >
            {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** A long identifier (an address, a hash, a reference) in a monospace face, with its copy button. */
export function CopyableText({ value, label, copiedLabel }: { value: string; label: string; copiedLabel: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="center" component="span">
      <Text component="span" size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      <CopyValueButton value={value} label={label} copiedLabel={copiedLabel} />
    </Group>
  );
}
