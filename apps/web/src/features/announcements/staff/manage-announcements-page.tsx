/**
 * /affiche/affiche_list_admin (staff holding `announcements`): every announcement, newest first,
 * with its state as a badge (draft, scheduled, published, ended, unpublished), its window and
 * audience; preview exactly as a client reads it, in each language; publish (the audience is told
 * in its inbox when the window opens, once) and unpublish. Writing and editing (`?write=new` or
 * `?write=<id>`, so a reload keeps the form's place) takes the three languages, the window in the
 * writer's time zone, and the audience: all client companies or chosen ones, searched by name. A
 * published announcement is unpublished before it is edited.
 */
import {
  type AnnouncementState,
  announcementBodyMaxLength,
  announcementStates,
  announcementText,
  createAnnouncement,
  getManagedAnnouncement,
  isAnnouncementActionAllowed,
  listAnnouncementCompanies,
  listManagedAnnouncements,
  type ManagedAnnouncement,
  publishAnnouncement,
  unpublishAnnouncement,
  updateAnnouncement,
} from '@bank/contract/announcements';
import { type Language, languages } from '@bank/contract/constants';
import {
  Alert,
  Box,
  Button,
  Group,
  MultiSelect,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconEye,
  IconInfoCircle,
  IconPencil,
  IconPlus,
  IconSend,
  IconSpeakerphone,
  IconWorldOff,
} from '@tabler/icons-react';
import { keepPreviousData, type QueryClient, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHoldsPermission } from '../../../api/user-info.ts';
import { useCallForm } from '../../../lib/call-form.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { showSuccess } from '../../../lib/notify.ts';
import { loadScreenData, screenPagesOptions, useScreenQuery } from '../../../lib/screen-query.ts';
import {
  DateTimeField,
  instantOfLocalDateTime,
  localDateTimeFormat,
  localDateTimeOf,
} from '../../../ui/date-time-field.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { formatDateTime } from '../../../ui/format-date.ts';
import { LoadError } from '../../../ui/load-error.tsx';
import { LoadMore } from '../../../ui/load-more.tsx';
import { NoPermissionPage } from '../../../ui/no-permission-page.tsx';
import { PageFrame } from '../../../ui/page-frame.tsx';
import { readableErrorColour } from '../../../ui/readable-colour.ts';
import { TableSkeleton } from '../../../ui/skeletons.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { ToneBadge } from '../../../ui/tone-badge.tsx';
import type { AnnouncementContent } from '../announcement-article.tsx';
import { AnnouncementPreview } from './announcement-preview.tsx';
import { editedRequestOf, listRequestOf } from './manage-announcements-page-data.ts';
import '../../../messages/admin.ts';
import '../../../messages/announcements.ts';

const colourOfState: Record<AnnouncementState, string> = {
  draft: 'gray',
  scheduled: 'blue',
  live: 'teal',
  ended: 'indigo',
  unpublished: 'orange',
};

/** After any change: the back office's lists and the clients' reads are out of date. */
function refreshAnnouncements(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => /^\/api\/v1\/(admin\/announcements|announcement|msg)\//.test(String(query.queryKey[0])),
  });
}

function StateBadge({ state }: { state: AnnouncementState }) {
  const { t } = useTranslation();
  return <ToneBadge colour={colourOfState[state]}>{t(`announcements.states.${state}`)}</ToneBadge>;
}

function useWindowText(): (announcement: Pick<ManagedAnnouncement, 'starts_at' | 'ends_at'>) => string {
  const { t } = useTranslation();
  const language = useLanguage();
  return (announcement) => {
    const from = formatDateTime(announcement.starts_at, language);
    return announcement.ends_at
      ? t('announcements.manage.window_range', { from, until: formatDateTime(announcement.ends_at, language) })
      : t('announcements.manage.window_open_ended', { from });
  };
}

