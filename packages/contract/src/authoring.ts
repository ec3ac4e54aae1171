import { z } from 'zod';
import { currencyCode, minorUnits } from './money-fields';
import { numeric } from './numbers';
import { categoryName } from './categories';
import { COURSE_LANGUAGES, COURSE_LEVELS } from './catalog';
import { envelope, listData, pageQuery } from './envelope';
import { monthlySeries } from './dashboard';
import { LECTURE_TYPES } from './learning';
import type { ResumableRouteDef, RouteDef } from './route-def';

/**
 * Course authoring (docs/authoring.md): the spec's six steps for instructors and admins, uploads,
 * the course lists, the review workflow and the instructor dashboard. Field names are snake_case
 * like the spec's own course fields (approve_status, completion_status), in bodies and answers alike,
 * so a form can send back what `edit/stepN` gave it.
 */

/** draft: being built, never submitted; pending: submitted for review; approved: public; rejected: sent back with a message. */
export const APPROVE_STATUSES = ['draft', 'pending', 'approved', 'rejected'] as const;
export type ApproveStatus = (typeof APPROVE_STATUSES)[number];
/** complete: every required step (REQUIRED_STEPS) is saved. */
export const COMPLETION_STATUSES = ['incomplete', 'complete'] as const;
export const REVIEW_DECISIONS = ['approved', 'rejected'] as const;
/** Steps that must be complete before a course can be submitted or approved; 3 (cover) and 5 (assessments) are optional. */
export const REQUIRED_STEPS = [1, 2, 4, 6] as const;
/**
 * single, multiple, true_false: options to choose; short: a typed answer; matching: each option (a prompt) paired with
 * its match; ordering: the options in their right order; fill_blanks: blanks (___) in the text, one option each
 * holding its accepted answers, one a line; numeric: a number within a tolerance (docs/quizzes.md).
 */
