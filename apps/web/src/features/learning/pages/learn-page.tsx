import { Alert, Badge, Button, Grid, Group, Paper, Progress, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http';
import { learningQueries, reportProgress, reportProgressOnExit, type LearnCourse, type LearnLecture, type ProgressResult } from '../api';
import { paths } from '../../../config/paths';
import { EmptyState } from '../../../components/empty-state';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { applyProgress, type LectureState, type Live } from '../live-progress';
import { playedDelta } from '../played-time';
import { loadHls, rememberedCaptions, useLectureSource, useRememberCaptions } from '../stream-source';
import { Transcript } from '../transcript';
import { LecturePlayer, THUMBNAILS_TRACK } from '../lecture-player';
import { LectureDocument, LectureResources } from '../lecture-documents';
import { languageName } from '../../../lib/language-name';
import { CourseAssessments } from '../../quiz/public';
import { NotesPanel } from '../../notes/public';
import { LectureQuestions } from '../../questions/public';
import '../learning.css';
import { formatClock } from '../../../lib/format';
import { LockedLectureState, LockedOutlineItem, SectionOpens } from '../locked-lecture';

/** How long the next lecture waits after one ends, so the learner can stay. */
const UP_NEXT_SECONDS = 5;

const REPORT_EVERY_MS = 10_000;
/** A jump in timeupdate larger than this is a seek, not playback. */

function allLectures(course: LearnCourse): LearnLecture[] {
  return course.sections.flatMap((section) => section.lectures);
}

export default function LearnPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const learn = useQuery({
    ...learningQueries.course(id),
    retry: false,
    refetchOnWindowFocus: false,
  });
  usePageTitle(learn.data?.course.title ?? t('learn.title'));

  if (learn.isPending) return <LoadingDots />;
  if (learn.isError) {
    const notEnrolled = learn.error instanceof ApiError && (learn.error.status === 403 || learn.error.status === 404);
    return (
      <Stack maw={720}>
        <EmptyState
          headingLevel={1}
          title={notEnrolled ? t('learn.notEnrolled.title') : t('learn.error.title')}
          description={notEnrolled ? t('learn.notEnrolled.text') : t('learn.error.text')}
        >
          <Button component={Link} to={paths.courseDetails(id)}>
            {t('learn.notEnrolled.details')}
          </Button>
        </EmptyState>
      </Stack>
    );
  }
  return <Player course={learn.data} key={learn.data.course.id} />;
}