function AudienceText({ announcement }: { announcement: ManagedAnnouncement }) {
  const { t } = useTranslation();
  if (announcement.audience === 'all_companies') return <>{t('announcements.manage.audiences.all_companies')}</>;
  const names = announcement.companies.map((company) => company.name ?? t('announcements.manage.unnamed_company'));
  return (
    <Stack gap={0}>
      <Text inherit>{t('announcements.manage.chosen_count', { count: announcement.companies.length })}</Text>
      <Text inherit size="xs" c="dimmed" lineClamp={2} title={names.join(', ')}>
        {names.join(', ')}
      </Text>
    </Stack>
  );
}

function contentOf(announcement: ManagedAnnouncement): AnnouncementContent {
  const { title_en, body_en, title_ch, body_ch, title_jp, body_jp, starts_at, ends_at } = announcement;
  return { title_en, body_en, title_ch, body_ch, title_jp, body_jp, starts_at, ends_at };
}

type Decision = { kind: 'publish' | 'unpublish'; announcement: ManagedAnnouncement };

type RowActions = {
  onPreview: (announcement: ManagedAnnouncement) => void;
  onDecide: (decision: Decision) => void;
  onEdit: (announcement: ManagedAnnouncement) => void;
};

function ActionButtons({ announcement, actions }: { announcement: ManagedAnnouncement; actions: RowActions }) {
  const { t } = useTranslation();
  const title = announcement.title_en;
  const can = (action: 'edit' | 'publish' | 'unpublish') => isAnnouncementActionAllowed(announcement.state, action);
  return (
    <Group gap={6} wrap="wrap" role="group" aria-label={t('announcements.manage.actions.label', { title })}>
      <Button
        variant="default"
        size="compact-sm"
        leftSection={<IconEye size={14} aria-hidden />}
        onClick={() => actions.onPreview(announcement)}
      >
        {t('announcements.manage.actions.preview')}
      </Button>
      {can('edit') ? (
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={() => actions.onEdit(announcement)}
        >
          {t('announcements.manage.actions.edit')}
        </Button>
      ) : null}
      {can('publish') ? (
        <Button
          size="compact-sm"
          leftSection={<IconSend size={14} aria-hidden />}
          onClick={() => actions.onDecide({ kind: 'publish', announcement })}
        >
          {t('announcements.manage.actions.publish')}
        </Button>
      ) : null}
      {can('unpublish') ? (
        <Button
          variant="default"
          color="red"
          size="compact-sm"
          leftSection={<IconWorldOff size={14} aria-hidden />}
          onClick={() => actions.onDecide({ kind: 'unpublish', announcement })}
        >
          {t('announcements.manage.actions.unpublish')}
        </Button>
      ) : null}
    </Group>
  );
}

function DeliveryText({ announcement }: { announcement: ManagedAnnouncement }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (announcement.delivered_at)
    return (
      <Text size="xs" c="dimmed">
        {t('announcements.manage.delivered', { date: formatDateTime(announcement.delivered_at, language) })}
      </Text>
    );
  if (announcement.state === 'scheduled')
    return (
      <Text size="xs" c="dimmed">
        {t('announcements.manage.not_delivered')}
      </Text>
    );
  return null;
}