export const QUESTION_TYPES = ['single', 'multiple', 'true_false', 'short', 'matching', 'ordering', 'fill_blanks', 'numeric'] as const;
/** Types whose options the participant arranges (ordering) or pairs (matching): sent under keys, never option ids. */
export const KEYED_TYPES = ['matching', 'ordering'] as const;
/** The files step 4 uploads to a lecture: its video, its PDF, or a resource for download. */
export const LECTURE_FILE_TARGETS = ['video', 'pdf', 'resource'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const STEP3_FIELDS = ['cover', 'promo'] as const;
export const COURSE_LIST_SORT_KEYS = ['title', 'price', 'created_at', 'updated_at', 'submitted_at', 'approve_status', 'completion_status', 'enrollment_count'] as const;

export const AUTHORING_LIMITS = {
  title: 200,
  subtitle: 300,
  description: 100_000,
  listItems: 30,
  listItem: 300,
  coverAlt: 200,
  sections: 100,
  lecturesPerSection: 200,
  assessmentQuestions: 200,
  /** A course's question bank: topics, and questions per topic. */
  bankTopics: 50,
  topicQuestions: 500,
  /** Random draws per assessment, and questions per draw. */
  draws: 20,
  drawCount: 100,
  options: 10,
  tags: 20,
  tag: 50,
  reviewMessage: 2000,
  price: 1_000_000,
  /** An article's HTML, as sent (before sanitising). */
  article: 200_000,
  resourcesPerLecture: 20,
} as const;

const dbId = numeric(z.number().int().min(1).max(2_147_483_647));
const courseIdField = dbId.describe('The course id');
/** Forms send an empty id (or null) for "new": both mean absent. */
const newOrId = (what: string, owner = 'the course') =>
  z.union([dbId, z.literal(''), z.null()]).optional().describe(`Absent, empty or null: a new ${what}; an id: that ${what}, which must belong to ${owner}`);
const isoDate = z.string().describe('ISO 8601 date-time');

// ---------------------------------------------------------------------------------------------
// Question rules: shared by the body check below and by the server when an option is deleted.

export interface QuestionShape {
  type: QuestionType;
  text?: string;
  options: { is_correct: boolean; text?: string; match?: string | null }[];
  accepted_answers?: string[];
  numeric_answer?: number | null;
}

/** A fill-in-the-blanks question's blanks: each run of three or more underscores in its text. */
export function blankCount(text: string): number {
  return text.match(/_{3,}/g)?.length ?? 0;
}

/** A blank's accepted answers, as its option's text holds them: one a line. */
export function acceptedLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The translation key of what is wrong with a question, or null when it can be answered and graded. */
export function questionProblem(q: QuestionShape): string | null {
  const correct = q.options.filter((o) => o.is_correct).length;
  switch (q.type) {
    case 'single':
      return q.options.length >= 2 && correct === 1 ? null : 'api.authoring.question_single';
    case 'multiple':
      return q.options.length >= 2 && correct >= 1 ? null : 'api.authoring.question_multiple';
    case 'true_false':
      return q.options.length === 2 && correct === 1 ? null : 'api.authoring.question_true_false';
    case 'short':
      return q.options.length === 0 ? null : 'api.authoring.question_short';
    case 'matching': {
      const matches = q.options.map((o) => (o.match ?? '').trim().toLowerCase());
      return q.options.length >= 2 && matches.every(Boolean) && new Set(matches).size === matches.length ? null : 'api.authoring.question_matching';
    }
    case 'ordering':
      return q.options.length >= 2 ? null : 'api.authoring.question_ordering';
    case 'fill_blanks':
      return q.options.length >= 1 && (q.text === undefined || blankCount(q.text) === q.options.length) ? null : 'api.authoring.question_fill_blanks';
    case 'numeric':
      return q.options.length === 0 && q.numeric_answer !== null && q.numeric_answer !== undefined ? null : 'api.authoring.question_numeric';
  }
}

// ---------------------------------------------------------------------------------------------
// Bodies

const price = numeric(z.number().min(0).max(AUTHORING_LIMITS.price))
  .refine((v) => Number(v.toFixed(2)) === v, { message: 'api.authoring.price_cents' })
  .describe('0 means free; at most two decimals');

const step1Fields = {
  id: newOrId('course', 'you (admins: any course)'),
  title: z.string().trim().min(3).max(AUTHORING_LIMITS.title),
  subtitle: z.string().trim().max(AUTHORING_LIMITS.subtitle).default(''),
  category_id: dbId.describe('A category id (GET /api/category/namelist)'),
  language: z.enum(COURSE_LANGUAGES),
  level: z.enum(COURSE_LEVELS),
  price,
};

export const step1Body = z.strictObject(step1Fields).describe('Step 1, basic info. Without an id a new draft course is created for the signed-in instructor.');
export const adminStep1Body = z
  .strictObject({
    ...step1Fields,
    instructor_id: dbId.optional().describe('The instructor who owns the course: required when creating, optional when updating (moves the course to that instructor)'),
  })
  .describe('Step 1, basic info, as an admin: a new course must name its instructor.');

const textList = z.array(z.string().max(AUTHORING_LIMITS.listItem)).max(AUTHORING_LIMITS.listItems).describe('Plain-text lines; empty lines are dropped');

export const step2Body = z
  .strictObject({
    id: courseIdField,
    description: z.string().max(AUTHORING_LIMITS.description).describe('Rich text (HTML); sanitised to an allow-list before it is stored'),
    learn_points: textList.describe('What participants will learn (at least one to submit)'),
    requirements: textList.default([]),
    audience: textList.default([]).describe('Who the course is for'),
  })
  .describe('Step 2, content');

export const step3Body = z
  .strictObject({
    id: courseIdField,
    cover_alt: z.string().max(AUTHORING_LIMITS.coverAlt).default('').describe('Text alternative of the cover image for screen readers'),
  })
  .describe('Step 3, cover media: the files go through step3/upload and step3/unlink; this saves the text alternative');

export const step3UploadFields = z
  .strictObject({ id: courseIdField, field: z.enum(STEP3_FIELDS).describe('cover: a JPEG, PNG or WebP image; promo: an MP4 or WebM video') })
  .describe('Multipart text fields, sent before the file part `file`');
export const step3UnlinkBody = z.strictObject({ id: courseIdField, field: z.enum(STEP3_FIELDS) });

const lectureInput = z.strictObject({
  id: newOrId('lecture'),
  title: z.string().trim().min(1).max(AUTHORING_LIMITS.title),
  is_free_preview: z.boolean().default(false).describe('Anyone may watch it on the course page'),
  duration_seconds: numeric(z.number().int().min(0).max(86_400)).optional().describe('Omit to keep; an MP4 upload sets it from the file'),
  type: z.enum(LECTURE_TYPES).optional().describe('video, article or pdf; omit to keep (a new lecture is a video). Each type keeps its own content: switching back finds it'),
  pdf_downloadable: z.boolean().optional().describe('A PDF lecture: participants get a download link (it is shown in the page either way); omit to keep'),
});

/** Scheduled release (docs/authoring.md): a section opens on a date, or this many days after each participant's enrolment. */
export const RELEASE_DAYS = { min: 1, max: 365 } as const;

const sectionInput = z
  .strictObject({
    id: newOrId('section'),
    title: z.string().trim().min(1).max(AUTHORING_LIMITS.title),
    lectures: z.array(lectureInput).max(AUTHORING_LIMITS.lecturesPerSection).default([]),
    opens_at: z.iso
      .datetime({ offset: true })
      .nullable()
      .optional()
      .describe('Scheduled release: the section opens for every participant at this moment (ISO 8601 with offset); null: no date; omit to keep'),
    opens_after_days: numeric(z.number().int().min(RELEASE_DAYS.min).max(RELEASE_DAYS.max))
      .nullable()
      .optional()
      .describe("Scheduled release: the section opens this many days after each participant's enrolment (1 to 365); null: no delay; omit to keep"),
  })
  .superRefine((s, ctx) => {
    if (s.opens_at && s.opens_after_days != null) ctx.addIssue({ code: 'custom', path: ['opens_after_days'], message: 'api.authoring.release_one_rule' });
  });

export const step4Body = z
  .strictObject({
    id: courseIdField,
    sections: z.array(sectionInput).max(AUTHORING_LIMITS.sections).describe('The outline in order. Every existing section and lecture must be listed (delete them with the delete calls); new ones have no id'),
  })
  .describe('Step 4, sections and lectures: add, rename, reorder, move lectures between sections');

export const step4UploadFields = z
  .strictObject({
    id: courseIdField,
    lecture_id: dbId.describe('A lecture of this course'),
    target: z.enum(LECTURE_FILE_TARGETS).default('video').describe('video: the lecture\'s video (MP4 or WebM); pdf: a PDF lecture\'s file; resource: a file for download (PDF, image, archive, office document, text, audio), added to its list'),
  })
  .describe('Multipart text fields, sent before the file part `file`');
export const step4UnlinkBody = z.strictObject({ id: courseIdField, lecture_id: dbId, target: z.enum(['video', 'pdf']).default('video').describe("Which of the lecture's files") });
export const step4ArticleBody = z
  .strictObject({
    id: courseIdField,
    lecture_id: dbId.describe('A lecture of this course'),
    html: z.string().max(AUTHORING_LIMITS.article).describe('Rich text (HTML), sanitised to the same allow-list as content pages before it is stored'),
  })
  .describe("An article lecture's text");
export const resourceParams = z.strictObject({ courseId: courseIdField, resourceId: dbId });

/** A captions language: a BCP 47 tag of a language and an optional region (ar, en, en-GB, pt-BR). */
export const captionsLanguage = z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'api.captions.bad_language');
/** The captions' file as text, read by the browser: WebVTT or SRT (docs/video.md). */
export const step4CaptionsBody = z.strictObject({
  id: courseIdField,
  lecture_id: dbId,
  lang: captionsLanguage,
  text: z.string().min(1).max(500_000).describe('The contents of a WebVTT or SRT file (at most 500,000 characters); SRT is converted, markup beyond WebVTT\'s own is removed'),
});
export const captionsParams = z.strictObject({ courseId: courseIdField, lectureId: dbId, lang: captionsLanguage });

