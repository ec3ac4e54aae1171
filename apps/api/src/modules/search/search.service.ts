import type { SearchQuery, SearchResult } from '@nibras/contract';
import type { Db } from '../../db/client';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import {
  buildSearchText,
  htmlToText,
  isStopWord,
  normalizeSearchText,
  oneEditApart,
  otherSpellings,
  searchTokens,
  withoutArticle,
  type HighlightTerms,
} from '../../lib/search-text';
import { presentCourseCard } from '../catalog/catalog.presenter';
import {
  inSearchTransaction,
  isStatementTimeout,
  loadSearchSources,
  pageAndFacets,
  termsNear,
  writeSearchTexts,
  type CourseSearchSource,
  type TextMatch,
} from './search.queries';
import { presentSearchResult } from './search.presenter';
import { searchGateOf } from './search-gate';

// What one search may cost (docs/search.md, "Cost of a query"). Every word and every typo
// correction is a lexeme the database looks up for each course it considers, so a query's cost is
// bounded by counting them, before anything is sent.

/** Words of a query that narrow the results: later ones are left out (a long query is cut, not refused). */
export const SEARCH_MAX_WORDS = 8;
/** Lone letters and stop words kept to rank the results; later ones are left out. */
export const SEARCH_MAX_RANK_WORDS = 4;
/** A typo is forgiven only against a course word this long: shorter words are too easily another word. */
export const TYPO_MIN_WORD_LENGTH = 5;
/** Catalogue words one edit away that one query word may match (the closest by trigram similarity first). */
export const TYPO_MAX_PER_WORD = 20;
/** Typo corrections the whole query may add: every narrowing word gets its own. */
export const TYPO_MAX_PER_QUERY = SEARCH_MAX_WORDS * TYPO_MAX_PER_WORD;
/** Longer words are not typo-checked (search_terms holds words of at most 20 letters). */
const TYPO_MAX_TOKEN_LENGTH = 20;
/**
 * Catalogue words near a query word that the trigram index hands over, before the edit distance is
 * checked here: one edit in a five-letter word can leave a trigram similarity as low as 0.2 (a swap
 * in the middle), so the threshold is 0.2 and the closest are checked first.
 */
const TYPO_TRIGRAM_CANDIDATES = 200;
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
  /** The form checked for typos (the word, or without its article), when it can have any. */
  typoForm?: string;
  /** The catalogue's words one edit away from typoForm (search_terms), filled in by correctTypos. */
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
 * The form of a query word to correct typos in, if any. After an article the word without it is
 * checked when five letters or more remain (search_terms holds every course word without its article
 * too), so "البرمحة" finds "البرمجة" through "برمجه".
 */
function typoFormOf(token: string, stem: string | undefined): string | undefined {
  const form = stem && length(stem) >= TYPO_MIN_WORD_LENGTH ? stem : token;
  return typoEligible(form) ? form : undefined;
}

/**
 * The words of a query that are searched, each with the forms it matches by prefix and the form
 * whose typos are corrected. The cost is bounded: SEARCH_MAX_WORDS words that narrow,
 * SEARCH_MAX_RANK_WORDS that only rank, TYPO_MAX_PER_WORD corrections each; a word past a limit is
 * left out.
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
  for (const token of tokens) {
    const narrows = !anyNarrowing || narrowing(token);
    if (narrows ? required++ >= SEARCH_MAX_WORDS : ranking++ >= SEARCH_MAX_RANK_WORDS) continue;
    const stem = withoutArticle(token);
    const written = stem ? [token, stem] : [token];
    // A term written in the other script ("python" for "بايثون") is the same word: prefix and
    // exact matches of any spelling count alike. Spellings carry no article, so only one of the
    // written forms has any: at most 2 + TRANSLITERATION_MAX_SPELLINGS - 1 forms a word.
    const forms = [...new Set([...written, ...written.flatMap(otherSpellings)])];
    words.push({ token, forms, typoForm: narrows ? typoFormOf(token, stem) : undefined, typos: [], required: narrows });
  }
  return words;
}

/**
 * Fills in each word's typos: the catalogue's words (search_terms) exactly one edit from its typo
 * form, at least TYPO_MIN_WORD_LENGTH letters long, that its prefixes do not match already (those
 * are found, and highlighted, by prefix). One statement for the whole query; the trigram index
 * proposes, oneEditApart decides.
 */
async function correctTypos(db: Db, words: QueryWord[]): Promise<void> {
  const forms = [...new Set(words.flatMap((w) => (w.typoForm ? [w.typoForm] : [])))];
  if (forms.length === 0) return;
  const near = new Map<string, string[]>();
  for (const { word, term } of await termsNear(db, forms, TYPO_TRIGRAM_CANDIDATES)) {
    let list = near.get(word);
    if (!list) near.set(word, (list = []));
    list.push(term);
  }
  for (const w of words) {
    if (!w.typoForm) continue;
    w.typos = (near.get(w.typoForm) ?? [])
      .filter((term) => length(term) >= TYPO_MIN_WORD_LENGTH && oneEditApart(w.typoForm!, term) && !w.forms.some((f) => term.startsWith(f)))
      .slice(0, TYPO_MAX_PER_WORD);
  }
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
  const sort = query.sort ?? (words.length ? 'relevance' : 'newest');
  const filters = { category: query.category, language: query.language, level: query.level, price: query.price, minRating: query.minRating };

  const settings = { useTextIndex: words.length > 0, timeoutMs: opts.statementTimeoutMs ?? SEARCH_STATEMENT_TIMEOUT_MS };
  const { ids, cards: cardRows, facets: facetRows } = await inSearchTransaction(ctx.db, settings, async (tx) => {
    await correctTypos(tx, words);
    const text = words.length ? textMatch(words) : null;
    return pageAndFacets(tx, text, filters, sort, { limit: query.perPage, offset: (query.page - 1) * query.perPage });
  }).catch((error: unknown) => {
    throw isStatementTimeout(error) ? searchTooSlow() : error;
  });
  const byId = new Map(cardRows.map((row) => [row.id, row]));
  const cards = ids.flatMap((id) => (byId.has(id) ? [presentCourseCard(byId.get(id)!, ctx.config.currency)] : []));
  const shown = words.filter((w) => w.required);
  const terms: HighlightTerms = {
    prefixes: shown.flatMap((w) => w.forms.filter(prefixable)),
    words: new Set(shown.flatMap((w) => [...w.forms, ...w.typos])),
  };
  // The words searched: a long query's words past the limits are not among them.
  return presentSearchResult({ cards, terms, facetRows, page: query.page, perPage: query.perPage, normalized, tokens: words.map((w) => w.token) });
}
