import { lazy, Suspense, useEffect, useState } from 'react';
import { Badge, Button } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_SORTS, type SearchFacets } from '@nibras/contract';
import type { TFunction } from 'i18next';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChoiceSelect } from '../../../components/choice-select';
import { EmptyState } from '../../../components/empty-state';
import { LazyPagination } from '../../../components/lazy-pagination';
import { LoadingDots } from '../../../components/loading-dots';
import { ListToolbar } from '../../../components/list-toolbar';
import { Skeleton } from '../../../components/skeleton';
import { usePageTitle } from '../../../components/use-page-title';
import { useWidthQuery } from '../../../lib/width-query';
import { CourseCard, CourseGrid, CourseGridItem, CourseGridSkeleton } from '../../../components/course-card';
import { CardHeart } from '../../wishlist/public';
import { SEARCH_FILTERS, searchQueries, searchQueryOf, type SearchFilter } from '../api';
import '../search.css';

const FiltersDrawer = lazy(() => import('../components/filters-drawer'));


function filterOptions(filter: SearchFilter, facets: SearchFacets, language: string, t: TFunction) {
  const withCount = (label: string, count: number) => t('search.facet.option', { label, number: count });
  switch (filter) {
    case 'category':
      return facets.category.map((c) => ({ value: c.slug, label: withCount(language === 'ar' ? c.name_ar : c.name_en, c.count) }));
    case 'language':
      return facets.language.map((l) => ({ value: l.value, label: withCount(t(`catalog.language.${l.value}`), l.count) }));
    case 'level':
      return facets.level.map((l) => ({ value: l.value, label: withCount(t(`catalog.level.${l.value}`), l.count) }));
    case 'price':
      return facets.price.map((p) => ({ value: p.value, label: withCount(t(`search.price.${p.value}`), p.count) }));
    case 'minRating':
      return facets.rating.map((r) => ({ value: String(r.min), label: withCount(t('search.rating.atLeast', { min: r.min }), r.count) }));
  }
}

