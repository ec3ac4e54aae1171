import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildSearchText,
  highlightRanges,
  htmlToText,
  isStopWord,
  normalizeSearchText as normalize,
  normalizeWithMap,
  oneEditApart,
  otherSpellings,
  SEARCH_TEXT_MAX,
  searchTokens,
  TRANSLITERATION_MAX_SPELLINGS,
  TRANSLITERATIONS,
  withoutArticle,
} from './search-text';

const marked = (text: string, ranges: [number, number][]) => ranges.map(([a, b]) => text.slice(a, b));

describe('normalizeSearchText', () => {
  it('removes tashkeel, superscript alef, Quranic marks and tatweel', () => {
    expect(normalize('مُحَمَّدٌ')).toBe('محمد');
    expect(normalize('ٱلرَّحْمَٰنِ')).toBe('الرحمن');
    expect(normalize('البرمجــــــة')).toBe('البرمجه');
    expect(normalize('يَعْلَمُونَ ۚ وَمَا ۖ قِيلَ ۗ')).toBe('يعلمون وما قيل');
  });

  it('folds every alef form to bare alef', () => {
    for (const alef of ['أ', 'إ', 'آ', 'ٱ', 'ٲ', 'ٳ', 'ا']) expect(normalize(`${alef}سلام`)).toBe('اسلام');
    // The same letters typed as alef plus a combining hamza or madda.
    expect(normalize('ا\u0654سلام ا\u0655سلام ا\u0653سلام')).toBe('اسلام اسلام اسلام');
  });

  it('folds taa marbuta to haa, alef maqsura to yaa, hamza on waw and yaa to the bare seat', () => {
    expect(normalize('مدرسة')).toBe(normalize('مدرسه'));
    expect(normalize('مستشفى')).toBe(normalize('مستشفي'));
    expect(normalize('مسؤول')).toBe('مسوول');
    expect(normalize('رئيس')).toBe('رييس');
    expect(normalize('سماء')).toBe('سماء');
  });

  it('folds Persian yeh and keheh to Arabic yaa and kaf', () => {
    expect(normalize('کتابی')).toBe('كتابي');
  });

  it('lower-cases, strips Latin diacritics and applies compatibility forms', () => {
    expect(normalize('Café RÉSUMÉ naïve Ångström')).toBe('cafe resume naive angstrom');
    expect(normalize('ﬁle Ｆｕｌｌ x²')).toBe('file full x2');
    expect(normalize('İstanbul')).toBe('istanbul');
    expect(normalize('ﻻ ﷲ')).toBe('لا الله');
  });

  it('turns Arabic-Indic and Persian digits into ASCII', () => {
    expect(normalize('الدرس ١٢٣ و۴۵۶')).toBe('الدرس 123 و456');
  });

  it('makes punctuation a space, collapses spaces, drops apostrophes and invisible marks', () => {
    expect(normalize('  Hello,  world!! — C++/Java؛ سؤال؟ (نعم)  ')).toBe('hello world c java سوال نعم');
    expect(normalize("don't O’Reilly")).toBe('dont oreilly');
    expect(normalize('ab\u200ccd\u200fef\u00adgh')).toBe('abcdefgh');
    expect(normalize('a\tb\nc\u00a0d')).toBe('a b c d');
  });

  it('survives lone surrogates, control characters and text with nothing to search', () => {
    expect(normalize('\ud800abc\udfff')).toBe('abc');
    expect(normalize('\u0000x\u0007')).toBe('x');
    expect(normalize('ًٌٍَُِّْ')).toBe('');
    expect(normalize('!!! ... ***')).toBe('');
    expect(normalize('')).toBe('');
  });

  it('is idempotent and only ever yields lower-case words separated by single spaces', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const once = normalize(s);
        expect(normalize(once)).toBe(once);
        expect(once).toMatch(/^(?:[\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*)?$/u);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('normalizeWithMap', () => {
  it('maps each normalised letter to the original letter and the marks on it', () => {
    const original = 'الإِسْلامُ';
    const { text, starts, ends } = normalizeWithMap(original);
    expect(text).toBe('الاسلام');
    expect(original.slice(starts[2]!, ends[2]!)).toBe('إِ');
    expect(original.slice(starts[3]!, ends[3]!)).toBe('سْ');
    expect(original.slice(starts[6]!, ends[6]!)).toBe('مُ');
  });

  it('counts UTF-16 units of the original, astral characters included', () => {
    const original = '𠀀 عربي 😀 𝐀';
    const { text, starts, ends } = normalizeWithMap(original);
    expect(text).toBe('𠀀 عربي a');
    expect(starts.slice(0, 4)).toEqual([0, 0, 2, 3]);
    expect(original.slice(starts[8]!, ends[8]!)).toBe('𝐀');
  });

  it('every normalised letter comes from an original range that normalises to include it', () => {
    const alphabet = fc.constantFrom(...'اأإآٱبتةهىيؤئـَُِّْٰ ،.!aAéE\u0301 1١ﻻ😀\u200c'.split(''), '😀');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 30 }).map((a) => a.join('')), (original) => {
        const { text, starts, ends } = normalizeWithMap(original);
        expect(starts).toHaveLength(text.length);
        for (let i = 0; i < text.length; i++) {
          expect(starts[i]!).toBeLessThan(ends[i]!);
          if (i > 0) expect(starts[i]!).toBeGreaterThanOrEqual(starts[i - 1]!);
          if (text[i] !== ' ') expect(normalizeWithMap(original.slice(starts[i]!, ends[i]!)).text).toContain(text[i]!);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('highlightRanges', () => {
  const terms = (prefixes: string[], words: string[] = []) => ({ prefixes, words: new Set(words) });

  it('finds a plain-alef query in a title written with hamza and tashkeel', () => {
    const title = 'مقدمة في إِسْلَامِيَّات العصر';
    const ranges = highlightRanges(title, terms(['اسلام']));
    expect(marked(title, ranges)).toEqual(['إِسْلَامِ']);
  });

  it('marks only the word after a definite article', () => {
    const title = 'أساسيات البَرمجة';
    expect(marked(title, highlightRanges(title, terms(['برمجه'])))).toEqual(['بَرمجة']);
  });

  it('marks whole words matched by a typo, and prefixes of longer words', () => {
    const title = 'Learn Programming with Python';
    expect(marked(title, highlightRanges(title, terms(['prog'], ['python'])))).toEqual(['Prog', 'Python']);
  });

  it('gives UTF-16 indices after astral characters', () => {
    const title = '🎓 تعلم';
    expect(highlightRanges(title, terms(['تعلم']))).toEqual([[3, 7]]);
  });

  it('marks nothing when nothing matches', () => {
    expect(highlightRanges('عنوان', terms(['كلمه']))).toEqual([]);
  });
});

/** Optimal string alignment distance, the plain dynamic-programming way: the oracle. */
function osaDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const d = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[x.length]![y.length]!;
}

describe('oneEditApart', () => {
  it('accepts one substitution, insertion, deletion or swap of neighbours, Arabic and Latin', () => {
    for (const typo of ['برمحه', 'برمجيه', 'برجه', 'بمرجه', 'ءبرمجه', 'برمجهڤ']) expect(oneEditApart('برمجه', typo), typo).toBe(true);
    for (const typo of ['pyhton', 'pythn', 'pythonn', 'bython', 'ython']) expect(oneEditApart('python', typo), typo).toBe(true);
    expect(oneEditApart('v2', 'v9')).toBe(true);
  });

  it('is true exactly when the distance is one', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'abcxyz'), minLength: 0, maxLength: 8 }), fc.string({ unit: fc.constantFrom(...'abcxyz'), minLength: 0, maxLength: 9 }), (word, other) => {
        expect(oneEditApart(word, other), `${word} -> ${other}`).toBe(osaDistance(word, other) === 1);
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'ابتجحه'), minLength: 1, maxLength: 7 }), fc.string({ unit: fc.constantFrom(...'ابتجحه'), minLength: 1, maxLength: 7 }), (word, other) => {
        expect(oneEditApart(word, other), `${word} -> ${other}`).toBe(osaDistance(word, other) === 1);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses two edits and the word itself', () => {
    for (const typo of ['pyhtno', 'pyth', 'ptyhno', 'bythom', 'python']) expect(oneEditApart('python', typo), typo).toBe(false);
  });
});

describe('search text building', () => {
  it('extracts the visible text of HTML', () => {
    expect(htmlToText('<p>Hello&nbsp;<b>world</b> &amp; &#x627;&#1604; &bogus; 1 &lt; 2</p>')).toBe(' Hello  world  & ال &bogus; 1 < 2 ');
  });

  it('adds every article-bearing word without its article, once', () => {
    expect(buildSearchText(['البرمجة والتصميم', 'Web البرمجة', 'الله'])).toBe('البرمجه والتصميم web البرمجه الله برمجه تصميم');
    expect(withoutArticle('الي')).toBeUndefined();
    expect(withoutArticle('بالعربيه')).toBe('عربيه');
  });

  it('cuts very long text at a word boundary', () => {
    const text = buildSearchText(['word '.repeat(SEARCH_TEXT_MAX)]);
    expect(text.length).toBeLessThanOrEqual(SEARCH_TEXT_MAX);
    expect(text.endsWith(' word')).toBe(true);
  });

  it('splits a normalised query into distinct words', () => {
    expect(searchTokens('python بايثون python')).toEqual(['python', 'بايثون']);
    expect(searchTokens('')).toEqual([]);
  });

  it('knows the function words of a query, as they are once normalised', () => {
    for (const written of ['في', 'إلى', 'حتى', 'مَتى', 'أو', 'أين', 'هذه', 'the', 'OF', 'How']) expect(isStopWord(normalize(written)), written).toBe(true);
    // Words that say something about a course are not stop words, nor are the name علي and "it".
    for (const written of ['البرمجة', 'برمجة', 'على', 'it', 'python', 'c', 'فيزياء', 'منهج']) expect(isStopWord(normalize(written)), written).toBe(false);
  });

  it('gives the other spellings of a term in the transliteration list, both ways, and nothing for other words', () => {
    expect(otherSpellings('python')).toEqual(['بايثون']);
    expect(otherSpellings('بايثون')).toEqual(['python']);
    expect(otherSpellings(normalize('جافاسكريبت'))).toEqual(['javascript', 'جافاسكربت']);
    expect(otherSpellings(normalize('إكسل'))).toEqual(['excel']);
    for (const word of ['pyth', 'pythons', 'بايث', 'البايثون', 'برمجه']) expect(otherSpellings(word), word).toEqual([]);
  });

  it('keeps the transliteration list small and as a query word is: normalised single words, no article, no stop word, each once', () => {
    const all = TRANSLITERATIONS.flat();
    expect(new Set(all).size).toBe(all.length);
    for (const term of TRANSLITERATIONS) {
      expect(term.length, term[0]).toBeGreaterThanOrEqual(2);
      expect(term.length, term[0]).toBeLessThanOrEqual(TRANSLITERATION_MAX_SPELLINGS);
      // The Latin spelling first, then the Arabic ones.
      expect(term[0], term[0]).toMatch(/^[a-z]+$/);
      for (const spelling of term.slice(1)) expect(spelling, spelling).toMatch(/^[\u0600-\u06ff]+$/);
    }
    for (const spelling of all) {
      expect(normalize(spelling), spelling).toBe(spelling);
      expect(searchTokens(spelling), spelling).toEqual([spelling]);
      expect(withoutArticle(spelling), spelling).toBeUndefined();
      expect(isStopWord(spelling), spelling).toBe(false);
    }
  });
});
