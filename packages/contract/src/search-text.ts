/**
 * Search text normalisation for Arabic and English. The same function folds the stored course
 * text (courses.search_text) and the user's query, so both sides always agree; see docs/search.md.
 */

/** A normalised string plus, for each of its UTF-16 units, the original range it came from. */
export interface NormalizedText {
  text: string;
  /** starts[i]: UTF-16 index in the original where normalised unit i's source begins. */
  starts: number[];
  /** ends[i]: UTF-16 index in the original where it ends, including marks that followed it. */
  ends: number[];
}

// Tashkeel, superscript alef, Quranic annotation marks and tatweel carry no meaning for
// search; they disappear but stay attached to the letter before them, so a highlight of a
// letter also covers its marks and <mark> never splits a letter from its harakat.
const ARABIC_SILENT = /[\u064B-\u065F\u0670\u06D6-\u06ED\u0640\u0674]/u;
const COMBINING = /[\p{Mn}\p{Me}]/gu;
// Zero-width joiners, direction marks and the like sit inside words without separating them.
const INVISIBLE = /\p{Cf}/u;
// An apostrophe joins a word ("don't", "O'Reilly"): people type it or leave it out.
const APOSTROPHES = new Set(["'", '\u2019', '\u2018', '\u02BC', '`']);
const WORD_CHAR = /[\p{L}\p{N}]/u;

// Letters written several ways are folded to one form, because people type the bare form
// far more often than the written one (keyboards, habit, regional spelling):
// - every hamza/wasla alef form to bare alef;
// - taa marbuta to haa and alef maqsura to yaa, the usual confusions at the end of a word;
// - hamza on waw and on yaa to the bare seat letter: Unicode decomposes ؤ and ئ into the seat
//   letter plus a hamza mark, and dropping that mark is the same rule as for أ and إ;
// - Persian keyboard yeh and keheh, which look the same as Arabic yaa and kaf.
// A standalone hamza (ء) is a letter of its own and stays.
const LETTER_FOLDS: Record<string, string> = {
  'أ': 'ا', 'إ': 'ا', 'آ': 'ا', 'ٱ': 'ا', 'ٲ': 'ا', 'ٳ': 'ا', 'ٵ': 'ا',
  'ة': 'ه',
  'ى': 'ي', 'ی': 'ي',
  'ؤ': 'و', 'ئ': 'ي',
  'ک': 'ك',
};
for (let d = 0; d <= 9; d++) {
  LETTER_FOLDS[String.fromCharCode(0x0660 + d)] = String(d); // Arabic-Indic
  LETTER_FOLDS[String.fromCharCode(0x06f0 + d)] = String(d); // Extended (Persian) Arabic-Indic
}

const ARABIC_SILENT_ALL = new RegExp(ARABIC_SILENT, 'gu');

/** A mark: dropped, and the letter before it grows to cover it. */
const ATTACH = '';
/** Dropped without joining the letter before (an apostrophe, a direction mark). */
const DROP = '\0';
const SPACE = ' ';

function stripMarks(s: string): string {
  return s.replace(COMBINING, '').replace(ARABIC_SILENT_ALL, '');
}

/** The normalised form of one code point: letters/digits and spaces, ATTACH, or DROP. */
function foldCodePoint(cp: string): string {
  if (ARABIC_SILENT.test(cp)) return ATTACH;
  if (INVISIBLE.test(cp) || APOSTROPHES.has(cp)) return DROP;
  // Compatibility decomposition splits ligatures and presentation forms (ﻻ -> لا), accented
  // letters (é -> e + mark) and hamza forms (أ -> ا + hamza mark); the marks are then dropped.
  // Lower-casing can bring new marks (İ -> i + dot), hence the second pass; NFC at the end
  // recomposes what is not a mark (Hangul syllables).
  let s = stripMarks(cp.normalize('NFKD')).toLowerCase();
  s = stripMarks(s.normalize('NFKD')).normalize('NFC');
  if (s === '') return /\p{M}/u.test(cp) ? ATTACH : SPACE;
  let out = '';
  for (const ch of s) {
    const folded = LETTER_FOLDS[ch] ?? ch;
    if (WORD_CHAR.test(folded)) out += folded;
    else if (APOSTROPHES.has(folded) || INVISIBLE.test(folded)) continue;
    else out += SPACE;
  }
  return out;
}

// Most text repeats a small alphabet; the cap keeps a stream of odd code points from growing it.
const foldCache = new Map<string, string>();
const FOLD_CACHE_MAX = 20_000;

function fold(cp: string): string {
  const code = cp.charCodeAt(0);
  if (cp.length === 1 && code < 0x80) {
    if ((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39)) return cp;
    if (code >= 0x41 && code <= 0x5a) return String.fromCharCode(code + 32);
  }
  let hit = foldCache.get(cp);
  if (hit === undefined) {
    hit = foldCodePoint(cp);
    if (foldCache.size >= FOLD_CACHE_MAX) foldCache.clear();
    foldCache.set(cp, hit);
  }
  return hit;
}