function Player({ course }: { course: LearnCourse }) {
  const { t, i18n } = useTranslation();
  const lectures = useMemo(() => allLectures(course), [course]);
  // A lecture's own address (?lecture=id) opens it, a locked one too (it then says when it opens).
  const [search] = useSearchParams();
  const asked = lectures.find((l) => String(l.id) === search.get('lecture'));
  const initial = asked ? { lectureId: asked.id, positionSeconds: asked.positionSeconds } : (course.resume ?? (lectures[0] ? { lectureId: lectures[0].id, positionSeconds: 0 } : null));
  const [currentId, setCurrentId] = useState<number | null>(initial?.lectureId ?? null);
  const [live, setLive] = useState<Live>({ lectures: {}, progress: null, certificate: course.certificate, justCompleted: false });
  const [saveFailed, setSaveFailed] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const played = useRef(0);
  const lastTime = useRef(0);
  /** When the last timeupdate came, on the wall clock (performance.now()). */
  const lastTick = useRef(0);
  const seeking = useRef(false);
  const currentRef = useRef<number | null>(currentId);
  const pendingSeek = useRef<number | null>(initial?.positionSeconds ?? null);
  // After a lecture ends: the next one, opened when the countdown runs out unless the learner stays.
  const [upNext, setUpNext] = useState<{ lecture: LearnLecture; secondsLeft: number } | null>(null);
  const [nowPlaying, setNowPlaying] = useState<string | null>(null);
  const playWhenLoaded = useRef(false);

  const index = lectures.findIndex((lecture) => lecture.id === currentId);
  const lecture = index >= 0 ? lectures[index] : undefined;
  const stateOf = (l: LearnLecture): LectureState => live.lectures[l.id] ?? { completed: l.completed, positionSeconds: l.positionSeconds, watchedSeconds: l.watchedSeconds };
  const progress = live.progress ?? course.progress;
  const source = useLectureSource(videoRef, lecture);
  useRememberCaptions(videoRef, lecture?.id);
  const captionsChoice = rememberedCaptions();
  // The streaming player's script is fetched with the page, not after the learner presses play.
  const streams = lectures.some((l) => l.stream);
  useEffect(() => {
    if (streams) void loadHls().catch(() => undefined);
  }, [streams]);

  const apply = useCallback((result: ProgressResult) => {
    setSaveFailed(false);
    setLive((before) => applyProgress(before, result));
  }, []);

  /** Sends what was played since the last report, with the current position. */
  const report = useCallback(
    (onExit = false) => {
      const video = videoRef.current;
      const lectureId = currentRef.current;
      if (!video || lectureId === null || !Number.isFinite(video.currentTime)) return;
      const body = {
        lecture_id: lectureId,
        position_seconds: Math.min(86_400, Math.floor(video.currentTime)),
        played_seconds: Math.min(3600, Math.round(played.current * 10) / 10),
      };
      if (body.position_seconds === 0 && body.played_seconds === 0) return;
      played.current = 0;
      if (onExit) {
        reportProgressOnExit(body);
        return;
      }
      reportProgress(body).then(
        (result) => apply(result.data),
        () => setSaveFailed(true),
      );
    },
    [apply],
  );

  // Every ~10 s while playing.
  useEffect(() => {
    const timer = window.setInterval(() => {
      const video = videoRef.current;
      if (video && !video.paused && !video.ended) report();
    }, REPORT_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [report]);

  // Page hidden or closed.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') report(true);
    };
    const onPageHide = () => report(true);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the player inside the app.
      report(true);
    };
  }, [report]);

  const open = (next: LearnLecture) => {
    setUpNext(null);
    setNowPlaying(null);
    if (next.id === currentRef.current) return;
    report();
    currentRef.current = next.id;
    played.current = 0;
    lastTime.current = 0;
    lastTick.current = performance.now();
    const saved = stateOf(next);
    pendingSeek.current = saved.completed ? 0 : saved.positionSeconds;
    setCurrentId(next.id);
  };

  const onLoadedMetadata = () => {
    const video = videoRef.current;
    if (video && playWhenLoaded.current) {
      playWhenLoaded.current = false;
      // The learner started this run of lectures by pressing play; a browser that still refuses just shows the play button.
      video.play().catch(() => undefined);
    }
    const position = pendingSeek.current;
    pendingSeek.current = null;
    if (!video || position === null || position <= 0) return;
    // A finished lecture starts again from the beginning.
    if (Number.isFinite(video.duration) && position >= video.duration - 1) return;
    video.currentTime = position;
    lastTime.current = position;
  };

  const onTimeUpdate = () => {
    const video = videoRef.current;
    if (!video) return;
    const now = performance.now();
    const wallSeconds = (now - lastTick.current) / 1000;
    if (!seeking.current && !video.paused) played.current += playedDelta(video.currentTime - lastTime.current, wallSeconds, video.playbackRate);
    lastTime.current = video.currentTime;
    lastTick.current = now;
  };

  /** A note's moment (notes panel): its lecture opened if another, the video at that second, the player in view. */
  const jumpTo = (lectureId: number, seconds: number | null) => {
    const target = lectures.find((l) => l.id === lectureId);
    const video = videoRef.current;
    if (!target) return;
    if (target.id !== currentRef.current) {
      open(target);
      if (seconds !== null) pendingSeek.current = seconds;
    } else if (seconds !== null) {
      if (video && video.readyState >= 1) video.currentTime = seconds;
      else pendingSeek.current = seconds;
    }
    video?.closest('media-controller')?.scrollIntoView({ block: 'nearest' });
  };

  const previous = index > 0 ? lectures[index - 1] : undefined;
  const next = index >= 0 && index < lectures.length - 1 ? lectures[index + 1] : undefined;

  useEffect(() => {
    if (!upNext) return;
    if (upNext.secondsLeft <= 0) {
      playWhenLoaded.current = true;
      open(upNext.lecture);
      setNowPlaying(upNext.lecture.title);
      return;
    }
    const timer = window.setTimeout(() => setUpNext({ ...upNext, secondsLeft: upNext.secondsLeft - 1 }), 1000);
    return () => window.clearTimeout(timer);
  }, [upNext]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} className="shell-page__title" dir="auto">
          {course.course.title}
        </Title>
        <Group gap="sm" align="center">
          <Text c="dimmed" size="sm">
            {t('learn.instructor')} <bdi>{course.course.instructorName}</bdi>
          </Text>
          <Button component={Link} to={paths.newMessage('participant', course.course.instructorId, course.course.id)} size="compact-sm" variant="light" data-testid="message-instructor">
            {t('messages.toInstructor')}
          </Button>
          <Button component={Link} to={paths.myCourseAssignments(course.course.id)} size="compact-sm" variant="light" data-testid="learn-assignments">
            {t('assignments.link.player')}
          </Button>
        </Group>
      </div>
      <Progress.Root size={22} radius="xl" aria-hidden="true">
        <Progress.Section value={progress.percent} color="nibras">
          <Progress.Label>{t('learn.progress.percent', { percent: progress.percent })}</Progress.Label>
        </Progress.Section>
      </Progress.Root>
      <Text size="sm" data-testid="course-progress" aria-live="polite">
        {t('learn.progress.summary', { percent: progress.percent, done: progress.completedLectures, count: progress.totalLectures })}
        {/* Once something is done, what is left and how it counts: a lecture played but not to its end is easy to miss. */}
        {progress.completedLectures > 0 && progress.completedLectures < progress.totalLectures ? (
          <>
            {' '}
            <span data-testid="lectures-left">{t('learn.progress.left', { count: progress.totalLectures - progress.completedLectures })}</span>
          </>
        ) : null}
      </Text>
      {live.certificate ? (
        <Alert color={live.justCompleted ? 'green' : 'nibras'} title={live.justCompleted ? t('learn.done.title') : t('learn.certificate.title')} data-testid="certificate-alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{live.justCompleted ? t('learn.done.text') : t('learn.certificate.text')}</Text>
            <Button component={Link} to={paths.certificate(live.certificate.code)} size="sm">
              {t('learn.certificate.open')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {saveFailed ? (
        <Alert color="red" role="alert">
          {t('learn.saveFailed')}
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {lecture ? (
            <Stack gap="sm">
              <Title order={2} size="h3" dir="auto" data-testid="lecture-title">
                {lecture.title}
              </Title>
              {lecture.opensAt ? (
                <LockedLectureState opensAt={lecture.opensAt} />
              ) : lecture.type !== 'video' ? (
                <LectureDocument lecture={lecture} lang={course.course.language} completed={stateOf(lecture).completed} onCompleted={(r) => setLive((before) => applyProgress(before, r))} onFailed={() => setSaveFailed(true)} />
              ) : lecture.videoUrl ? (
                <LecturePlayer hasCaptions={lecture.captions.length > 0} hasLadder={source.streaming}>
                <video
                  key={lecture.id}
                  ref={videoRef}
                  slot="media"
                  className="learn-video"
                  src={source.src}
                  poster={source.poster}
                  preload="metadata"
                  playsInline
                  aria-label={t('learn.video', { title: lecture.title })}
                  data-lecture-id={lecture.id}
                  onLoadedMetadata={onLoadedMetadata}
                  onTimeUpdate={onTimeUpdate}
                  onSeeking={() => {
                    seeking.current = true;
                  }}
                  onSeeked={() => {
                    seeking.current = false;
                    lastTime.current = videoRef.current?.currentTime ?? 0;
                    lastTick.current = performance.now();
                  }}
                  onPlay={() => {
                    lastTime.current = videoRef.current?.currentTime ?? 0;
                    lastTick.current = performance.now();
                  }}
                  onPause={() => report()}
                  onEnded={() => {
                    report();
                    setNowPlaying(null);
                    if (next && !next.opensAt) setUpNext({ lecture: next, secondsLeft: UP_NEXT_SECONDS });
                  }}
                >
                  {lecture.captions.map((c) => (
                    <track key={c.lang} kind="subtitles" srcLang={c.lang} label={languageName(c.lang, i18n.language)} src={c.url} default={c.lang === captionsChoice} />
                  ))}
                  {/* The seek bar's thumbnails (media-chrome reads the metadata track labelled "thumbnails"). */}
                  {lecture.stream ? <track kind="metadata" label={THUMBNAILS_TRACK} src={lecture.stream.thumbnailsUrl} default /> : null}
                </video>
                </LecturePlayer>
              ) : (
                <EmptyState title={t('learn.noVideo.title')} description={t('learn.noVideo.text')} headingLevel={3} />
              )}
              {lecture.videoUrl && lecture.captions.length > 0 ? <Transcript key={lecture.id} videoRef={videoRef} lecture={lecture} /> : null}
              <LectureResources lecture={lecture} />
              <div role="status" aria-live="polite" data-live-region data-testid="up-next">
                {upNext ? (
                  <Alert color="nibras" title={t('learn.upNext.title')}>
                    <Stack gap="xs">
                      <Text size="sm" dir="auto">{upNext.lecture.title}</Text>
                      <Progress value={(100 * (UP_NEXT_SECONDS - upNext.secondsLeft)) / UP_NEXT_SECONDS} size="sm" aria-hidden="true" />
                      <Group gap="xs">
                        <Button size="xs" onClick={() => setUpNext({ ...upNext, secondsLeft: 0 })}>
                          {t('learn.upNext.playNow')}
                        </Button>
                        <Button size="xs" variant="default" onClick={() => setUpNext(null)}>
                          {t('learn.upNext.stay')}
                        </Button>
                      </Group>
                    </Stack>
                  </Alert>
                ) : nowPlaying ? (
                  <Text size="sm" c="dimmed">
                    {t('learn.upNext.nowPlaying', { title: nowPlaying })}
                  </Text>
                ) : null}
              </div>
              <Group justify="space-between" gap="sm">
                <Button variant="default" disabled={!previous} onClick={() => previous && open(previous)}>
                  {t('learn.previous')}
                </Button>
                <Button variant="default" disabled={!next} onClick={() => next && open(next)}>
                  {t('learn.next')}
                </Button>
              </Group>
              <NotesPanel courseId={course.course.id} lecture={lecture} hasVideo={!!lecture.videoUrl} videoRef={videoRef} onJump={jumpTo} />
              <LectureQuestions key={lecture.id} courseId={course.course.id} lectureId={lecture.id} videoRef={videoRef} />
            </Stack>
          ) : (
            <EmptyState title={t('learn.empty.title')} description={t('learn.empty.text')} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="lg" p="md" component="nav" aria-label={t('learn.outline')}>
            <Title order={2} size="h4" mb="sm">
              {t('learn.outline')}
            </Title>
            <Stack gap="md">
              {course.sections.map((section) => (
                <div key={section.id}>
                  <Text fw={700} size="sm" dir="auto" mb={4}>
                    {section.title}
                  </Text>
                  <SectionOpens opensAt={section.opensAt} />
                  <ul className="learn-outline">
                    {section.lectures.map((item) => {
                      const state = stateOf(item);
                      const current = item.id === currentId;
                      if (item.opensAt) return <li key={item.id}><LockedOutlineItem lecture={{ ...item, opensAt: item.opensAt }} /></li>;
                      return (
                        <li key={item.id}>
                          <UnstyledButton
                            className="learn-outline__item"
                            data-current={current || undefined}
                            aria-current={current ? 'true' : undefined}
                            data-testid={`outline-lecture-${item.id}`}
                            data-completed={state.completed ? 'true' : 'false'}
                            onClick={() => open(item)}
                          >
                            <span className="learn-outline__check" aria-hidden="true">
                              {state.completed ? '✓' : ''}
                            </span>
                            <span className="learn-outline__title" dir="auto">
                              {item.title}
                            </span>
                            {!state.completed && (state.watchedSeconds > 0 || state.positionSeconds > 0) ? (
                              <Badge variant="outline" color="dark" size="sm" component="span" data-testid={`outline-partly-${item.id}`}>
                                {t('learn.outline.partly')}
                              </Badge>
                            ) : null}
                            <Badge variant="light" color="gray" size="sm" component="span">
                              {formatClock(item.durationSeconds)}
                            </Badge>
                            {state.completed ? <span className="visually-hidden">{t('learn.completed')}</span> : null}
                          </UnstyledButton>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              ))}
            </Stack>
          </Paper>
          <CourseAssessments courseId={course.course.id} lecturesDone={progress.percent === 100} hasCertificate={!!live.certificate} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