/**
 * The Upload-Metadata of a resumable video upload (the tus protocol, docs/video.md): what the file becomes once all
 * of it has arrived and passed the same checks as a multipart upload. tus-js-client adds `filename` and `filetype`.
 */
const tusFileFields = { filename: z.string().max(255).optional(), filetype: z.string().max(100).optional() };
export const resumableUploadMetadata = z.discriminatedUnion('target', [
  z.strictObject({ target: z.literal('lecture'), id: courseIdField, lecture_id: dbId.describe('A lecture of this course'), ...tusFileFields }),
  z.strictObject({ target: z.literal('promo'), id: courseIdField, ...tusFileFields }),
]);
export type ResumableUploadMetadata = z.input<typeof resumableUploadMetadata>;

/** Where an authoring role's resumable uploads are created (POST) and continued (HEAD, PATCH, DELETE on `/:uploadId`). */
export const resumableUploadPath = (role: 'instructor' | 'admin') => `/api/${role}/course/upload/resumable`;

const uploadIdParams = z.strictObject({ uploadId: z.string().regex(/^[0-9a-f]{32}$/).describe('The upload, from the `Location` its POST answered') });

function resumableRoutes<R extends 'instructor' | 'admin'>(role: R) {
  const base = resumableUploadPath(role);
  const tags = ['course authoring'];
  return {
    create: {
      method: 'POST', path: base, access: role, resumable: true, errors: [400, 404, 412, 413], tags,
      summary:
        'Start a resumable video upload (tus 1.0.0, creation): `Tus-Resumable: 1.0.0`, `Upload-Length`, and `Upload-Metadata` with `target` (lecture | promo), `id` (the course) and, for a lecture, `lecture_id`. 201 with the upload\'s `Location`; the course and lecture are checked, and the length against UPLOAD_VIDEO_MAX_MB, before a byte is kept',
    },
    append: {
      method: 'PATCH', path: `${base}/:uploadId`, access: role, resumable: true, errors: [400, 404, 409, 412, 413, 415], tags, params: uploadIdParams,
      summary:
        "Send the next bytes (`application/offset+octet-stream`) from `Upload-Offset`, which must be what HEAD on the same address answers (409 otherwise). 204 with the new offset; the last one checks the file (type by content, markup, size: 415 or 413 and nothing kept), attaches it and answers 200 with the step's envelope (step 4 for a lecture, step 3 for a promo). Only the account that started it may continue it (404 for anyone else)",
    },
    end: {
      method: 'DELETE', path: `${base}/:uploadId`, access: role, resumable: true, errors: [400, 404, 412], tags, params: uploadIdParams,
      summary: 'Give up an unfinished upload: its bytes are removed (204). Unfinished uploads also go by themselves UPLOAD_RESUMABLE_HOURS after they began',
    },
  } as const satisfies Record<string, ResumableRouteDef>;
}

/** The resumable upload routes of each authoring role. */
export const resumableUploadRoutes = { instructor: resumableRoutes('instructor'), admin: resumableRoutes('admin') };

const optionInput = z.strictObject({
  id: newOrId('option'),
  text: z.string().trim().min(1).max(500).describe('The option; matching: the prompt; fill_blanks: the accepted answers of its blank, one a line'),
  is_correct: z.boolean().default(false).describe('single, multiple and true_false only; ignored by the other types'),
  match: z.string().trim().max(500).nullable().optional().describe('matching only: what this prompt pairs with'),
});

