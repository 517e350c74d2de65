/**
 * Inviting a user (username, email, permission group, company role, description, remarks) and
 * changing one (group, company role, description, remarks). Both ask for a fresh second factor when they decide what someone may do.
 */
import type { UserInfo } from '@bank/contract/account';
import { type CompanyMemberRole, companyMemberRoles } from '@bank/contract/roles';
import { editTeamMember, inviteTeamMember, type PermissionGroup, type TeamMember } from '@bank/contract/team';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
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

type MembershipValues = { group_id: string; company_role: CompanyMemberRole; description: string; remarks: string };

function MembershipFields<Values extends MembershipValues>({
  form,
  groups,
}: {
  form: UseFormReturnType<Values>;
  groups: readonly PermissionGroup[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        id="member-group"
        {...form.getInputProps('group_id')}
        label={t('team.members.group')}
        data={groups.map((group) => ({ value: group.group_id, label: group.name }))}
        allowDeselect={false}
        required
      />
      <Select
        id="member-company-role"
        {...form.getInputProps('company_role')}
        label={t('team.members.company_role')}
        description={t('team.members.company_role_help')}
        data={companyMemberRoles.map((role) => ({ value: role, label: t(`team.company_roles.${role}`) }))}
        allowDeselect={false}
        required
      />
      <Textarea
        id="member-description"
        {...form.getInputProps('description')}
        label={t('team.members.description')}
        autosize
        minRows={2}
      />
      <Textarea
        id="member-remarks"
        {...form.getInputProps('remarks')}
        label={t('team.members.remarks')}
        autosize
        minRows={2}
      />
    </>
  );
}

function FormButtons({
  label,
  isSubmitting,
  onCancel,
}: {
  label: string;
  isSubmitting: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
        {t('team.members.cancel')}
      </Button>
      <Button type="submit" loading={isSubmitting}>
        {label}
      </Button>
    </Group>
  );
}

type FormProps = { user: UserInfo; groups: readonly PermissionGroup[]; onDone: () => void };

function InviteForm({ user, groups, onDone }: FormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { stepUpOptions, stepUpDialog } = useStepUpForm('team');
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: inviteTeamMember,
    initialValues: {
      username: '',
      email: '',
      group_id: groups[0]?.group_id ?? '',
      company_role: 'staff_member' as CompanyMemberRole,
      description: '',
      remarks: '',
    },
    ...stepUpOptions,
    onSuccess: async (answer: TeamMember) => {
      await refreshTeam(queryClient);
      showSuccess(t('team.members.invited_notice', { email: answer.email }));
      onDone();
    },
  });
  // The step-up dialog stays outside the form: its own form's submit would bubble (through the portal) into this one.
  return (
    <>
      <form style={readableErrorColour} noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('team.invite_form.intro')}
          </Text>
          <FormAlert message={formError} />
          <TextInput
            id="member-username"
            {...form.getInputProps('username')}
            label={t('team.members.username')}
            autoComplete="off"
            required
            data-autofocus
          />
          <TextInput
            id="member-email"
            {...form.getInputProps('email')}
            label={t('team.members.email')}
            type="email"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            required
          />
          <MembershipFields form={form} groups={groups} />
          <FormButtons label={t('team.invite_form.submit')} isSubmitting={isSubmitting} onCancel={onDone} />
        </Stack>
      </form>
      {stepUpDialog(user, submit)}
    </>
  );
}

function EditForm({ user, groups, member, onDone }: FormProps & { member: TeamMember }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { stepUpOptions, stepUpDialog } = useStepUpForm('team');
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: editTeamMember,
    initialValues: {
      group_id: member.group_id ?? '',
      company_role: (member.company_role === 'administrator'
        ? 'staff_member'
        : member.company_role) as CompanyMemberRole,
      description: member.description,
      remarks: member.remarks,
    },
    toRequest: (values) => ({ ...values, member_id: member.member_id }),
    ...stepUpOptions,
    onSuccess: async () => {
      await refreshTeam(queryClient);
      showSuccess(t('team.members.saved_notice', { name: member.username }));
      onDone();
    },
  });
  return (
    <>
      <form style={readableErrorColour} noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {member.email}
          </Text>
          <FormAlert message={formError} />
          <MembershipFields form={form} groups={groups} />
          <FormButtons label={t('team.edit_form.submit')} isSubmitting={isSubmitting} onCancel={onDone} />
        </Stack>
      </form>
      {stepUpDialog(user, submit)}
    </>
  );
}

export function InviteDialog({
  isOpen,
  onClose,
  ...props
}: Omit<FormProps, 'onDone'> & { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('team.invite_form.title')}>
      {isOpen ? <InviteForm {...props} onDone={onClose} /> : null}
    </Dialog>
  );
}

export function EditMemberDialog({
  member,
  onClose,
  ...props
}: Omit<FormProps, 'onDone'> & { member: TeamMember | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={member !== null}
      onClose={onClose}
      title={member ? t('team.edit_form.title', { name: member.username }) : ''}
    >
      {member ? <EditForm {...props} member={member} onDone={onClose} /> : null}
    </Dialog>
  );
}