function AnnouncementTable({ items, actions }: { items: readonly ManagedAnnouncement[]; actions: RowActions }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const windowText = useWindowText();
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" aria-label={t('pages.announcements_admin.title')}>
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th>{t('announcements.manage.columns.title')}</Table.Th>
            <Table.Th>{t('announcements.manage.columns.state')}</Table.Th>
            <Table.Th>{t('announcements.manage.columns.window')}</Table.Th>
            <Table.Th>{t('announcements.manage.columns.audience')}</Table.Th>
            <Table.Th>{t('announcements.manage.columns.updated')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((announcement) => (
            <Table.Tr key={announcement.announcement_id} data-testid="managed-announcement">
              <Table.Td maw={360}>
                <Stack gap={8}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {announcementText(announcement, 'title', language)}
                  </Text>
                  <ActionButtons announcement={announcement} actions={actions} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <StateBadge state={announcement.state} />
                  <DeliveryText announcement={announcement} />
                </Stack>
              </Table.Td>
              <Table.Td fz="sm" className="tabular-figures" maw={220}>
                {windowText(announcement)}
              </Table.Td>
              <Table.Td fz="sm" maw={220}>
                <AudienceText announcement={announcement} />
              </Table.Td>
              <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                <Text inherit className="tabular-figures">
                  {formatDateTime(announcement.updated_at, language)}
                </Text>
                {announcement.updated_by ? (
                  <Text size="xs" c="dimmed">
                    {t('announcements.manage.updated_by', { email: announcement.updated_by })}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone: one block per announcement. */
function AnnouncementCards({ items, actions }: { items: readonly ManagedAnnouncement[]; actions: RowActions }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const windowText = useWindowText();
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map((announcement, index) => (
        <Box
          key={announcement.announcement_id}
          component="li"
          py="sm"
          px="md"
          data-testid="managed-announcement"
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
        >
          <Stack gap={8}>
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {announcementText(announcement, 'title', language)}
              </Text>
              <StateBadge state={announcement.state} />
            </Group>
            <Text size="sm" c="dark.6" className="tabular-figures">
              {windowText(announcement)}
            </Text>
            <Text size="sm" c="dark.6" component="div">
              <AudienceText announcement={announcement} />
            </Text>
            <DeliveryText announcement={announcement} />
            <Text size="xs" c="dimmed">
              {formatDateTime(announcement.updated_at, language)}
              {announcement.updated_by
                ? ` · ${t('announcements.manage.updated_by', { email: announcement.updated_by })}`
                : ''}
            </Text>
            <ActionButtons announcement={announcement} actions={actions} />
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

function DecisionForm({ decision, onClose }: { decision: Decision; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const { announcement, kind } = decision;
  const { submit, formError, isSubmitting } = useCallForm({
    call: kind === 'publish' ? publishAnnouncement : unpublishAnnouncement,
    initialValues: {},
    toRequest: () => ({ announcement_id: announcement.announcement_id }),
    onSuccess: async () => {
      showSuccess(t(`announcements.${kind}_dialog.done`));
      onClose();
      await refreshAnnouncements(queryClient);
    },
  });
  const audience =
    announcement.audience === 'all_companies'
      ? t('announcements.manage.audiences.all_companies')
      : t('announcements.manage.chosen_count', { count: announcement.companies.length });
  const isOpenNow = Date.parse(announcement.starts_at) <= Date.now();
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Paper withBorder p="sm" bg="gray.0">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {announcementText(announcement, 'title', language)}
          </Text>
        </Paper>
        <FormAlert message={formError} />
        {kind === 'publish' ? (
          <Stack gap="xs">
            <Text size="sm">
              {isOpenNow
                ? t('announcements.publish_dialog.now', { audience })
                : t('announcements.publish_dialog.later', {
                    audience,
                    date: formatDateTime(announcement.starts_at, language),
                  })}
            </Text>
            {announcement.delivered_at ? null : (
              <Text size="sm" c="dimmed">
                {t('announcements.publish_dialog.once')}
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm">{t('announcements.unpublish_dialog.what_happens')}</Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            {t(`announcements.${kind}_dialog.cancel`)}
          </Button>
          <Button
            type="submit"
            loading={isSubmitting}
            color={kind === 'unpublish' ? 'red' : undefined}
            leftSection={
              kind === 'publish' ? <IconSend size={16} aria-hidden /> : <IconWorldOff size={16} aria-hidden />
            }
            data-autofocus
          >
            {t(`announcements.${kind}_dialog.confirm`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AnnouncementList({ onEdit }: { onEdit: (id: string) => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<AnnouncementState | ''>('');
  const [preview, setPreview] = useState<AnnouncementContent | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [isDecisionOpen, setIsDecisionOpen] = useState(false);
  const announcements = useInfiniteQuery(screenPagesOptions(listManagedAnnouncements, listRequestOf(state)));
  const items = announcements.data?.pages.flatMap((page) => page.items) ?? [];
  const actions: RowActions = {
    onPreview: (announcement) => setPreview(contentOf(announcement)),
    onEdit: (announcement) => onEdit(announcement.announcement_id),
    onDecide: (chosen) => {
      setDecision(chosen);
      setIsDecisionOpen(true);
    },
  };
  return (
    <Stack gap="md">
      <Select
        label={t('announcements.manage.state_filter')}
        value={state}
        onChange={(value) => setState((value ?? '') as AnnouncementState | '')}
        data={[
          { value: '', label: t('announcements.manage.all_states') },
          ...announcementStates.map((value) => ({ value, label: t(`announcements.states.${value}`) })),
        ]}
        allowDeselect={false}
        w={{ base: '100%', xs: 240 }}
      />
      {announcements.isPending ? (
        <TableSkeleton rows={4} columns={5} />
      ) : announcements.isError ? (
        <LoadError error={announcements.error} onRetry={() => void announcements.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<IconSpeakerphone size={26} stroke={1.6} />}
          title={t(state ? 'announcements.manage.empty_state_title' : 'announcements.manage.empty_title')}
          description={t(state ? 'announcements.manage.empty_state' : 'announcements.manage.empty')}
        />
      ) : (
        <>
          <Paper withBorder px="sm">
            <Box visibleFrom="sm">
              <AnnouncementTable items={items} actions={actions} />
            </Box>
            <Box hiddenFrom="sm" mx="-sm">
              <AnnouncementCards items={items} actions={actions} />
            </Box>
          </Paper>
          <LoadMore
            query={announcements}
            loadMoreLabel={t('announcements.manage.load_more')}
            allLoaded={t('announcements.manage.all_loaded')}
          />
        </>
      )}
      <AnnouncementPreview content={preview} onClose={() => setPreview(null)} />
      <Dialog
        isOpen={isDecisionOpen}
        onClose={() => setIsDecisionOpen(false)}
        title={t(
          decision?.kind === 'unpublish'
            ? 'announcements.unpublish_dialog.title'
            : 'announcements.publish_dialog.title',
        )}
      >
        {decision ? (
          <DecisionForm
            key={`${decision.kind}-${decision.announcement.announcement_id}`}
            decision={decision}
            onClose={() => setIsDecisionOpen(false)}
          />
        ) : null}
      </Dialog>
    </Stack>
  );
}

type FormValues = {
  title_en: string;
  body_en: string;
  title_ch: string;
  body_ch: string;
  title_jp: string;
  body_jp: string;
  /** Local date and time as the picker gives it (localDateTimeFormat), or null. */
  starts_at: string | null;
  ends_at: string | null;
  audience: 'all_companies' | 'chosen_companies';
  company_ids: string[];
};

function valuesOf(announcement: ManagedAnnouncement | null): FormValues {
  if (!announcement)
    return {
      title_en: '',
      body_en: '',
      title_ch: '',
      body_ch: '',
      title_jp: '',
      body_jp: '',
      starts_at: dayjs().second(0).format(localDateTimeFormat),
      ends_at: null,
      audience: 'all_companies',
      company_ids: [],
    };
  return {
    ...contentOf(announcement),
    starts_at: localDateTimeOf(announcement.starts_at),
    ends_at: announcement.ends_at ? localDateTimeOf(announcement.ends_at) : null,
    audience: announcement.audience,
    company_ids: announcement.companies.map((company) => company.company_id),
  };
}

function contentOfValues(values: FormValues): AnnouncementContent {
  const { title_en, body_en, title_ch, body_ch, title_jp, body_jp } = values;
  return {
    title_en,
    body_en,
    title_ch,
    body_ch,
    title_jp,
    body_jp,
    starts_at: instantOfLocalDateTime(values.starts_at) ?? new Date().toISOString(),
    ends_at: instantOfLocalDateTime(values.ends_at) ?? null,
  };
}

function CompanyPicker({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  error: unknown;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  const choices = useQuery({
    queryKey: [listAnnouncementCompanies.path, { search: debouncedSearch, company_ids: value }],
    queryFn: ({ signal }) =>
      loadScreenData(
        listAnnouncementCompanies,
        { ...(debouncedSearch ? { search: debouncedSearch } : {}), company_ids: value, page_size: 50 },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  const data = (choices.data?.items ?? []).map((company) => ({
    value: company.company_id,
    label: company.name ?? t('announcements.manage.unnamed_company'),
  }));
  return (
    <MultiSelect
      label={t('announcements.form.companies')}
      description={t('announcements.form.companies_hint')}
      placeholder={value.length === 0 ? t('announcements.form.companies_placeholder') : undefined}
      nothingFoundMessage={choices.isFetching ? undefined : t('announcements.form.companies_nothing')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has searched already; names it answered by id stay visible whatever is typed.
      filter={({ options }) => options}
      hidePickedOptions
      clearable
      withAsterisk
      maxValues={200}
      error={error as never}
      data-testid="announcement-companies"
    />
  );
}

function LanguageFields({ language, form }: { language: Language; form: UseFormReturnType<FormValues> }) {
  const { t } = useTranslation();
  const body = form.getValues()[`body_${language}`];
  const headingId = `language-${language}`;
  return (
    <Paper withBorder p="md" component="fieldset" aria-labelledby={headingId} m={0}>
      <Stack gap="sm">
        <Title order={3} fz="md" id={headingId} component="legend" p={0}>
          {t(`announcements.form.languages.${language}`)}
        </Title>
        <TextInput
          label={t('announcements.form.title')}
          withAsterisk
          autoComplete="off"
          lang={language === 'en' ? 'en' : language === 'ch' ? 'zh-CN' : 'ja'}
          {...form.getInputProps(`title_${language}`)}
        />
        <Textarea
          label={t('announcements.form.body')}
          description={t('announcements.form.body_hint')}
          withAsterisk
          autosize
          minRows={5}
          maxRows={16}
          lang={language === 'en' ? 'en' : language === 'ch' ? 'zh-CN' : 'ja'}
          {...form.getInputProps(`body_${language}`)}
        />
        <Text size="xs" c="dimmed" ta="right" className="tabular-figures" aria-hidden>
          {t('announcements.form.characters', { count: body.length, max: announcementBodyMaxLength })}
        </Text>
      </Stack>
    </Paper>
  );
}

function AnnouncementForm({ announcement, onDone }: { announcement: ManagedAnnouncement | null; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<AnnouncementContent | null>(null);
  const { form, submit, formError, isSubmitting } = useCallForm({
    // Both calls take the same draft; an edit names the announcement too.
    call: (announcement ? updateAnnouncement : createAnnouncement) as typeof createAnnouncement,
    initialValues: valuesOf(announcement),
    toRequest: (values) => {
      const { starts_at, ends_at, company_ids, ...texts } = values;
      return {
        ...(announcement ? { announcement_id: announcement.announcement_id } : {}),
        ...texts,
        starts_at: instantOfLocalDateTime(starts_at),
        ends_at: instantOfLocalDateTime(ends_at) ?? null,
        company_ids: values.audience === 'chosen_companies' ? company_ids : [],
      };
    },
    invalidFormMessage: t('announcements.form.invalid'),
    onSuccess: async () => {
      showSuccess(t('announcements.form.saved'));
      await refreshAnnouncements(queryClient);
      onDone();
    },
  });
  const values = form.getValues();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <form noValidate onSubmit={submit} style={readableErrorColour}>
      <Stack gap="lg">
        <FormAlert message={formError} />
        <Stack gap="md">
          {languages.map((value) => (
            <LanguageFields key={value} language={value} form={form} />
          ))}
        </Stack>
        <Paper withBorder p="md" component="fieldset" aria-labelledby="announcement-window" m={0}>
          <Stack gap="sm">
            <Title order={3} fz="md" id="announcement-window" component="legend" p={0}>
              {t('announcements.form.window')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <DateTimeField
                label={t('announcements.form.starts_at')}
                withAsterisk
                {...form.getInputProps('starts_at')}
              />
              <DateTimeField
                label={t('announcements.form.ends_at')}
                description={t('announcements.form.ends_at_hint')}
                clearable
                {...form.getInputProps('ends_at')}
              />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              {t('announcements.form.time_zone', { zone })}
            </Text>
          </Stack>
        </Paper>
        <Paper withBorder p="md" component="fieldset" aria-labelledby="announcement-audience" m={0}>
          <Stack gap="sm">
            <Title order={3} fz="md" id="announcement-audience" component="legend" p={0}>
              {t('announcements.form.audience')}
            </Title>
            <Radio.Group {...form.getInputProps('audience')} aria-labelledby="announcement-audience">
              <Stack gap="xs" mt={4}>
                <Radio value="all_companies" label={t('announcements.manage.audiences.all_companies')} />
                <Radio value="chosen_companies" label={t('announcements.manage.audiences.chosen_companies')} />
              </Stack>
            </Radio.Group>
            {values.audience === 'chosen_companies' ? (
              <CompanyPicker
                value={values.company_ids}
                onChange={(ids) => form.setFieldValue('company_ids', ids)}
                error={form.errors.company_ids}
              />
            ) : null}
          </Stack>
        </Paper>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            {t('announcements.form.cancel')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconEye size={16} aria-hidden />}
            onClick={() => setPreview(contentOfValues(form.getValues()))}
          >
            {t('announcements.form.preview')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t('announcements.form.save')}
          </Button>
        </Group>
      </Stack>
      <AnnouncementPreview content={preview} onClose={() => setPreview(null)} />
    </form>
  );
}

function AnnouncementEditor({ id, onDone }: { id: string | null; onDone: () => void }) {
  const { t } = useTranslation();
  const existing = useScreenQuery(getManagedAnnouncement, editedRequestOf(id ?? ''), { enabled: id !== null });
  const back = (
    <Box>
      <Button variant="subtle" px={0} leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onDone}>
        {t('pages.announcements_admin.title')}
      </Button>
    </Box>
  );
  let body: ReactNode;
  if (id === null) body = <AnnouncementForm announcement={null} onDone={onDone} />;
  else if (existing.isPending) body = <TableSkeleton rows={6} columns={1} />;
  else if (existing.isError) body = <LoadError error={existing.error} onRetry={() => void existing.refetch()} />;
  else if (!isAnnouncementActionAllowed(existing.data.state, 'edit'))
    body = (
      <Alert color="bank" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
        <Text size="sm" c="var(--mantine-color-text)">
          {t('announcements.manage.edit_published_note')}
        </Text>
      </Alert>
    );
  else body = <AnnouncementForm key={existing.data.updated_at} announcement={existing.data} onDone={onDone} />;
  return (
    <Stack gap="md">
      {back}
      <Title order={2} fz="h3">
        {t(id === null ? 'announcements.form.create_title' : 'announcements.form.edit_title')}
      </Title>
      {body}
    </Stack>
  );
}

export function ManageAnnouncementsPage() {
  const { t } = useTranslation();
  const mayWork = useHoldsPermission('announcements');
  const [searchParams, setSearchParams] = useSearchParams();
  const writing = searchParams.get('write');
  const setWriting = (value: string | null) => setSearchParams(value ? { write: value } : {});

  if (mayWork === false) return <NoPermissionPage title={t('pages.announcements_admin.title')} />;

  return (
    <PageFrame
      title={t('pages.announcements_admin.title')}
      description={t('pages.announcements_admin.purpose')}
      actions={
        writing === null ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setWriting('new')}>
            {t('announcements.manage.new')}
          </Button>
        ) : undefined
      }
    >
      {writing === null ? (
        <AnnouncementList onEdit={(id) => setWriting(id)} />
      ) : (
        <AnnouncementEditor key={writing} id={writing === 'new' ? null : writing} onDone={() => setWriting(null)} />
      )}
    </PageFrame>
  );
}