/** /search: Arabic-aware search with filters, facet counts, sorting and pages, all kept in the URL. */
export default function SearchPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);
  usePageTitle(q ? t('search.titleFor', { q }) : t('search.title'));

  const result = useQuery({
    ...searchQueries.results(searchQueryOf(params)),
    placeholderData: keepPreviousData,
  });

  const update = (changes: Record<string, string | null>, keepPage = false) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!keepPage) next.delete('page');
    setParams(next);
  };
  const activeCount = SEARCH_FILTERS.filter((f) => params.get(f)).length;
  const activeFilters = activeCount > 0;
  // Under Mantine's md (62em, search.css's breakpoint): the results first, the filters in a drawer from a button.
  // null while the browser takes over the server's HTML (docs/decisions/018), which cannot know the width: both
  // are drawn then, and search.css shows the one that fits, so nothing moves once the width is known.
  const narrow = useWidthQuery('(max-width: 61.99em)');
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The drawer's code is fetched the first time the button is pressed, then kept for its animations.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const sortValue = params.get('sort') ?? (q.trim() ? 'relevance' : 'newest');

  const results = () => {
    if (result.isPending) {
      return (
        <Skeleton>
          <CourseGridSkeleton count={4} />
        </Skeleton>
      );
    }
    if (result.isError) {
      return (
        <EmptyState title={t('home.categories.error.title')} description={t('catalog.home.error')} headingLevel={2}>
          <Button onClick={() => void result.refetch()}>{t('catalog.retry')}</Button>
        </EmptyState>
      );
    }
    const { items, total, perPage, page } = result.data;
    if (items.length === 0) {
      return (
        <EmptyState
          title={t(q || activeFilters ? 'search.noResults.title' : 'home.courses.empty.title')}
          description={t(q || activeFilters ? 'search.noResults.text' : 'home.courses.empty.text')}
          headingLevel={2}
        >
          {activeFilters ? <Button variant="light" onClick={() => update(Object.fromEntries(SEARCH_FILTERS.map((f) => [f, null])))}>{t('search.clear')}</Button> : null}
        </EmptyState>
      );
    }
    const pages = Math.max(1, Math.ceil(total / perPage));
    return (
      <>
        <CourseGrid label={t('search.results')}>
          {items.map(({ highlight, ...course }, index) => (
            <CourseGridItem key={course.id}>
              <CourseCard course={course} highlight={highlight} corner={<CardHeart course={course} />} first={index === 0} />
            </CourseGridItem>
          ))}
        </CourseGrid>
        {pages > 1 ? (
          <nav className="catalog-pagination" aria-label={t('catalog.pagination')}>
            <LazyPagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={(next) => {
                update({ page: next === 1 ? null : String(next) }, true);
                window.scrollTo({ top: 0 });
              }}
              getControlProps={(control) => ({ 'aria-label': t(`catalog.pagination.${control}`) })}
              getItemProps={(n) => ({ 'aria-label': t('catalog.pagination.page', { page: n }) })}
            />
          </nav>
        ) : null}
      </>
    );
  };

  const filters = (
    <>
      {SEARCH_FILTERS.map((filter) => (
        <ChoiceSelect
          key={filter}
          mb="sm"
          label={t(`search.filter.${filter}`)}
          anyLabel={t('search.filter.any')}
          options={result.data ? filterOptions(filter, result.data.facets, i18n.language, t) : []}
          value={params.get(filter)}
          onChange={(value) => update({ [filter]: value })}
          testId={`filter-${filter}`}
        />
      ))}
      {activeFilters ? (
        <Button variant="subtle" onClick={() => update(Object.fromEntries(SEARCH_FILTERS.map((f) => [f, null])))}>
          {t('search.clear')}
        </Button>
      ) : null}
    </>
  );

  return (
    <div className="site-container site-page search-results">
      <h1 className="site-page__title">{t('search.title')}</h1>
      <ListToolbar
        bar={{ className: 'catalog-toolbar', placeholder: t('search.query.placeholder') }}
        searchLabel={t('search.query.label')}
        submitLabel={t('search.submit')}
        draft={draft}
        onDraftChange={setDraft}
        onSearch={(text) => update({ q: text })}
        maxLength={200}
        searchTestId="search-input"
      />
      {narrow !== false ? (
        <>
          <Button
            className={narrow === null ? 'search-filters-open--unsure' : undefined}
            variant="default"
            mb="md"
            onClick={() => {
              setDrawerWanted(true);
              setFiltersOpen(true);
            }}
            rightSection={activeFilters ? <Badge circle aria-hidden>{activeCount}</Badge> : null}
            aria-label={activeFilters ? t('search.filters.openActive', { count: activeCount }) : undefined}
            aria-haspopup="dialog"
            aria-expanded={filtersOpen}
            aria-controls={filtersOpen ? 'search-filters' : undefined}
            data-testid="search-filters-open"
          >
            {t('search.filters.open')}
          </Button>
          {drawerWanted ? (
            <Suspense fallback={null}>
              <FiltersDrawer opened={filtersOpen} onClose={() => setFiltersOpen(false)}>
                {filters}
              </FiltersDrawer>
            </Suspense>
          ) : null}
        </>
      ) : null}
      <div className="search-layout">
        {narrow === true ? null : (
          <aside aria-labelledby="search-filters-title" className={narrow === null ? 'search-filters--unsure' : undefined}>
            <h2 className="home-section__title" id="search-filters-title">{t('search.filters')}</h2>
            {filters}
          </aside>
        )}
        <section aria-labelledby="search-results-title" data-testid="search-results">
          <div className="catalog-toolbar">
            <h2 className="home-section__title" id="search-results-title" aria-live="polite" data-testid="search-total">
              {result.data ? t('search.total', { count: result.data.total }) : t('search.results')}
            </h2>
            <ChoiceSelect
              label={t('catalog.sort.label')}
              options={SEARCH_SORTS.map((value) => ({ value, label: t(`catalog.sort.${value}`) }))}
              value={sortValue}
              onChange={(value) => update({ sort: value })}
              width={220}
              testId="search-sort"
            />
          </div>
          {/* Over the previous results while new ones load, not above them: the results do not move. */}
          <div className="search-results__list">
            {result.isFetching && !result.isPending ? (
              <div className="search-results__refreshing">
                <LoadingDots />
              </div>
            ) : null}
            {results()}
          </div>
        </section>
      </div>
    </div>
  );
}
