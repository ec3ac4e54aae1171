import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseState } from '@nibras/contract';
import { useCallback, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { authoringQueries, invalidateCourseScreens, type AuthoringRole, type Step1, type WholeCourse } from '../api';
import { ApiError } from '../../../lib/http';
import { paths } from '../../../config/paths';
import { EmptyState } from '../../../components/empty-state';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import NotFoundPage from '../../../components/not-found-page';
import { CourseStatusBadge } from '../components/course-status-badge';
import { authoringStore, type StepNumber } from './authoring-store';
import { parseCourseId, parseStep, stepCompletion } from './editor-steps';
import { EditorStepper } from './stepper';
import type { StepProps } from './step-props';
import { Step1Basics } from './steps/step1-basics';
import { Step2Content } from './steps/step2-content';
import { Step3Media } from './steps/step3-media';
import { Step4Outline } from './steps/step4-outline';
import { Step5Assessments } from './steps/step5-assessments';
import { Step6Tags } from './steps/step6-tags';
import { UnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import { useUnsavedChanges } from '../../../components/use-unsaved-changes';
import './editor.css';

const LATER_STEPS: Record<Exclude<StepNumber, 1>, (props: StepProps) => ReactNode> = {
  2: Step2Content,
  3: Step3Media,
  4: Step4Outline,
  5: Step5Assessments,
  6: Step6Tags,
};

/** The six-step course editor: /{role}/courses/new (step 1 only) and /{role}/courses/:id/edit/:step. */
export default function CourseEditorPage({ role }: { role: AuthoringRole }) {
  const params = useParams();
  const isNew = params.id === undefined;
  const courseId = isNew ? null : parseCourseId(params.id);
  const step = isNew ? 1 : parseStep(params.step);
  if ((!isNew && courseId === null) || step === null) return <NotFoundPage home={paths.courses(role)} />;
  // A new course and each existing one are separate editors: nothing of one may leak into the other.
  return <CourseEditor key={courseId ?? 'new'} role={role} courseId={courseId} step={step} />;
}

function CourseEditor({ role, courseId, step }: { role: AuthoringRole; courseId: number | null; step: StepNumber }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const unsaved = useUnsavedChanges();
  const { setDirty } = unsaved;
  const whole = useQuery({ ...authoringQueries.editorWhole(role, courseId), staleTime: 0 });
  const [notice, setNotice] = useState<string | null>(() => noticeOf(location.state));

  // Spec section 4: per-step data is cleared when a new course starts and when the editor is left.
  // A layout effect, so it runs before the steps put what they fetched into the store.
  useLayoutEffect(() => {
    authoringStore.open(courseId);
    if (courseId === null) authoringStore.clearAll();
    return () => authoringStore.clearAll();
  }, [courseId]);

  // Each step starts clean, with the notice a navigation brought (or none).
  useEffect(() => {
    setDirty(false);
    setNotice(noticeOf(location.state));
  }, [step, location.state, setDirty]);

  const onSaved = useCallback(
    (state: CourseState, message: string) => {
      setNotice(message);
      const wholeKey = authoringQueries.editorWhole(role, courseId).queryKey;
      queryClient.setQueryData<WholeCourse>(wholeKey, (old) => (old ? { ...old, state } : old));
      void queryClient.invalidateQueries({ queryKey: wholeKey });
      void invalidateCourseScreens(queryClient);
    },
    [queryClient, role, courseId],
  );

  const onCreated = useCallback(
    (course: Step1, message: string) => {
      setDirty(false);
      queryClient.setQueryData(authoringQueries.step(role, 1, course.id).queryKey, course);
      void invalidateCourseScreens(queryClient);
      void navigate(paths.editCourse(role, course.id, 2), { state: { notice: message } });
    },
    [navigate, queryClient, role, setDirty],
  );

  const title = courseId === null ? t('authoring.editor.newCourse') : (whole.data?.step1.title ?? '');
  usePageTitle(title ? t('authoring.editor.pageTitle', { title }) : t('authoring.editor.pageTitleNoName'));

  if (courseId !== null && whole.isPending) return <LoadingDots />;
  if (whole.isError) {
    if (whole.error instanceof ApiError && whole.error.status === 404) return <NotFoundPage home={paths.courses(role)} />;
    return (
      <EmptyState title={t('authoring.editor.loadFailed')} description={whole.error instanceof ApiError && !whole.error.network ? whole.error.message : t('authoring.editor.offline')} headingLevel={1}>
        <Anchor component={Link} to={paths.courses(role)}>
          {t('authoring.editor.backToCourses')}
        </Anchor>
      </EmptyState>
    );
  }

  const state = whole.data?.state;
  const complete = stepCompletion(state, whole.data);
  const stepProps = courseId === null ? null : { role, courseId, onSaved, onDirtyChange: setDirty };
  const LaterStep = step === 1 ? null : LATER_STEPS[step];

  return (
    <Stack gap="lg" maw={1040} className="course-editor">
      <Anchor component={Link} to={paths.courses(role)} size="sm" className="course-editor__back">
        {t('authoring.editor.backToCourses')}
      </Anchor>
      <Stack gap="xs">
        <Title order={1} className="shell-page__title course-editor__title" dir="auto">
          {title}
        </Title>
        {state ? (
          <Group gap="sm" data-testid="editor-status">
            <CourseStatusBadge status={state.approve_status} />
            <Text size="sm" c="dimmed">
              {state.completion_status === 'complete' ? t('authoring.editor.allRequiredDone') : t('authoring.editor.requiredMissing', { count: state.missing_steps.length })}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('authoring.editor.newHint')}
          </Text>
        )}
      </Stack>
      {state?.approve_status === 'rejected' && state.review_message ? (
        <Alert color="red" title={t('authoring.editor.reviewMessage')} data-testid="review-message">
          <Text size="sm" dir="auto" className="break-anywhere">
            {state.review_message}
          </Text>
        </Alert>
      ) : null}
      <EditorStepper role={role} courseId={courseId} current={step} complete={complete} />
      {notice ? (
        <Alert color="teal" role="status" withCloseButton closeButtonLabel={t('authoring.editor.dismiss')} onClose={() => setNotice(null)} data-testid="editor-notice">
          {notice}
        </Alert>
      ) : null}
      <Paper component="section" withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} aria-labelledby="editor-step-title" data-testid="editor-step-panel" data-step={step}>
        <Stack gap="md">
          <Title order={2} id="editor-step-title" size="h3">
            {t('authoring.editor.stepHeading', { n: step, name: t(`authoring.editor.step${step}`) })}
          </Title>
          {LaterStep && stepProps ? (
            <LaterStep key={step} {...stepProps} />
          ) : (
            <Step1Basics role={role} courseId={courseId} onSaved={onSaved} onDirtyChange={setDirty} onCreated={onCreated} />
          )}
        </Stack>
      </Paper>
      <UnsavedChangesDialog unsaved={unsaved} />
    </Stack>
  );
}

function noticeOf(state: unknown): string | null {
  return typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string' ? state.notice : null;
}
