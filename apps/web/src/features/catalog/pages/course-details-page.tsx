import { lazy, Suspense, useEffect, useState } from 'react';
import { Accordion, Avatar, Badge, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseDetails } from '@nibras/contract';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http';
import { paths } from '../../../config/paths';
import { LazyPagination } from '../../../components/lazy-pagination';
import { LoadingDots } from '../../../components/loading-dots';
import { Skeleton, SkeletonLine } from '../../../components/skeleton';
import { usePageTitle } from '../../../components/use-page-title';
import { CourseCard, CourseGrid, CourseGridItem, coverSrcSet } from '../../../components/course-card';
import { EnrolPanel } from '../components/enrol-panel';
import { RatingStars } from '../../../components/rating-stars';
import { formatDate, formatDuration } from '../../../lib/format';
import { SectionReleaseNote } from '../components/section-release-note';
import type { HomeNotice } from './home-page';
import { CardHeart } from '../../wishlist/public';
import { PreviewPlayer } from '../../learning/public';
import { catalogKeys, catalogQueries, courseIdOf } from '../api';
import '../catalog.css';

/** The rating form, fetched for an enrolled participant only: no visitor's first visit carries it (docs/decisions/019). */
const RatingForm = lazy(() => import('../../ratings/public').then((m) => ({ default: m.RatingForm })));

/** One of step 2's lists (what participants will learn, requirements, audience), left out when empty. */
function StepTwoList({ id, title, items, columns = false }: { id: string; title: string; items: string[]; columns?: boolean }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} data-testid={id}>
      <h2 id={id}>{title}</h2>
      <ul className={columns ? 'details-points details-points--learn' : 'details-points'}>
        {items.map((item, i) => (
          <li key={i} dir="auto">{item}</li>
        ))}
      </ul>
    </section>
  );
}