const questionInput = z
  .strictObject({
    id: newOrId('question'),
    type: z
      .enum(QUESTION_TYPES)
      .describe(
        'single: one correct option; multiple: one or more; true_false: two options, one correct; short: typed answer, no options; matching: two or more options, each with its match; ordering: two or more options in their right order; fill_blanks: one option per ___ in the text, holding its accepted answers one a line; numeric: numeric_answer and tolerance, no options',
      ),
    text: z.string().trim().min(1).max(2000),
    points: numeric(z.number().int().min(0).max(1000)).default(1),
    accepted_answers: z.array(z.string().trim().min(1).max(200)).max(20).default([]).describe('Short answer only: answers graded as correct; empty means graded by hand'),
    options: z.array(optionInput).max(AUTHORING_LIMITS.options).default([]),
    numeric_answer: numeric(z.number().min(-1e12).max(1e12)).nullable().default(null).describe('numeric only: the right number'),
    tolerance: numeric(z.number().min(0).max(1e12)).default(0).describe('numeric only: how far from numeric_answer an answer may be and still be right'),
  })
  .superRefine((q, issues) => {
    const problem = questionProblem(q);
    if (problem) issues.addIssue({ code: 'custom', path: [q.type === 'fill_blanks' || q.type === 'numeric' ? (q.type === 'numeric' ? 'numeric_answer' : 'text') : 'options'], message: problem });
    if (q.type !== 'short' && q.accepted_answers.length > 0) issues.addIssue({ code: 'custom', path: ['accepted_answers'], message: 'api.authoring.accepted_answers_short_only' });
    if (q.type !== 'numeric' && q.numeric_answer !== null) issues.addIssue({ code: 'custom', path: ['numeric_answer'], message: 'api.authoring.numeric_only' });
    if (q.type !== 'matching' && q.options.some((o) => o.match)) issues.addIssue({ code: 'custom', path: ['options'], message: 'api.authoring.match_only' });
  });

export const step5Body = z
  .strictObject({
    id: courseIdField,
    assessment: z.strictObject({
      id: newOrId('assessment'),
      title: z.string().trim().min(1).max(AUTHORING_LIMITS.title),
      pass_mark: numeric(z.number().int().min(0).max(100)).describe('Percent of the points needed to pass'),
      time_limit_minutes: numeric(z.number().int().min(1).max(1440)).nullable().default(null).describe('Null: no limit'),
      max_attempts: numeric(z.number().int().min(1).max(100)).nullable().default(null).describe('Null: unlimited'),
      shuffle: z.boolean().default(false).describe('Each attempt gets the questions, and each choice question its options, in an order of its own'),
      questions: z.array(questionInput).max(AUTHORING_LIMITS.assessmentQuestions).describe('In order. Every existing question and option of this assessment must be listed (delete them with the delete calls)'),
      draws: z
        .array(
          z.strictObject({
            topic_id: dbId.describe("A topic of the course's question bank"),
            count: numeric(z.number().int().min(1).max(AUTHORING_LIMITS.drawCount)).describe('How many of its questions each attempt draws at random; at most the questions the topic has'),
            points: numeric(z.number().int().min(0).max(1000)).default(1).describe('What each drawn question is worth in this assessment, whatever its points in the bank'),
          }),
        )
        .max(AUTHORING_LIMITS.draws)
        .default([])
        .describe("Random questions from the course's question bank, drawn for each attempt after the assessment's own questions (replaces the list; each topic once)"),
    }),
  })
  .describe('Step 5, one assessment (quiz) with its questions and options; a course may have several');

/** Step 5's question bank: one topic with its questions, saved as listed (as an assessment's questions are). */
export const step5TopicBody = z
  .strictObject({
    id: courseIdField,
    topic: z.strictObject({
      id: newOrId('topic'),
      title: z.string().trim().min(1).max(AUTHORING_LIMITS.title),
      questions: z.array(questionInput).max(AUTHORING_LIMITS.topicQuestions).describe('Every existing question and option of this topic must be listed (delete them with the question and option delete calls)'),
    }),
  })
  .describe("Step 5, one topic of the course's question bank with its questions; assessments draw from topics at random");

export const step6Body = z
  .strictObject({
    id: courseIdField,
    tags: z.array(z.string().trim().min(1).max(AUTHORING_LIMITS.tag)).min(1).max(AUTHORING_LIMITS.tags).describe("The course's tags (replaces them); a tag that exists already, in any letter case, is reused"),
  })
  .describe('Step 6, tags. With steps 1, 2 and 4 complete, saving this step submits the course for review');

export const approveBody = z
  .strictObject({
    id: courseIdField,
    approve_status: z.enum(REVIEW_DECISIONS),
    message: z.string().max(AUTHORING_LIMITS.reviewMessage).default('').describe('Shown to the instructor; required when rejecting'),
  })
  .describe('Review a submitted course');

/** List filters: an empty string means "any", as list screens send it. */
const anyOr = <T extends readonly [string, ...string[]]>(values: T) => z.union([z.enum(values), z.literal('')]).optional();

export const courseListBody = z
  .strictObject({
    search: z.string().max(200).optional().describe('Part of the title or subtitle (admins: also the instructor name or email)'),
    sortConfig: z
      .strictObject({
        key: z.enum(COURSE_LIST_SORT_KEYS).optional(),
        direction: z.enum(['asc', 'desc', 'ascending', 'descending']).optional(),
      })
      .nullable()
      .optional()
      .describe('Default: updated_at, descending'),
    perPage: numeric(z.number().int().min(1).max(100)).optional().describe('Default 10'),
    language: anyOr(COURSE_LANGUAGES),
    completion_status: anyOr(COMPLETION_STATUSES),
    approve_status: anyOr(APPROVE_STATUSES),
  })
  .describe('Course list filters');

