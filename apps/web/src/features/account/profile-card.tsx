/**
 * The profile: who the user is (getUserInfo: name, email, phone, role, company and its KYC status)
 * and the change of name and phone (modifyProfile). The email is the sign-in name and is not changed
 * here.
 */
import type { UserInfo } from '@bank/contract/account';
import { modifyProfile } from '@bank/contract/registration';
import { Button, DataList, Group, Stack, Text, TextInput, useMatches } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userInfoQueryKey } from '../../api/user-info.ts';
import { useCallForm } from '../../lib/call-form.tsx';
import { showSuccess } from '../../lib/notify.ts';
import { writeSession } from '../../lib/session-storage.ts';
import { FormAlert } from '../../ui/form-alert.tsx';
import { PhoneField } from '../../ui/phone-field.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { AccountSection } from './account-section.tsx';

/** "+44 20 7946 0000" in the international format, or as stored when it cannot be read. */
function formatPhone(phone: string, country: string): string {
  try {
    return parsePhoneNumberFromString(phone, country as CountryCode)?.formatInternational() ?? phone;
  } catch {
    return phone;
  }
}

function ProfileForm({ user, onDone }: { user: UserInfo; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: modifyProfile,
    initialValues: {
      full_name: user.full_name,
      phone_country: user.phone_country as string | null,
      phone: user.phone,
    },
    toRequest: (values) => ({ ...values, phone_country: values.phone_country ?? undefined }),
    onSuccess: async (_answer, body) => {
      writeSession({ username: body.full_name });
      await queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
      showSuccess(t('account.profile.saved'));
      onDone();
    },
  });

  return (
    <form style={readableErrorColour} noValidate onSubmit={submit} aria-label={t('account.profile.edit')}>
      <Stack gap="md" maw={560}>
        <FormAlert message={formError} />
        <TextInput
          id="profile-full-name"
          {...form.getInputProps('full_name')}
          label={t('account.profile.full_name')}
          autoComplete="name"
          required
        />
        <PhoneField idPrefix="profile-phone" form={form} />
        <Group gap="sm">
          <Button type="submit" loading={isSubmitting}>
            {t('account.profile.save')}
          </Button>
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            {t('account.profile.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ProfileCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  // Label beside value on a desk; above it on a phone, where a long email needs the whole width.
  const listOrientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  const [isEditing, setIsEditing] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const finishEditing = () => {
    setIsEditing(false);
    requestAnimationFrame(() => editButtonRef.current?.focus());
  };

  return (
    <AccountSection
      id="profile"
      title={t('account.profile.title')}
      description={t('account.profile.description')}
      action={
        isEditing ? null : (
          <Button
            ref={editButtonRef}
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => setIsEditing(true)}
          >
            {t('account.profile.edit')}
          </Button>
        )
      }
    >
      {isEditing ? (
        <ProfileForm user={user} onDone={finishEditing} />
      ) : (
        <DataList orientation={listOrientation} labelWidth={200} withDivider>
          <DataList.Item>
            <DataList.ItemLabel>{t('account.profile.full_name')}</DataList.ItemLabel>
            <DataList.ItemValue>{user.full_name}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('account.profile.email')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Text inherit style={{ wordBreak: 'break-all' }}>
                {user.email}
              </Text>
              <Text size="xs" c="dimmed" mt={2}>
                {t('account.profile.email_note')}
              </Text>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('account.profile.phone')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Text inherit className="tabular-figures">
                {formatPhone(user.phone, user.phone_country)}
              </Text>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('account.profile.role')}</DataList.ItemLabel>
            <DataList.ItemValue>{t(`account.roles.${user.role}`)}</DataList.ItemValue>
          </DataList.Item>
          {user.company ? (
            <>
              <DataList.Item>
                <DataList.ItemLabel>{t('account.profile.company')}</DataList.ItemLabel>
                <DataList.ItemValue>
                  {user.company.name ?? (
                    <Text inherit c="dimmed">
                      {t('account.profile.company_unnamed')}
                    </Text>
                  )}
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('account.profile.kyc_status')}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <StatusBadge list="account_kyc" value={user.kyc_status} />
                </DataList.ItemValue>
              </DataList.Item>
            </>
          ) : null}
        </DataList>
      )}
    </AccountSection>
  );
}