function Outline({ course }: { course: CourseDetails }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState<number | null>(null);
  if (course.sections.length === 0) return <Text c="dimmed">{t('details.outline.empty')}</Text>;
  return (
    <Accordion multiple defaultValue={course.sections.slice(0, 1).map((s) => String(s.id))} variant="separated" data-testid="outline">
      {course.sections.map((section) => (
        <Accordion.Item key={section.id} value={String(section.id)}>
          <Accordion.Control>
            <span dir="auto">{section.title}</span>{' '}
            <Text span c="dimmed" size="sm">{t('catalog.card.lectures', { count: section.lectures.length })}</Text>
            <SectionReleaseNote section={section} />
          </Accordion.Control>
          <Accordion.Panel>
            <ul className="outline-lectures">
              {section.lectures.map((lecture) => (
                <li key={lecture.id} data-testid="outline-lecture">
                  <div className="outline-lectures__row">
                    <span dir="auto">{lecture.title}</span>
                    <span className="outline-lectures__meta">
                      {lecture.isFreePreview && lecture.previewUrl ? (
                        <button type="button" className="outline-lectures__preview" onClick={() => setPlaying(playing === lecture.id ? null : lecture.id)} aria-expanded={playing === lecture.id} data-testid="preview-button">
                          {t('details.outline.preview')}
                        </button>
                      ) : null}
                      <span>{formatDuration(lecture.durationSeconds, t)}</span>
                    </span>
                  </div>
                  {playing === lecture.id && lecture.previewUrl ? (
                    <div className="details-preview">
                      <Suspense fallback={<div className="details-video" aria-busy="true" />}>
                        <PreviewPlayer lecture={lecture} />
                      </Suspense>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** `updatedAt`: when the course's details (and the first page of reviews in them) arrived. */
function Reviews({ course, updatedAt }: { course: CourseDetails; updatedAt: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  // The first page came with the details: asked for again only once it is as old as any other answer.
  const reviews = useQuery({
    ...catalogQueries.reviews(course.id, page),
    placeholderData: keepPreviousData,
    initialData: page === 1 ? course.reviews : undefined,
    initialDataUpdatedAt: updatedAt,
  });
  const data = reviews.data;
  if (!data) return <LoadingDots />;
  if (data.total === 0) return <Text c="dimmed">{t('details.reviews.empty')}</Text>;
  const pages = Math.max(1, Math.ceil(data.total / data.perPage));
  return (
    <>
      <ul className="review-list" data-testid="reviews">
        {data.items.map((review) => (
          <li key={review.id}>
            <Group gap="xs">
              <Text fw={700} dir="auto">{review.participant.name}</Text>
              <RatingStars average={review.rating} count={1} label={t('details.rate.stars', { count: review.rating })} />
              <Text size="sm" c="dimmed">{formatDate(review.createdAt, i18n.language)}</Text>
            </Group>
            {review.message ? <Text dir="auto" mt={4}>{review.message}</Text> : null}
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="catalog-pagination" aria-label={t('details.reviews.pages')}>
          <LazyPagination total={pages} value={page} onChange={setPage} getControlProps={(control) => ({ 'aria-label': t(`catalog.pagination.${control}`) })} getItemProps={(n) => ({ 'aria-label': t('catalog.pagination.page', { page: n }) })} />
        </nav>
      ) : null}
    </>
  );
}

function Distribution({ course }: { course: CourseDetails }) {
  const { t } = useTranslation();
  const total = Math.max(1, course.rating.count);
  return (
    <ul className="distribution" data-testid="rating-distribution">
      {([5, 4, 3, 2, 1] as const).map((stars) => (
        <li key={stars}>
          <span>{t('details.rate.stars', { count: stars })}</span>
          <Progress value={(course.ratingDistribution[stars] / total) * 100} color="yellow" aria-label={t('details.distribution', { stars: t('details.rate.stars', { count: stars }), count: course.ratingDistribution[stars] })} />
          <span>{course.ratingDistribution[stars]}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The page's shape until the course is in (a first visit has it before its first paint): the hero,
 * the enrolment panel with its cover's box, and more than a screen of text, so the footer stays
 * out of sight until the page is there.
 */
function DetailsSkeleton() {
  return (
    <Skeleton>
      <div className="details-hero">
        <div className="site-container">
          <SkeletonLine kind="badge" width="short" />
          <div className="details-hero__title"><SkeletonLine width="long" /></div>
          <div className="details-hero__subtitle"><SkeletonLine width="half" /></div>
          <SkeletonLine kind="small" width="long" />
          <SkeletonLine kind="small" width="short" />
        </div>
      </div>
      <div className="site-container details-layout details-layout--loading">
        <div>
          <SkeletonLine kind="heading" width="short" />
          {Array.from({ length: 6 }, (_, index) => (
            <SkeletonLine key={index} width={index === 5 ? 'half' : 'full'} />
          ))}
        </div>
        <div className="details-aside">
          <Paper withBorder shadow="sm" p="lg" radius="lg">
            <div className="details-cover" />
            <SkeletonLine kind="heading" width="half" />
            <SkeletonLine kind="heading" width="full" />
            <SkeletonLine kind="heading" width="full" />
          </Paper>
        </div>
      </div>
    </Skeleton>
  );
}

/** /course-details/:id (spec section 2): everything about one public course, and enrolment. */
export default function CourseDetailsPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const courseId = courseIdOf(id) ?? 0;
  const valid = courseId > 0;
  const queryClient = useQueryClient();
  const details = useQuery({
    ...catalogQueries.details(courseId),
    enabled: valid,
    retry: (count, error) => !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
  });
  const course = details.data;
  usePageTitle(course?.title ?? '');
  useEffect(() => {
    if (course) window.scrollTo({ top: 0 });
  }, [course?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  // Spec section 8: a details fetch that fails (success false, 404…) sends the user home, with a word why.
  const failed = !valid || (details.isError && !(details.error instanceof ApiError && (details.error.network || details.error.status >= 500)));
  if (failed) {
    const state: HomeNotice = { homeNotice: details.error instanceof ApiError && details.error.message ? details.error.message : t('catalog.home.redirected') };
    return <Navigate to={paths.home} replace state={state} />;
  }
  if (details.isError) {
    return (
      <div className="site-container site-page">
        <Title order={1}>{t('home.categories.error.title')}</Title>
        <Text>{t('catalog.home.error')}</Text>
      </div>
    );
  }
  if (!course) return <DetailsSkeleton />;
  // A rating, an enrolment or a wishlist change shows on this page and on every card of the course.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: catalogKeys.all });

  const category = course.category ? (i18n.language === 'ar' ? course.category.name_ar : course.category.name_en) : null;
  const isEnrolled = !!course.viewer?.enrolled;
  return (
    <>
      <section className="details-hero" aria-labelledby="course-title">
        <div className="site-container">
          {category ? <Badge color="yellow.3" c="dark.9" mb="sm"><span dir="auto">{category}</span></Badge> : null}
          <h1 className="details-hero__title" id="course-title" dir="auto">{course.title}</h1>
          {course.subtitle ? <p className="details-hero__subtitle" dir="auto">{course.subtitle}</p> : null}
          <Group gap="lg" wrap="wrap">
            <RatingStars average={course.rating.average} count={course.rating.count} />
            <Text size="sm">{t('catalog.card.enrolled', { count: course.enrollmentCount })}</Text>
            <Text size="sm">{t(`catalog.level.${course.level}`)}</Text>
            <Text size="sm">{t(`catalog.language.${course.language}`)}</Text>
            <Text size="sm">{t('catalog.card.lectures', { count: course.lectureCount })} · {formatDuration(course.durationSeconds, t)}</Text>
          </Group>
          <Text size="sm" mt="xs">{t('catalog.card.by')} <span dir="auto" data-testid="details-instructor-name">{course.instructor.name}</span></Text>
        </div>
      </section>
      <div className="site-container details-layout">
        <div>
          <StepTwoList id="details-learn" title={t('details.learn')} items={course.learnPoints} columns />
          <section aria-labelledby="details-about">
            <h2 id="details-about">{t('details.about')}</h2>
            {/* The server sanitises this HTML (allow-listed tags and attributes) before it is stored and sent; that is the only reason it may be set as HTML here. */}
            <div className="details-description" dir="auto" data-testid="details-description" dangerouslySetInnerHTML={{ __html: course.description }} />
            {course.tags.length > 0 ? (
              <Group gap="xs" mt="md" aria-label={t('details.tags')} role="list">
                {course.tags.map((tag) => <Badge key={tag} variant="light" role="listitem"><span dir="auto">{tag}</span></Badge>)}
              </Group>
            ) : null}
          </section>
          <StepTwoList id="details-requirements" title={t('details.requirements')} items={course.requirements} />
          <StepTwoList id="details-audience" title={t('details.audience')} items={course.audience} />
          <section aria-labelledby="details-outline">
            <h2 id="details-outline">{t('details.outline.title')}</h2>
            <Outline course={course} />
          </section>
          <section aria-labelledby="details-instructor" data-testid="details-instructor">
            <h2 id="details-instructor">{t('details.instructor')}</h2>
            <Group align="start" wrap="nowrap">
              <Avatar src={course.instructorProfile.avatar ? `${course.instructorProfile.avatar}?w=128` : null} alt="" size="lg" radius="xl">{[...course.instructorProfile.name][0] ?? ''}</Avatar>
              <Stack gap={2}>
                <Text fw={700} dir="auto">{course.instructorProfile.name}</Text>
                {course.instructorProfile.headline ? <Text c="dimmed" dir="auto">{course.instructorProfile.headline}</Text> : null}
                <Text size="sm">{t('catalog.home.categoryCount', { count: course.instructorProfile.courseCount })}</Text>
                {course.instructorProfile.bio ? <Text dir="auto" mt="xs" style={{ whiteSpace: 'pre-line' }}>{course.instructorProfile.bio}</Text> : null}
              </Stack>
            </Group>
          </section>
          <section aria-labelledby="details-ratings" data-testid="details-ratings">
            <h2 id="details-ratings">{t('details.ratings')}</h2>
            <Group align="center" gap="xl" wrap="wrap">
              <div>
                <Text fz={40} fw={800} data-testid="rating-average">{course.rating.count ? course.rating.average.toFixed(1) : '—'}</Text>
                <RatingStars average={course.rating.average} count={course.rating.count} />
              </div>
              <div style={{ flex: '1 1 14rem' }}>
                <Distribution course={course} />
              </div>
            </Group>
            {isEnrolled ? (
              <Paper withBorder p="md" mt="md" radius="md">
                <Suspense fallback={<LoadingDots />}>
                  <RatingForm courseId={course.id} current={course.viewer?.rating ?? null} onSaved={refresh} />
                </Suspense>
              </Paper>
            ) : null}
            <h3>{t('details.reviews.title')}</h3>
            <Reviews course={course} updatedAt={details.dataUpdatedAt} />
          </section>
        </div>
        <aside className="details-aside" aria-label={t('details.enrol.label')}>
          <Paper withBorder shadow="sm" p="lg" radius="lg">
            {course.promoVideoUrl ? (
              <video
                className="details-video details-promo"
                controls
                preload="none"
                poster={course.coverImage ? `${course.coverImage}?w=640` : undefined}
                src={course.promoVideoUrl}
                aria-label={t('details.promo', { title: course.title })}
                data-testid="promo-video"
              >
                <track kind="captions" />
              </video>
            ) : course.coverImage ? (
              // The page's largest paint on a phone, in the HTML the server draws (docs/decisions/018): asked for first.
              <img className="details-cover" src={course.coverImage} srcSet={coverSrcSet(course.coverImage)} sizes="(min-width: 62em) 18rem, 92vw" alt={course.coverAlt} fetchPriority="high" />
            ) : null}
            <EnrolPanel course={course} onChange={refresh} />
          </Paper>
        </aside>
      </div>
      {course.similar.length > 0 ? (
        <section className="site-container home-section" aria-labelledby="details-similar">
          <h2 className="home-section__title" id="details-similar">{t('details.similar')}</h2>
          <CourseGrid label={t('details.similar')}>
            {course.similar.map((similar) => (
              <CourseGridItem key={similar.id}>
                <CourseCard course={similar} corner={<CardHeart course={similar} />} />
              </CourseGridItem>
            ))}
          </CourseGrid>
        </section>
      ) : null}
    </>
  );
}
