/**
 * Two-factor authentication: the method the user signs in with, and pairing an authenticator app.
 * Pairing (startAuthenticatorPairing, then approveAuthenticator with a right code from it) shows the
 * server's QR code as an image (a data URI of its SVG, never inserted as markup) and the secret to
 * type, grouped by four. The server may first ask to confirm the user's identity
 * (fresh_second_factor_required): the step-up dialog does, then pairing is retried. Removing the
 * authenticator needs a current code from it; bank staff cannot remove theirs. Pairing answers the
 * recovery codes, shown once (recovery-codes-panel.tsx) until the user says they are saved.
 */
import {
  approveAuthenticator,
  removeAuthenticator,
  startAuthenticatorPairing,
  type UserInfo,
} from '@bank/contract/account';
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconDeviceMobile, IconMail, IconShieldCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userInfoQueryKey } from '../../api/user-info.ts';
import { callApi } from '../../lib/api-client.ts';
import { useCallForm } from '../../lib/call-form.tsx';
import { messageOfError } from '../../lib/form-errors.ts';
import { showSuccess } from '../../lib/notify.ts';
import { badgeTextStyle } from '../../ui/badge-text.ts';
import { CodeInput } from '../../ui/code-input.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { svgDataUrl } from '../../ui/svg-data-url.ts';
import { useStepUpForm } from '../../widgets/step-up-dialog.tsx';
import { AccountSection } from './account-section.tsx';
import { RecoveryCodesPanel, RecoveryCodesSection } from './recovery-codes-panel.tsx';

type Setup = { secret: string; otpauthUri: string; qrImage: string };

