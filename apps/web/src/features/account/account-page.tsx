/**
 * /user_info (My account): the profile, the password, two-factor authentication, passkeys and the
 * active sessions, each its own card, loaded from getUserInfo (and listSessions, listPasskeys).
 *
 * Bank staff without an authenticator may do nothing else until they pair one (the server refuses
 * their other calls): for them this page explains why, opens the pairing at once, shows only what
 * they may use, and takes them to the back office once it is paired.
 */
import type { UserInfo } from '@bank/contract/account';
import { pathOf } from '@bank/contract/routes';
import { Alert, Box, Skeleton, Stack } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useUserInfo } from '../../api/user-info.ts';
import type { AccountPageState } from '../../lib/account-page-state.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { readableAlertStyles } from '../../ui/readable-colour.ts';
import { PasskeysCard } from './passkeys-card.tsx';
import { PasswordCard } from './password-card.tsx';
import { ProfileCard } from './profile-card.tsx';
import { SessionsCard } from './sessions-card.tsx';
import { TermsCard } from './terms-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';
import '../../messages/account.ts';

function AccountSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label={t('shell.loading')}>
      <Skeleton height={300} radius="md" />
      <Skeleton height={110} radius="md" />
      <Skeleton height={150} radius="md" />
      <Skeleton height={180} radius="md" />
    </Stack>
  );
}

function AccountContent({ user, isStaffPairingRequired }: { user: UserInfo; isStaffPairingRequired: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mustPair = user.must_pair_authenticator;
  // Kept once paired, until the recovery codes are saved and the back office opens: leaving this
  // layout would unmount the card that shows the codes.
  const [isFirstPairing] = useState(mustPair);

  if (mustPair || isFirstPairing) {
    return (
      <Stack gap="lg">
        {/* The call to pair goes once the authenticator is paired (user info is read again then). */}
        {user.is_authenticator_paired ? null : (
          <Alert
            color="orange"
            variant="light"
            role="status"
            title={t(user.is_staff ? 'account.staff_pairing.title' : 'account.member_pairing.title')}
            icon={<IconShieldLock size={20} aria-hidden />}
            styles={readableAlertStyles('orange')}
          >
            {t(user.is_staff ? 'account.staff_pairing.description' : 'account.member_pairing.description')}
          </Alert>
        )}
        <TwoFactorCard
          user={user}
          shouldStartPairing
          onPaired={() => void navigate(pathOf(user.is_staff ? 'admin_home' : 'home'), { replace: true })}
        />
        <ProfileCard user={user} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      {user.has_accepted_terms ? null : <TermsCard />}
      <ProfileCard user={user} />
      <PasswordCard user={user} />
      <TwoFactorCard user={user} shouldStartPairing={isStaffPairingRequired && !user.is_authenticator_paired} />
      <PasskeysCard user={user} />
      <SessionsCard />
    </Stack>
  );
}

export function AccountPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const state = (location.state ?? {}) as AccountPageState;
  const userInfo = useUserInfo();
  return (
    <PageFrame title={t('pages.account.title')} description={t('pages.account.purpose')}>
      {/* A settings page reads best at a comfortable line length, not across a wide screen. */}
      <Box maw={960}>
        <QueryState query={userInfo} skeleton={<AccountSkeleton />}>
          {(user) => <AccountContent user={user} isStaffPairingRequired={state.mustPairAuthenticator === true} />}
        </QueryState>
      </Box>
    </PageFrame>
  );
}
