import { Alert, Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CourseCard as CourseCardData } from '@nibras/contract';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { EmptyState } from '../../../components/empty-state';
import { Skeleton, SkeletonLine } from '../../../components/skeleton';
import { usePageTitle } from '../../../components/use-page-title';
import { CourseCard, CourseGrid, CourseGridItem, CourseGridSkeleton } from '../../../components/course-card';
import { CardHeart } from '../../wishlist/public';
import { HomeHero } from '../../cms/public';
import { catalogQueries } from '../api';
import '../catalog.css';

/** What a page that sent the user home wants said (spec section 8: a course that cannot be shown). */
export interface HomeNotice {
  homeNotice?: string;
}

function CourseList({ courses, label }: { courses: CourseCardData[]; label: string }) {
  const { t } = useTranslation();
  if (courses.length === 0) {
    return <EmptyState title={t('home.courses.empty.title')} description={t('home.courses.empty.text')} headingLevel={3} />;
  }
  return (
    <CourseGrid label={label} row>
      {courses.map((course) => (
        <CourseGridItem key={course.id}>
          <CourseCard course={course} corner={<CardHeart course={course} />} />
        </CourseGridItem>
      ))}
    </CourseGrid>
  );
}

/** The sections' shape until the home data is in (a first visit has it before its first paint). */
function SectionsSkeleton() {
  return (
    <Skeleton>
      <div className="home-section">
        <div className="home-section__title"><SkeletonLine width="short" /></div>
        <div className="category-grid">
          {Array.from({ length: 4 }, (_, index) => (
            <div key={index} className="category-card">
              <SkeletonLine width="half" />
              <SkeletonLine kind="small" width="short" />
            </div>
          ))}
        </div>
      </div>
      {[0, 1].map((section) => (
        <div key={section} className="home-section">
          <div className="home-section__title"><SkeletonLine width="short" /></div>
          <CourseGridSkeleton count={4} />
        </div>
      ))}
    </Skeleton>
  );
}

export default function HomePage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const notice = (location.state as HomeNotice | null)?.homeNotice;
  usePageTitle(t('home.title'));
  const home = useQuery(catalogQueries.home());

  const sections = () => {
    if (home.isPending) return <SectionsSkeleton />;
    if (home.isError) {
      return (
        <EmptyState title={t('home.categories.error.title')} description={t('catalog.home.error')} headingLevel={2}>
          <Button onClick={() => void home.refetch()}>{t('catalog.retry')}</Button>
        </EmptyState>
      );
    }
    const { topCourses, newestCourses, categories } = home.data;
    return (
      <>
        <section className="home-section" aria-labelledby="home-categories">
          <h2 className="home-section__title" id="home-categories">{t('home.categories.title')}</h2>
          {categories.length === 0 ? (
            <EmptyState title={t('home.categories.empty.title')} description={t('home.categories.empty.text')} headingLevel={3} />
          ) : (
            <ul className="category-grid" data-testid="category-list">
              {categories.map((category) => (
                <li key={category.id}>
                  <Link className="category-card" to={paths.category(category.slug)}>
                    <span dir="auto">{i18n.language === 'ar' ? category.name_ar : category.name_en}</span>
                    <span className="category-card__count">{t('catalog.home.categoryCount', { count: category.courseCount })}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="home-section" aria-labelledby="home-top" data-testid="home-top">
          <h2 className="home-section__title" id="home-top">{t('catalog.home.top')}</h2>
          <CourseList courses={topCourses} label={t('catalog.home.top')} />
        </section>
        <section className="home-section" aria-labelledby="home-newest" data-testid="home-newest">
          <h2 className="home-section__title" id="home-newest">{t('catalog.home.newest')}</h2>
          <CourseList courses={newestCourses} label={t('catalog.home.newest')} />
        </section>
      </>
    );
  };

  return (
    <>
      {notice ? (
        <div className="site-container">
          <Alert color="orange" mt="md" role="alert" data-testid="home-notice" withCloseButton={false}>
            {notice}
          </Alert>
        </div>
      ) : null}
      <HomeHero />
      <div className="site-container">
        {sections()}
        <section className="teach-banner" aria-labelledby="home-teach">
          <div>
            <h2 className="teach-banner__title" id="home-teach">{t('home.teach.title')}</h2>
            <p className="teach-banner__text">{t('home.teach.text')}</p>
          </div>
          <Button component={Link} to={paths.register('instructor')} size="md">
            {t('home.teach.action')}
          </Button>
        </section>
      </div>
    </>
  );
}
