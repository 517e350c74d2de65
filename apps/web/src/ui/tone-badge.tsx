/** A light badge in a colour of meaning whose text passes WCAG AA on its tint (badge-text.ts). */
import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { badgeTextStyle } from './badge-text.ts';

export function ToneBadge({ colour, children }: { colour: string; children: ReactNode }) {
  return (
    // At its full width: in a table column a badge would otherwise be cut to "Cred…".
    <Badge color={colour} tt="none" fw={600} miw="max-content" style={badgeTextStyle(colour)}>
      {children}
    </Badge>
  );
}
