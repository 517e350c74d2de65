/**
 * The header's language menu: English / 中文 / 日本語. Changing it updates i18next, localStorage
 * `language` and <html lang>. On a phone only its icon shows.
 */
import { languages, localeOfLanguage } from '@bank/contract/constants';
import { Box, Button } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, useLanguage } from '../lib/i18n.ts';
import { Menu, MenuItem } from '../ui/menu.tsx';

export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = useLanguage();
  const currentName = t(`shell.language.${current}`);
  return (
    <Menu
      position="bottom-end"
      width={180}
      withInitialFocusPlaceholder={false}
      withinPortal={false}
      target={
        <Button
          variant="subtle"
          color="gray"
          c="dark.6"
          size="sm"
          px="xs"
          leftSection={<IconLanguage size={18} stroke={1.6} aria-hidden />}
          rightSection={
            <Box component="span" visibleFrom="sm" style={{ display: 'flex' }}>
              <IconChevronDown size={14} aria-hidden />
            </Box>
          }
          aria-label={t('shell.language.change', { language: currentName })}
          styles={{ section: { marginInline: 4 } }}
        >
          <Box component="span" visibleFrom="sm" lang={localeOfLanguage[current]}>
            {currentName}
          </Box>
        </Button>
      }
    >
      {languages.map((language) => (
        <MenuItem
          key={language}
          lang={localeOfLanguage[language]}
          onClick={() => changeLanguage(language)}
          rightSection={language === current ? <IconCheck size={16} aria-hidden /> : null}
          aria-current={language === current ? 'true' : undefined}
          fw={language === current ? 600 : undefined}
        >
          {t(`shell.language.${language}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
