/** A line of a quote's table (a rate, a fee, what arrives): its label as the row's header, the value right-aligned. */
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function QuoteLine({
  label,
  children,
  isStrong = false,
}: {
  label: string;
  children: ReactNode;
  isStrong?: boolean;
}) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={isStrong ? 600 : 400}>
        <Text size="sm" c={isStrong ? undefined : 'dimmed'} fw={isStrong ? 600 : 400}>
          {label}
        </Text>
      </Table.Th>
      <Table.Td ta="right">{children}</Table.Td>
    </Table.Tr>
  );
}
