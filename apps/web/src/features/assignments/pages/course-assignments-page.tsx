import { Anchor, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { EmptyState } from '../../../components/empty-state';
import { FormOutcome } from '../../../components/form-outcome';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { failureText } from '../../../lib/http';
import { formatDateTime } from '../../../lib/format';
import { courseOutlineQuery } from '../../authoring/public';
import { assignmentKeys, assignmentQueries, deleteAssignment, type AuthoredAssignmentView, type GraderRole } from '../api';
import { assignmentValues, bySection, idOf, newAssignmentValues } from '../assignment-model';
import { AssignmentForm } from '../components/assignment-form';
import '../assignments.css';

function AssignmentRow({ role, assignment, onDelete }: { role: GraderRole; assignment: AuthoredAssignmentView; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="md" data-testid="authored-assignment" data-assignment-id={assignment.id}>
      <Stack gap="xs">
        <Text fw={700} dir="auto" className="break-anywhere">
          {assignment.title}
        </Text>
        <Text size="sm" c={assignment.due_at ? undefined : 'dimmed'}>
          {assignment.due_at ? t('assignments.due.at', { date: formatDateTime(assignment.due_at, i18n.language) }) : t('assignments.due.none')}
        </Text>
        <Text size="sm" c="dimmed">
          {t(`assignments.kind.${assignment.kind}`)} · {t('assignments.points', { count: assignment.points })}
          {assignment.rubric.length > 0 ? ` · ${t('assignments.rubric.count', { count: assignment.rubric.length })}` : ''}
        </Text>
        <Text size="sm" data-testid="authored-assignment-counts">
          {t('assignments.counts.handedIn', { count: assignment.submissions })} · {t('assignments.counts.ungraded', { count: assignment.ungraded })}
        </Text>
        <Group gap="xs">
          <Button size="xs" component={Link} to={paths.assignmentSubmissions(role, assignment.course.id, assignment.id)} data-testid="authored-assignment-hand-ins">
            {t('assignments.list.handIns')}
          </Button>
          <Button size="xs" variant="light" component={Link} to={`?edit=${assignment.id}`} data-testid="authored-assignment-edit">
            {t('assignments.list.edit')}
          </Button>
          <Button size="xs" variant="outline" color="red.9" onClick={onDelete} data-testid="authored-assignment-delete">
            {t('assignments.list.delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * `/:role/courses/:id/assignments`: a course's assignments by section for its instructor or an admin, with their
 * hand-in counts; `?edit=new` or `?edit=<id>` shows the add or edit form in place of the list.
 */
export default function CourseAssignmentsPage({ role }: { role: GraderRole }) {
  const { t } = useTranslation();
  const courseId = idOf(useParams().id);
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const list = useQuery({ ...assignmentQueries.list(role, courseId), enabled: courseId > 0 });
  const outline = useQuery({ ...courseOutlineQuery(role, courseId), enabled: courseId > 0 });
  const [notice, setNotice] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<AuthoredAssignmentView | null>(null);
  const removal = useMutation({
    mutationFn: (assignment: AuthoredAssignmentView) => deleteAssignment(role, assignment.id),
    onSuccess: ({ data, message }) => {
      queryClient.setQueryData(assignmentQueries.list(role, courseId).queryKey, data);
      setNotice(message || t('assignments.list.deleted'));
      setToDelete(null);
    },
    onError: () => setToDelete(null),
  });
  const edit = search.get('edit');
  const courseTitle = outline.data?.title ?? list.data?.[0]?.course.title;
  const title = t('assignments.list.title');
  usePageTitle(courseTitle ? `${title} · ${courseTitle}` : title);

  if (courseId === 0 || list.isError) {
    return (
      <Stack gap="lg" maw={960} data-testid="course-assignments-error">
        <EmptyState title={t('assignments.list.error')} description={courseId ? failureText(list.error, t('assignments.loadFailed')) : t('assignments.notFound')} headingLevel={1}>
          <Button component={Link} to={paths.courses(role)}>
            {t('assignments.list.backToCourses')}
          </Button>
        </EmptyState>
      </Stack>
    );
  }

  const items = list.data ?? [];
  const editing = edit === 'new' ? null : items.find((item) => String(item.id) === edit);
  const showForm = edit !== null && list.data !== undefined && outline.data !== undefined && (edit === 'new' || editing !== undefined);
  const closeForm = () => setSearch({}, { replace: false });
  return (
    <Stack gap="lg" maw={960} data-testid="course-assignments-page">
      <Anchor component={Link} to={paths.courseView(role, courseId)} size="sm">
        {t('assignments.list.backToCourse')}
      </Anchor>
      <Stack gap={4}>
        <Title order={1} className="shell-page__title">
          {title}
        </Title>
        {courseTitle ? (
          <Text c="dimmed" dir="auto" className="break-anywhere">
            {courseTitle}
          </Text>
        ) : null}
      </Stack>
      <FormOutcome
        success={{ text: notice, role: 'status', testId: 'course-assignments-notice', onDismiss: () => setNotice(null), dismissLabel: t('assignments.dismiss') }}
        failure={{ text: removal.isError ? failureText(removal.error, t('assignments.list.deleteFailed')) : null, role: 'alert', color: 'red.9', testId: 'course-assignments-failure', onDismiss: () => removal.reset(), dismissLabel: t('assignments.dismiss') }}
      />
      {list.isPending || (edit !== null && outline.isPending) ? <LoadingDots /> : null}
      {outline.isError && edit !== null ? <EmptyState title={t('assignments.form.noOutline')} description={failureText(outline.error, t('assignments.loadFailed'))} /> : null}
      {showForm ? (
        outline.data!.sections.length === 0 ? (
          <EmptyState title={t('assignments.form.noSections.title')} description={t('assignments.form.noSections.text')}>
            <Button component={Link} to={paths.editCourse(role, courseId, 4)}>
              {t('assignments.form.noSections.action')}
            </Button>
          </EmptyState>
        ) : (
          <AssignmentForm
            key={edit}
            role={role}
            courseId={courseId}
            sections={outline.data!.sections}
            initialValues={editing ? assignmentValues(editing) : newAssignmentValues(outline.data!.sections[0]?.id ?? null)}
            onCancel={closeForm}
            onSaved={(_saved, message) => {
              void queryClient.invalidateQueries({ queryKey: assignmentKeys.grader(role) });
              setNotice(message || t('assignments.form.saved'));
              removal.reset();
              closeForm();
            }}
          />
        )
      ) : null}
      {!showForm && list.data ? (
        <>
          <Group>
            <Button component={Link} to="?edit=new" onClick={() => setNotice(null)} data-testid="assignment-add">
              {t('assignments.list.add')}
            </Button>
          </Group>
          {items.length === 0 ? <EmptyState title={t('assignments.list.empty.title')} description={t('assignments.list.empty.text')} /> : null}
          {bySection(items).map(({ section, items: inSection }) => (
            <section key={section.id} aria-labelledby={`assignments-section-${section.id}`}>
              <Title order={2} size="h4" id={`assignments-section-${section.id}`} dir="auto" className="assignment-section-title break-anywhere">
                {section.title}
              </Title>
              <ul className="assignment-list">
                {inSection.map((assignment) => (
                  <li key={assignment.id}>
                    <AssignmentRow role={role} assignment={assignment} onDelete={() => setToDelete(assignment)} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      ) : null}
      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} title={t('assignments.delete.title')} centered closeButtonProps={{ 'aria-label': t('assignments.delete.cancel') }}>
        <Stack>
          <Text>{toDelete ? t('assignments.delete.text', { title: toDelete.title }) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(null)}>
              {t('assignments.delete.cancel')}
            </Button>
            <Button color="red.9" loading={removal.isPending} onClick={() => toDelete && removal.mutate(toDelete)} data-testid="assignment-delete-confirm">
              {t('assignments.delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