/**
 * Normalises `original` and keeps, for every unit of the result, where it came from, so a
 * match found in the normalised text can be shown on the text the author wrote.
 */
export function normalizeWithMap(original: string): NormalizedText {
  // Units collected in an array: reading back from a string built with += would flatten it
  // on every step (quadratic on a long description).
  const units: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  // Iterating a string yields code points; a lone surrogate comes out on its own and folds to a space.
  for (const cp of original) {
    const start = index;
    index += cp.length;
    const folded = fold(cp);
    if (folded === DROP) continue;
    const last = units.length - 1;
    if (folded === ATTACH) {
      // Attach dropped marks to the letter they follow (only if nothing came in between).
      if (last >= 0 && units[last] !== SPACE && ends[last] === start) {
        for (let i = last; i >= 0 && ends[i] === start; i--) ends[i] = index;
      }
      continue;
    }
    for (let i = 0; i < folded.length; i++) {
      const ch = folded[i]!;
      if (ch === SPACE && (units.length === 0 || units[units.length - 1] === SPACE)) continue;
      units.push(ch);
      starts.push(start);
      ends.push(index);
    }
  }
  if (units[units.length - 1] === SPACE) {
    units.pop();
    starts.pop();
    ends.pop();
  }
  return { text: units.join(''), starts, ends };
}

/**
 * NFKC, lower case, no tashkeel/tatweel/diacritics, one form per Arabic letter family,
 * ASCII digits, and single spaces between words.
 */
export function normalizeSearchText(text: string): string {
  return normalizeWithMap(text).text;
}

/** The distinct words of a normalised text, in order. */
export function searchTokens(normalized: string): string[] {
  return [...new Set(normalized.split(SPACE).filter((w) => w.length > 0))];
}

// Function words people put in a query as in a sentence ("دورة في البرمجة من الصفر", "how to
// learn python"). They say nothing about a course, so in a query with other words they only rank,
// like a lone letter, and do not take one of the query's word places (docs/search.md). Written
// normalised (إلى -> الي, حتى -> حتي). Kept short and mostly unambiguous: no "علي" (على, and the
// name Ali), no "it" (IT courses); "الي" is also آلي (حاسب آلي), which then ranks without narrowing.
const STOP_WORDS = new Set([
  // Arabic: prepositions, conjunctions, pronouns, demonstratives, question words.
  'في', 'من', 'عن', 'مع', 'الي', 'حتي', 'منذ', 'حول', 'عند', 'بين', 'بعد', 'قبل', 'او', 'ثم', 'ام', 'بل', 'لكن',
  'ان', 'انه', 'اي', 'هل', 'ما', 'ماذا', 'لماذا', 'كيف', 'متي', 'اين', 'لا', 'لم', 'لن', 'قد', 'هو', 'هي',
  'هذا', 'هذه', 'ذلك', 'تلك', 'الذي', 'التي', 'الذين', 'كل', 'يا',
  // English.
  'the', 'an', 'of', 'in', 'on', 'at', 'to', 'for', 'and', 'or', 'with', 'by', 'from', 'into', 'about', 'is', 'are', 'how', 'what',
]);

/** A normalised word that says nothing about a course on its own (في, من, the, of…). */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

// Technical terms people type in Latin letters for courses that write them in Arabic letters, and
// the other way round (docs/search.md, "Transliterations"). Each line is one term, its spellings
// written normalised (إكسل -> اكسل), one word each, without an article. A query word that is one of
// them, whole (or after its article), also matches the others by prefix, so "python" finds
// "بايثون" and "التسويق" finds "Marketing". Kept short on purpose: a term belongs here when courses
// name it in both scripts and no typo or prefix rule can bridge the two. "marketing" is a
// translation, not a transliteration, but it is what people type for تسويق.
export const TRANSLITERATIONS: readonly (readonly string[])[] = [
  ['python', 'بايثون'],
  ['javascript', 'جافاسكربت', 'جافاسكريبت'],
  ['java', 'جافا'],
  ['excel', 'اكسل'],
  ['photoshop', 'فوتوشوب'],
  ['marketing', 'تسويق'],
  ['android', 'اندرويد'],
  ['linux', 'لينكس'],
];

/** Spellings of one term at most (the cost of a query counts them: docs/search.md, "Cost of a query"). */
export const TRANSLITERATION_MAX_SPELLINGS = 3;

const OTHER_SPELLINGS = new Map<string, readonly string[]>();
for (const term of TRANSLITERATIONS) for (const spelling of term) OTHER_SPELLINGS.set(spelling, term.filter((s) => s !== spelling));

