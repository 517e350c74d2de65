/**
 * /team: the company's users and permission groups: who is in the team and
 * in which group, what each group may do, and the permission view comparing them. Open to users who
 * hold `team` (the administrator, or a member whose group holds it); the server checks every call.
 * The tab is kept in the address (`?tab=`).
 */
import { Button, Group, Tabs } from '@mantine/core';
import { IconKey, IconPlus, IconUserPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHoldsPermission, useUserInfo } from '../../api/user-info.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { NoPermissionPage } from '../../ui/no-permission-page.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { TableSkeleton } from '../../ui/skeletons.tsx';
import { ApiKeysPanel } from './api-keys-panel.tsx';
import { GroupFormDialog } from './group-form-dialog.tsx';
import { GroupsPanel, PermissionMatrix } from './groups-panel.tsx';
import { InviteDialog } from './member-form-dialog.tsx';
import { MembersPanel } from './members-panel.tsx';
import { useGroups } from './team-queries.ts';
import '../../messages/account.ts';
import '../../messages/admin.ts';
import '../../messages/team.ts';

/**
 * The API key form, with its date field and calendar (some 25 KB gzip of script and styles that no
 * other tab needs): loaded once the API keys' tab is shown, before its button is pressed.
 */
const ApiKeyFormDialog = lazy(async () => ({ default: (await import('./api-key-form-dialog.tsx')).ApiKeyFormDialog }));

const tabs = ['members', 'groups', 'matrix', 'api_keys'] as const;
type Tab = (typeof tabs)[number];

function isTab(value: string | null): value is Tab {
  return (tabs as readonly (string | null)[]).includes(value);
}

export function TeamPage() {
  const { t } = useTranslation();
  const mayManage = useHoldsPermission('team');
  const user = useUserInfo().data;
  const groups = useGroups();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  // API keys are the administrator's alone (the server refuses anyone else too).
  const isAdministrator = user?.role === 'administrator';
  const shownTabs = tabs.filter((value) => value !== 'api_keys' || isAdministrator);
  const tab: Tab = isTab(requested) && shownTabs.includes(requested) ? requested : 'members';
  const [dialog, setDialog] = useState<'invite' | 'new_group' | 'api_key' | null>(null);

  if (mayManage === false) return <NoPermissionPage title={t('pages.team.title')} />;

  const groupList = groups.data?.items ?? [];
  const actions =
    tab === 'api_keys' ? (
      <Button leftSection={<IconKey size={16} aria-hidden />} onClick={() => setDialog('api_key')}>
        {t('team.api_keys.create')}
      </Button>
    ) : (
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setDialog('new_group')}
        >
          {t('team.groups.new')}
        </Button>
        <Button
          leftSection={<IconUserPlus size={16} aria-hidden />}
          onClick={() => setDialog('invite')}
          disabled={groupList.length === 0}
          title={groupList.length === 0 ? t('team.members.no_group_first') : undefined}
        >
          {t('team.members.invite')}
        </Button>
      </Group>
    );

  return (
    <PageFrame title={t('pages.team.title')} description={t('pages.team.purpose')} actions={actions}>
      <Tabs value={tab} onChange={(value) => setSearchParams(value && value !== 'members' ? { tab: value } : {})}>
        <Tabs.List mb="lg">
          {shownTabs.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`team.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {groups.isPending ? <TableSkeleton /> : null}
        {groups.isError ? <LoadError error={groups.error} onRetry={() => void groups.refetch()} /> : null}
        {groups.isSuccess ? (
          <>
            <Tabs.Panel value="members">
              <MembersPanel user={user} groups={groupList} onInvite={() => setDialog('invite')} />
            </Tabs.Panel>
            <Tabs.Panel value="groups">
              <GroupsPanel user={user} groups={groupList} onNewGroup={() => setDialog('new_group')} />
            </Tabs.Panel>
            <Tabs.Panel value="matrix">
              <PermissionMatrix groups={groupList} />
            </Tabs.Panel>
            {isAdministrator ? (
              <Tabs.Panel value="api_keys">
                {tab === 'api_keys' ? <ApiKeysPanel onCreate={() => setDialog('api_key')} /> : null}
              </Tabs.Panel>
            ) : null}
          </>
        ) : null}
      </Tabs>
      {user ? (
        <>
          <InviteDialog isOpen={dialog === 'invite'} user={user} groups={groupList} onClose={() => setDialog(null)} />
          <GroupFormDialog isOpen={dialog === 'new_group'} group={null} user={user} onClose={() => setDialog(null)} />
          {isAdministrator && (tab === 'api_keys' || dialog === 'api_key') ? (
            <Suspense fallback={null}>
              <ApiKeyFormDialog isOpen={dialog === 'api_key'} user={user} onClose={() => setDialog(null)} />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </PageFrame>
  );
}
