/**
 * The signed-in user: name, a way to their account (and, for the bank's staff, to the back office),
 * and log out, which ends the session on the server too (logout.ts).
 */
import { pathOf } from '@bank/contract/routes';
import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconBuildingBank, IconChevronDown, IconLogout, IconMessageCircle, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readSession } from '../lib/session-storage.ts';
import { Menu, MenuDivider, MenuItem } from '../ui/menu.tsx';
import { useLogOut } from './logout.ts';

/** "Amelia Tan" or "amelia.tan@…" -> "AT"; a Chinese or Japanese name -> its first character. */
function initialsOf(name: string): string {
  const trimmed = name.trim();
  if (/^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(trimmed))
    return [...trimmed][0] ?? '?';
  const parts =
    trimmed
      .split('@')[0]
      ?.split(/[\s._-]+/)
      .filter(Boolean) ?? [];
  const letters = parts.length > 1 ? [parts[0]?.[0], parts[1]?.[0]] : [trimmed[0], trimmed[1]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

export function UserMenu() {
  const { t } = useTranslation();
  const logOut = useLogOut();
  const { username: storedName, isStaff } = readSession();
  const username = storedName ?? '';
  return (
    <Menu
      position="bottom-end"
      width={240}
      withInitialFocusPlaceholder={false}
      isDrawnWhenIdle
      withinPortal={false}
      target={
        <UnstyledButton
          aria-label={t('shell.user_menu.label', { name: username })}
          px={6}
          py={4}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Group gap={8} wrap="nowrap">
            <Avatar size={32} radius="xl" color="bank" variant="light" aria-hidden>
              {initialsOf(username)}
            </Avatar>
            <Text size="sm" fw={500} c="dark.7" visibleFrom="sm" maw={180} truncate="end">
              {username}
            </Text>
            <IconChevronDown size={14} aria-hidden color="var(--mantine-color-gray-6)" />
          </Group>
        </UnstyledButton>
      }
    >
      <MenuItem component={Link} to={pathOf('account')} leftSection={<IconUserCircle size={18} aria-hidden />}>
        <Text size="sm" fw={500}>
          {t('shell.user_menu.my_account')}
        </Text>
        <Text size="xs" c="dimmed" truncate="end" maw={180}>
          {t('shell.user_menu.signed_in_as')} {username}
        </Text>
      </MenuItem>
      {isStaff ? (
        <MenuItem component={Link} to={pathOf('admin_home')} leftSection={<IconBuildingBank size={18} aria-hidden />}>
          {t('admin.navigation.groups.back_office')}
        </MenuItem>
      ) : (
        <MenuItem component={Link} to={pathOf('feedback')} leftSection={<IconMessageCircle size={18} aria-hidden />}>
          {t('shell.user_menu.feedback')}
        </MenuItem>
      )}
      <MenuDivider />
      <MenuItem c="red.8" leftSection={<IconLogout size={18} aria-hidden />} onClick={logOut}>
        {t('shell.user_menu.log_out')}
      </MenuItem>
    </Menu>
  );
}
