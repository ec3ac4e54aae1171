import { Button, Progress, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../components/use-page-title';
import { CourseCard, CourseGrid, CourseGridItem } from '../../../components/course-card';
import { PagedList } from '../../../components/paged-list';
import { CardHeart } from '../../wishlist/public';
import { learningQueries } from '../api';

/** Courses the participant is enrolled in, each with its progress and a way back into the player. */
export default function MyCoursesPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...learningQueries.enrolled(page),
    placeholderData: keepPreviousData,
  });
  usePageTitle(t('mycourses.title'));
  return (
    <Stack gap="lg">
      <Title order={1} className="shell-page__title">
        {t('mycourses.title')}
      </Title>
      <PagedList
        list={list}
        texts="mycourses"
        page={page}
        onPage={setPage}
        emptyAction={
          <Button component={Link} to={paths.home}>
            {t('pdash.browse')}
          </Button>
        }
      >
        {(items) => (
          <CourseGrid label={t('mycourses.title')}>
            {items.map((course) => (
              <CourseGridItem key={course.id}>
                <CourseCard
                  course={course}
                  corner={<CardHeart course={course} />}
                  footer={
                    <Stack gap={6}>
                      <Progress value={course.progress.percent} aria-label={t('pdash.progressOf', { title: course.title })} />
                      <Text size="sm" c="dimmed" data-testid="mycourses-progress">
                        {t('pdash.progress', { percent: course.progress.percent, done: course.progress.completedLectures, count: course.progress.totalLectures })}
                      </Text>
                      <Button component={Link} to={paths.learn(course.id)} size="sm" aria-label={t('pdash.continueCourse', { title: course.title })}>
                        {course.completedAt ? t('mycourses.review') : t('pdash.continue')}
                      </Button>
                    </Stack>
                  }
                />
              </CourseGridItem>
            ))}
          </CourseGrid>
        )}
      </PagedList>
    </Stack>
  );
}
