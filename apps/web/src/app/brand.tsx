/**
 * The product's mark and name, as the header and the public pages show it. The name is never cut:
 * on a phone's header, where the buttons leave little room, it is smaller and may take two lines.
 */
import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function Brand({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={size === 'lg' ? 36 : 30} radius="md" variant="filled" aria-hidden style={{ flexShrink: 0 }}>
        <IconBuildingBank size={size === 'lg' ? 22 : 18} stroke={1.8} />
      </ThemeIcon>
      <Text
        fw={650}
        fz={size === 'lg' ? 'lg' : { base: 'sm', xs: 'md' }}
        c="dark.8"
        lh={1.15}
        style={{ letterSpacing: '-0.01em', overflowWrap: 'normal', wordBreak: 'keep-all' }}
      >
        {t('shell.product_name')}
      </Text>
    </Group>
  );
}
