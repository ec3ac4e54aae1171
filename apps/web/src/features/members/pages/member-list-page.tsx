import { Alert, Badge, Button, Group, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { failureText } from '../../../lib/http';
import { formatLongDate } from '../../../lib/format';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../components/use-page-title';
import { PagedList } from '../../../components/paged-list';
import { ListToolbar } from '../../../components/list-toolbar';
import { ExportMenu } from '../../../components/export-menu';
import { deleteMember, exportMembers, memberKeys, memberQueries, reactivateMember, type Member, type MemberListBody, type MemberRoleName } from '../api';

const SORTS = {
  newest: { key: 'created_at', direction: 'desc' },
  oldest: { key: 'created_at', direction: 'asc' },
  nameAsc: { key: 'name', direction: 'asc' },
  nameDesc: { key: 'name', direction: 'desc' },
  email: { key: 'email', direction: 'asc' },
} as const;
type SortName = keyof typeof SORTS;
type StatusFilter = '' | 'active' | 'deactivated';

/** Shown once on the list after a form saved (the spec sends add and update back here). */
export interface MemberListNotice {
  notice: string;
}

/** The admin's instructors or participants: search, status, sort, pages; edit, delete (or deactivate), reactivate. */
export default function MemberListPage({ role }: { role: MemberRoleName }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('');
  const [sort, setSort] = useState<SortName>('newest');
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<Member | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(() => {
    const state = location.state as Partial<MemberListNotice> | null;
    return typeof state?.notice === 'string' ? { ok: true, text: state.notice } : null;
  });
  usePageTitle(t(`members.${role}.title`));

  // The notice was shown once; a reload must not repeat it.
  useEffect(() => {
    if ((location.state as Partial<MemberListNotice> | null)?.notice !== undefined) {
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    }
  }, [location, navigate]);

  const body: MemberListBody = { sortConfig: SORTS[sort], ...(search ? { search } : {}), ...(status ? { status } : {}) };
  const list = useQuery({ ...memberQueries.list(role, page, body), placeholderData: keepPreviousData });

  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: memberKeys.of(role) });
  };
  const remove = useMutation({
    mutationFn: (member: Member) => deleteMember(role, member.id),
    onSuccess: (response) => setResult({ ok: true, text: response.message }),
    onError: (error) => setResult({ ok: false, text: failureText(error, t('members.failed')) }),
    onSettled: async () => {
      setToDelete(null);
      await done();
    },
  });
  const reactivate = useMutation({
    mutationFn: (member: Member) => reactivateMember(role, member.id),
    onSuccess: (response) => setResult({ ok: true, text: response.message }),
    onError: (error) => setResult({ ok: false, text: failureText(error, t('members.failed')) }),
    onSettled: done,
  });

  // Deleting the only account of the last page leaves it empty: step back.
  const data = list.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.perPage))) : 1;
  useEffect(() => {
    if (data && !list.isPlaceholderData && data.items.length === 0 && page > lastPage) setPage(lastPage);
  }, [data, list.isPlaceholderData, page, lastPage]);

  const filtered = search !== '' || status !== '';

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} className="shell-page__title">
          {t(`members.${role}.title`)}
        </Title>
        <Group gap="sm">
          <ExportMenu name={`nibras-${role}s`} load={(format) => exportMembers(role, format, { search, status })} testId="member-export" />
          <Button component={Link} to={paths.newMember(role)} data-testid="member-new">
            {t(`members.${role}.add`)}
          </Button>
        </Group>
      </Group>
      <ListToolbar
        texts="members"
        draft={searchInput}
        onDraftChange={setSearchInput}
        onSearch={(text) => { setPage(1); setSearch(text); }}
        maxLength={200}
        searchTestId="member-search"
        below={
          <Group gap="sm" grow preventGrowOverflow={false}>
            <Select
              label={t('members.status')}
              value={status}
              allowDeselect={false}
              onChange={(value) => {
                setPage(1);
                setStatus((value ?? '') as StatusFilter);
              }}
              data={[
                { value: '', label: t('members.statusAll') },
                { value: 'active', label: t('members.statusName.active') },
                { value: 'deactivated', label: t('members.statusName.deactivated') },
              ]}
              miw={150}
            />
            <Select
              label={t('members.sort')}
              value={sort}
              allowDeselect={false}
              onChange={(value) => {
                setPage(1);
                setSort((value ?? 'newest') as SortName);
              }}
              data={(Object.keys(SORTS) as SortName[]).map((value) => ({ value, label: t(`members.sortName.${value}`) }))}
              miw={150}
            />
          </Group>
        }
      />
      {result ? (
        <Alert color={result.ok ? 'green' : 'red'} aria-live="polite" data-testid="member-result" withCloseButton closeButtonLabel={t('members.dismiss')} onClose={() => setResult(null)}>
          {result.text}
        </Alert>
      ) : null}
      {data && data.items.length > 0 ? (
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="member-total">
          {t('members.total', { count: data.total })}
        </Text>
      ) : null}
      <PagedList
        list={list}
        texts={filtered ? 'members.noMatch' : `members.${role}`}
        page={page}
        onPage={setPage}
        emptyAction={
          filtered ? (
            <Button
              variant="default"
              onClick={() => {
                setSearchInput('');
                setSearch('');
                setStatus('');
                setPage(1);
              }}
            >
              {t('members.clearFilters')}
            </Button>
          ) : (
            <Button component={Link} to={paths.newMember(role)}>
              {t(`members.${role}.add`)}
            </Button>
          )
        }
      >
        {(items) => (
          <ul className="plain-list" aria-label={t(`members.${role}.title`)} aria-busy={list.isFetching}>
            {items.map((member) => (
              <li key={member.id}>
                <Paper withBorder radius="lg" p="md" data-testid="member-row" data-member-id={member.id}>
                  <Group justify="space-between" align="flex-start" gap="sm">
                    <Stack gap={4} style={{ flex: '1 1 14rem', minInlineSize: 0 }}>
                      <Text fw={700} className="break-anywhere">
                        <bdi>{member.name}</bdi>
                      </Text>
                      <Text size="sm" className="break-anywhere">
                        <bdi>{member.email}</bdi>
                      </Text>
                      <Text size="sm" c="dimmed">
                        {t('members.since', { date: formatLongDate(member.createdAt, i18n.language) })}
                        {member.phone ? (
                          <>
                            {' · '}
                            <bdi dir="ltr">{member.phone}</bdi>
                          </>
                        ) : null}
                      </Text>
                    </Stack>
                    <Stack gap="xs" align="flex-end">
                      <Badge color={member.status === 'active' ? 'teal.9' : 'gray.7'} variant="filled" autoContrast data-testid="member-status" data-status={member.status}>
                        {t(`members.statusName.${member.status}`)}
                      </Badge>
                      <Group gap="xs">
                        <Button size="xs" variant="default" component={Link} to={paths.editMember(role, member.id)} aria-label={t('members.editNamed', { name: member.name })}>
                          {t('members.edit')}
                        </Button>
                        <Button size="xs" variant="default" component={Link} to={paths.adminUserMessages(member.id)} aria-label={t('members.messagesNamed', { name: member.name })} data-testid="member-messages">
                          {t('members.messages')}
                        </Button>
                        {member.status === 'deactivated' ? (
                          <Button size="xs" variant="light" loading={reactivate.isPending && reactivate.variables?.id === member.id} onClick={() => reactivate.mutate(member)} aria-label={t('members.reactivateNamed', { name: member.name })}>
                            {t('members.reactivate')}
                          </Button>
                        ) : (
                          <Button size="xs" variant="outline" color="red.9" onClick={() => setToDelete(member)} aria-label={t('members.deleteNamed', { name: member.name })}>
                            {t('members.delete')}
                          </Button>
                        )}
                      </Group>
                    </Stack>
                  </Group>
                </Paper>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} title={t(`members.${role}.deleteTitle`)} centered closeButtonProps={{ 'aria-label': t('members.keep') }}>
        <Stack>
          <Text>{toDelete ? t(`members.${role}.deleteText`, { name: toDelete.name }) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(null)}>
              {t('members.keep')}
            </Button>
            <Button color="red.9" loading={remove.isPending} onClick={() => toDelete && remove.mutate(toDelete)} data-testid="member-delete-confirm">
              {t('members.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
