/**
 * The language switch of the public pages: the three languages side by side, each named in its own
 * language. Plain buttons rather than a dropdown menu, which keeps the first load of /login small.
 */
import { languages, localeOfLanguage } from '@bank/contract/constants';
import { Group, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, useLanguage } from '../lib/i18n.ts';
import classes from './language-links.module.css';

export function LanguageLinks() {
  const { t } = useTranslation();
  const current = useLanguage();
  return (
    <Group component="nav" aria-label={t('shell.language.label')} gap={4} justify="center">
      {languages.map((language) => (
        <UnstyledButton
          key={language}
          lang={localeOfLanguage[language]}
          className={classes.link}
          data-current={language === current || undefined}
          aria-pressed={language === current}
          onClick={() => changeLanguage(language)}
        >
          {t(`shell.language.${language}`)}
        </UnstyledButton>
      ))}
    </Group>
  );
}
