/**
 * The passkey dialogs of My account. Adding: a name, then the registration options (the server may
 * first ask for a fresh second factor: the step-up dialog, then the same again), the browser's
 * prompt, and the add call. Renaming: one field.
 */
import type { UserInfo } from '@bank/contract/account';
import {
  addPasskey,
  type PasskeyItem,
  PasskeyName,
  passkeyRules,
  renamePasskey,
  startPasskeyRegistration,
} from '@bank/contract/passkeys';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createPasskey, passkeyFailureMessage } from '../../api/passkeys.ts';
import { callApi } from '../../lib/api-client.ts';
import { useCallForm } from '../../lib/call-form.tsx';
import { errorKeyOf } from '../../lib/form-errors.ts';
import { showSuccess } from '../../lib/notify.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { useStepUpForm } from '../../widgets/step-up-dialog.tsx';

function AddPasskeyForm({ user, onClose, onAdded }: { user: UserInfo; onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isWorking, setIsWorking] = useState(false);
  const { stepUpOptions, stepUpDialog } = useStepUpForm('security');

  const create = async () => {
    const parsed = PasskeyName.safeParse(name);
    if (!parsed.success) {
      setNameError(t('validation.required'));
      return;
    }
    setIsWorking(true);
    setError(null);
    try {
      const started = await callApi(startPasskeyRegistration, {});
      const credential = await createPasskey(started.options);
      await callApi(addPasskey, { name: parsed.data, credential });
      showSuccess(t('account.passkeys.added'));
      onAdded();
      onClose();
    } catch (failure) {
      // The last second factor is too old: the step-up dialog, then the same name again.
      if (errorKeyOf(failure) === 'fresh_second_factor_required') stepUpOptions.onFailure();
      else setError(passkeyFailureMessage(failure, account));
    }
    setIsWorking(false);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void create();
  };

  // The step-up dialog beside the form, not in it: a submit inside it must not bubble to this form.
  return (
    <>
      <form style={readableErrorColour} noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">{t('account.passkeys.add_intro')}</Text>
          <FormAlert message={error} />
          <TextInput
            id="passkey-name"
            label={t('account.passkeys.name_label')}
            description={t('account.passkeys.name_description')}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(null);
            }}
            error={nameError}
            maxLength={passkeyRules.nameMaxLength}
            required
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isWorking}>
              {t('account.passkeys.cancel')}
            </Button>
            <Button type="submit" loading={isWorking}>
              {t('account.passkeys.create')}
            </Button>
          </Group>
        </Stack>
      </form>
      {stepUpDialog(user, () => void create())}
    </>
  );
}

const account = { cancelled: 'account.passkeys.cancelled', unsupported: 'account.passkeys.unsupported' };

export function AddPasskeyDialog({
  user,
  isOpen,
  onClose,
  onAdded,
}: {
  user: UserInfo;
  isOpen: boolean;
  onClose: () => void;
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('account.passkeys.add_title')}>
      {isOpen ? <AddPasskeyForm user={user} onClose={onClose} onAdded={onAdded} /> : null}
    </Dialog>
  );
}

function RenameForm({
  passkey,
  onClose,
  onRenamed,
}: {
  passkey: PasskeyItem;
  onClose: () => void;
  onRenamed: () => void;
}) {
  const { t } = useTranslation();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: renamePasskey,
    initialValues: { passkey_id: passkey.passkey_id, name: passkey.name },
    onSuccess: () => {
      showSuccess(t('account.passkeys.renamed'));
      onRenamed();
      onClose();
    },
  });
  return (
    <form style={readableErrorColour} noValidate onSubmit={submit}>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput
          id="passkey-new-name"
          {...form.getInputProps('name')}
          label={t('account.passkeys.name_label')}
          required
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            {t('account.passkeys.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t('account.passkeys.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function RenamePasskeyDialog({
  passkey,
  onClose,
  onRenamed,
}: {
  passkey: PasskeyItem | null;
  onClose: () => void;
  onRenamed: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={passkey !== null} onClose={onClose} title={t('account.passkeys.rename_title')}>
      {passkey ? <RenameForm passkey={passkey} onClose={onClose} onRenamed={onRenamed} /> : null}
    </Dialog>
  );
}
