import type { SearchQuery, SearchResult } from '@nibras/contract';
import type { Db } from '../../db/client';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import {
  buildSearchText,
  htmlToText,
  isStopWord,
  normalizeSearchText,
  oneEditVariants,
  otherSpellings,
  searchTokens,
  withoutArticle,
  type HighlightTerms,
} from '../../lib/search-text';
import { loadCourseCards } from '../catalog/catalog.service';
import {
  inSearchTransaction,
  isStatementTimeout,
  loadSearchSources,
  pageAndFacets,
  writeSearchTexts,
  type CourseSearchSource,
  type TextMatch,
} from './search.queries';
import { presentSearchResult } from './search.presenter';
import { searchGateOf } from './search-gate';

// What one search may cost (docs/search.md, "Cost of a query"). Every word and every typo
// candidate is a lexeme the database looks up for each course it considers, so a query's cost is
// bounded by counting them, before anything is sent.

/** Words of a query that narrow the results: later ones are left out (a long query is cut, not refused). */
export const SEARCH_MAX_WORDS = 8;
/** Lone letters and stop words kept to rank the results; later ones are left out. */
export const SEARCH_MAX_RANK_WORDS = 4;
/** A typo is forgiven only against a course word this long: shorter words are too easily another word. */
export const TYPO_MIN_WORD_LENGTH = 5;
/** Typo candidates one word may add (a 14-letter Arabic word has about 950): a longer word matches by prefix only. */
export const TYPO_MAX_PER_WORD = 1_000;
/** Typo candidates the whole query may add: words are typo-checked in order while theirs fit. */
export const TYPO_MAX_PER_QUERY = 2_000;
/** Longer words are not typo-checked at all (their candidates would pass TYPO_MAX_PER_WORD anyway). */
const TYPO_MAX_TOKEN_LENGTH = 20;
/** Each statement of a search is cancelled after this long on a PostgreSQL server (PGlite ignores it). */
export const SEARCH_STATEMENT_TIMEOUT_MS = 2_000;
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

/** Call after an instructor's name changes: their name is part of each of their courses' search text. */
export async function refreshInstructorSearchText(db: Db, instructorId: number): Promise<void> {
  const sources = await loadSearchSources(db, { instructorId });
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
  /** The word, without its article, and its other spellings in TRANSLITERATIONS (python -> بايثون). */
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
  const required = (withTypos: boolean) =>
    words
      .flatMap((w, i) => (w.required ? [`(${[perToken[i]!.prefix, ...(withTypos ? w.typos.map((t) => lexeme(t)) : [])].join(' | ')})`] : []))
      .join(' & ');
  return { all: required(true), rank: required(false), perToken };
}

// A four-letter word is checked too: one letter left out of a five-letter word leaves four.
const typoEligible = (form: string) => length(form) >= TYPO_MIN_WORD_LENGTH - 1 && length(form) <= TYPO_MAX_TOKEN_LENGTH && /\p{L}/u.test(form);

/**
 * The course words one edit away from a query word that are long enough to forgive a typo in and
 * that its prefix does not match already. After an article the word without it is checked when
 * five letters or more remain (search_text holds every course word without its article too), so
 * "البرمحة" finds "البرمجة" through "برمجه": half the candidates of checking both forms.
 */
function typoCandidates(token: string, stem: string | undefined, forms: string[]): Set<string> {
  const form = stem && length(stem) >= TYPO_MIN_WORD_LENGTH ? stem : token;
  const out = new Set<string>();
  if (!typoEligible(form)) return out;
  for (const variant of oneEditVariants(form)) {
    // A word the prefix already matches is no typo (and is highlighted by its prefix).
    if (length(variant) >= TYPO_MIN_WORD_LENGTH && !forms.some((f) => variant.startsWith(f))) out.add(variant);
  }
  return out;
}