/** The other spellings of a normalised word in TRANSLITERATIONS ("python" -> ["بايثون"]), or none. */
export function otherSpellings(word: string): readonly string[] {
  return OTHER_SPELLINGS.get(word) ?? [];
}

// The definite article, alone or after the conjunctions and prepositions that fuse with it
// (و ب ف ك), is written as part of the word: "البرمجة", "والتصميم". Longest first.
const ARTICLES = ['وال', 'بال', 'فال', 'كال', 'ال'];
// Shorter remainders are too often part of the word itself (الله, الى).
const MIN_STEM = 3;

/** The normalised word without a leading definite article, or undefined when it has none. */
export function withoutArticle(word: string): string | undefined {
  for (const article of ARTICLES) {
    if (word.startsWith(article) && word.length - article.length >= MIN_STEM) return word.slice(article.length);
  }
  return undefined;
}

/** Longer text is cut: a tsvector must stay under 1 MB, and the start of a description says what matters. */
export const SEARCH_TEXT_MAX = 100_000;

/**
 * courses.search_text: the parts normalised and joined, then every article-bearing word once
 * more without its article, so "برمجة" finds "البرمجة" by plain prefix search.
 */
export function buildSearchText(parts: readonly string[]): string {
  let text = normalizeSearchText(parts.join(' '));
  if (text.length > SEARCH_TEXT_MAX) {
    const cut = text.lastIndexOf(SPACE, SEARCH_TEXT_MAX);
    text = text.slice(0, cut > 0 ? cut : SEARCH_TEXT_MAX);
  }
  const stems = new Set<string>();
  for (const word of text.split(SPACE)) {
    const stem = withoutArticle(word);
    if (stem) stems.add(stem);
  }
  return stems.size ? `${text} ${[...stems].join(SPACE)}` : text;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Visible text of (sanitised) HTML: tags become spaces, character references are decoded. */
export function htmlToText(html: string): string {
  return html
    // [^<>] keeps this linear on text full of stray "<".
    .replace(/<[^<>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, ref: string) => {
      if (ref[0] !== '#') return ENTITIES[ref.toLowerCase()] ?? whole;
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : ' ';
    });
}

/**
 * Whether two normalised words are exactly one edit apart: one letter substituted, inserted or
 * deleted, or two neighbouring letters swapped (the optimal string alignment distance is 1). Letters
 * are code points, so an Arabic letter counts once.
 */
export function oneEditApart(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > 1 || a === b) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  const rest = (from: string[], at: number, to: string[], at2: number) => from.slice(at).join('') === to.slice(at2).join('');
  if (x.length === y.length) {
    // A substitution at i, or a swap of i and i + 1.
    if (rest(x, i + 1, y, i + 1)) return true;
    return i + 1 < x.length && x[i] === y[i + 1] && x[i + 1] === y[i] && rest(x, i + 2, y, i + 2);
  }
  // One letter more in the longer word, at i.
  return x.length > y.length ? rest(x, i + 1, y, i) : rest(x, i, y, i + 1);
}

/** What to highlight: words starting with a query token, and whole words a typo matched. */
export interface HighlightTerms {
  prefixes: readonly string[];
  words: ReadonlySet<string>;
}

function matchIn(word: string | undefined, terms: HighlightTerms): { word: string; length: number } | undefined {
  if (!word) return undefined;
  let length = terms.words.has(word) ? word.length : 0;
  for (const p of terms.prefixes) if (p.length > length && word.startsWith(p)) length = p.length;
  return length ? { word, length } : undefined;
}

/**
 * Ranges [start, end) in UTF-16 units of `original` (the text as written, with its hamza
 * and tashkeel) that matched the query. Plain ranges, not HTML: the client wraps them.
 */
export function highlightRanges(original: string, terms: HighlightTerms): [number, number][] {
  const { text, starts, ends } = normalizeWithMap(original);
  const ranges: [number, number][] = [];
  let at = 0;
  for (const word of text.split(SPACE)) {
    const from = at;
    at += word.length + 1;
    if (word.length === 0) continue;
    const match = matchIn(word, terms) ?? matchIn(withoutArticle(word), terms);
    if (!match) continue;
    // A match on the word without its article starts after the article.
    const offset = word.length - match.word.length;
    const start = starts[from + offset]!;
    const end = ends[from + offset + match.length - 1]!;
    const previous = ranges[ranges.length - 1];
    if (previous && previous[1] >= start) previous[1] = Math.max(previous[1], end);
    else ranges.push([start, end]);
  }
  return ranges;
}

/** users.search_text: the name and the email, normalised as course text is, for the admin lists' search. */
export function buildUserSearchText(name: string, email: string): string {
  return buildSearchText([name, email]);
}
