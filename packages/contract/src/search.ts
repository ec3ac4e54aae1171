import { z } from 'zod';
import { numeric } from './numbers';
import { COURSE_LANGUAGES, COURSE_LEVELS, courseCard } from './catalog';
import { categoryName } from './categories';
import { envelope, PER_PAGE_DEFAULT, PER_PAGE_MAX } from './envelope';
import type { RouteDef } from './route-def';

export const SEARCH_SORTS = ['relevance', 'newest', 'rating', 'popular', 'price_asc', 'price_desc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const PRICE_FILTERS = ['free', 'paid'] as const;
export const RATING_BUCKETS = [4, 3, 2, 1] as const;
export const SEARCH_QUERY_MAX = 200;

export const searchQuery = z.strictObject({
  q: z
    .string()
    .max(SEARCH_QUERY_MAX)
    .default('')
    .describe(
      'Words to find, Arabic and English mixed, in the title, subtitle, description, tag names and instructor name. ' +
        'Each word must match (AND) by prefix, whatever its tashkeel, tatweel, ' +
        'alef form, ة/ه, ى/ي or leading definite article; a course word of 5+ letters also matches with one typo. ' +
        'A few technical terms also match their spelling in the other script (python/بايثون, excel/إكسل; the list is in docs/search.md). ' +
        'A lone letter or a stop word (في, من, the…) only ranks. The first 8 distinct other words are searched, later ones ' +
        'are left out (query.tokens lists the words searched). Empty: no text condition.',
    ),
  category: z
    .string()
    .min(1)
    .max(120)
    // PostgreSQL text cannot hold NUL; refusing control characters keeps it from ever reaching a query.
    .refine((s) => ![...s].some((c) => c < ' ' || c === '\u007f'))
    .optional()
    .describe('Category id or slug'),
  language: z.enum(COURSE_LANGUAGES).optional().describe('Course language'),
  level: z.enum(COURSE_LEVELS).optional().describe('Course level'),
  price: z.enum(PRICE_FILTERS).optional().describe('free: price 0; paid: price above 0'),
  minRating: numeric(z.number().min(1).max(5)).optional().describe('Minimum average rating (1 to 5); unrated courses never pass'),
  sort: z
    .enum(SEARCH_SORTS)
    .optional()
    .describe('Default: relevance when q has words, newest otherwise. relevance without words sorts as newest.'),
  page: numeric(z.number().int().min(1).max(1_000_000)).default(1).describe('From 1'),
  perPage: numeric(z.number().int().min(1).max(PER_PAGE_MAX)).default(PER_PAGE_DEFAULT).describe(`At most ${PER_PAGE_MAX}`),
});
export type SearchQuery = z.output<typeof searchQuery>;

const range = z.tuple([z.number().int(), z.number().int()]).describe('[start, end): UTF-16 indices into the original string');

export const searchHit = courseCard.extend({
  highlight: z
    .object({ title: z.array(range), subtitle: z.array(range) })
    .describe('Where the query matched the title and subtitle as written; wrap these ranges in <mark> on the client'),
});
export type SearchHit = z.infer<typeof searchHit>;

const count = z.number().int();

export const searchFacets = z
  .object({
    category: z.array(categoryName.extend({ count })).describe('Categories with at least one match, most matches first'),
    language: z.array(z.object({ value: z.enum(COURSE_LANGUAGES), count })).describe('Every language, zero counts included'),
    level: z.array(z.object({ value: z.enum(COURSE_LEVELS), count })).describe('Every level, zero counts included'),
    price: z.array(z.object({ value: z.enum(PRICE_FILTERS), count })),
    rating: z.array(z.object({ min: z.number().int(), count })).describe('Courses rated at least 4, 3, 2 and 1'),
  })
  .describe('Counts over the matches with every filter applied except the facet’s own, so a client can show what each choice would give');
export type SearchFacets = z.infer<typeof searchFacets>;

export const searchResult = z.object({
  items: z.array(searchHit),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int().describe('Matches with every filter applied'),
  facets: searchFacets,
  query: z
    .object({ normalized: z.string(), tokens: z.array(z.string()) })
    .describe('The query as the server read it: normalised, and the words it looked for (none: listed everything)'),
});
export type SearchResult = z.infer<typeof searchResult>;

export const searchRoutes = {
  search: {
    // The participant's token, when the web app has one, makes the search count against the account
    // rather than the address (a class behind one school address); the answer is the same.
    method: 'GET', path: '/api/public/search', access: 'public', tags: ['catalog'], rateLimit: 'search', optionalAuth: 'participant',
    summary: 'Search public courses: Arabic-aware full text with typo tolerance, filters, sorting, facet counts and highlights',
    // 503: too many searches at once, or one too slow (429 comes with the rate limit).
    errors: [503],
    query: searchQuery, response: envelope(searchResult),
  },
} satisfies Record<string, RouteDef>;
