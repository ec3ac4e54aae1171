/**
 * Searches a visitor of the large catalog could type, made from the seeded titles' words
 * (apps/api/src/seed/large/words.ts): 1 to 3 words, Arabic and English, some with tashkeel added,
 * some with the hamza forms, final ة/ه and ى/ي written another way, some with a one-letter typo in a
 * word of 5 letters or more, some mixing both scripts, some with an instructor's name. All distinct
 * (as sent: the public-read cache keys on the URL), in a deterministic pseudo-random order.
 */
import { LARGE_CATEGORIES, arabicVariant, personName, unit } from '../apps/api/src/seed/large/words';

// The title patterns' words (words.ts keeps the patterns to itself): what titles hold beside a topic.
const AR_PATTERN_WORDS = ['مقدمة', 'أساسيات', 'دورة', 'الشاملة', 'احتراف', 'للمبتدئين', 'الصفر', 'المستوى', 'الأول', 'خطوة', 'إتقان', 'ورشة', 'العملية'];
const EN_PATTERN_WORDS = ['Introduction', 'Beginners', 'Mastering', 'Complete', 'Course', 'Step', 'Practical', 'Scratch', 'Advanced'];

const arabic = (text: string) => /[\u0600-\u06FF]/.test(text);
const split = (text: string) => text.split(/[\s:]+/).filter((w) => w.length > 1);

function vocabulary() {
  const ar = new Set<string>(AR_PATTERN_WORDS);
  const en = new Set<string>(EN_PATTERN_WORDS);
  for (const c of LARGE_CATEGORIES) {
    split(c.nameAr).forEach((w) => ar.add(w));
    split(c.nameEn).forEach((w) => en.add(w));
    for (const [a, e] of c.topics) {
      split(a).forEach((w) => ar.add(w));
      split(e).forEach((w) => en.add(w));
    }
  }
  const names = new Set<string>();
  // The instructors' names (seed.ts: personName(1_000_000 + i)).
  for (let i = 0; i < 200; i++) names.add(personName(1_000_000 + i));
  // Each topic's words with the pattern words: the words one title holds together.
  const topics = LARGE_CATEGORIES.flatMap((c) => c.topics.flatMap(([a, e]) => [[...split(a), ...split(c.nameAr)], [...split(e), ...split(c.nameEn)]]));
  return { ar: [...ar], en: [...en], names: [...names], topics };
}

const MARKS = ['\u064E', '\u0650', '\u064F', '\u0652', '\u0651', '\u064B'];

/** Tashkeel on some letters, as a careful writer adds it. */
function withTashkeel(word: string, seed: number): string {
  let i = 0;
  return word.replace(/[\u0628-\u064A]/g, (letter) => (unit(seed, 100 + i++) < 0.5 ? letter + MARKS[Math.floor(unit(seed, 200 + i) * MARKS.length)]! : letter));
}

const AR_LETTERS = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي';
const EN_LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One letter wrong (replaced, dropped, doubled or two swapped) in a word of 5 letters or more; shorter words as they are. */
function withTypo(word: string, seed: number): string {
  const letters = [...word];
  if (letters.length < 5) return word;
  const at = 1 + Math.floor(unit(seed, 300) * (letters.length - 2));
  const alphabet = arabic(word) ? AR_LETTERS : EN_LETTERS;
  const kind = Math.floor(unit(seed, 301) * 4);
  if (kind === 0) letters[at] = alphabet[Math.floor(unit(seed, 302) * alphabet.length)]!;
  else if (kind === 1) letters.splice(at, 1);
  else if (kind === 2) letters.splice(at, 0, letters[at]!);
  else [letters[at], letters[at + 1]] = [letters[at + 1]!, letters[at]!];
  return letters.join('');
}

function englishCase(word: string, seed: number): string {
  const r = unit(seed, 400);
  if (r < 0.5) return word.toLowerCase();
  if (r < 0.6) return word.toUpperCase();
  return word;
}

export interface SearchQueries {
  queries: string[];
  /** How many of them have each trait (a query may have several). */
  mix: { arabic: number; english: number; mixed: number; tashkeel: number; typo: number; spelling: number; name: number; words: Record<1 | 2 | 3, number> };
}

/** `count` distinct searches. */
export function searchQueries(count: number, salt = 0): SearchQueries {
  const v = vocabulary();
  const seen = new Set<string>();
  const mix: SearchQueries['mix'] = { arabic: 0, english: 0, mixed: 0, tashkeel: 0, typo: 0, spelling: 0, name: 0, words: { 1: 0, 2: 0, 3: 0 } };
  const queries: string[] = [];
  for (let n = 0; queries.length < count && n < count * 50; n++) {
    const seed = n * 7 + salt * 1_000_003;
    const r = unit(seed, 1);
    // 55 % Arabic, 30 % English, 10 % both scripts, 5 % an instructor's name (and maybe a topic word).
    const kind = r < 0.55 ? 'ar' : r < 0.85 ? 'en' : r < 0.95 ? 'mixed' : 'name';
    const size = (1 + Math.floor(unit(seed, 2) * 3)) as 1 | 2 | 3;
    const traits = { tashkeel: false, typo: false, spelling: false };
    const word = (k: number, list: string[]) => {
      let w = list[Math.floor(unit(seed, 10 + k) * list.length)]!;
      if (arabic(w)) {
        const before = w;
        w = arabicVariant(w, seed + k);
        if (w !== before) traits.spelling = true;
        if (unit(seed, 20 + k) < 0.25) {
          w = withTashkeel(w, seed + k);
          traits.tashkeel = true;
        }
      } else w = englishCase(w, seed + k);
      if (unit(seed, 30 + k) < 0.15 && [...w].length >= 5) {
        w = withTypo(w, seed + k);
        traits.typo = true;
      }
      return w;
    };
    let parts: string[];
    if (kind === 'name') parts = [v.names[Math.floor(unit(seed, 3) * v.names.length)]!, ...(size > 1 ? [word(1, unit(seed, 4) < 0.7 ? v.ar : v.en)] : [])];
    else if (kind === 'mixed') parts = Array.from({ length: Math.max(2, size) }, (_, k) => word(k, k % 2 ? v.en : v.ar));
    else if (unit(seed, 5) < 0.6) {
      // Words of one title's topic (and maybe a pattern word): a search that finds courses.
      const topic = v.topics.filter((t) => arabic(t[0]!) === (kind === 'ar'))[Math.floor(unit(seed, 6) * (v.topics.length / 2))]!;
      const start = Math.floor(unit(seed, 7) * topic.length);
      parts = Array.from({ length: size }, (_, k) => word(k, k === 2 ? (kind === 'ar' ? AR_PATTERN_WORDS : EN_PATTERN_WORDS) : [topic[(start + k) % topic.length]!]));
    } else parts = Array.from({ length: size }, (_, k) => word(k, kind === 'ar' ? v.ar : v.en));
    const q = parts.join(' ');
    if (seen.has(q)) continue;
    seen.add(q);
    queries.push(q);
    if (kind === 'ar') mix.arabic++;
    if (kind === 'en') mix.english++;
    if (kind === 'mixed') mix.mixed++;
    if (kind === 'name') mix.name++;
    if (traits.tashkeel) mix.tashkeel++;
    if (traits.typo) mix.typo++;
    if (traits.spelling) mix.spelling++;
    mix.words[Math.min(3, parts.join(' ').split(/\s+/).length) as 1 | 2 | 3]++;
  }
  return { queries, mix };
}
