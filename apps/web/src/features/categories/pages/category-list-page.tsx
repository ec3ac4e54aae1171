import { Alert, Button, Group, Image, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { failureText } from '../../../lib/http';
import { formatNumber } from '../../../lib/format';
import { usePageTitle } from '../../../components/use-page-title';
import { PagedList } from '../../../components/paged-list';
import { ListToolbar } from '../../../components/list-toolbar';
import { categoryKeys, categoryQueries, deleteCategory, type AdminCategoryItem, type CategoryListRequest } from '../api';
import '../categories.css';

const SORTS = {
  name: { key: 'name', direction: 'asc' },
  nameDesc: { key: 'name', direction: 'desc' },
  courses: { key: 'course_count', direction: 'desc' },
  newest: { key: 'created_at', direction: 'desc' },
  slug: { key: 'slug', direction: 'asc' },
} as const;
type SortName = keyof typeof SORTS;

/** Where a form sends the admin back with the server's message. */
export interface CategoryNotice {
  categoryNotice?: string;
}

/** The admin's categories: search, sort, pages, and the way to add, edit and delete them. */
export default function CategoryListPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortName>('name');
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<AdminCategoryItem | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const request: CategoryListRequest = { language, sortConfig: SORTS[sort], ...(search ? { search } : {}) };
  const list = useQuery({ ...categoryQueries.adminList(page, request), placeholderData: keepPreviousData });
  const notice = (location.state as CategoryNotice | null)?.categoryNotice;
  const remove = useMutation({
    mutationFn: (category: AdminCategoryItem) => deleteCategory(category.id),
    onSuccess: (response) => setResult({ ok: true, text: response.message }),
    onError: (error) => setResult({ ok: false, text: failureText(error, t('adminCategories.failed')) }),
    onSettled: async () => {
      setTarget(null);
      await queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    },
  });
  usePageTitle(t('adminCategories.title'));

  const dismissNotice = () => void navigate(location.pathname, { replace: true, state: null });
  const nameOf = (c: AdminCategoryItem) => (language === 'en' ? c.name_en : c.name_ar);

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} className="shell-page__title">
          {t('adminCategories.title')}
        </Title>
        <Button component={Link} to={paths.newCategory} data-testid="category-new">
          {t('adminCategories.new')}
        </Button>
      </Group>
      {notice && !result ? (
        <Alert color="green" aria-live="polite" data-testid="category-result" withCloseButton closeButtonLabel={t('adminCategories.dismiss')} onClose={dismissNotice}>
          {notice}
        </Alert>
      ) : null}
      <ListToolbar
        texts="adminCategories"
        draft={searchInput}
        onDraftChange={setSearchInput}
        onSearch={(text) => { setPage(1); setSearch(text); }}
        searchTestId="category-search"
        after={
          <Select
            label={t('adminCategories.sort')}
            value={sort}
            allowDeselect={false}
            onChange={(value) => {
              setPage(1);
              setSort((value ?? 'name') as SortName);
            }}
            data={(Object.keys(SORTS) as SortName[]).map((value) => ({ value, label: t(`adminCategories.sortBy.${value}`) }))}
            style={{ flex: '1 1 12rem' }}
            data-testid="category-sort"
          />
        }
      />
      {result ? (
        <Alert color={result.ok ? 'green' : 'red'} aria-live="polite" data-testid="category-result" withCloseButton closeButtonLabel={t('adminCategories.dismiss')} onClose={() => setResult(null)}>
          {result.text}
        </Alert>
      ) : null}
      <PagedList
        list={list}
        texts={search ? 'adminCategories.noMatch' : 'adminCategories.list'}
        page={page}
        onPage={setPage}
        emptyAction={
          search ? (
            <Button variant="default" onClick={() => { setSearch(''); setSearchInput(''); setPage(1); }}>
              {t('adminCategories.clearSearch')}
            </Button>
          ) : (
            <Button component={Link} to={paths.newCategory}>
              {t('adminCategories.new')}
            </Button>
          )
        }
      >
        {(items) => (
          <ul className="plain-list" aria-label={t('adminCategories.title')} aria-busy={list.isFetching}>
            {items.map((category) => (
              <li key={category.id}>
                <Paper withBorder radius="lg" p="md" data-testid="category-item" data-category-id={category.id}>
                  <Group justify="space-between" align="center" gap="sm" wrap="wrap">
                    <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 16rem', minInlineSize: 0 }}>
                      {category.icon ? (
                        <Image src={category.icon} alt="" w={40} h={40} radius="sm" fit="contain" className="category-icon" />
                      ) : (
                        <span className="category-icon category-icon--none" aria-hidden="true" />
                      )}
                      <Stack gap={2} style={{ minInlineSize: 0 }}>
                        <Text fw={700} className="break-anywhere" data-testid="category-name">
                          <bdi>{nameOf(category)}</bdi>
                        </Text>
                        <Text size="sm" c="dimmed" className="break-anywhere">
                          <bdi>{language === 'en' ? category.name_ar : category.name_en}</bdi> · <bdi dir="ltr" className="category-slug">{category.slug}</bdi>
                        </Text>
                        <Text size="sm">{t('adminCategories.courses', { count: category.course_count, formatted: formatNumber(category.course_count, i18n.language) })}</Text>
                      </Stack>
                    </Group>
                    <Group gap="xs">
                      <Button size="xs" variant="default" component={Link} to={paths.editCategory(category.id)} aria-label={t('adminCategories.editNamed', { name: nameOf(category) })}>
                        {t('adminCategories.edit')}
                      </Button>
                      <Button size="xs" variant="outline" color="red.9" onClick={() => setTarget(category)} aria-label={t('adminCategories.deleteNamed', { name: nameOf(category) })} data-testid="category-delete">
                        {t('adminCategories.delete')}
                      </Button>
                    </Group>
                  </Group>
                </Paper>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <Modal opened={target !== null} onClose={() => setTarget(null)} title={t('adminCategories.deleteTitle')} centered closeButtonProps={{ 'aria-label': t('adminCategories.back') }}>
        <Stack>
          <Text>{target ? t('adminCategories.deleteText', { name: nameOf(target) }) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setTarget(null)}>
              {t('adminCategories.back')}
            </Button>
            <Button color="red.9" loading={remove.isPending} onClick={() => target && remove.mutate(target)} data-testid="category-delete-confirm">
              {t('adminCategories.deleteDo')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
