import { Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { CourseCardListScreen } from '../../../components/course-list-screen';
import { CardHeart } from '../../wishlist/public';
import { learningQueries } from '../api';
import { myRecordPath } from '../../records/public';

/** Courses the participant is enrolled in, each with its progress, a way back into the player and the participant's record there. */
export default function MyCoursesPage() {
  const { t } = useTranslation();
  return (
    <CourseCardListScreen
      texts="mycourses"
      query={learningQueries.enrolled}
      corner={(course) => <CardHeart course={course} />}
      footer={(course) => (
        <Stack gap={6}>
          <Progress value={course.progress.percent} aria-label={t('pdash.progressOf', { title: course.title })} />
          <Text size="sm" c="dimmed" data-testid="mycourses-progress">
            {t('pdash.progress', { percent: course.progress.percent, done: course.progress.completedLectures, count: course.progress.totalLectures })}
          </Text>
          <Button component={Link} to={paths.learn(course.id)} size="sm" aria-label={t('pdash.continueCourse', { title: course.title })}>
            {course.completedAt ? t('mycourses.review') : t('pdash.continue')}
          </Button>
          <Group gap="md" justify="center">
            <Anchor component={Link} to={myRecordPath(course.id)} size="sm" aria-label={t('records.link.mineOf', { title: course.title })} data-testid="mycourses-record">
              {t('records.link.mine')}
            </Anchor>
            <Anchor component={Link} to={paths.myCourseAssignments(course.id)} size="sm" aria-label={t('assignments.link.courseOf', { title: course.title })} data-testid="mycourses-assignments">
              {t('assignments.link.course')}
            </Anchor>
          </Group>
        </Stack>
      )}
    />
  );
}
