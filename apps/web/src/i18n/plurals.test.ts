import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLURAL_FORMS } from '../test-support/plural-forms';
import { i18nOptions, NAMESPACE, type Language } from './config';

function catalog(language: Language): Record<string, string> {
  const url = new URL(`../../public/assets/i18n/translations/${language}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, string>;
}

const files = { ar: catalog('ar'), en: catalog('en') };
const SUFFIX = new RegExp(`_(${PLURAL_FORMS.join('|')})$`);
/** Every count key, by its name without the suffix. */
const pluralKeys = [...new Set(Object.keys(files.ar).filter((key) => SUFFIX.test(key)).map((key) => key.replace(SUFFIX, '')))].sort();

/** The counts that pick each Arabic form, in PLURAL_FORMS order: 0, 1, 2, 3–10, 11–99, 100+. */
const COUNTS = [0, 1, 2, 3, 11, 100];

async function instance(language: Language) {
  const i18n = i18next.createInstance();
  await i18n.init({ ...i18nOptions(language), resources: { [language]: { [NAMESPACE]: files[language] } }, initAsync: false });
  return i18n;
}

/** Values for every variable a plural set uses: the count for the ones that show it, a word for the rest. */
function valuesFor(key: string, count: number): Record<string, string | number> {
  const names = PLURAL_FORMS.flatMap((form) => [...files.ar[`${key}_${form}`]!.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!));
  return { ...Object.fromEntries(names.map((name) => [name, ['formatted', 'max'].includes(name) ? count : `<${name}>`])), count };
}

describe('counts in the translation files', () => {
  it('use {{count}} only in plural forms: no bare count key', () => {
    for (const [language, strings] of Object.entries(files)) {
      const bare = Object.entries(strings).filter(([key, value]) => /\{\{\s*count\s*\}\}/.test(value) && !SUFFIX.test(key)).map(([key]) => key);
      expect(bare, `${language}: keys showing {{count}} without plural forms`).toEqual([]);
    }
  });

  it('give every count key all six forms in both languages', () => {
    expect(pluralKeys.length).toBeGreaterThan(40);
    for (const key of pluralKeys) {
      for (const form of PLURAL_FORMS) {
        expect(files.ar, key).toHaveProperty([`${key}_${form}`]);
        expect(files.en, key).toHaveProperty([`${key}_${form}`]);
      }
    }
  });

  it('write the Arabic one and two forms as words, and show the number from three on', () => {
    for (const key of pluralKeys) {
      // "محاضرة واحدة", "محاضرتان": a digit before them would read "2 محاضرتان".
      expect(files.ar[`${key}_one`], key).not.toMatch(/\{\{\s*count\s*\}\}/);
      expect(files.ar[`${key}_two`], key).not.toMatch(/\{\{\s*count\s*\}\}/);
      for (const form of ['few', 'many', 'other'] as const) expect(files.ar[`${key}_${form}`], `${key}_${form}`).toMatch(/\{\{\s*(count|formatted|max)\s*\}\}/);
    }
  });

  describe('rendered by i18next', () => {
    const t = {} as Record<Language, (key: string, values: Record<string, string | number>) => string>;
    beforeAll(async () => {
      for (const language of ['ar', 'en'] as const) {
        const i18n = await instance(language);
        t[language] = (key, values) => i18n.t(key, values);
      }
    });

    it('pick the Arabic form for 0, 1, 2, 3, 11 and 100 in every count key', () => {
      for (const key of pluralKeys) {
        COUNTS.forEach((count, index) => {
          const text = t.ar(key, valuesFor(key, count));
          expect(text, `${key} ${count}`).toBe(files.ar[`${key}_${PLURAL_FORMS[index]}`]!.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(valuesFor(key, count)[name])));
          expect(text, `${key} ${count}`).not.toContain('{{');
        });
      }
    });

    it('read right in Arabic for sample nouns', () => {
      const say = (key: string, extra: Record<string, string | number> = {}) => COUNTS.map((count) => t.ar(key, { ...extra, count }));
      expect(say('catalog.card.lectures')).toEqual(['لا محاضرات', 'محاضرة واحدة', 'محاضرتان', '3 محاضرات', '11 محاضرة', '100 محاضرة']);
      expect(say('catalog.card.enrolled')).toEqual(['لا متعلمين بعد', 'متعلم واحد', 'متعلمان', '3 متعلمين', '11 متعلمًا', '100 متعلم']);
      expect(say('quiz.facts.questions')).toEqual(['لا أسئلة', 'سؤال واحد', 'سؤالان', '3 أسئلة', '11 سؤالًا', '100 سؤال']);
      expect(say('catalog.rating.count')).toEqual(['لا تقييمات', 'تقييم واحد', 'تقييمان', '3 تقييمات', '11 تقييمًا', '100 تقييم']);
      // Two numbers: the noun agrees with the total, not with the lectures done.
      expect(t.ar('pdash.progress', { percent: 40, done: 5, count: 12 })).toBe('40٪ · أكملت 5 من أصل 12 محاضرة');
      expect(t.ar('pdash.progress', { percent: 40, done: 2, count: 5 })).toBe('40٪ · أكملت 2 من أصل 5 محاضرات');
      expect(t.ar('quiz.take.questionNumber', { number: 3, count: 2 })).toBe('السؤال 3 · درجتان');
      expect(t.ar('quiz.facts.attempts', { used: 1, count: 2 })).toBe('المحاولات المستخدمة: 1، وبقيت محاولتان');
      expect(say('authoring.view.assessmentCount')).toEqual(['لا اختبارات', 'اختبار واحد', 'اختباران', '3 اختبارات', '11 اختبارًا', '100 اختبار']);
    });

    it('read right in English: "No …" for 0, singular for 1, plural from 2', () => {
      expect([0, 1, 2, 11].map((count) => t.en('catalog.card.lectures', { count }))).toEqual(['No lectures', '1 lecture', '2 lectures', '11 lectures']);
      expect(t.en('quiz.take.questionNumber', { number: 3, count: 1 })).toBe('Question 3 · 1 point');
    });
  });
});

describe('one Arabic word per concept', () => {
  // Ratings are what learners give a course (stars and reviews); assessments are quizzes and
  // assignments. docs/arabic-glossary.md: تقييم for the first, اختبار for the second.
  const isRating = (key: string) => /rating|\.rate\.|\.distribution/i.test(key);
  const isAssessment = (key: string) => /^(quiz|api\.quiz|authoring\.step5)\.|assessment|^authoring\.(editor|view)\.step5$/i.test(key);

  it('never call an assessment a rating (تقييم)', () => {
    const keys = Object.keys(files.ar).filter(isAssessment);
    expect(keys.length).toBeGreaterThan(50);
    expect(keys.filter((key) => files.ar[key]!.includes('تقييم'))).toEqual([]);
  });

  it('never call a rating an assessment (اختبار)', () => {
    const keys = Object.keys(files.ar).filter(isRating);
    expect(keys.length).toBeGreaterThan(15);
    expect(keys.filter((key) => files.ar[key]!.includes('اختبار'))).toEqual([]);
  });
});
