import type { CourseCard, EnrolledCourse, LearnCourse, ProgressSummary } from '@nibras/contract';
import type { EnrolmentRow, PlayerLecture, PlayerProgress } from './learning.queries';

interface LearnCourseInput {
  course: LearnCourse['course'];
  /** The outline with when each section and lecture opens for this participant (null: open; docs/authoring.md). */
  outline: { id: number; title: string; opensAt: Date | null; lectures: (PlayerLecture & { opensAt: Date | null })[] }[];
  /** The participant's progress rows, the lecture studied last first. */
  progressRows: PlayerProgress[];
  /** The signed grant of each open lecture that has a file (video, PDF, resources) or an article: a lecture not open yet has none, so none of its files. */
  grants: Map<number, string>;
  progress: ProgressSummary;
  certificate: LearnCourse['certificate'];
}

/** The player's course: the outline with this participant's progress, signed video URLs, and where to resume. */
export function presentLearnCourse({ course, outline, progressRows, grants, progress, certificate }: LearnCourseInput): LearnCourse {
  const byLecture = new Map(progressRows.map((r) => [r.lectureId, r]));
  const sections = outline.map((s) => ({
    id: s.id,
    title: s.title,
    opensAt: s.opensAt ? s.opensAt.toISOString() : null,
    lectures: s.lectures.map((l) => {
      const p = byLecture.get(l.id);
      const grant = grants.get(l.id);
      const isVideo = l.type === 'video';
      const files = `/api/media/lecture/${l.id}`;
      return {
        id: l.id,
        title: l.title,
        durationSeconds: l.durationSeconds,
        isFreePreview: l.isFreePreview,
        videoUrl: isVideo && l.video && grant ? `/api/media/lecture/${l.id}?t=${grant}` : null,
        // The ladder's entry files take the same grant (modules/media, docs/video.md).
        stream:
          isVideo && l.video && grant && l.streamReady
            ? {
                masterUrl: `/api/media/lecture/${l.id}/stream/master.m3u8?t=${grant}`,
                posterUrl: `/api/media/lecture/${l.id}/stream/poster.jpg?t=${grant}`,
                thumbnailsUrl: `/api/media/lecture/${l.id}/stream/thumbs.vtt?t=${grant}`,
              }
            : null,
        captions: isVideo && l.video && grant ? l.captions.map((lang) => ({ lang, url: `/api/media/lecture/${l.id}/captions/${lang}?t=${grant}` })) : [],
        opensAt: l.opensAt ? l.opensAt.toISOString() : null,
        positionSeconds: p?.positionSeconds ?? 0,
        watchedSeconds: Math.floor(p?.watchedSeconds ?? 0),
        completed: !!p?.completedAt,
        type: l.type,
        articleUrl: l.type === 'article' && grant ? `${files}/article?t=${grant}` : null,
        pdf: l.type === 'pdf' && l.hasPdf && grant ? { url: `${files}/pdf?t=${grant}`, downloadUrl: l.pdfDownloadable ? `${files}/pdf?t=${grant}&download=1` : null } : null,
        resources: grant ? l.resources.map((r) => ({ ...r, url: `${files}/resource/${r.id}?t=${grant}` })) : [],
      };
    }),
  }));
  const all = sections.flatMap((s) => s.lectures);
  const first = all.find((l) => !l.opensAt) ?? all[0];
  const last = progressRows[0];
  const resume = last ? { lectureId: last.lectureId, positionSeconds: last.positionSeconds } : first ? { lectureId: first.id, positionSeconds: 0 } : null;
  return { course, sections, progress, resume, certificate };
}

/** Cards with enrolment dates and progress, in the order of the rows; a course no longer public drops out. */
export function presentEnrolledCourses(rows: EnrolmentRow[], cards: CourseCard[], progress: Map<number, ProgressSummary>): EnrolledCourse[] {
  const byId = new Map(cards.map((c) => [c.id, c]));
  return rows.flatMap((r) => {
    const card = byId.get(r.courseId);
    return card ? [{ ...card, enrolledAt: r.createdAt.toISOString(), completedAt: r.completedAt ? r.completedAt.toISOString() : null, progress: progress.get(r.courseId)! }] : [];
  });
}
