/**
 * The header's language menu: English / 中文 / 日本語. Changing it updates i18next, localStorage
 * `language` and <html lang>. On a phone only its icon shows.
 *
 * The languages' names are also laid out with the page, clipped to nothing and hidden from screen
 * readers: a page in English has no Chinese or Japanese text, and the browser looked for those
 * scripts' fonts only when the menu first opened, a layout of 30 to 60 ms at a phone's speed inside
 * that click (bench/README.md); it looks for them as the page is drawn instead.
 */
import { languages, localeOfLanguage } from '@bank/contract/constants';
import { Box, Button, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, useLanguage } from '../lib/i18n.ts';
import { Menu, MenuItem } from '../ui/menu.tsx';

export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = useLanguage();
  const currentName = t(`shell.language.${current}`);
  const names = languages.map((language) => (
    <span key={language} lang={localeOfLanguage[language]}>
      {t(`shell.language.${language}`)}
    </span>
  ));
  const menu = (
    <Menu
      position="bottom-end"
      width={180}
      withInitialFocusPlaceholder={false}
      isDrawnWhenIdle
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
  return (
    <>
      {menu}
      <VisuallyHidden aria-hidden>{names}</VisuallyHidden>
    </>
  );
}