export const courseIdParams = z.strictObject({ id: courseIdField });
export const itemIdParams = z.strictObject({ id: dbId.describe('The item id') });
export const sectionParams = z.strictObject({ courseId: courseIdField, sectionId: dbId });
export const lectureParams = z.strictObject({ courseId: courseIdField, lectureId: dbId });
export const tagParams = z.strictObject({ courseId: courseIdField, tagId: dbId });
export const tagQuery = z.strictObject({ course_id: courseIdField });

// ---------------------------------------------------------------------------------------------
// Answers

export const courseState = z.object({
  approve_status: z.enum(APPROVE_STATUSES),
  completion_status: z.enum(COMPLETION_STATUSES),
  missing_steps: z.array(z.number().int()).describe('Required steps (1, 2, 4, 6) that are not complete yet'),
  is_public: z.boolean().describe('Approved and not deleted: shown in the catalog'),
  review_message: z.string().describe("The reviewer's last message; the reason when rejected"),
  submitted_at: isoDate.nullable(),
  reviewed_at: isoDate.nullable(),
  created_at: isoDate,
  updated_at: isoDate,
});
export type CourseState = z.infer<typeof courseState>;

const person = z.object({ id: z.number().int(), name: z.string() });

export const step1Data = z.object({
  id: z.number().int(),
  instructor_id: z.number().int(),
  instructor: person,
  title: z.string(),
  subtitle: z.string(),
  category_id: z.number().int().nullable().describe('Null when the category was deleted'),
  category: categoryName.nullable(),
  language: z.enum(COURSE_LANGUAGES),
  level: z.enum(COURSE_LEVELS),
  price: z.number().describe('priceMinor in major units, for reading only'),
  priceMinor: minorUnits,
  currency: currencyCode,
});

export const step2Data = z.object({
  id: z.number().int(),
  description: z.string().describe('Sanitised HTML'),
  learn_points: z.array(z.string()),
  requirements: z.array(z.string()),
  audience: z.array(z.string()),
});

const previewUrl = z.string().nullable().describe('A signed preview URL for the owner and admins (6 hours), or null when there is no file');

export const step3Data = z.object({
  id: z.number().int(),
  cover_alt: z.string(),
  cover_image_url: previewUrl,
  promo_video_url: previewUrl,
});

/** A lecture video on its way to streaming (docs/video.md): null when it has no job and plays as uploaded. */
export const lectureStreaming = z
  .object({
    status: z.enum(['queued', 'processing', 'ready', 'failed']).describe('queued: waiting for a worker; processing: being encoded; ready: streams; failed: tried and given up'),
    progress: z.number().int().min(0).max(100).describe('Rounded percentage while processing; 100 when ready'),
    error: z.string().nullable().describe('Why it failed: a key of the web translations (video.failed.*); null unless failed'),
    heights: z.array(z.number().int()).describe('The rungs made (heights in pixels), once ready'),
  })
  .nullable();

/** A lecture's downloadable file. */
export const lectureResourceItem = z.object({
  id: z.number().int(),
  name: z.string().describe('The name it was uploaded under, and is downloaded under'),
  content_type: z.string().describe('Decided from the bytes'),
  size: z.number().int().describe('Bytes'),
  url: z.string().describe('Downloads it (for whoever may see the lecture; here a preview grant, 6 hours)'),
});

export const authoringLecture = z.object({
  id: z.number().int(),
  section_id: z.number().int(),
  title: z.string(),
  position: z.number().int(),
  is_free_preview: z.boolean(),
  duration_seconds: z.number().int(),
  has_video: z.boolean(),
  video_url: previewUrl,
  streaming: lectureStreaming,
  captions: z.array(z.object({ lang: z.string(), url: z.string().describe('The WebVTT, for the owner and admins (a preview grant, 6 hours)') })),
  type: z.enum(LECTURE_TYPES),
  article_html: z.string().describe("An article's sanitised HTML ('' when none)"),
  pdf_url: previewUrl.describe("The PDF lecture's file for the owner and admins, or null"),
  pdf_downloadable: z.boolean(),
  resources: z.array(lectureResourceItem),
});
export const authoringSection = z.object({
  id: z.number().int(),
  title: z.string(),
  position: z.number().int(),
  lectures: z.array(authoringLecture),
  opens_at: z.string().nullable().describe('Scheduled release: the moment the section opens for everyone; null: no date'),
  opens_after_days: z.number().int().nullable().describe("Scheduled release: days after each participant's enrolment; null: no delay"),
});
export const step4Data = z.object({ id: z.number().int(), sections: z.array(authoringSection) });

