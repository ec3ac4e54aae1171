import { Anchor, Button, FileInput, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { categoryBody } from '@nibras/contract';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { failureText, type ApiResult } from '../../../lib/http';
import { useContractForm } from '../../../lib/forms';
import { usePageTitle } from '../../../components/use-page-title';
import { LoadingDots } from '../../../components/loading-dots';
import { EmptyState } from '../../../components/empty-state';
import { FormOutcome } from '../../../components/form-outcome';
import { addCategory, categoryKeys, categoryQueries, removeCategoryIcon, updateCategory, uploadCategoryIcon, type AdminCategoryItem, type CategoryBody } from '../api';
import type { CategoryNotice } from './category-list-page';
import '../categories.css';

const ICON_TYPES = 'image/png,image/jpeg,image/webp';

/** Add (`/admin/category/new`) or edit (`/admin/category/{id}/edit`) a category; success goes back to the list. */
export default function CategoryFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const categoryId = id ? Number(id) : null;
  const existing = useQuery({ ...categoryQueries.adminOne(categoryId ?? 0), enabled: categoryId !== null });
  const title = categoryId ? t('adminCategories.editTitle') : t('adminCategories.newTitle');
  usePageTitle(title);

  return (
    <Stack gap="lg" maw={720}>
      <Anchor component={Link} to={paths.adminCategories} size="sm">
        {t('adminCategories.backToList')}
      </Anchor>
      <Title order={1} className="shell-page__title">
        {title}
      </Title>
      {categoryId === null ? <CategoryForm /> : null}
      {categoryId !== null && existing.isPending ? <LoadingDots /> : null}
      {categoryId !== null && existing.isError ? (
        <EmptyState title={t('adminCategories.loadError.title')} description={failureText(existing.error, t('adminCategories.loadError.text'))}>
          <Button variant="default" onClick={() => void existing.refetch()}>
            {t('adminCategories.retry')}
          </Button>
        </EmptyState>
      ) : null}
      {existing.data ? <CategoryForm key={existing.data.id} category={existing.data} /> : null}
    </Stack>
  );
}

function CategoryForm({ category }: { category?: AdminCategoryItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [icon, setIcon] = useState<File | null>(null);
  const [iconFailure, setIconFailure] = useState<string | null>(null);
  const [iconBusy, setIconBusy] = useState(false);
  const [current, setCurrent] = useState(category);

  const backToList = async (message: string) => {
    await queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    const state: CategoryNotice = { categoryNotice: message };
    void navigate(paths.adminCategories, { state });
  };

  const contract = useContractForm<{ name_ar: string; name_en: string; slug: string }, AdminCategoryItem, CategoryBody>({
    schema: categoryBody,
    initialValues: { name_ar: category?.name_ar ?? '', name_en: category?.name_en ?? '', slug: category?.slug ?? '' },
    send: (body) => (category ? updateCategory(category.id, body) : addCategory(body)),
    onSuccess: async (result: ApiResult<AdminCategoryItem>) => {
      if (!icon) return backToList(result.message);
      setIconBusy(true);
      try {
        await uploadCategoryIcon(result.data.id, icon);
        return await backToList(result.message);
      } catch (error) {
        // The category is saved: stay on its edit form with the icon's refusal.
        await queryClient.invalidateQueries({ queryKey: categoryKeys.all });
        setIconFailure(failureText(error, t('adminCategories.iconFailed')));
        if (!category) void navigate(paths.editCategory(result.data.id), { replace: true });
      } finally {
        setIconBusy(false);
      }
    },
    networkFailure: 'adminCategories.failed',
  });
  const { form } = contract;

  const dropIcon = async () => {
    if (!current) return;
    setIconBusy(true);
    try {
      const result = await removeCategoryIcon(current.id);
      setCurrent(result.data);
      await queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    } catch (error) {
      setIconFailure(failureText(error, t('adminCategories.iconFailed')));
    } finally {
      setIconBusy(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={contract.onSubmit} noValidate data-testid="category-form">
        <Stack gap="md">
          <FormOutcome failure={{ text: contract.failure, polite: true, testId: 'category-form-failure' }} />
          <FormOutcome failure={{ text: iconFailure, polite: true, testId: 'category-icon-failure' }} />
          <TextInput label={t('adminCategories.nameAr')} dir="rtl" lang="ar" required {...form.getInputProps('name_ar')} data-testid="category-name-ar" />
          <TextInput label={t('adminCategories.nameEn')} dir="ltr" lang="en" required {...form.getInputProps('name_en')} data-testid="category-name-en" />
          <TextInput
            label={t('adminCategories.slug')}
            description={category ? t('adminCategories.slugHelpEdit') : t('adminCategories.slugHelp')}
            dir="ltr"
            autoCapitalize="none"
            spellCheck={false}
            {...form.getInputProps('slug')}
            data-testid="category-slug"
          />
          <Stack gap={6}>
            {current?.icon ? (
              <Group gap="sm">
                <Image src={current.icon} alt={t('adminCategories.currentIcon')} w={48} h={48} fit="contain" className="category-icon" />
                <Button size="xs" variant="subtle" color="red.9" onClick={() => void dropIcon()} loading={iconBusy}>
                  {t('adminCategories.removeIcon')}
                </Button>
              </Group>
            ) : null}
            <FileInput
              label={current?.icon ? t('adminCategories.replaceIcon') : t('adminCategories.icon')}
              description={t('adminCategories.iconHelp')}
              accept={ICON_TYPES}
              clearable
              clearButtonProps={{ 'aria-label': t('adminCategories.clearIcon') }}
              value={icon}
              onChange={(file) => {
                setIconFailure(null);
                setIcon(file);
              }}
              data-testid="category-icon"
            />
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button component={Link} to={paths.adminCategories} variant="default">
              {t('adminCategories.cancel')}
            </Button>
            <Button type="submit" loading={contract.pending || iconBusy} data-testid="category-save">
              {category ? t('adminCategories.save') : t('adminCategories.add')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t('adminCategories.required')}
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
