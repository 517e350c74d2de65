/**
 * A permission group, new or changed: its name, description and the permissions its users hold, each
 * with what it opens. A change of an existing group applies to its users at once, so the server asks
 * for a fresh second factor first (the step-up dialog, then the same values are sent again).
 */
import type { UserInfo } from '@bank/contract/account';
import type { GroupPermission } from '@bank/contract/permissions';
import { groupPermissions } from '@bank/contract/permissions';
import { addPermissionGroup, editPermissionGroup, type PermissionGroup } from '@bank/contract/team';
import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCallForm } from '../../lib/call-form.tsx';
import { showSuccess } from '../../lib/notify.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { Textarea } from '../../ui/textarea.tsx';
import { useStepUpForm } from '../../widgets/step-up-dialog.tsx';
import { refreshTeam } from './team-queries.ts';

type GroupValues = { name: string; description: string; permissions: GroupPermission[] };

type GroupFieldsProps = {
  form: UseFormReturnType<GroupValues>;
  formError: string | null;
  isSubmitting: boolean;
  isChange: boolean;
  onCancel: () => void;
};

function GroupFields({ form, formError, isSubmitting, isChange, onCancel }: GroupFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <FormAlert message={formError} />
      <TextInput
        id="group-name"
        {...form.getInputProps('name')}
        label={t('team.group_form.name')}
        placeholder={t('team.group_form.name_placeholder')}
        required
        data-autofocus
      />
      <Textarea
        id="group-description"
        {...form.getInputProps('description')}
        label={t('team.group_form.description')}
        autosize
        minRows={2}
      />
      <Checkbox.Group {...form.getInputProps('permissions')} label={t('team.group_form.permissions')} withAsterisk>
        <Stack gap="sm" mt="xs">
          {groupPermissions.map((permission) => (
            <Checkbox
              key={permission}
              value={permission}
              label={t(`team.permissions.${permission}.label`)}
              description={t(`team.permissions.${permission}.description`)}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      {isChange ? (
        <Text size="sm" c="dimmed">
          {t('team.group_form.change_note')}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
          {t('team.members.cancel')}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {t('team.group_form.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

function valuesOf(group: PermissionGroup | null): GroupValues {
  return {
    name: group?.name ?? '',
    description: group?.description ?? '',
    permissions: group?.permissions ?? [],
  };
}

function useSavedGroup(onDone: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (answer: PermissionGroup) => {
    await refreshTeam(queryClient);
    showSuccess(t('team.groups.saved_notice', { name: answer.name }));
    onDone();
  };
}

function NewGroupForm({ onDone }: { onDone: () => void }) {
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: addPermissionGroup,
    initialValues: valuesOf(null),
    onSuccess: useSavedGroup(onDone),
  });
  return (
    <form style={readableErrorColour} noValidate onSubmit={submit}>
      <GroupFields form={form} formError={formError} isSubmitting={isSubmitting} isChange={false} onCancel={onDone} />
    </form>
  );
}

function ChangedGroupForm({ group, user, onDone }: { group: PermissionGroup; user: UserInfo; onDone: () => void }) {
  const { stepUpOptions, stepUpDialog } = useStepUpForm('team');
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: editPermissionGroup,
    initialValues: valuesOf(group),
    toRequest: (values) => ({ ...values, group_id: group.group_id }),
    ...stepUpOptions,
    onSuccess: useSavedGroup(onDone),
  });
  // The step-up dialog stays outside the form: its own form's submit would bubble (through the portal) into this one.
  return (
    <>
      <form style={readableErrorColour} noValidate onSubmit={submit}>
        <GroupFields form={form} formError={formError} isSubmitting={isSubmitting} isChange onCancel={onDone} />
      </form>
      {stepUpDialog(user, submit)}
    </>
  );
}

export function GroupFormDialog({
  isOpen,
  group,
  user,
  onClose,
}: {
  isOpen: boolean;
  /** Null for a new group. */
  group: PermissionGroup | null;
  user: UserInfo;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = group ? t('team.group_form.edit_title', { name: group.name }) : t('team.group_form.new_title');
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} size="lg">
      {isOpen && group ? <ChangedGroupForm group={group} user={user} onDone={onClose} /> : null}
      {isOpen && !group ? <NewGroupForm onDone={onClose} /> : null}
    </Dialog>
  );
}
