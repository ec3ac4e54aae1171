import { Button } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { COURSE_SORTS } from '@nibras/contract';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http';
import { paths } from '../../../config/paths';
import { ChoiceSelect } from '../../../components/choice-select';
import { EmptyState } from '../../../components/empty-state';
import { LazyPagination } from '../../../components/lazy-pagination';
import { Skeleton, SkeletonLine } from '../../../components/skeleton';
import { usePageTitle } from '../../../components/use-page-title';
import { CourseCard, CourseGrid, CourseGridItem, CourseGridSkeleton } from '../../../components/course-card';
import { CardHeart } from '../../wishlist/public';
import { catalogQueries, categoryPageOf } from '../api';
import '../catalog.css';

/** /category/:id — the id may be a slug (spec section 2); page and sort live in the URL. */
export default function CategoryPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { page, sort } = categoryPageOf(params);
  const result = useQuery({
    ...catalogQueries.category(id, page, sort),
    placeholderData: keepPreviousData,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const category = result.data?.category;
  const name = category ? (i18n.language === 'ar' ? category.name_ar : category.name_en) : '';
  usePageTitle(name || t('catalog.category.title'));

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };

  if (result.isPending) {
    return (
      <div className="site-container site-page">
        <Skeleton>
          <div className="site-page__title"><SkeletonLine width="half" /></div>
          <div className="catalog-toolbar">
            <div className="site-page__lead"><SkeletonLine width="short" /></div>
          </div>
          <CourseGridSkeleton count={4} />
        </Skeleton>
      </div>
    );
  }
  if (result.isError) {
    const notFound = result.error instanceof ApiError && (result.error.status === 404 || result.error.status === 400);
    return (
      <div className="site-container site-page">
        <EmptyState
          title={t(notFound ? 'catalog.category.notFound.title' : 'home.categories.error.title')}
          description={t(notFound ? 'catalog.category.notFound.text' : 'catalog.home.error')}
          headingLevel={1}
        >
          <Button component={Link} to={paths.search}>{t('home.cta.browse')}</Button>
        </EmptyState>
      </div>
    );
  }
  const { items, total, perPage } = result.data;
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <div className="site-container site-page">
      <h1 className="site-page__title" dir="auto">{name}</h1>
      <div className="catalog-toolbar">
        <p className="site-page__lead" aria-live="polite">{t('catalog.home.categoryCount', { count: total })}</p>
        <ChoiceSelect
          label={t('catalog.sort.label')}
          options={COURSE_SORTS.map((value) => ({ value, label: t(`catalog.sort.${value}`) }))}
          value={sort}
          onChange={(value) => update({ sort: value && value !== 'newest' ? value : null, page: null })}
          testId="sort-select"
          width={220}
        />
      </div>
      {items.length === 0 ? (
        <EmptyState title={t('home.courses.empty.title')} description={t('catalog.category.empty')} headingLevel={2} />
      ) : (
        <CourseGrid label={name}>
          {items.map((course, index) => (
            <CourseGridItem key={course.id}>
              <CourseCard course={course} corner={<CardHeart course={course} />} first={index === 0} />
            </CourseGridItem>
          ))}
        </CourseGrid>
      )}
      {pages > 1 ? (
        <nav className="catalog-pagination" aria-label={t('catalog.pagination')}>
          <LazyPagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={(next) => {
              update({ page: next === 1 ? null : String(next) });
              window.scrollTo({ top: 0 });
            }}
            getControlProps={(control) => ({ 'aria-label': t(`catalog.pagination.${control}`) })}
            getItemProps={(n) => ({ 'aria-label': t('catalog.pagination.page', { page: n }) })}
            data-testid="pagination"
          />
        </nav>
      ) : null}
    </div>
  );
}