export const authoringOption = z.object({
  id: z.number().int(),
  question_id: z.number().int(),
  text: z.string(),
  is_correct: z.boolean(),
  match: z.string().nullable().describe('matching: what this prompt pairs with; null otherwise'),
  position: z.number().int(),
});
export const authoringQuestion = z.object({
  id: z.number().int(),
  assessment_id: z.number().int().nullable().describe("Null for a question of the course's question bank"),
  topic_id: z.number().int().nullable().describe('The question bank topic it belongs to; null for an assessment\'s own question'),
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  points: z.number().int(),
  position: z.number().int(),
  accepted_answers: z.array(z.string()),
  numeric_answer: z.number().nullable().describe('numeric: the right number; null otherwise'),
  tolerance: z.number(),
  options: z.array(authoringOption),
});
export const authoringAssessment = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  title: z.string(),
  pass_mark: z.number().int(),
  time_limit_minutes: z.number().int().nullable(),
  max_attempts: z.number().int().nullable(),
  shuffle: z.boolean(),
  position: z.number().int(),
  questions: z.array(authoringQuestion),
  draws: z.array(z.object({ topic_id: z.number().int(), count: z.number().int(), points: z.number().int() })).describe('Random questions drawn from the question bank for each attempt'),
});
export const bankTopic = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  title: z.string(),
  position: z.number().int(),
  questions: z.array(authoringQuestion),
});
export const step5Data = z.object({
  id: z.number().int(),
  assessments: z.array(authoringAssessment),
  topics: z.array(bankTopic).describe("The course's question bank, by topic"),
});

export const courseTag = z.object({ id: z.number().int(), name: z.string() });
export const step6Data = z.object({ id: z.number().int(), tags: z.array(courseTag) });

// Generic over the shape, not the object: `T extends z.ZodObject` would widen every answer to Record<string, unknown>.
const withState = <S extends z.ZodRawShape>(data: z.ZodObject<S>) => data.extend({ state: courseState });

export const wholeCourse = z.object({
  id: z.number().int(),
  state: courseState,
  step1: step1Data,
  step2: step2Data,
  step3: step3Data,
  step4: step4Data,
  step5: step5Data,
  step6: step6Data,
  enrollment_count: z.number().int(),
});

export const authoringCourseItem = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  language: z.enum(COURSE_LANGUAGES),
  level: z.enum(COURSE_LEVELS),
  price: z.number().describe('priceMinor in major units, for reading only'),
  priceMinor: minorUnits,
  currency: currencyCode,
  category: categoryName.nullable(),
  instructor: person,
  cover_image_url: previewUrl,
  approve_status: z.enum(APPROVE_STATUSES),
  completion_status: z.enum(COMPLETION_STATUSES),
  is_public: z.boolean(),
  review_message: z.string(),
  enrollment_count: z.number().int(),
  lecture_count: z.number().int(),
  created_at: isoDate,
  updated_at: isoDate,
  submitted_at: isoDate.nullable(),
  reviewed_at: isoDate.nullable(),
});
export type AuthoringCourseItem = z.infer<typeof authoringCourseItem>;

export const instructorDashboard = z.object({
  courses: z.object({ total: z.number().int(), draft: z.number().int(), pending: z.number().int(), approved: z.number().int(), rejected: z.number().int() }),
  enrollments: z.object({ total: z.number().int(), last_30_days: z.number().int() }),
  revenue: z.object({
    total: z.number().describe('total_minor in major units'),
    last_30_days: z.number().describe('last_30_days_minor in major units'),
    total_minor: z.number().int(),
    last_30_days_minor: z.number().int(),
    currency: currencyCode,
    paid_orders: z.number().int(),
  }).describe('Paid orders of your courses only (pending and cancelled orders are not revenue)'),
  rating: z.object({ average: z.number().describe('0 when there are no ratings; one decimal'), count: z.number().int() }),
  recent_courses: z.array(authoringCourseItem),
  monthly: monthlySeries.describe('Enrolments in and paid orders of your own courses, per month over the last 12 months (UTC), oldest first; 0 for a month without data'),
});

