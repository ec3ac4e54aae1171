import { Alert, Anchor, Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { authoringQueries, type AuthoringRole, type WholeCourse } from '../api';
import { ApiError } from '../../../lib/http';
import { paths } from '../../../config/paths';
import { AnnounceForm } from '../../messages/public';
import { EmptyState } from '../../../components/empty-state';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { CourseStatusBadge } from '../components/course-status-badge';
import { ListFacts } from '../components/list-facts';
import { ReviewOutline } from '../components/review-outline';
import { ReviewPanel } from '../components/review-panel';
import { ReviewStepCard } from '../components/review-step-card';
import '../authoring-lists.css';
import { formatLongDate, formatMoney } from '../../../lib/format';

function TextList({ items, empty, testId }: { items: string[]; empty: string; testId?: string }) {
  if (items.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <List spacing={4} data-testid={testId}>
      {items.map((item, index) => (
        <List.Item key={index}>
          <Text span dir="auto" className="break-anywhere">
            {item}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

function CourseView({ role, course }: { role: AuthoringRole; course: WholeCourse }) {
  const { t, i18n } = useTranslation();
  const { state, step1, step2, step3, step4, step5, step6 } = course;
  const card = { role, courseId: course.id };
  const category = step1.category ? (i18n.language === 'ar' ? step1.category.name_ar : step1.category.name_en) : t('authoring.view.noCategory');
  const questions = step5.assessments.reduce((sum, assessment) => sum + assessment.questions.length, 0);
  const lectures = step4.sections.reduce((sum, section) => sum + section.lectures.length, 0);
  return (
    <>
      <Stack gap="xs">
        <Title order={1} className="shell-page__title" dir="auto" data-testid="course-view-title" style={{ marginBlockEnd: 0 }}>
          <span className="break-anywhere">{step1.title}</span>
        </Title>
        <Group gap="xs">
          <CourseStatusBadge status={state.approve_status} />
          <Text size="sm" c="dimmed">
            {t(`authoring.list.completionStatus.${state.completion_status}`)} · {t('authoring.view.updated', { date: formatLongDate(state.updated_at, i18n.language) })}
          </Text>
        </Group>
        <Group gap="xs">
          <Anchor component={Link} to={paths.courses(role)} size="sm">
            {t('authoring.view.back')}
          </Anchor>
          <Anchor component={Link} to={paths.courseAssignments(role, course.id)} size="sm" fw={600} data-testid="course-view-assignments">
            {t('assignments.link.manage')}
          </Anchor>
        </Group>
      </Stack>

      {state.missing_steps.length > 0 ? (
        <Alert color="orange" title={t('authoring.view.missingTitle')} data-testid="course-missing">
          {t('authoring.view.missingText', { steps: state.missing_steps.join(i18n.language === 'ar' ? '، ' : ', ') })}
        </Alert>
      ) : null}
      {state.review_message ? (
        <Alert color={state.approve_status === 'rejected' ? 'red' : 'blue'} title={t('authoring.list.reviewMessage')} data-testid="course-review-message">
          <Text size="sm" dir="auto" className="break-anywhere" style={{ whiteSpace: 'pre-wrap' }}>
            {state.review_message}
          </Text>
        </Alert>
      ) : null}

      <ListFacts
        facts={[
          { label: t('authoring.list.enrolments'), value: course.enrollment_count, testId: 'course-view-enrolments' },
          { label: t('authoring.view.lectures'), value: lectures },
          { label: t('authoring.view.assessments'), value: step5.assessments.length, testId: 'course-view-assessments' },
          { label: t('authoring.view.questions'), value: questions, testId: 'course-view-questions' },
          !!state.submitted_at && { label: t('authoring.view.submitted'), value: formatLongDate(state.submitted_at, i18n.language) },
        ]}
      />
      <Group gap="xs">
        <Button component={Link} to={paths.gradebook(role, course.id)} variant="light" data-testid="course-view-gradebook">
          {t('gradebook.link.open')}
        </Button>
      </Group>

      {role === 'admin' ? <ReviewPanel courseId={course.id} status={state.approve_status} /> : null}
      {role === 'instructor' ? <AnnounceForm courseId={course.id} /> : null}

      <ReviewStepCard {...card} step={1} title={t('authoring.view.step1')}>
        {step1.subtitle ? (
          <Text dir="auto" className="break-anywhere">
            {step1.subtitle}
          </Text>
        ) : null}
        <ListFacts
          facts={[
            { label: t('authoring.view.category'), value: category },
            { label: t('authoring.list.language'), value: t(`catalog.language.${step1.language}`) },
            { label: t('authoring.view.level'), value: t(`catalog.level.${step1.level}`) },
            { label: t('authoring.list.price'), value: step1.priceMinor === 0 ? t('authoring.list.free') : formatMoney(step1.priceMinor, step1.currency, i18n.language) },
            { label: t('authoring.list.instructor'), value: <bdi className="break-anywhere">{step1.instructor.name}</bdi> },
          ]}
        />
      </ReviewStepCard>

      <ReviewStepCard {...card} step={2} title={t('authoring.view.step2')}>
        {step2.description ? (
          // The API sanitises the description to an allow-list before storing it (docs/authoring.md), so it is safe to render as HTML.
          <div className="authoring-description" dir="auto" data-testid="course-description" dangerouslySetInnerHTML={{ __html: step2.description }} />
        ) : (
          <Text c="dimmed">{t('authoring.view.noDescription')}</Text>
        )}
        <Title order={3} size="h5">
          {t('authoring.view.learnPoints')}
        </Title>
        <TextList items={step2.learn_points} empty={t('authoring.view.none')} testId="course-learn-points" />
        <Title order={3} size="h5">
          {t('authoring.view.requirements')}
        </Title>
        <TextList items={step2.requirements} empty={t('authoring.view.none')} />
        <Title order={3} size="h5">
          {t('authoring.view.audience')}
        </Title>
        <TextList items={step2.audience} empty={t('authoring.view.none')} />
      </ReviewStepCard>

      <ReviewStepCard {...card} step={3} title={t('authoring.view.step3')}>
        {step3.cover_image_url ? (
          <img className="authoring-cover" src={step3.cover_image_url} alt={step3.cover_alt || t('authoring.view.coverAlt', { title: step1.title })} data-testid="course-cover" />
        ) : (
          <Text c="dimmed">{t('authoring.view.noCover')}</Text>
        )}
        <Text size="sm">{step3.promo_video_url ? t('authoring.view.hasPromo') : t('authoring.view.noPromo')}</Text>
      </ReviewStepCard>

      <ReviewStepCard {...card} step={4} title={t('authoring.view.step4')}>
        <ReviewOutline sections={step4.sections} />
      </ReviewStepCard>

      <ReviewStepCard {...card} step={5} title={t('authoring.view.step5')}>
        <Text>{t('authoring.view.assessmentSummary', { assessments: t('authoring.view.assessmentCount', { count: step5.assessments.length }), questions: t('quiz.facts.questions', { count: questions }) })}</Text>
      </ReviewStepCard>

      <ReviewStepCard {...card} step={6} title={t('authoring.view.step6')}>
        {step6.tags.length === 0 ? (
          <Text c="dimmed">{t('authoring.view.noTags')}</Text>
        ) : (
          <Group gap="xs" data-testid="course-tags">
            {step6.tags.map((tag) => (
              <Badge key={tag.id} variant="outline" color="gray.8" tt="none" dir="auto">
                {tag.name}
              </Badge>
            ))}
          </Group>
        )}
      </ReviewStepCard>
    </>
  );
}

/** The whole course, read-only, with links into each step; admins review it here. */
export default function CourseViewPage({ role }: { role: AuthoringRole }) {
  const { t } = useTranslation();
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const validId = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const course = useQuery({
    ...authoringQueries.course(role, id),
    enabled: validId,
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });
  usePageTitle(course.data?.step1.title ?? t('authoring.view.title'));

  // An unknown id and another instructor's course look the same: nothing to show here.
  const notFound = !validId || (course.error instanceof ApiError && [400, 403, 404].includes(course.error.status));
  return (
    <Stack gap="lg" maw={960}>
      {notFound ? (
        <EmptyState title={t('authoring.view.notFound.title')} description={t('authoring.view.notFound.text')} headingLevel={1}>
          <Button component={Link} to={paths.courses(role)}>
            {t('authoring.view.back')}
          </Button>
        </EmptyState>
      ) : null}
      {!notFound && course.isPending ? (
        <>
          <Title order={1} className="shell-page__title">
            {t('authoring.view.title')}
          </Title>
          <LoadingDots />
        </>
      ) : null}
      {!notFound && course.isError ? (
        <EmptyState title={t('authoring.view.error.title')} description={t('authoring.view.error.text')} headingLevel={1}>
          <Button variant="default" onClick={() => void course.refetch()}>
            {t('authoring.list.retry')}
          </Button>
        </EmptyState>
      ) : null}
      {course.data ? <CourseView role={role} course={course.data} /> : null}
    </Stack>
  );
}
