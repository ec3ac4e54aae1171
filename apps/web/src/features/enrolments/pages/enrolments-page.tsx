import { Alert, Button, FileInput, Group, Paper, Progress, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { BULK_ENROLMENT_LIMITS, enrolOneBody } from '@nibras/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/forms';
import { failureText } from '../../../lib/http';
import { FormOutcome } from '../../../components/form-outcome';
import { usePageTitle } from '../../../components/use-page-title';
import { enrolOne, sendCsv, type BulkReport } from '../api';
import { BulkReportView } from '../components/bulk-report-view';
import { CoursePicker, type PickedCourse } from '../components/course-picker';
import '../enrolments.css';

type Mode = 'one' | 'csv';

interface OneValues extends Record<string, unknown> {
  email: string;
  name: string;
}

/** One participant by email into the chosen course; the name is needed only for a new account (the server says so). */
function EnrolOneForm({ course }: { course: PickedCourse | null }) {
  const { t } = useTranslation();
  const { form, onSubmit, pending, failure, success } = useContractForm({
    schema: enrolOneBody,
    initialValues: { email: '', name: '' } satisfies OneValues,
    toBody: (values) => ({ courseId: course?.id ?? 0, email: values.email.trim(), ...(values.name.trim() ? { name: values.name } : {}) }),
    send: enrolOne,
    networkFailure: 'enrolments.one.failed',
    onSuccess: () => form.reset(),
  });
  const fieldErrors = Object.keys(form.errors).some((key) => key !== 'courseId');
  return (
    <form onSubmit={onSubmit} noValidate data-testid="enrolments-one">
      <Stack gap="md">
        <FormOutcome
          success={{ text: success, role: 'status', testId: 'enrolments-one-done' }}
          failure={{ text: failure && !fieldErrors ? failure : null, testId: 'enrolments-one-failed' }}
        />
        {!course ? <Text c="dimmed">{t('enrolments.one.needCourse')}</Text> : null}
        <TextInput label={t('enrolments.one.email')} type="email" required dir="ltr" autoComplete="off" {...form.getInputProps('email')} />
        <TextInput label={t('enrolments.one.name')} description={t('enrolments.one.nameHint')} dir="auto" autoComplete="off" {...form.getInputProps('name')} />
        <Group>
          <Button type="submit" loading={pending} disabled={!course}>
            {t('enrolments.one.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A CSV list: the dry run first (nothing written; the report's table names each line left out), then the real run
 * of the same file and course, confirmed with a second button. Choosing another file or course asks for a new dry run.
 */
function CsvImport({ course }: { course: PickedCourse | null }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [checked, setChecked] = useState<{ file: File; courseId: number | null; report: BulkReport } | null>(null);
  const [done, setDone] = useState<BulkReport | null>(null);
  const courseId = course?.id ?? null;
  const run = useMutation({
    mutationFn: ({ dryRun }: { dryRun: boolean }) => {
      setProgress(0);
      return sendCsv(courseId, file!, dryRun, setProgress);
    },
    onSuccess: (result, { dryRun }) => {
      if (dryRun) {
        setChecked({ file: file!, courseId, report: result.data });
        setDone(null);
      } else {
        setDone(result.data);
        setChecked(null);
      }
    },
  });
  const current = checked && checked.file === file && checked.courseId === courseId ? checked.report : null;
  const canRun = current !== null && (current.created > 0 || current.enrolled > 0);
  const error = run.error ? failureText(run.error, t('enrolments.csv.failed')) : null;
  return (
    <Stack gap="md" data-testid="enrolments-csv">
      <FileInput
        label={t('enrolments.csv.file')}
        description={t('enrolments.csv.fileHint', { lines: BULK_ENROLMENT_LIMITS.lines, mb: BULK_ENROLMENT_LIMITS.bytes / 1_048_576 })}
        accept=".csv,text/csv"
        clearable
        clearButtonProps={{ 'aria-label': t('enrolments.csv.clear') }}
        value={file}
        onChange={(next) => {
          setFile(next);
          setDone(null);
          run.reset();
        }}
        error={error}
      />
      <Group>
        <Button variant="default" onClick={() => run.mutate({ dryRun: true })} disabled={!file} loading={run.isPending && run.variables?.dryRun}>
          {t('enrolments.csv.check')}
        </Button>
        {current ? (
          <Button onClick={() => run.mutate({ dryRun: false })} disabled={!canRun || run.isPending} loading={run.isPending && run.variables?.dryRun === false} data-testid="enrolments-run">
            {course ? t('enrolments.csv.run.course') : t('enrolments.csv.run.import')}
          </Button>
        ) : null}
      </Group>
      {run.isPending ? <Progress value={progress} aria-label={t('enrolments.csv.sending')} /> : null}
      {current ? <Alert color="blue">{canRun ? t('enrolments.csv.confirm') : t('enrolments.csv.nothingToDo')}</Alert> : null}
      {done ? <FormOutcome success={{ text: t('enrolments.csv.done'), role: 'status', testId: 'enrolments-csv-done' }} /> : null}
      {current ? <BulkReportView report={current} /> : null}
      {done ? <BulkReportView report={done} /> : null}
    </Stack>
  );
}

/** `/admin/enrolments`: enrol one participant or a CSV list in a course, or import participants without one. */
export default function EnrolmentsPage() {
  const { t } = useTranslation();
  const [course, setCourse] = useState<PickedCourse | null>(null);
  const [mode, setMode] = useState<Mode>('csv');
  usePageTitle(t('enrolments.title'));
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} className="shell-page__title">
        {t('enrolments.title')}
      </Title>
      <Text>{t('enrolments.intro')}</Text>
      <Paper withBorder p="lg" radius="lg">
        <Stack gap="md">
          <CoursePicker
            label={t('enrolments.course.label')}
            description={t('enrolments.course.description')}
            placeholder={t('enrolments.course.placeholder')}
            value={course}
            onChange={setCourse}
          />
          <SegmentedControl
            aria-label={t('enrolments.mode.label')}
            value={mode}
            onChange={(value) => setMode(value as Mode)}
            data={[
              { value: 'csv', label: t('enrolments.mode.csv') },
              { value: 'one', label: t('enrolments.mode.one') },
            ]}
            fullWidth
          />
          {mode === 'one' ? <EnrolOneForm course={course} /> : <CsvImport course={course} />}
        </Stack>
      </Paper>
    </Stack>
  );
}
