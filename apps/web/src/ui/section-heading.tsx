/**
 * A section's heading inside a page: its title, what it is for in a line or two, and its actions on
 * the right (they wrap below on a phone). Fixed text, so a page draws it before its data arrives and
 * the outline drawn at build time can hold it (`isDrawnWhole`, lib/screen-query.ts): pages render the
 * same heading over their data's skeleton and over their data.
 */
import { Box, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export type SectionHeadingProps = {
  title: string;
  description: string;
  /** The title's id, for the section's `aria-labelledby`. */
  id?: string;
  actions?: ReactNode;
};

export function SectionHeading({ title, description, id, actions }: SectionHeadingProps) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
      <Box style={{ flex: '1 1 320px', minWidth: 0 }}>
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed" mt={4} maw={720}>
          {description}
        </Text>
      </Box>
      {actions ?? null}
    </Group>
  );
}