/** "JBSWY3DPEHPK3PXP" -> "JBSW Y3DP EHPK 3PXP": easier to read and type. */
function groupByFour(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

function PairingPanel({
  user,
  setup,
  onPaired,
  onCancel,
}: {
  user: UserInfo;
  setup: Setup;
  onPaired: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { stepUpOptions, stepUpDialog } = useStepUpForm('security');
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: approveAuthenticator,
    initialValues: { code: '' },
    fieldOfError: { verification_code_incorrect: 'code' },
    resetOnFailure: ['code'],
    // Pairing needs a fresh second factor: the user re-authenticates, then the same code is sent.
    ...stepUpOptions,
    onSuccess: (answer) => onPaired(answer.recovery_codes),
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} bg="gray.0">
      <Stack gap="lg">
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Box
            bg="white"
            p={6}
            style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Image src={setup.qrImage} alt={t('account.two_factor.qr_alt')} w={176} h={176} fit="contain" />
          </Box>
          <Stack gap="sm" style={{ flex: '1 1 260px', minWidth: 0 }}>
            <Text size="sm">{t('account.two_factor.scan')}</Text>
            <Anchor href={setup.otpauthUri} size="sm" fw={500} hiddenFrom="sm">
              {t('account.two_factor.open_in_app')}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t('account.two_factor.cannot_scan')}
            </Text>
            <Group gap="xs" wrap="nowrap" align="center">
              <Code
                fz="sm"
                px="sm"
                py={6}
                className="tabular-figures"
                aria-label={t('account.two_factor.secret_label')}
                data-testid="authenticator-secret"
                style={{ letterSpacing: '0.04em', wordBreak: 'break-word' }}
              >
                {groupByFour(setup.secret)}
              </Code>
              <CopyButton value={setup.secret} timeout={2000}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('account.two_factor.copied') : t('account.two_factor.copy')}>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      onClick={copy}
                      aria-label={copied ? t('account.two_factor.copied') : t('account.two_factor.copy')}
                    >
                      {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Group>
        <form style={readableErrorColour} noValidate onSubmit={submit} aria-label={t('account.two_factor.set_up')}>
          <Stack gap="sm" maw={360}>
            <FormAlert message={formError} />
            <CodeInput
              id="authenticator-code"
              {...form.getInputProps('code')}
              label={t('account.two_factor.code_label')}
              description={t('account.two_factor.enter_code')}
              required
            />
            <Group gap="sm">
              <Button type="submit" loading={isSubmitting}>
                {t('account.two_factor.turn_on')}
              </Button>
              <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
                {t('account.two_factor.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
      {stepUpDialog(user, () => submit())}
    </Paper>
  );
}

function RemoveDialog({ isOpen, onClose, onRemoved }: { isOpen: boolean; onClose: () => void; onRemoved: () => void }) {
  const { t } = useTranslation();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: removeAuthenticator,
    initialValues: { code: '' },
    fieldOfError: { verification_code_incorrect: 'code' },
    resetOnFailure: ['code'],
    onSuccess: onRemoved,
  });

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('account.two_factor.remove_title')} size="sm">
      <form style={readableErrorColour} noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">{t('account.two_factor.remove_description')}</Text>
          <FormAlert message={formError} />
          <CodeInput
            id="remove-authenticator-code"
            {...form.getInputProps('code')}
            label={t('account.two_factor.code_label')}
            required
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              {t('account.two_factor.cancel')}
            </Button>
            <Button type="submit" color="red" loading={isSubmitting}>
              {t('account.two_factor.remove_confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

export type TwoFactorCardProps = {
  user: UserInfo;
  /** Opens the set-up at once (staff who must pair before anything else). */
  shouldStartPairing: boolean;
  onPaired?: () => void;
};

export function TwoFactorCard({ user, shouldStartPairing, onPaired }: TwoFactorCardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [setupError, setSetupError] = useState<string | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const [isRemoveOpen, setIsRemoveOpen] = useState(false);
  /** The codes answered by pairing, shown until the user says they are saved. */
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const hasAutoStarted = useRef(false);
  const setupButtonRef = useRef<HTMLButtonElement>(null);

  const startPairing = useCallback(async () => {
    setIsStarting(true);
    setSetupError(null);
    try {
      const answer = await callApi(startAuthenticatorPairing, {});
      setSetup({
        secret: answer.secret,
        otpauthUri: answer.otpauth_uri,
        qrImage: svgDataUrl(answer.qr_svg),
      });
      requestAnimationFrame(() => document.getElementById('authenticator-code')?.focus());
    } catch (error) {
      setSetupError(messageOfError(error));
    }
    setIsStarting(false);
  }, []);

  const isPaired = user.is_authenticator_paired;
  useEffect(() => {
    if (!shouldStartPairing || isPaired || hasAutoStarted.current) return;
    hasAutoStarted.current = true;
    void startPairing();
  }, [shouldStartPairing, isPaired, startPairing]);

  const showRecoveryCodes = async (codes: string[]) => {
    setSetup(null);
    setRecoveryCodes(codes);
    // Known at once, not only once the user is read again: a staff member who saved the codes
    // before that answer came was sent from the back office to pair again (its gate read the old user).
    queryClient.setQueryData<UserInfo>(
      userInfoQueryKey,
      (known) => known && { ...known, is_authenticator_paired: true, must_pair_authenticator: false },
    );
    await queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
    showSuccess(t('account.two_factor.paired'));
  };

  const finishPairing = () => {
    setRecoveryCodes(null);
    onPaired?.();
  };

  const finishRemoval = async () => {
    setIsRemoveOpen(false);
    await queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
    showSuccess(t('account.two_factor.removed'));
  };

  const status = user.is_authenticator_paired ? (
    <Badge
      color="teal"
      leftSection={<IconShieldCheck size={14} aria-hidden />}
      tt="none"
      style={badgeTextStyle('teal')}
    >
      {t('account.two_factor.status_authenticator')}
    </Badge>
  ) : (
    <Badge color="gray" leftSection={<IconMail size={14} aria-hidden />} tt="none" style={badgeTextStyle('gray')}>
      {t('account.two_factor.status_email')}
    </Badge>
  );

  let action = null;
  if (user.is_authenticator_paired && !user.is_staff) {
    action = (
      <Button variant="default" color="red" onClick={() => setIsRemoveOpen(true)}>
        {t('account.two_factor.remove')}
      </Button>
    );
  } else if (!user.is_authenticator_paired && setup === null) {
    action = (
      <Button
        ref={setupButtonRef}
        leftSection={<IconDeviceMobile size={16} aria-hidden />}
        loading={isStarting}
        onClick={() => void startPairing()}
      >
        {t('account.two_factor.set_up')}
      </Button>
    );
  }

  return (
    <AccountSection
      id="two-factor"
      title={t('account.two_factor.title')}
      description={t('account.two_factor.description')}
      status={status}
      action={action}
    >
      <Text size="sm" c="dark.6">
        {user.is_authenticator_paired
          ? t('account.two_factor.explanation_authenticator')
          : t('account.two_factor.explanation_email')}
      </Text>
      {user.is_authenticator_paired && user.is_staff ? (
        <Text size="sm" c="dimmed">
          {t('account.two_factor.staff_required')}
        </Text>
      ) : null}
      <FormAlert message={setupError} />
      {setup && !user.is_authenticator_paired ? (
        <PairingPanel
          user={user}
          setup={setup}
          onPaired={(codes) => void showRecoveryCodes(codes)}
          onCancel={() => {
            setSetup(null);
            requestAnimationFrame(() => setupButtonRef.current?.focus());
          }}
        />
      ) : null}
      {recoveryCodes ? <RecoveryCodesPanel codes={recoveryCodes} onDone={finishPairing} /> : null}
      {user.is_authenticator_paired && !recoveryCodes ? <RecoveryCodesSection user={user} /> : null}
      <RemoveDialog
        isOpen={isRemoveOpen}
        onClose={() => setIsRemoveOpen(false)}
        onRemoved={() => void finishRemoval()}
      />
    </AccountSection>
  );
}
