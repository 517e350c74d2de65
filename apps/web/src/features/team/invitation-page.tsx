/**
 * /team_invitation?token=: an invited user sees who invites them to which company, chooses a
 * password (the contract's rule, shown live) and accepts; the link then no longer works. An expired,
 * used or unknown link says so in the user's language. After accepting, the user signs in and pairs
 * an authenticator (the server asks for it before anything else).
 */
import { publicPaths } from '@bank/contract/routes';
import { acceptTeamInvitation, getTeamInvitation } from '@bank/contract/team';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError, callApi } from '../../lib/api-client.ts';
import { useCallForm } from '../../lib/call-form.tsx';
import { messageOfError } from '../../lib/form-errors.ts';
import { FormAlert } from '../../ui/form-alert.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';
import { PublicPageFrame } from '../../ui/public-page-frame.tsx';
import { readableAlertStyles, readableErrorColour } from '../../ui/readable-colour.ts';
import '../../messages/team.ts';

/** A link's token is 43 base64url characters: anything else is not worth asking the server about. */
function isPlausibleToken(token: string): boolean {
  return /^[\w-]{16,128}$/.test(token);
}

function AcceptForm({ token, email, onAccepted }: { token: string; email: string; onAccepted: () => void }) {
  const { t } = useTranslation();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: acceptTeamInvitation,
    initialValues: { new_password: '', confirm_password: '' },
    toRequest: (values) => ({ ...values, token }),
    onSuccess: onAccepted,
  });
  return (
    <form style={readableErrorColour} noValidate onSubmit={submit} aria-label={t('pages.teamInvitation.title')}>
      <Stack gap="md">
        <FormAlert message={formError} />
        {/* The address the password belongs to, for the browser's password manager. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <NewPasswordFields
          idPrefix="invitation"
          form={form}
          labels={{ password: 'auth.fields.new_password', confirmation: 'auth.fields.confirm_new_password' }}
        />
        <Button type="submit" fullWidth size="md" loading={isSubmitting}>
          {t('team.invitation.submit')}
        </Button>
      </Stack>
    </form>
  );
}

export function TeamInvitationPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const isTokenPlausible = isPlausibleToken(token);
  const [isAccepted, setIsAccepted] = useState(false);
  const invitation = useQuery({
    queryKey: [getTeamInvitation.path, token],
    queryFn: ({ signal }) => callApi(getTeamInvitation, { token }, { signal, isSilent: true }),
    enabled: isTokenPlausible,
    staleTime: Number.POSITIVE_INFINITY,
  });

  let content: React.ReactNode;
  if (!isTokenPlausible || invitation.error instanceof ApiError) {
    content = (
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={20} aria-hidden />}
        title={t('team.invitation.invalid_title')}
        styles={readableAlertStyles('orange')}
        role="alert"
      >
        {invitation.error ? messageOfError(invitation.error) : t('team.validation.link_invalid')}
      </Alert>
    );
  } else if (invitation.isPending) {
    content = (
      <Center py="xl" aria-busy="true">
        <Stack align="center" gap="sm">
          <Loader />
          <Text size="sm" c="dimmed">
            {t('team.invitation.loading')}
          </Text>
        </Stack>
      </Center>
    );
  } else if (invitation.isError) {
    content = (
      <Alert color="red" variant="light" role="alert">
        {t('errors.network_timeout')}
      </Alert>
    );
  } else if (isAccepted) {
    content = (
      <Stack gap="md">
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={20} aria-hidden />}
          title={t('team.invitation.accepted_title')}
          role="status"
        >
          {t('team.invitation.accepted_body', { email: invitation.data.email })}
        </Alert>
        <Button component={Link} to={publicPaths.login} state={{ email: invitation.data.email }} size="md" fullWidth>
          {t('team.invitation.sign_in')}
        </Button>
      </Stack>
    );
  } else {
    content = (
      <Stack gap="md">
        <Text size="sm">
          {t('team.invitation.intro', {
            company: invitation.data.company_name ?? t('team.invitation.unnamed_company'),
            username: invitation.data.username,
            email: invitation.data.email,
          })}
        </Text>
        <AcceptForm token={token} email={invitation.data.email} onAccepted={() => setIsAccepted(true)} />
      </Stack>
    );
  }

  return (
    <PublicPageFrame title={t('pages.teamInvitation.title')} description={t('pages.teamInvitation.purpose')}>
      {content}
    </PublicPageFrame>
  );
}
