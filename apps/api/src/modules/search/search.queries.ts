import { asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { SearchQuery, SearchSort } from '@nibras/contract';
import type { Db } from '../../db/client';
import { categories, courses, searchTerms } from '../../db/schema';
import { instructorColumn } from '../../db/course-projection';
import { isPublicCourse, publishedAt, ratingAverageShown } from '../../db/public-course';
import { cardRowFromJson, courseCardsJson, type CourseCardRow } from '../../db/course-cards';

/** node-postgres answers `execute` with `{ rows }`, PGlite (through Drizzle) with the rows or `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}



// ---------------------------------------------------------------------------------------------
// search_text upkeep

export interface CourseSearchSource {
  id: number;
  title: string;
  subtitle: string;
  description: string;
  tags: string;
  instructorName: string;
}

/** Everything search_text is made of, for the given courses, or a page of all courses after `afterId`. */
export function loadSearchSources(db: Db, where: { ids: number[] } | { instructorId: number } | { afterId: number; limit: number }): Promise<CourseSearchSource[]> {
  const query = db
    .select({
      id: courses.id,
      title: courses.title,
      subtitle: courses.subtitle,
      description: courses.description,
      tags: sql<string>`coalesce((select string_agg(t.name, ' ') from course_tags ct join tags t on t.id = ct.tag_id where ct.course_id = ${courses}.id), '')`,
      instructorName: instructorColumn<string>('name'),
    })
    .from(courses);
  if ('ids' in where) return query.where(inArray(courses.id, where.ids));
  if ('instructorId' in where) return query.where(eq(courses.instructorId, where.instructorId));
  return query.where(gt(courses.id, where.afterId)).orderBy(asc(courses.id)).limit(where.limit);
}

/** One statement for a batch: the texts travel as one JSON parameter. */
export async function writeSearchTexts(db: Db, rows: { id: number; text: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    update ${courses} set search_text = u.text
    from json_to_recordset(${JSON.stringify(rows)}::json) as u(id int, text text)
    where ${courses.id} = u.id`);
}

// ---------------------------------------------------------------------------------------------
// one search

/**
 * Runs the statements of one search on one connection, each cut off after `timeoutMs` on a
 * PostgreSQL server (the error is code 57014, see isStatementTimeout; PGlite has no timers and
 * ignores the setting, which is why the cost of a query is bounded before it is sent). With
 * words to match, sequential scans are ruled out: the planner prices to_tsvector over a whole
 * course text far below what it costs, and picks a scan that recomputes it for every course
 * (0.7 s at 5,000 courses) over the GIN index (2 ms). Both settings are transaction-local, so a
 * pooled connection is left as it was.
 */
export function inSearchTransaction<T>(db: Db, opts: { useTextIndex: boolean; timeoutMs: number }, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const timeout = sql`set_config('statement_timeout', ${String(opts.timeoutMs)}, true)`;
    // The trigram threshold of termsNear: one edit in a five-letter word can leave a similarity of 0.2.
    await tx.execute(
      opts.useTextIndex
        ? sql`select ${timeout}, set_config('enable_seqscan', 'off', true), set_config('pg_trgm.similarity_threshold', '0.2', true)`
        : sql`select ${timeout}`,
    );
    return work(tx as unknown as Db);
  });
}

/** PostgreSQL cancelled a statement that ran past statement_timeout (query_canceled), whatever wraps the error. */
export function isStatementTimeout(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '57014') return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// typo corrections

/**
 * For each word, up to `limit` catalogue words (search_terms) that share enough trigrams with it
 * (pg_trgm's `%`, at the transaction's threshold, through search_terms_trgm_idx) and are at most
 * one letter longer or shorter, the most similar first. A proposal: the caller checks the edit
 * distance. The words travel as one parameter (normalised words hold no space).
 */
export async function termsNear(db: Db, words: string[], limit: number): Promise<{ word: string; term: string }[]> {
  const result = await db.execute(sql`
    select q.word, t.term
    from unnest(string_to_array(${words.join(' ')}, ' ')) as q(word)
    cross join lateral (
      select ${searchTerms.term} as term from ${searchTerms}
      where ${searchTerms.term} % q.word
        and char_length(${searchTerms.term}) between char_length(q.word) - 1 and char_length(q.word) + 1
      order by similarity(${searchTerms.term}, q.word) desc, ${searchTerms.term}
      limit ${limit}
    ) t`);
  return rowsOf<{ word: string; term: string }>(result);
}

// ---------------------------------------------------------------------------------------------
// matches, facets, page

/**
 * A tsquery in text form that finds the courses (typo candidates included), the same without typo
 * candidates for ts_rank, and per query word the tsqueries that tell exact from prefix matches.
 */
export interface TextMatch {
  all: string;
  rank: string;
  perToken: { exact: string; prefix: string }[];
}

export type SearchFilters = Pick<SearchQuery, 'category' | 'language' | 'level' | 'price' | 'minRating'>;

type FilterName = 'category' | 'language' | 'level' | 'price' | 'rating';

// The stored vector of search_text, indexed by courses_search_vector_idx (GIN) and read as it is to rank.
const courseVector = sql`${courses.searchVector}`;

/**
 * A query in tsquery syntax as a constant: the cast of a parameter is folded once at planning,
 * where to_tsquery() would parse the (typo-widened, long) query again for every row. Lexemes
 * are taken as they are, which is right because they are normalised words already.
 */
const tsquery = (text: string) => sql`${text}::tsquery`;

/** Public courses matching the text, with what the filters, facets and sorts look at. */
function matchedCourses(text: TextMatch | null): SQL {
  // The text match on its own, so the only index it can use is the GIN one (see inSearchTransaction).
  const hits = text
    ? sql`hits as materialized (select ${courses.id} as id from ${courses} where ${courseVector} @@ ${tsquery(text.all)}),`
    : sql``;
  return sql`${hits} matched as (
    select ${courses.id} as id, ${courses.categoryId} as category_id, ${courses.language} as language,
      ${courses.level} as level, ${courses.priceMinor} as price, ${publishedAt} as published_at,
      ${text ? sql`${courses.searchVector} as vec,` : sql``}
      coalesce(${ratingAverageShown}, 0) as rating, ${courses.ratingCount} as rating_count, ${courses.enrollmentCount} as enrollment_count
    from ${courses}
    where ${isPublicCourse}${text ? sql` and ${courses.id} in (select id from hits)` : sql``}
  )`;
}

function categoryId(ref: string): SQL {
  if (!/^\d{1,9}$/.test(ref)) return sql`(select ${categories.id} from ${categories} where ${categories.slug} = ${ref})`;
  // Digits are an id first; a slug made of digits still works when no such id exists.
  const byId = sql`${categories.id} = ${Number(ref)}`;
  return sql`(select ${categories.id} from ${categories} where ${byId} or ${categories.slug} = ${ref} order by ${byId} desc limit 1)`;
}

function filterConditions(filters: SearchFilters): Partial<Record<FilterName, SQL>> {
  const out: Partial<Record<FilterName, SQL>> = {};
  if (filters.category !== undefined) out.category = sql`m.category_id = ${categoryId(filters.category)}`;
  if (filters.language) out.language = sql`m.language = ${filters.language}`;
  if (filters.level) out.level = sql`m.level = ${filters.level}`;
  if (filters.price) out.price = filters.price === 'free' ? sql`m.price = 0` : sql`m.price > 0`;
  if (filters.minRating !== undefined) out.rating = sql`m.rating >= ${filters.minRating}::float8`;
  return out;
}

function allExcept(conditions: Partial<Record<FilterName, SQL>>, except?: FilterName): SQL {
  const list = Object.entries(conditions)
    .filter(([name]) => name !== except)
    .map(([, condition]) => condition);
  return list.length ? sql.join(list, sql` and `) : sql`true`;
}

function relevance(text: TextMatch): SQL {
  // Per word: exact 2, prefix 1, typo 0; ts_rank (normalised into [0, 1)) breaks ties. ts_rank
  // looks up every lexeme of its query in every match, so it gets the words without their typo
  // candidates (a typo scores 0 in its tier anyway): with them, a frequent word took seconds.
  const tiers = text.perToken.map(
    (t) => sql`(case when m.vec @@ ${tsquery(t.exact)} then 2 when m.vec @@ ${tsquery(t.prefix)} then 1 else 0 end)`,
  );
  return sql`(${sql.join(tiers, sql` + `)} + ts_rank(m.vec, ${tsquery(text.rank)}, 32)) desc`;
}

function orderBy(sort: SearchSort, text: TextMatch | null): SQL {
  const newest = sql`m.published_at desc, m.id desc`;
  switch (sort) {
    case 'relevance':
      return text ? sql`${relevance(text)}, ${newest}` : newest;
    case 'rating':
      return sql`m.rating desc, m.rating_count desc, ${newest}`;
    case 'popular':
      return sql`m.enrollment_count desc, ${newest}`;
    case 'price_asc':
      return sql`m.price asc, ${newest}`;
    case 'price_desc':
      return sql`m.price desc, ${newest}`;
    case 'newest':
      return newest;
  }
}

export interface FacetRow {
  facet: 'total' | 'category' | 'language' | 'level' | 'price' | 'rating';
  value: string | null;
  count: number;
  slug: string | null;
  name_ar: string | null;
  name_en: string | null;
}

/** A row of the search statement: a facet count, one id of the page at its position (in `count`), or the page's cards (JSON in `value`). */
type SearchRow = Omit<FacetRow, 'facet'> & { facet: FacetRow['facet'] | 'page' | 'cards' };

/**
 * One page of matching ids, in order, their cards, with the total and every facet, in one statement: the text
 * match, whose typo candidates are the costly part, is looked up once for all of them. Each facet
 * counts the matches with every filter but its own, so choosing a value never hides the other
 * values of the same facet.
 */
export async function pageAndFacets(
  db: Db,
  text: TextMatch | null,
  filters: SearchFilters,
  sort: SearchSort,
  page: { limit: number; offset: number },
): Promise<{ ids: number[]; cards: CourseCardRow[]; facets: FacetRow[] }> {
  const c = filterConditions(filters);
  const onPage = sql`r.position > ${page.offset} and r.position <= ${page.offset + page.limit}`;
  // The page by its position in the order, so the union below cannot lose the order.
  const result = await db.execute(sql`
    with ${matchedCourses(text)},
    ranked as (
      select m.id, row_number() over (order by ${orderBy(sort, text)}) as position
      from matched m where ${allExcept(c)}
    )
    select 'page' as facet, r.id::text as value, r.position::int as count, null::text as slug, null::text as name_ar, null::text as name_en
      from ranked r where ${onPage}
    union all
    select 'cards', ${courseCardsJson(sql`select r.id from ranked r where ${onPage}`)}::text, 0, null, null, null
    union all
    select 'total', null, count(*)::int, null, null, null from matched m where ${allExcept(c)}
    union all
    select 'category', m.category_id::text, count(*)::int, min(${categories.slug}), min(${categories.nameAr}), min(${categories.nameEn})
      from matched m join ${categories} on ${categories.id} = m.category_id
      where ${allExcept(c, 'category')} group by m.category_id
    union all
    select 'language', m.language, count(*)::int, null, null, null from matched m where ${allExcept(c, 'language')} group by m.language
    union all
    select 'level', m.level, count(*)::int, null, null, null from matched m where ${allExcept(c, 'level')} group by m.level
    union all
    select 'price', case when m.price = 0 then 'free' else 'paid' end, count(*)::int, null, null, null
      from matched m where ${allExcept(c, 'price')} group by 2
    union all
    select 'rating', b.min::text, count(*)::int, null, null, null
      from matched m join (values (4), (3), (2), (1)) as b(min) on m.rating >= b.min
      where ${allExcept(c, 'rating')} group by b.min`);
  const rows = rowsOf<SearchRow>(result);
  const ids = rows
    .filter((r) => r.facet === 'page')
    .sort((a, b) => Number(a.count) - Number(b.count))
    .map((r) => Number(r.value));
  const cards = (JSON.parse(rows.find((r) => r.facet === 'cards')?.value ?? '[]') as Record<string, unknown>[]).map(cardRowFromJson);
  return { ids, cards, facets: rows.filter((r): r is FacetRow => r.facet !== 'page' && r.facet !== 'cards') };
}