/**
 * The words of a query that are searched, each with the forms it matches by prefix and the words
 * one edit away from it. They are looked up in the full-text index like any other word, so the
 * edit distance is exact and no extra query is needed. The cost is bounded: SEARCH_MAX_WORDS words
 * that narrow, SEARCH_MAX_RANK_WORDS that only rank, TYPO_MAX_PER_WORD and TYPO_MAX_PER_QUERY
 * typo candidates; a word past a limit is left out (or, for typos, matched by prefix only).
 */
function queryWords(tokens: string[]): QueryWord[] {
  // A lone letter ("و" in "تصميم و برمجة", "a") is usually glue, or written joined to the next
  // word; a stop word ("في", "the") says nothing about a course. Neither narrows anything unless
  // the query has nothing else.
  const narrowing = (token: string) => length(token) > 1 && !isStopWord(token);
  const anyNarrowing = tokens.some(narrowing);
  const words: QueryWord[] = [];
  let required = 0;
  let ranking = 0;
  let typoBudget = TYPO_MAX_PER_QUERY;
  for (const token of tokens) {
    const narrows = !anyNarrowing || narrowing(token);
    if (narrows ? required++ >= SEARCH_MAX_WORDS : ranking++ >= SEARCH_MAX_RANK_WORDS) continue;
    const stem = withoutArticle(token);
    const written = stem ? [token, stem] : [token];
    // A term written in the other script ("python" for "بايثون") is the same word: prefix and
    // exact matches of any spelling count alike. Spellings carry no article, so only one of the
    // written forms has any: at most 2 + TRANSLITERATION_MAX_SPELLINGS - 1 forms a word.
    const forms = [...new Set([...written, ...written.flatMap(otherSpellings)])];
    let typos: string[] = [];
    if (narrows) {
      const candidates = typoCandidates(token, stem, forms);
      if (candidates.size <= Math.min(TYPO_MAX_PER_WORD, typoBudget)) {
        typos = [...candidates];
        typoBudget -= candidates.size;
      }
    }
    words.push({ token, forms, typos, required: narrows });
  }
  return words;
}

/** Statements cancelled on the server: a 503 the client can act on (fewer words, later), never a 500. */
function searchTooSlow(): AppError {
  return new AppError('api.search.busy', 503, { headers: { 'retry-after': '5' } });
}

/**
 * Public courses matching the query words (all of them), the filters, one page of them, and facet
 * counts. Every search of the app waits its turn at the app's gate (search-gate.ts).
 */
export function searchCourses(ctx: AppContext, query: SearchQuery, opts: { statementTimeoutMs?: number } = {}): Promise<SearchResult> {
  return searchGateOf(ctx).run(() => search(ctx, query, opts));
}

async function search(ctx: AppContext, query: SearchQuery, opts: { statementTimeoutMs?: number }): Promise<SearchResult> {
  const normalized = normalizeSearchText(query.q);
  const words = queryWords(searchTokens(normalized));
  const text = words.length ? textMatch(words) : null;
  const sort = query.sort ?? (text ? 'relevance' : 'newest');
  const filters = { category: query.category, language: query.language, level: query.level, price: query.price, minRating: query.minRating };

  const settings = { useTextIndex: text !== null, timeoutMs: opts.statementTimeoutMs ?? SEARCH_STATEMENT_TIMEOUT_MS };
  const { ids, facets: facetRows } = await inSearchTransaction(ctx.db, settings, (tx) =>
    pageAndFacets(tx, text, filters, sort, { limit: query.perPage, offset: (query.page - 1) * query.perPage }),
  ).catch((error: unknown) => {
    throw isStatementTimeout(error) ? searchTooSlow() : error;
  });
  const cards = await loadCourseCards(ctx, ids);
  const shown = words.filter((w) => w.required);
  const terms: HighlightTerms = {
    prefixes: shown.flatMap((w) => w.forms.filter(prefixable)),
    words: new Set(shown.flatMap((w) => [...w.forms, ...w.typos])),
  };
  // The words searched: a long query's words past the limits are not among them.
  return presentSearchResult({ cards, terms, facetRows, page: query.page, perPage: query.perPage, normalized, tokens: words.map((w) => w.token) });
}
