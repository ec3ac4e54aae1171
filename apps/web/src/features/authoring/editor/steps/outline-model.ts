import type { Step4 } from '../../api';
import { newRelease, releaseBody, releaseFromServer, type DraftRelease } from './section-release-model';

/**
 * The step 4 form's working copy of the outline. Every row has a stable `key` (saved: its id; new: a
 * local counter) so React, focus and field messages follow an item while it moves.
 */
export interface DraftLecture {
  key: string;
  id?: number;
  title: string;
  is_free_preview: boolean;
  duration_seconds: number;
  has_video: boolean;
  video_url: string | null;
  /** The video on its way to streaming (read-only, from the server). */
  streaming: ServerLecture['streaming'];
  /** Its captions, one per language (read-only, from the server). */
  captions: ServerLecture['captions'];
  /** What it is: a video, an article or a PDF (docs/authoring.md, "Lecture types"). */
  type: LectureType;
  pdf_downloadable: boolean;
  /** Its article, PDF and resources (read-only here: saved by their own calls, lecture-content.tsx). */
  article_html: string;
  pdf_url: string | null;
  resources: ServerLecture['resources'];
}

export type LectureType = ServerLecture['type'];

export interface DraftSection {
  key: string;
  id?: number;
  title: string;
  lectures: DraftLecture[];
  /** When the section opens (scheduled release). */
  release: DraftRelease;
}

/** Step 4's answer (the outline with the course's state), and the outline alone. */
export type OutlineAnswer = Step4;
export type Outline = Omit<Step4, 'state'>;

type ServerSection = Outline['sections'][number];
type ServerLecture = ServerSection['lectures'][number];

let counter = 0;
export const newKey = (prefix: string) => `${prefix}-new-${++counter}`;

const lectureFromServer = (lecture: ServerLecture): DraftLecture => ({
  key: `l${lecture.id}`,
  id: lecture.id,
  title: lecture.title,
  is_free_preview: lecture.is_free_preview,
  duration_seconds: lecture.duration_seconds,
  has_video: lecture.has_video,
  video_url: lecture.video_url,
  streaming: lecture.streaming,
  captions: lecture.captions,
  type: lecture.type,
  pdf_downloadable: lecture.pdf_downloadable,
  article_html: lecture.article_html,
  pdf_url: lecture.pdf_url,
  resources: lecture.resources,
});

export function outlineFromServer(data: Pick<Outline, 'sections'>): DraftSection[] {
  return data.sections.map((section) => ({ key: `s${section.id}`, id: section.id, title: section.title, lectures: section.lectures.map(lectureFromServer), release: releaseFromServer(section) }));
}

export function newSection(): DraftSection {
  return { key: newKey('s'), title: '', lectures: [], release: newRelease() };
}

export function newLecture(): DraftLecture {
  return {
    key: newKey('l'),
    title: '',
    is_free_preview: false,
    duration_seconds: 0,
    has_video: false,
    video_url: null,
    streaming: null,
    captions: [],
    type: 'video',
    pdf_downloadable: false,
    article_html: '',
    pdf_url: null,
    resources: [],
  };
}

/** The body of addUpdate/step4: the whole outline in order (positions follow from it). */
export function outlineBody(courseId: number, outline: readonly DraftSection[]) {
  return {
    id: courseId,
    sections: outline.map((section) => ({
      ...(section.id ? { id: section.id } : {}),
      title: section.title.trim(),
      lectures: section.lectures.map((lecture) => ({
        ...(lecture.id ? { id: lecture.id } : {}),
        title: lecture.title.trim(),
        is_free_preview: lecture.is_free_preview,
        type: lecture.type,
        pdf_downloadable: lecture.pdf_downloadable,
      })),
      ...releaseBody(section.release),
    })),
  };
}

/** What a save would change: compared with the server's outline to know whether the form is dirty. */
export function outlineSignature(outline: readonly DraftSection[]): string {
  return JSON.stringify(outlineBody(0, outline).sections);
}

/**
 * The server's answer to an upload, unlink or delete laid over the form's unsaved work: order, titles,
 * switches and new rows stay as the author left them; saved items the server no longer has go (a
 * delete, or another tab's); items the form does not know yet are added at the end of their section
 * (or as sections at the end), because a save must list every existing item; video facts come from
 * the server.
 */
export function mergeOutline(draft: readonly DraftSection[], server: Pick<Outline, 'sections'>): DraftSection[] {
  const serverSections = new Map(server.sections.map((s) => [s.id, s]));
  const serverLectures = new Map(server.sections.flatMap((s) => s.lectures.map((l) => [l.id, l] as const)));
  const knownLectures = new Set<number>();
  const knownSections = new Set<number>();
  const merged: DraftSection[] = [];
  for (const section of draft) {
    if (section.id !== undefined && !serverSections.has(section.id)) continue;
    if (section.id !== undefined) knownSections.add(section.id);
    const lectures: DraftLecture[] = [];
    for (const lecture of section.lectures) {
      if (lecture.id === undefined) {
        lectures.push(lecture);
        continue;
      }
      const fresh = serverLectures.get(lecture.id);
      if (!fresh) continue;
      knownLectures.add(lecture.id);
      lectures.push({
        ...lecture,
        duration_seconds: fresh.duration_seconds,
        has_video: fresh.has_video,
        video_url: fresh.video_url,
        streaming: fresh.streaming,
        captions: fresh.captions,
        article_html: fresh.article_html,
        pdf_url: fresh.pdf_url,
        resources: fresh.resources,
      });
    }
    merged.push({ ...section, lectures });
  }
  for (const serverSection of server.sections) {
    const missing = serverSection.lectures.filter((l) => !knownLectures.has(l.id)).map(lectureFromServer);
    if (!knownSections.has(serverSection.id)) {
      merged.push({ key: `s${serverSection.id}`, id: serverSection.id, title: serverSection.title, lectures: missing, release: releaseFromServer(serverSection) });
      continue;
    }
    if (missing.length === 0) continue;
    const index = merged.findIndex((s) => s.id === serverSection.id);
    const target = merged[index] as DraftSection;
    merged[index] = { ...target, lectures: [...target.lectures, ...missing] };
  }
  return merged;
}

/**
 * The server's field messages (`sections.0.lectures.2.title`) tied to the rows they were about, so they
 * stay next to the right field when the author moves things before fixing them. Keys: `<rowKey>` for
 * the row as a whole, `<rowKey>.title` for its title (`.opens_at`, `.opens_after_days`: a section's release); anything else under `form`.
 */
export function outlineFieldErrors(outline: readonly DraftSection[], errors: Readonly<Record<string, string>>): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const match = /^sections\.(\d+)(?:\.lectures\.(\d+))?(?:\.(\w+))?/.exec(path);
    const section = match ? outline[Number(match[1])] : undefined;
    const lecture = section && match?.[2] !== undefined ? section.lectures[Number(match[2])] : undefined;
    const row = match?.[2] !== undefined ? lecture : section;
    if (!row) {
      mapped.form = mapped.form ? `${mapped.form} ${message}` : message;
      continue;
    }
    const field = match?.[3];
    const key = field === 'title' || field === 'opens_at' || field === 'opens_after_days' ? `${row.key}.${field}` : row.key;
    mapped[key] = message;
  }
  return mapped;
}

/** m:ss or h:mm:ss of a lecture's length. */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