const deletedCourse = z.object({ id: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Routes

type AuthoringRole = 'instructor' | 'admin';

/** The step routes, identical for both roles but for the role, step 1's body and the whole-course path (spec: a for admins, b for instructors). */
function courseRoutes<R extends AuthoringRole, B extends z.ZodType>(role: R, step1: B, wholeSuffix: 'a' | 'b') {
  const base = `/api/${role}/course`;
  const tags = ['course authoring'];
  const who = role === 'admin' ? 'any course' : 'your own course';
  return {
    step1: { method: 'POST', path: `${base}/addUpdate/step1`, access: role, errors: [404, 409], tags, summary: `Step 1, basic info: create a course (no id) or update ${who}`, body: step1, response: envelope(withState(step1Data)) },
    step2: { method: 'POST', path: `${base}/addUpdate/step2`, access: role, errors: [404, 409], tags, summary: 'Step 2, content: description (sanitised HTML), what participants learn, requirements, audience', body: step2Body, response: envelope(withState(step2Data)) },
    step3: { method: 'POST', path: `${base}/addUpdate/step3`, access: role, errors: [404, 409], tags, summary: "Step 3, cover media: the cover's text alternative (files: step3/upload)", body: step3Body, response: envelope(withState(step3Data)) },
    step4: { method: 'POST', path: `${base}/addUpdate/step4`, access: role, errors: [404, 409], tags, summary: 'Step 4, the outline: add, rename, reorder sections and lectures; move lectures', body: step4Body, response: envelope(withState(step4Data)) },
    step5: { method: 'POST', path: `${base}/addUpdate/step5`, access: role, errors: [404, 409], tags, summary: 'Step 5, add or update one assessment with its questions and options', body: step5Body, response: envelope(withState(step5Data)) },
    step6: { method: 'POST', path: `${base}/addUpdate/step6`, access: role, errors: [404, 409], tags, summary: 'Step 6, tags; submits the course for review when steps 1, 2 and 4 are complete', body: step6Body, response: envelope(withState(step6Data)) },
    edit1: { method: 'GET', path: `${base}/edit/step1/:id`, access: role, errors: [404], tags, summary: 'What step 1 saved', params: courseIdParams, response: envelope(withState(step1Data)) },
    edit2: { method: 'GET', path: `${base}/edit/step2/:id`, access: role, errors: [404], tags, summary: 'What step 2 saved', params: courseIdParams, response: envelope(withState(step2Data)) },
    edit3: { method: 'GET', path: `${base}/edit/step3/:id`, access: role, errors: [404], tags, summary: 'What step 3 saved, with preview URLs of the files', params: courseIdParams, response: envelope(withState(step3Data)) },
    edit4: { method: 'GET', path: `${base}/edit/step4/:id`, access: role, errors: [404], tags, summary: 'The outline, with preview URLs of the lecture videos', params: courseIdParams, response: envelope(withState(step4Data)) },
    edit5: { method: 'GET', path: `${base}/edit/step5/:id`, access: role, errors: [404], tags, summary: 'Every assessment of the course with questions and options', params: courseIdParams, response: envelope(withState(step5Data)) },
    edit6: { method: 'GET', path: `${base}/edit/step6/:id`, access: role, errors: [404], tags, summary: 'The tags', params: courseIdParams, response: envelope(withState(step6Data)) },
    step3Upload: {
      method: 'POST', path: `${base}/step3/upload`, access: role, errors: [404, 409], tags, multipart: true, multipartFields: step3UploadFields,
      summary: 'Upload the cover image or promo video: multipart fields `id` and `field` (cover | promo) first, then the file part `file`. Replaces the old file',
      response: envelope(withState(step3Data)),
    },
    step3Unlink: { method: 'POST', path: `${base}/step3/unlink`, access: role, errors: [404, 409], tags, summary: 'Remove the cover image or promo video (the file is deleted)', body: step3UnlinkBody, response: envelope(withState(step3Data)) },
    step4Upload: {
      method: 'POST', path: `${base}/step4/upload`, access: role, errors: [404, 409, 413, 415], tags, multipart: true, multipartFields: step4UploadFields,
      summary: "Upload a lecture's video, PDF or a resource: multipart fields `id`, `lecture_id` and `target` (video | pdf | resource) first, then the file part `file`, checked by its bytes (413 over UPLOAD_VIDEO_MAX_MB, UPLOAD_PDF_MAX_MB or UPLOAD_RESOURCE_MAX_MB). A video or PDF replaces the old one; a resource is added to the list",
      response: envelope(withState(step4Data)),
    },
    step4Unlink: { method: 'POST', path: `${base}/step4/unlink`, access: role, errors: [404, 409], tags, summary: "Remove a lecture's video or PDF (the file is deleted)", body: step4UnlinkBody, response: envelope(withState(step4Data)) },
    step4Article: {
      method: 'POST', path: `${base}/step4/article`, access: role, errors: [404, 409], tags, body: step4ArticleBody, response: envelope(withState(step4Data)),
      summary: "Save an article lecture's text (HTML sanitised to the content pages' allow-list)",
    },
    deleteResource: {
      method: 'GET', path: `${base}/step4/resource/delete/:courseId/:resourceId`, access: role, errors: [404, 409], tags, params: resourceParams, response: envelope(withState(step4Data)),
      summary: "Remove a lecture's resource (the file is deleted)",
    },
    section: { method: 'GET', path: `${base}/step4/section/:courseId/:sectionId`, access: role, errors: [404], tags, summary: 'One section of the course with its lectures (spec: step4/section/{a}/{b})', params: sectionParams, response: envelope(authoringSection.extend({ course_id: z.number().int() })) },
    deleteSection: { method: 'GET', path: `${base}/step4/section/delete/:courseId/:sectionId`, access: role, errors: [404, 409], tags, summary: 'Delete a section, its lectures and their videos', params: sectionParams, response: envelope(withState(step4Data)) },
    step4Captions: {
      method: 'POST', path: `${base}/step4/captions`, access: role, errors: [404, 409], tags, body: step4CaptionsBody, response: envelope(withState(step4Data)),
      summary: "Add or replace a lecture's captions in one language (WebVTT or SRT as text; kept as cleaned WebVTT)",
    },
    deleteCaptions: {
      method: 'GET', path: `${base}/step4/captions/delete/:courseId/:lectureId/:lang`, access: role, errors: [404, 409], tags, params: captionsParams, response: envelope(withState(step4Data)),
      summary: "Remove a lecture's captions in one language",
    },
    lecture: { method: 'GET', path: `${base}/step4/lecture/:courseId/:lectureId`, access: role, errors: [404], tags, summary: 'One lecture of the course (spec: step4/lecture/{a}/{b})', params: lectureParams, response: envelope(authoringLecture.extend({ course_id: z.number().int() })) },
    deleteLecture: { method: 'GET', path: `${base}/step4/lecture/delete/:courseId/:lectureId`, access: role, errors: [404, 409], tags, summary: 'Delete a lecture and its video', params: lectureParams, response: envelope(withState(step4Data)) },
    assessment: { method: 'GET', path: `${base}/step5/assessment/:id`, access: role, errors: [404], tags, summary: 'One assessment with its questions and options', params: itemIdParams, response: envelope(authoringAssessment) },
    step5Topic: {
      method: 'POST', path: `${base}/addUpdate/step5/topic`, access: role, errors: [404, 409], tags, body: step5TopicBody, response: envelope(withState(step5Data)),
      summary: "Step 5, add or update one topic of the course's question bank with its questions and options",
    },
    deleteTopic: {
      method: 'GET', path: `${base}/step5/topic/delete/:id`, access: role, errors: [404, 409], tags, params: itemIdParams, response: envelope(withState(step5Data)),
      summary: 'Delete a question bank topic with its questions; refused (409) while an assessment draws from it',
    },
    deleteAssessment: { method: 'GET', path: `${base}/step5/assessment/delete/:id`, access: role, errors: [404, 409], tags, summary: 'Delete an assessment with its questions and options', params: itemIdParams, response: envelope(withState(step5Data)) },
    question: { method: 'GET', path: `${base}/step5/question/:id`, access: role, errors: [404], tags, summary: 'One question with its options', params: itemIdParams, response: envelope(authoringQuestion.extend({ course_id: z.number().int() })) },
    deleteQuestion: { method: 'GET', path: `${base}/step5/question/delete/:id`, access: role, errors: [404, 409], tags, summary: 'Delete a question with its options (of an assessment or the question bank); a bank question is refused (409) when an assessment draws more from its topic than would be left', params: itemIdParams, response: envelope(withState(step5Data)) },
    option: { method: 'GET', path: `${base}/step5/option/:id`, access: role, errors: [404], tags, summary: 'One option of a question', params: itemIdParams, response: envelope(authoringOption.extend({ assessment_id: z.number().int().nullable(), topic_id: z.number().int().nullable(), course_id: z.number().int() })) },
    deleteOption: { method: 'GET', path: `${base}/step5/option/delete/:id`, access: role, errors: [404, 409], tags, summary: 'Delete an option; refused (409) when the question would break its rules', params: itemIdParams, response: envelope(withState(step5Data)) },
    tag: { method: 'GET', path: `${base}/step6/tag/:id`, access: role, errors: [404], tags, summary: 'One tag of a course: `?course_id=` names the course', params: itemIdParams, query: tagQuery, response: envelope(courseTag.extend({ course_id: z.number().int() })) },
    deleteTag: { method: 'GET', path: `${base}/step6/tag/delete/:courseId/:tagId`, access: role, errors: [404, 409], tags, summary: 'Remove a tag from the course', params: tagParams, response: envelope(withState(step6Data)) },
    whole: { method: 'GET', path: `${base}/list/:id/${wholeSuffix}`, access: role, errors: [404], tags, summary: 'The whole course: every step, its state and enrolment count', params: courseIdParams, response: envelope(wholeCourse) },
    deleteCourse: {
      method: 'GET', path: `${base}/delete/:id`, access: role, errors: [404, 409], tags,
      summary: 'Delete a course and its files; refused (409) while it has enrolments or open orders (unpublish it instead)', params: courseIdParams, response: envelope(deletedCourse),
    },
  } satisfies Record<string, RouteDef>;
}

export const instructorAuthoringRoutes = {
  ...courseRoutes('instructor', step1Body, 'b'),
  myCourses: {
    method: 'POST', path: '/api/instructor/mycourse/list', access: 'instructor', tags: ['course authoring'],
    summary: 'Your courses (any status), filtered, sorted and paginated', query: pageQuery, body: courseListBody, response: envelope(listData(authoringCourseItem)),
  },
  recentCourses: {
    method: 'GET', path: '/api/instructor/recentcourse/list', access: 'instructor', tags: ['course authoring'],
    summary: 'Your five most recently changed courses', response: envelope(z.array(authoringCourseItem)),
  },
  dashboard: {
    method: 'GET', path: '/api/instructor/dashboard', access: 'instructor', tags: ['course authoring'],
    summary: 'Instructor dashboard: courses by status, enrolments, revenue from paid orders, average rating, recent courses', response: envelope(instructorDashboard),
  },
} satisfies Record<string, RouteDef>;

export const adminAuthoringRoutes = {
  ...courseRoutes('admin', adminStep1Body, 'a'),
  list: {
    method: 'POST', path: '/api/admin/course/list', access: 'admin', tags: ['course authoring'],
    summary: 'Every course (not deleted), filtered, sorted and paginated', query: pageQuery, body: courseListBody, response: envelope(listData(authoringCourseItem)),
  },
  approve: {
    method: 'POST', path: '/api/admin/course/approvestatus', access: 'admin', errors: [404, 409], tags: ['course authoring'],
    summary: 'Approve (public at once) or reject with a message (the instructor fixes and resubmits); rejecting an approved course unpublishes it',
    body: approveBody, response: envelope(z.object({ id: z.number().int(), state: courseState })),
  },
} satisfies Record<string, RouteDef>;

export const authoringRoutes = { instructor: instructorAuthoringRoutes, admin: adminAuthoringRoutes } as const;
