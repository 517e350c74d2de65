/** The product's mark and name, as the header and the public pages show it. */
import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function Brand({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={size === 'lg' ? 36 : 30} radius="md" variant="filled" aria-hidden>
        <IconBuildingBank size={size === 'lg' ? 22 : 18} stroke={1.8} />
      </ThemeIcon>
      <Text fw={650} fz={size === 'lg' ? 'lg' : 'md'} c="dark.8" style={{ letterSpacing: '-0.01em' }} lineClamp={1}>
        {t('shell.product_name')}
      </Text>
    </Group>
  );
}
