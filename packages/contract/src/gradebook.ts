import { z } from 'zod';
import { numeric } from './numbers';
import { envelope, idParam, listData } from './envelope';
import type { Role, RouteDef } from './route-def';

/**
 * A course's gradebook (issue 30, point 4; docs/gradebook.md): its learners by its items (lectures completed, each
 * assessment's best score, each assignment's grade) with a final grade weighted as the course's instructor sets it
 * and a pass mark, for the instructor (their own courses) and admins. Sorted, filtered, searched by name (Arabic
 * letters normalised as search does) and paginated on the server, so 5,000 learners answer as fast as 50.
 */

const dbId = numeric(z.number().int().min(1).max(2_147_483_647));

export const GRADEBOOK_FILTERS = ['not_started', 'behind', 'failed', 'completed'] as const;
export type GradebookFilter = (typeof GRADEBOOK_FILTERS)[number];
export const GRADEBOOK_SORTS = ['name', 'progress', 'grade', 'last_studied', 'enrolled'] as const;
export type GradebookSort = (typeof GRADEBOOK_SORTS)[number];
export const GRADEBOOK_ITEM_KINDS = ['lectures', 'assessment', 'assignment'] as const;
export type GradebookItemKind = (typeof GRADEBOOK_ITEM_KINDS)[number];
/** What a learner's cell says: nothing yet, handed in and waiting for a grade, or graded. */
export const GRADEBOOK_CELL_STATES = ['none', 'pending', 'passed', 'failed'] as const;

export const gradebookQuery = z.strictObject({
  search: z.string().trim().max(200).optional().describe("Part of the learner's name or email (Arabic letters normalised: hamza, taa marbuta, alef maqsura, tashkeel)"),
  filter: z
    .union([z.enum(GRADEBOOK_FILTERS), z.literal('')])
    .optional()
    .describe('not_started: nothing studied or sent; behind: unfinished and not studied for the reminder period (at risk); failed: failed an assessment or assignment; completed: finished the course'),
  sort: z.enum(GRADEBOOK_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: numeric(z.number().int().min(1).max(1_000_000)).default(1),
  perPage: numeric(z.number().int().min(1).max(100)).default(25),
});
export type GradebookQuery = z.infer<typeof gradebookQuery>;

export const gradebookItem = z.object({
  kind: z.enum(GRADEBOOK_ITEM_KINDS),
  id: z.number().int().describe('The assessment or assignment; 0 for the lectures'),
  title: z.string(),
  weight: z.number().int().describe("Its share of the final grade, against the other items' weights"),
  pass_mark: z.number().int().nullable().describe('Percent needed to pass the item; null for the lectures'),
});
export type GradebookItem = z.infer<typeof gradebookItem>;

export const gradebookCell = z.object({
  percent: z.number().int().nullable().describe('Lectures: percent completed; an assessment: the best submitted attempt; an assignment: its grade. Null: nothing yet'),
  state: z.enum(GRADEBOOK_CELL_STATES),
  late: z.boolean().describe('An assignment handed in after its due date'),
});

export const gradebookRow = z.object({
  participant: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  enrolled_at: z.string(),
  last_studied_at: z.string().describe('The latest of: enrolled, a lecture played, an assessment opened or sent, an assignment handed in'),
  progress_percent: z.number().int(),
  completed: z.boolean(),
  at_risk: z.boolean().describe('Unfinished and not studied for the reminder period (STUDY_REMINDER_DAYS)'),
  failed_items: z.number().int(),
  final_percent: z.number().int().describe('The weighted final grade: every item counts, an item not done as 0'),
  passed: z.boolean().describe('final_percent reaches the pass mark'),
  cells: z.array(gradebookCell).describe("One per item, in the items' order"),
});
export type GradebookRow = z.infer<typeof gradebookRow>;

export const gradebook = z.object({
  course: z.object({ id: z.number().int(), title: z.string() }),
  pass_mark: z.number().int().describe('Percent of the final grade needed to pass the course'),
  at_risk_days: z.number().int().describe('Days without study after which an unfinished learner is at risk'),
  items: z.array(gradebookItem),
  summary: z.object({
    learners: z.number().int(),
    completed: z.number().int(),
    at_risk: z.number().int(),
    failed: z.number().int().describe('Learners who failed an item'),
    average_percent: z.number().int().nullable().describe('Of the final grades; null without learners'),
  }),
  learners: listData(gradebookRow),
});
export type Gradebook = z.infer<typeof gradebook>;

export const gradebookSettingsBody = z.strictObject({
  course_id: dbId,
  pass_mark: numeric(z.number().int().min(0).max(100)),
  weights: z
    .array(z.strictObject({ kind: z.enum(GRADEBOOK_ITEM_KINDS), id: numeric(z.number().int().min(0).max(2_147_483_647)), weight: numeric(z.number().int().min(0).max(100)) }))
    .max(500)
    .describe('Each item\'s weight (0 leaves it out of the final grade); an item not listed keeps its weight. The lectures are `{ kind: "lectures", id: 0 }`'),
});
export type GradebookSettingsBody = z.infer<typeof gradebookSettingsBody>;

export const GRADEBOOK_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' as const;

export const gradebookExportQuery = gradebookQuery.pick({ search: true, filter: true }).extend({
  format: z.enum(GRADEBOOK_EXPORT_FORMATS).default('csv').describe('csv: UTF-8 with a byte order mark, formula-like cells defused; xlsx: a spreadsheet, right to left in Arabic'),
});

const tags = ['gradebook'];

function gradebookRoutesOf<R extends Exclude<Role, 'participant'>>(r: R) {
  return {
    read: {
      method: 'GET' as const, path: `/api/${r}/gradebook/:id`, access: r, tags, errors: [404] as const, params: idParam, query: gradebookQuery,
      summary: "A course's gradebook: its items, and a page of its learners sorted, filtered and searched, each with a cell per item and the weighted final grade",
      response: envelope(gradebook),
    },
    settings: {
      method: 'POST' as const, path: `/api/${r}/gradebook/settings`, access: r, tags, errors: [404] as const, body: gradebookSettingsBody,
      summary: "Set the course's pass mark and its items' weights", response: envelope(z.object({ pass_mark: z.number().int(), items: z.array(gradebookItem) })),
    },
    export: {
      method: 'GET' as const, path: `/api/${r}/gradebook/:id/export`, access: r, tags, errors: [404] as const, params: idParam, query: gradebookExportQuery,
      summary: "The whole gradebook (every learner the filter and search keep, in the order they enrolled) as CSV or XLSX, streamed: name, email, dates, progress, each item's percent, the final grade, passed, at risk; headers in the caller's language",
      file: { types: ['text/csv', XLSX_TYPE], ranges: false },
    },
  } satisfies Record<string, RouteDef>;
}

const instructorGradebook = gradebookRoutesOf('instructor');
const adminGradebook = gradebookRoutesOf('admin');

export const gradebookRoutes = {
  instructorRead: instructorGradebook.read,
  instructorSettings: instructorGradebook.settings,
  instructorExport: instructorGradebook.export,
  adminRead: adminGradebook.read,
  adminSettings: adminGradebook.settings,
  adminExport: adminGradebook.export,
} satisfies Record<string, RouteDef>;

export const gradebookRoutesByRole = { instructor: instructorGradebook, admin: adminGradebook } as const;
