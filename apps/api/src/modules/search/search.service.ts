import { COURSE_LANGUAGES, COURSE_LEVELS, PRICE_FILTERS, RATING_BUCKETS, type SearchFacets, type SearchQuery, type SearchResult } from '@nibras/contract';
import type { Db } from '../../db/client';
import { buildSearchText, highlightRanges, htmlToText, normalizeSearchText, oneEditVariants, searchTokens, withoutArticle, type HighlightTerms } from '../../lib/search-text';
import { loadCourseCards } from '../catalog/catalog.service';
import {
  countFacets,
  inSearchTransaction,
  loadSearchSources,
  pageOfMatches,
  writeSearchTexts,
  type CourseSearchSource,
  type FacetRow,
  type TextMatch,
} from './search.queries';

/** A typo is forgiven only against a course word this long: shorter words are too easily another word. */
export const TYPO_MIN_WORD_LENGTH = 5;
/** Each typo-checked word adds some 500 lexemes to the query; later words of a long query match by prefix only. */
export const TYPO_MAX_TOKENS = 8;
const TYPO_MAX_TOKEN_LENGTH = 40;
const REFRESH_BATCH = 500;

function searchTextOf(source: CourseSearchSource) {
  return {
    id: source.id,
    text: buildSearchText([source.title, source.subtitle, htmlToText(source.description), source.tags, source.instructorName]),
  };
}

/** Call after a course's title, subtitle, description, tags or instructor name change. */
export async function refreshCourseSearchText(db: Db, courseId: number): Promise<void> {
  const sources = await loadSearchSources(db, { ids: [courseId] });
  await writeSearchTexts(db, sources.map(searchTextOf));
}

/** Rebuilds search_text of every course (after a change to the normalisation rules, or a seed); returns how many. */
export async function refreshAllCourseSearchText(db: Db): Promise<number> {
  let afterId = 0;
  let done = 0;
  for (;;) {
    const sources = await loadSearchSources(db, { afterId, limit: REFRESH_BATCH });
    if (sources.length === 0) return done;
    await writeSearchTexts(db, sources.map(searchTextOf));
    done += sources.length;
    afterId = sources[sources.length - 1]!.id;
  }
}

/** One query word: the forms it matches by prefix, and the words one typo away from them. */
interface QueryWord {
  token: string;
  forms: string[];
  typos: string[];
  /** Whether a course must contain it; the others only rank the courses that do first. */
  required: boolean;
}

