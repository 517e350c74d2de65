/**
 * The password rule of DECISIONS.md as a checklist that ticks as the user types (the contract's
 * passwordChecks, the same functions the server's rule is made of). Polite live region: a screen
 * reader hears an item change state without being interrupted. The common-password list and the
 * "not your email" rule are the server's and the schema's, shown under the field when they fail.
 */
import { type PasswordCheck, passwordChecks } from '@bank/contract/password-rule';
import { Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconCircle, IconCircleCheckFilled } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const checkOrder: readonly PasswordCheck[] = ['length', 'upper', 'lower', 'digit', 'special'];

export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation();
  const generatedId = useId();
  const listId = id ?? generatedId;
  return (
    <Box>
      <Text id={`${listId}-label`} size="xs" c="dimmed" mb={6}>
        {t('auth.password_checklist.label')}
      </Text>
      <Box
        component="ul"
        id={listId}
        aria-labelledby={`${listId}-label`}
        aria-live="polite"
        m={0}
        p={0}
        style={{ listStyle: 'none', display: 'grid', gap: 4 }}
      >
        {checkOrder.map((check) => {
          const isMet = passwordChecks[check](password);
          return (
            <Group key={check} component="li" gap={8} wrap="nowrap" data-check={check} data-met={isMet || undefined}>
              {isMet ? (
                <IconCircleCheckFilled size={16} color="var(--mantine-color-teal-7)" aria-hidden />
              ) : (
                <IconCircle size={16} stroke={1.6} color="var(--mantine-color-gray-5)" aria-hidden />
              )}
              <Text size="sm" c={isMet ? 'dark.7' : 'dimmed'}>
                {t(`auth.password_checklist.${check}`)}
                <VisuallyHidden>
                  {': '}
                  {isMet ? t('auth.password_checklist.met') : t('auth.password_checklist.not_met')}
                </VisuallyHidden>
              </Text>
            </Group>
          );
        })}
      </Box>
    </Box>
  );
}
