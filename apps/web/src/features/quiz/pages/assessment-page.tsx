import { Alert, Anchor, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../lib/http';
import { loadAssessment, quizKeys, quizQueries, recordSubmission, type AssessmentDetailsView, type SubmittedResultView } from '../api';
import { paths } from '../../../config/paths';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { ListPager } from '../../../components/pager';
import { AttemptForm } from '../components/attempt-form';
import { StandingBadge } from '../components/quiz-badges';
import { SubmissionCard } from '../components/submission-card';
import { positiveInt, readListParams } from '../list-params';
import '../quiz.css';

/** Why no attempt can be started, in words, when the participant has not passed. */
function closedReason(details: AssessmentDetailsView): string | null {
  if (details.standing === 'pending') return 'quiz.take.closedPending';
  if (details.standing === 'passed') return 'quiz.take.closedPassed';
  if (details.attempts_left === 0) return 'quiz.take.closedNoAttempts';
  if (details.assessment.question_count === 0) return 'quiz.take.closedNoQuestions';
  return null;
}

/**
 * One assessment for the participant: its rules and earlier results, the start of an attempt (asking
 * first when the clock will run), the attempt itself, and the result once submitted.
 */
export default function AssessmentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [, setSearchParams] = useSearchParams();
  const id = positiveInt(useParams().id ?? null, 0);
  const page = positiveInt(readListParams(location.search).get('page'), 1);
  const [confirmStart, setConfirmStart] = useState(false);
  const [starting, setStarting] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [focusResults, setFocusResults] = useState(false);
  // The certificate this page's submission earned: the submit's answer says so when that pass completed the course.
  const [certificate, setCertificate] = useState<NonNullable<SubmittedResultView['certificate']> | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const query = quizQueries.assessment(id, page);
  const view = useQuery({
    ...query,
    enabled: id > 0,
    placeholderData: keepPreviousData,
    retry: false,
    // Refetching on focus would reset the clock base and the form for nothing.
    refetchOnWindowFocus: false,
  });

  // Spec section 4: a failed assessment fetch returns the participant to their assessments.
  useEffect(() => {
    if (id === 0 || view.isError) {
      navigate(paths.myAssessments, { replace: true, state: { notice: id === 0 ? t('quiz.take.notFound') : failureText(view.error, t('quiz.take.loadFailed')) } });
    }
  }, [id, view.isError, view.error, navigate, t]);

  const details = view.data?.details;
  usePageTitle(details?.assessment.title ?? t('quiz.my.title'));

  // Once the results stand where the attempt was, their heading takes the focus from the gone form.
  useEffect(() => {
    if (!focusResults || !details || details.attempt) return;
    setFocusResults(false);
    resultHeading.current?.focus();
  }, [focusResults, details]);

  const refreshLists = () => {
    void queryClient.invalidateQueries({ queryKey: [...quizKeys.participant, 'assessments'] });
    void queryClient.invalidateQueries({ queryKey: quizQueries.myPendingChecks().queryKey });
  };

  const start = async () => {
    setConfirmStart(false);
    setStarting(true);
    setMessage(null);
    try {
      queryClient.setQueryData(query.queryKey, await loadAssessment(id, page, true));
      refreshLists();
    } catch (error) {
      setMessage({ ok: false, text: failureText(error, t('quiz.take.startFailed')) });
    } finally {
      setStarting(false);
    }
  };

  /** A submission's answer carries its result (no second call); a refusal for good does not, so the assessment loads again. */
  const afterSubmit = (text: string, ok: boolean, result?: SubmittedResultView) => {
    setMessage({ ok, text });
    if (page !== 1) setSearchParams({});
    if (result?.certificate) setCertificate(result.certificate);
    if (result) recordSubmission(queryClient, id, result);
    else void queryClient.invalidateQueries({ queryKey: [...quizKeys.participant, 'details', id] });
    refreshLists();
    setFocusResults(true);
  };

  if (!details) return <LoadingDots />;
  const a = details.assessment;
  const facts = [
    t('quiz.facts.questions', { count: a.question_count }),
    t('quiz.facts.points', { count: a.total_points }),
    t('quiz.facts.passMark', { mark: a.pass_mark }),
    a.time_limit_minutes ? t('quiz.facts.timeLimit', { count: a.time_limit_minutes }) : t('quiz.facts.noTimeLimit'),
    details.attempts_left === null
      ? t('quiz.facts.attemptsUnlimited', { used: details.attempts_used })
      : t('quiz.facts.attempts', { used: details.attempts_used, count: details.attempts_left }),
  ];
  const reason = details.attempt || details.can_start ? null : closedReason(details);

  return (
    <Stack gap="lg" maw={880}>
      <Anchor component={Link} to={paths.myAssessments} size="sm">
        {t('quiz.take.back')}
      </Anchor>
      <Stack gap={4}>
        <Title order={1} className="shell-page__title" dir="auto">
          {a.title}
        </Title>
        <Text c="dimmed" dir="auto">
          {a.course.title}
        </Text>
      </Stack>
      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Text size="sm" data-testid="quiz-facts">
            {facts.join(' · ')}
          </Text>
          <StandingBadge standing={details.standing} />
        </Group>
      </Paper>
      {message ? (
        <Alert color={message.ok ? 'teal' : 'red'} role={message.ok ? 'status' : 'alert'} data-testid="quiz-message" withCloseButton closeButtonLabel={t('quiz.dismiss')} onClose={() => setMessage(null)}>
          {message.text}
        </Alert>
      ) : null}
      {details.attempt && view.data ? (
        <AttemptForm
          key={details.attempt.id}
          details={details}
          receivedAt={view.data.receivedAt}
          onSubmitted={(result, text) => afterSubmit(text, true, result)}
          onRefused={(text) => afterSubmit(text, false)}
        />
      ) : null}
      {details.can_start ? (
        <Paper withBorder radius="lg" p="md" data-testid="quiz-start-panel">
          <Stack gap="sm" align="flex-start">
            <Text>{a.time_limit_minutes ? t('quiz.take.startTimed', { count: a.time_limit_minutes }) : t('quiz.take.startUntimed')}</Text>
            <Button loading={starting} onClick={() => (a.time_limit_minutes ? setConfirmStart(true) : void start())} data-testid="quiz-start">
              {details.attempts_used > 0 ? t('quiz.take.startAgain') : t('quiz.take.start')}
            </Button>
          </Stack>
        </Paper>
      ) : null}
      {reason ? (
        <Alert color={details.standing === 'passed' ? 'teal' : 'gray'} data-testid="quiz-closed">
          {t(reason)}
        </Alert>
      ) : null}
      {details.results.total > 0 ? (
        <section aria-labelledby="quiz-results-title">
          <Title order={2} size="h3" mb="sm" id="quiz-results-title" ref={resultHeading} tabIndex={-1}>
            {t('quiz.result.title')}
          </Title>
          {certificate ? (
            <Alert color="green" mb="md" title={t('quiz.result.certificateTitle')} data-testid="quiz-certificate">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('quiz.result.certificateText')}</Text>
                <Button component={Link} to={paths.certificate(certificate.code)} size="sm" data-testid="quiz-certificate-link">
                  {t('quiz.result.certificateOpen')}
                </Button>
              </Stack>
            </Alert>
          ) : null}
          <Stack gap="md">
            {details.results.items.map((result) => (
              <SubmissionCard key={result.id} result={result} questions={details.result_questions} />
            ))}
          </Stack>
          <ListPager page={page} perPage={details.results.perPage} total={details.results.total} onChange={(next) => setSearchParams(next > 1 ? { page: String(next) } : {})} />
        </section>
      ) : null}
      <Modal opened={confirmStart} onClose={() => setConfirmStart(false)} title={t('quiz.take.confirmStartTitle')} centered closeButtonProps={{ 'aria-label': t('quiz.take.notYet') }}>
        <Stack>
          <Text>{t('quiz.take.confirmStartText', { count: a.time_limit_minutes ?? 0 })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmStart(false)}>
              {t('quiz.take.notYet')}
            </Button>
            <Button onClick={() => void start()} data-testid="quiz-start-confirm">
              {t('quiz.take.startNow')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