/** A lexeme in tsquery syntax. Tokens are letters and digits only, but quote as if they were not. */
function quoted(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

// PostgreSQL's text parser reads digits, "e", digits at the start of a word as a number in
// scientific notation and the rest as a second word ("4575e6fd" -> 4575e6, fd), in the stored
// text as everywhere. A query word of that shape asks for the same two lexemes, side by side.
const SCIENTIFIC_HEAD = /^\d+e\d+(?=\D)/;

/** A query word as tsquery text, matching the lexemes the parser made of the same word in a course. */
function lexeme(word: string, prefix = false): string {
  const head = SCIENTIFIC_HEAD.exec(word)?.[0];
  if (head) return `(${quoted(head)} <-> ${lexeme(word.slice(head.length), prefix)})`;
  return prefix ? `${quoted(word)}:*` : quoted(word);
}

const length = (word: string) => [...word].length;
// A single letter as a prefix matches nearly every course: it must be a whole word.
const prefixable = (form: string) => length(form) >= 2;

function textMatch(words: QueryWord[]): TextMatch {
  const perToken = words.map((w) => ({
    exact: w.forms.map((f) => lexeme(f)).join(' | '),
    prefix: w.forms.map((f) => lexeme(f, prefixable(f))).join(' | '),
  }));
  const all = words
    .flatMap((w, i) => (w.required ? [`(${[perToken[i]!.prefix, ...w.typos.map((t) => lexeme(t))].join(' | ')})`] : []))
    .join(' & ');
  return { all, perToken };
}

// A four-letter word is checked too: one letter left out of a five-letter word leaves four.
const typoEligible = (form: string) => length(form) >= TYPO_MIN_WORD_LENGTH - 1 && length(form) <= TYPO_MAX_TOKEN_LENGTH && /\p{L}/u.test(form);

/**
 * Each query word with the words one edit away from it (or from it without its article) that
 * are long enough to forgive a typo in. They are looked up in the full-text index like any
 * other word, so the edit distance is exact and no extra query is needed.
 */
function queryWords(tokens: string[]): QueryWord[] {
  // A lone letter ("و" in "تصميم و برمجة", "a") is usually glue, or written joined to the next
  // word: it narrows nothing unless the query has nothing else.
  const anyLonger = tokens.some((t) => length(t) > 1);
  let checked = 0;
  return tokens.map((token) => {
    const stem = withoutArticle(token);
    const forms = stem ? [token, stem] : [token];
    const typos = new Set<string>();
    if (typoEligible(token) && checked++ < TYPO_MAX_TOKENS) {
      for (const form of forms.filter(typoEligible)) {
        for (const variant of oneEditVariants(form)) {
          // A word the prefix already matches is no typo (and is highlighted by its prefix).
          if (length(variant) >= TYPO_MIN_WORD_LENGTH && !forms.some((f) => variant.startsWith(f))) typos.add(variant);
        }
      }
    }
    return { token, forms, typos: [...typos], required: !anyLonger || length(token) > 1 };
  });
}

function presentFacets(rows: FacetRow[]): { total: number; facets: SearchFacets } {
  const of = (facet: FacetRow['facet']) => rows.filter((r) => r.facet === facet);
  const countOf = (facet: FacetRow['facet'], value: string) => Number(of(facet).find((r) => r.value === value)?.count ?? 0);
  return {
    total: Number(of('total')[0]?.count ?? 0),
    facets: {
      category: of('category')
        .map((r) => ({ id: Number(r.value), slug: r.slug ?? '', name_ar: r.name_ar ?? '', name_en: r.name_en ?? '', count: Number(r.count) }))
        .sort((a, b) => b.count - a.count || a.id - b.id),
      language: COURSE_LANGUAGES.map((value) => ({ value, count: countOf('language', value) })),
      level: COURSE_LEVELS.map((value) => ({ value, count: countOf('level', value) })),
      price: PRICE_FILTERS.map((value) => ({ value, count: countOf('price', value) })),
      rating: RATING_BUCKETS.map((min) => ({ min, count: countOf('rating', String(min)) })),
    },
  };
}

/** Public courses matching the query words (all of them), the filters, one page of them, and facet counts. */
export async function searchCourses(db: Db, query: SearchQuery): Promise<SearchResult> {
  const normalized = normalizeSearchText(query.q);
  const tokens = searchTokens(normalized);
  const words = queryWords(tokens);
  const text = words.length ? textMatch(words) : null;
  const sort = query.sort ?? (text ? 'relevance' : 'newest');
  const filters = { category: query.category, language: query.language, level: query.level, price: query.price, minRating: query.minRating };

  const [ids, facetRows] = await inSearchTransaction(db, text !== null, async (tx) => [
    await pageOfMatches(tx, text, filters, sort, { limit: query.perPage, offset: (query.page - 1) * query.perPage }),
    await countFacets(tx, text, filters),
  ] as const);
  const cards = await loadCourseCards(db, ids);
  const shown = words.filter((w) => w.required);
  const terms: HighlightTerms = {
    prefixes: shown.flatMap((w) => w.forms.filter(prefixable)),
    words: new Set(shown.flatMap((w) => [...w.forms, ...w.typos])),
  };
  const items = cards.map((card) => ({
    ...card,
    highlight: { title: highlightRanges(card.title, terms), subtitle: highlightRanges(card.subtitle, terms) },
  }));
  const { total, facets } = presentFacets(facetRows);
  return { items, page: query.page, perPage: query.perPage, total, facets, query: { normalized, tokens } };
}
