import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { configureApi } from '../../lib/http';
import { createQueryClient } from '../../lib/query';
import { quizQueries, recordSubmission, submitAnswers, withSubmission, type AssessmentDetailsView, type SubmissionResultView } from './api';

const ASSESSMENT = 7;

function result(id: number, status: SubmissionResultView['status'], number = id - 40): SubmissionResultView {
  return {
    id,
    assessment_id: ASSESSMENT,
    number,
    status,
    score: status === 'passed' ? 6 : 2,
    max_score: 6,
    percent: status === 'passed' ? 100 : 33,
    pass_mark: 60,
    submitted_at: '2026-01-01T10:00:00.000Z',
    checked_at: null,
    answers: [{ answer_id: id * 10, question_id: 1, option_ids: [2], text: null, matches: [], blanks: [], number: null, correct: status === 'passed', points_awarded: status === 'passed' ? 6 : 0, points: 6, feedback: null }],
  };
}

/** Page `page` of the assessment while attempt 42 (the second of three allowed) is under way, after one failed submission. */
function underWay(page = 1, earlier: SubmissionResultView[] = [result(41, 'failed')]): AssessmentDetailsView {
  return {
    assessment: { id: ASSESSMENT, title: 'Light', course: { id: 3, title: 'Optics' }, pass_mark: 60, time_limit_minutes: null, max_attempts: 3, shuffle: false, question_count: 1, total_points: 6 },
    questions: [{ id: 1, type: 'single', text: 'Which?', points: 6, options: [{ id: 2, text: 'This' }], choices: [], blanks: 0 }],
    result_questions: [{ id: 1, type: 'single', text: 'Which?', points: 6, options: [{ id: 2, text: 'This' }], choices: [], blanks: 0 }],
    standing: 'in_progress',
    attempt: { id: 42, number: 2, started_at: '2026-01-01T09:50:00.000Z', deadline: null, server_now: '2026-01-01T09:50:00.000Z' },
    can_start: false,
    attempts_used: 2,
    attempts_left: 1,
    results: { items: earlier, page, perPage: 10, total: earlier.length },
  };
}

/** The server: the assessment's details (page by page) and the submission's answer; every call is counted. */
function fakeServer(details: (page: number) => AssessmentDetailsView, answer: SubmissionResultView) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push(`${init.method} ${url}`);
    const data = url.startsWith('/api/quiz/answer') ? answer : details(Number(new URL(url, 'http://x').searchParams.get('page')));
    return new Response(JSON.stringify({ success: true, status: true, message: 'Sent', data }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

/** The assessment page as the screen holds it: a query of page `page`, watched (so an invalidation would fetch it again). */
async function openPage(page: number) {
  const client = createQueryClient();
  const observer = new QueryObserver(client, quizQueries.assessment(ASSESSMENT, page));
  const stop = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().data).toBeDefined());
  return { client, observer, stop };
}

const submit = () => submitAnswers({ attempt_id: 42, idempotency_key: '5b0c7a56-0d64-4a2b-9d0e-3b8f1f1c2e7a', answers: [{ question_id: 1, option_ids: [2] }] });

beforeEach(() => configureApi({ token: () => 'participant-token' }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  configureApi({ token: () => null });
});

describe('after a quiz submission', () => {
  it('shows the result the answer carried, without fetching the assessment again', async () => {
    const calls = fakeServer(() => underWay(), result(42, 'failed'));
    const { client, observer, stop } = await openPage(1);
    const { data } = await submit();

    // The clock is ours from here: whatever the cache would schedule runs before the calls are counted.
    vi.useFakeTimers();
    recordSubmission(client, ASSESSMENT, data);
    await vi.runAllTimersAsync();

    expect(calls).toEqual(['GET /api/participant/assessment-details/7?page=1', 'POST /api/quiz/answer']);
    const shown = observer.getCurrentResult().data!.details;
    expect(shown.attempt).toBeNull();
    expect(shown.results.items.map((item) => item.id)).toEqual([42, 41]);
    expect(shown.results.total).toBe(2);
    expect(shown.standing).toBe('failed');
    expect(shown.can_start).toBe(true);
    expect([shown.attempts_used, shown.attempts_left]).toEqual([2, 1]);
    stop();
  });

  it('loads the assessment again when the submission was made from a later page of results', async () => {
    const calls = fakeServer((page) => underWay(page, []), result(42, 'passed'));
    const { client, stop } = await openPage(2);

    const { data } = await submit();
    recordSubmission(client, ASSESSMENT, data);

    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toBe('GET /api/participant/assessment-details/7?page=2');
    stop();
  });
});

describe('withSubmission', () => {
  it('stands as the result does: a pass or an answer to check opens no attempt, a fail does while attempts are left', () => {
    expect(withSubmission(underWay(), result(42, 'passed'))).toMatchObject({ standing: 'passed', can_start: false, attempt: null });
    expect(withSubmission(underWay(), result(42, 'pending'))).toMatchObject({ standing: 'pending', can_start: false });
    expect(withSubmission(underWay(), result(42, 'failed'))).toMatchObject({ standing: 'failed', can_start: true });
    expect(withSubmission({ ...underWay(), attempts_left: 0 }, result(42, 'failed'))).toMatchObject({ standing: 'failed', can_start: false });
    expect(withSubmission({ ...underWay(), attempts_left: null }, result(42, 'failed')).can_start).toBe(true);
  });

  it('puts the result first on a full page, and counts a result already listed once', () => {
    const ten = Array.from({ length: 10 }, (_, i) => result(41 - i, 'failed'));
    const full = { ...underWay(1, ten), results: { items: ten, page: 1, perPage: 10, total: 14 } };
    const after = withSubmission(full, result(42, 'failed'));
    expect(after.results.items.map((item) => item.id)).toEqual([42, ...ten.slice(0, 9).map((item) => item.id)]);
    expect(after.results.total).toBe(15);
    expect(withSubmission(after, result(42, 'failed')).results.total).toBe(15);
  });
});
